package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/internal/gametest"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// xmahjongg returns an installed Xmahjongg layout, compiled, or skips the
// test when the Xmahjongg layouts are not installed.
func xmahjongg(t testing.TB, name string) *solitaire.Geometry {
	t.Helper()
	l, err := layouts.Find("xmahjongg/" + name)
	if err != nil {
		gametest.Missing(t, "no Xmahjongg layout %q installed (apt-get install xmahjongg): %v", name, err)
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// de Bondt's solver finds these games of the mjsolver dealer impossible on
// the Xmahjongg default layout, among games 1..500.
var debondtImpossible = []int{25, 34, 69, 83, 105, 113, 139, 172, 175, 247, 262, 272, 279, 330, 336, 338, 374, 382, 386, 422, 441, 492}

func TestDeBondtDefault500(t *testing.T) {
	g := xmahjongg(t, "default")
	s := New(g)
	var groups []solitaire.Group
	b, _ := solitaire.NewBoard(g, solitaire.MJSolver{}.Deal(1, g.N, nil))
	var got []int
	for k := 1; k <= 500; k++ {
		groups = solitaire.MJSolver{}.Deal(uint64(k), g.N, groups)
		if err := b.Redeal(groups); err != nil {
			t.Fatal(err)
		}
		r := s.Solve(context.Background(), b, Options{})
		switch r.Verdict {
		case Impossible:
			got = append(got, k)
		case Winnable:
			if err := solitaire.Verify(b, r.Moves); err != nil {
				t.Fatalf("game %d: %v", k, err)
			}
		default:
			t.Fatalf("game %d: %v", k, r.Verdict)
		}
	}
	if !slices.Equal(got, debondtImpossible) {
		t.Errorf("impossible games %v, want %v", got, debondtImpossible)
	}
}

// TestXmahjonggLayouts solves a few games of every installed Xmahjongg
// layout; on Hourglass and Papillon every deal is impossible, and the first
// prune scan shows it at once.
func TestXmahjonggLayouts(t *testing.T) {
	xmahjongg(t, "default")
	names := []string{"arena", "arrow", "boar", "bridge", "ceremonial", "deepwell", "default", "dog",
		"dragon", "farandole", "hare", "horse", "hourglass", "monkey", "ox", "papillon", "ram", "rat",
		"rooster", "schoon", "snake", "theater", "tiger", "wedges"}
	games := 3
	if *long {
		games = 50
	}
	for _, name := range names {
		g := xmahjongg(t, name)
		s := New(g)
		var b *solitaire.Board
		for k := 1; k <= games; k++ {
			deal := solitaire.MJSolver{}.Deal(uint64(k), g.N, nil)
			if b == nil {
				var err error
				if b, err = solitaire.NewBoard(g, deal); err != nil {
					t.Fatal(err)
				}
			} else if err := b.Redeal(deal); err != nil {
				t.Fatal(err)
			}
			r := s.Solve(context.Background(), b, Options{Timeout: 5 * time.Minute})
			switch {
			case r.Verdict == Unknown:
				t.Errorf("%s game %d: unknown after %v", name, k, r.Stats.Duration)
			case r.Verdict == Winnable && solitaire.Verify(b, r.Moves) != nil:
				t.Errorf("%s game %d: %v", name, k, solitaire.Verify(b, r.Moves))
			case (name == "hourglass" || name == "papillon") && (r.Verdict != Impossible || r.Method != PruneTop):
				t.Errorf("%s game %d: %v by %v, want impossible by the first prune scan", name, k, r.Verdict, r.Method)
			}
			t.Logf("%s game %d: %v (%v), %d scans, %v", name, k, r.Verdict, r.Method, r.Stats.Scans, r.Stats.Duration)
		}
	}
}
