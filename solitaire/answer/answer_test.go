package answer

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

func TestHintAndSolve(t *testing.T) {
	// Hint's verdict is Solve's; a winnable position's hint is a free pair
	// of one group; an impossible one's min-left play replays.
	g, _ := solitaire.Compile(builtin(t, "twin16"))
	seen := map[solver.Verdict]int{}
	for game := uint64(1); game <= 20; game++ {
		b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, game)
		h, err := Hint(context.Background(), b, 0)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Solve(context.Background(), b, solver.Options{})
		if err != nil || s.Verdict != h.Verdict {
			t.Fatalf("game %d: hint %v, solve %v (%v)", game, h.Verdict, s.Verdict, err)
		}
		seen[h.Verdict]++
		switch h.Verdict {
		case solver.Winnable:
			m := h.Moves[0]
			if err := b.CheckMove(m); err != nil {
				t.Errorf("game %d: hint %v: %v", game, m, err)
			}
		case solver.Impossible:
			if h.MinLeft < 0 || solitaire.Verify(b, h.Moves) == nil {
				t.Errorf("game %d: impossible, min left %d", game, h.MinLeft)
			}
		default:
			t.Errorf("game %d: %v", game, h.Verdict)
		}
	}
	if seen[solver.Winnable] == 0 || seen[solver.Impossible] == 0 {
		t.Errorf("verdicts %v: want both", seen)
	}
	// A cancelled context: an answer found at once, or ctx's error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tg, _ := solitaire.Compile(builtin(t, "turtle"))
	cancelled := 0
	for game := uint64(1); game <= 20; game++ {
		b, _ := solitaire.DealBoard(tg, solitaire.PCG{Seed: 1}, game)
		r, err := Hint(ctx, b, 0)
		switch {
		case errors.Is(err, context.Canceled) && r.Verdict == solver.Unknown:
			cancelled++
		case err != nil || r.Verdict == solver.Unknown:
			t.Errorf("cancelled hint, game %d: %v, %v", game, r.Verdict, err)
		}
	}
	if cancelled == 0 {
		t.Error("no hint was cancelled")
	}
}

func TestDeal(t *testing.T) {
	l := builtin(t, "tiny8")
	b, about, err := Deal(l, solitaire.PCG{Seed: 1}, 3)
	g, _ := solitaire.Compile(l)
	want, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, 3)
	if err != nil || about != "game 3, deal pcg seed 1" || !slices.Equal(b.Groups, want.Groups) || b.Remaining() != 8 {
		t.Errorf("Deal: %v, %q, %v", b, about, err)
	}
	if _, about, err := Deal(l, solitaire.MJSolver{}, 1); err != nil || about != "game 1, deal mjsolver" {
		t.Errorf("mjsolver: %q, %v", about, err)
	}
	var gr *solitaire.GameRangeError
	if _, _, err := Deal(l, solitaire.MJSolver{}, 1<<32); !errors.As(err, &gr) {
		t.Errorf("mjsolver game 2^32: %v", err)
	}
	if _, _, err := Deal(l, badDealer{}, 1); !errors.Is(err, ErrBadDeal) {
		t.Errorf("bad dealer: %v", err)
	}
}

// SolveText counts moves in the singular for 1: a winnable board with one
// pair left is "2 tiles cleared in 1 move" (it said "1 moves").
func TestSolveTextOneMove(t *testing.T) {
	g, _ := solitaire.Compile(builtin(t, "twin16"))
	for game := uint64(1); game <= 20; game++ {
		b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, game)
		r, err := Solve(context.Background(), b, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != solver.Winnable {
			continue
		}
		for _, m := range r.Moves[:len(r.Moves)-1] {
			b.Play(m)
		}
		if r, err = Solve(context.Background(), b, solver.Options{}); err != nil || r.Verdict != solver.Winnable {
			t.Fatalf("game %d, one pair left: %v, %v", game, r.Verdict, err)
		}
		text := SolveText(b, r, false, 0)
		if want := "winnable: 2 tiles cleared in 1 move ("; !strings.HasPrefix(text, want) {
			t.Errorf("game %d, one pair left:\n%s\nwant it to start with %q", game, text, want)
		}
		return
	}
	t.Fatal("no winnable board in games 1..20")
}

func TestAnswer(t *testing.T) {
	g, _ := solitaire.Compile(builtin(t, "twin16"))
	for game := uint64(1); game <= 8; game++ {
		b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, game)
		r, err := Solve(t.Context(), b, solver.Options{MinLeft: true})
		if err != nil {
			t.Fatal(err)
		}
		a := NewAnswer(b, "twin16", "game", r)
		if a.Verdict != r.Verdict || a.Method != r.Method || len(a.Moves) != len(r.Moves) || a.Tiles != 16 || a.Hint != nil {
			t.Fatalf("game %d: %+v from %+v", game, a, r)
		}
		for i, m := range r.Moves {
			if a.Moves[i] != [2]int{int(m.A), int(m.B)} {
				t.Fatalf("game %d: move %d is %v, want %v", game, i, a.Moves[i], m)
			}
		}
		if (a.MinLeft == nil) != (r.MinLeft < 0) || (a.MinLeft != nil && *a.MinLeft != r.MinLeft) {
			t.Errorf("game %d: min left %v, want %d", game, a.MinLeft, r.MinLeft)
		}
		h := NewHintAnswer(b, "twin16", "game", r)
		switch r.Verdict {
		case solver.Winnable:
			if h.Hint == nil || *h.Hint != a.Moves[0] || len(h.Moves) != 0 {
				t.Errorf("game %d: hint %+v", game, h)
			}
		case solver.Impossible:
			if h.Hint != nil || len(h.Moves) != len(r.Moves) {
				t.Errorf("game %d: hint %+v", game, h)
			}
		}
	}
}

func builtin(t testing.TB, name string) *layouts.Layout {
	t.Helper()
	l, ok := layouts.Builtin(name)
	if !ok {
		t.Fatalf("no built-in layout %s", name)
	}
	return l
}

// badDealer deals one tile too few.
type badDealer struct{}

func (badDealer) Deal(game uint64, n int, dst []solitaire.Group) []solitaire.Group {
	return solitaire.PCG{}.Deal(game, n, dst)[:n-1]
}
