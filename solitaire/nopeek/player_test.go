package nopeek

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

func TestStrategies(t *testing.T) {
	got := strings.Join(Strategies(), " ")
	if got != "random greedy lookahead hindsight" {
		t.Errorf("Strategies() = %s", got)
	}
	Strategies()[0] = "changed"
	if Strategies()[0] != "random" {
		t.Errorf("Strategies returns the package's slice")
	}
}

func TestUnknownStrategy(t *testing.T) {
	geo := geometry(t, "tiny8")
	_, err := NewPlayer(geo, "smart\nplayer")
	var se *StrategyError
	if !errors.As(err, &se) || se.Name != "smart\nplayer" {
		t.Fatalf("err = %v, want a *StrategyError", err)
	}
	want := `nopeek: unknown strategy "smart\nplayer" (want random, greedy, lookahead, hindsight)`
	if err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
	if _, err := NewPlayer(nil, "greedy"); err == nil {
		t.Errorf("no error for a nil geometry")
	}
}

// TestMovesReplay plays boards of several layouts with every strategy and
// replays the moves on a solitaire.Board: each is legal, the game ends
// with no match left, Left is the tiles left, Won iff Left == 0, and Play
// gives the result of Trace.
func TestMovesReplay(t *testing.T) {
	games := map[string]uint64{"tiny8": 20, "cross12": 20, "stairs20": 20, "turtle": 6}
	for name, n := range games {
		geo := geometry(t, name)
		for _, s := range Strategies() {
			p := player(t, geo, s)
			if s == "hindsight" {
				p = quickPlayer(t, geo, s)
			}
			wins := 0
			for g := uint64(1); g <= n; g++ {
				groups := deal(t, geo, g)
				moves, r := p.Trace(groups, gameSource(g), nil)
				b, err := solitaire.NewBoard(geo, groups)
				if err != nil {
					t.Fatal(err)
				}
				for i, m := range moves {
					if err := b.CheckMove(m); err != nil {
						t.Fatalf("%s %s game %d move %d %v: %v", name, s, g, i, m, err)
					}
					b.Play(m)
				}
				if ms := b.Matches(nil); len(ms) != 0 {
					t.Errorf("%s %s game %d: stopped with %d matches left", name, s, g, len(ms))
				}
				if r.Moves != len(moves) || r.Left != b.Remaining() || r.Won != (r.Left == 0) {
					t.Errorf("%s %s game %d: %+v after %d moves with %d tiles left", name, s, g, r, len(moves), b.Remaining())
				}
				if r.Won {
					wins++
				}
				if s != "random" {
					if r2 := p.Play(groups, gameSource(g)); r2 != r {
						t.Errorf("%s %s game %d: Play %+v, Trace %+v", name, s, g, r2, r)
					}
				}
			}
			t.Logf("%s %s: %d of %d won", name, s, wins, n)
		}
	}
}

func TestPlayBadDeal(t *testing.T) {
	geo := geometry(t, "tiny8")
	for _, s := range Strategies() {
		p := player(t, geo, s)
		for _, groups := range [][]solitaire.Group{nil, {0, 0, 0, 0, 1, 1, 1}, {0, 0, 0, 0, 1, 1, 1, 200}, {0, 0, 0, 1, 1, 1, 1, 1}} {
			if r := p.Play(groups, rand.NewPCG(1, 1)); r != (Result{Left: 8}) {
				t.Errorf("%s on %v: %+v", s, groups, r)
			}
			if m, r := p.Trace(groups, rand.NewPCG(1, 1), nil); r != (Result{Left: 8}) || len(m) != 0 {
				t.Errorf("%s trace on %v: %+v %v", s, groups, r, m)
			}
		}
	}
}

// TestDeterministic plays the same turtle deals twice with every strategy
// and equal sources (one player, then a new one): the same games. Other
// sources give other games.
func TestDeterministic(t *testing.T) {
	geo := geometry(t, "turtle")
	for _, s := range Strategies() {
		p1, err := NewPlayerOptions(geo, s, Options{Rollouts: 16, Samples: 6})
		if err != nil {
			t.Fatal(err)
		}
		p2, _ := NewPlayerOptions(geo, s, Options{Rollouts: 16, Samples: 6})
		differ := 0
		for g := uint64(1); g <= 5; g++ {
			groups := deal(t, geo, g)
			r1 := p1.Play(groups, rand.NewPCG(g, 1))
			p1.Play(deal(t, geo, g+100), rand.NewPCG(g, 2)) // another game between
			if r2 := p1.Play(groups, rand.NewPCG(g, 1)); r2 != r1 {
				t.Errorf("%s game %d: %+v, then %+v", s, g, r1, r2)
			}
			if r3 := p2.Play(groups, rand.NewPCG(g, 1)); r3 != r1 {
				t.Errorf("%s game %d: %+v, with a new player %+v", s, g, r1, r3)
			}
			m1, _ := p1.Trace(groups, rand.NewPCG(g, 1), nil)
			m2, _ := p2.Trace(groups, rand.NewPCG(g, 1), nil)
			if solitaire.FormatMoves(m1) != solitaire.FormatMoves(m2) {
				t.Errorf("%s game %d: two traces differ", s, g)
			}
			m3, _ := p2.Trace(groups, rand.NewPCG(g, 3), nil)
			if solitaire.FormatMoves(m1) != solitaire.FormatMoves(m3) {
				differ++
			}
		}
		if differ == 0 {
			t.Errorf("%s: the random source changes no game", s)
		}
	}
}

// TestPlayAllocatesNothing: a game of any strategy allocates nothing.
func TestPlayAllocatesNothing(t *testing.T) {
	geo := geometry(t, "turtle")
	groups := deal(t, geo, 4)
	for _, s := range Strategies() {
		p, err := NewPlayerOptions(geo, s, Options{Rollouts: 8, Samples: 8})
		if err != nil {
			t.Fatal(err)
		}
		src := rand.NewPCG(1, 1)
		if a := testing.AllocsPerRun(5, func() { p.Play(groups, src) }); a != 0 {
			t.Errorf("%s: %v allocations per game", s, a)
		}
	}
}

// exactClear is the probability that uniformly random matches clear b,
// by recursion over Board.Matches (memoised by position).
func exactClear(b *solitaire.Board, memo map[solitaire.Set]float64) float64 {
	if b.Present.IsEmpty() {
		return 1
	}
	if p, ok := memo[b.Present]; ok {
		return p
	}
	ms := b.Matches(nil)
	p := 0.0
	for _, m := range ms {
		b.Play(m)
		p += exactClear(b, memo) / float64(len(ms))
		b.Undo(m)
	}
	memo[b.Present] = p
	return p
}

// TestRandomBothWays: the random strategy's Play (package playout) and
// Trace (a uniform match drawn on the view) clear small boards as often
// as the exact probability of clearing them by uniformly random matches,
// within 4.5 standard errors.
func TestRandomBothWays(t *testing.T) {
	const k = 20000
	checked := 0
	for _, name := range []string{"tiny8", "cross12", "twin16"} {
		geo := geometry(t, name)
		p := player(t, geo, "random")
		for g := uint64(1); g <= 4; g++ {
			groups := deal(t, geo, g)
			b, err := solitaire.NewBoard(geo, groups)
			if err != nil {
				t.Fatal(err)
			}
			want := exactClear(b, map[solitaire.Set]float64{})
			src := rand.NewPCG(g, 7)
			play, trace := 0, 0
			var buf []solitaire.Move
			for range k {
				if p.Play(groups, src).Won {
					play++
				}
				var r Result
				buf, r = p.Trace(groups, src, buf[:0])
				if r.Won {
					trace++
				}
			}
			se := math.Sqrt(want*(1-want)/k) + 1e-9
			for way, n := range map[string]int{"Play": play, "Trace": trace} {
				if got := float64(n) / k; math.Abs(got-want) > 4.5*se {
					t.Errorf("%s game %d: %s cleared %.4f, exact probability %.4f", name, g, way, got, want)
				}
			}
			if want > 0 && want < 1 {
				checked++
			}
		}
	}
	if checked < 4 {
		t.Errorf("only %d boards with a clear probability strictly between 0 and 1", checked)
	}
}
