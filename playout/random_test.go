package playout

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

func board(t testing.TB, name string, game uint64) (*solitaire.Geometry, []solitaire.Group) {
	t.Helper()
	l, ok := layouts.Builtin(name)
	if !ok {
		t.Fatalf("no layout %s", name)
	}
	geo, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	d, err := solitaire.DealerByName("pcg", 1)
	if err != nil {
		t.Fatal(err)
	}
	return geo, d.Deal(game, geo.N, nil)
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

func TestClearsMatchesExactProbability(t *testing.T) {
	// The share of playouts that clear a board agrees with the exact
	// probability of clearing it by uniformly random matches, computed by
	// recursion over the legal moves, within 4.5 standard errors.
	const k = 40000
	rng := rand.NewPCG(1, 2)
	checked := 0
	for _, name := range []string{"tiny8", "ends10", "cross12", "twin16", "stairs20"} {
		for game := uint64(1); game <= 6; game++ {
			geo, groups := board(t, name, game)
			b, err := solitaire.NewBoard(geo, groups)
			if err != nil {
				t.Fatal(err)
			}
			p := exactClear(b, map[solitaire.Set]float64{})
			got := float64(NewRandom(geo).Clears(groups, k, rng)) / k
			se := math.Sqrt(p*(1-p)/k) + 1e-9
			if math.Abs(got-p) > 4.5*se {
				t.Errorf("%s game %d: %.4f of playouts cleared, exact probability %.4f", name, game, got, p)
			}
			if p > 0 && p < 1 {
				checked++
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d boards with a clear probability strictly between 0 and 1", checked)
	}
}

func TestPlayoutEndsStuck(t *testing.T) {
	// A playout ends with no match left, and its tiles left are the same
	// for the same seed.
	geo, groups := board(t, "turtle", 7)
	r := NewRandom(geo)
	for seed := uint64(0); seed < 50; seed++ {
		r.deal(groups)
		left := r.playout(rand.NewPCG(seed, 0))
		b := &solitaire.Board{Geo: geo, Groups: groups, Present: left}
		if ms := b.Matches(nil); len(ms) != 0 || left.Count()%2 != 0 {
			t.Fatalf("seed %d: playout stopped with %d tiles and %d matches", seed, left.Count(), len(ms))
		}
		if again := r.Playout(groups, rand.NewPCG(seed, 0)); again != left.Count() {
			t.Errorf("seed %d: %d then %d tiles left", seed, left.Count(), again)
		}
	}
}

func TestClearsAllocatesNothing(t *testing.T) {
	geo, groups := board(t, "turtle", 3)
	r := NewRandom(geo)
	rng := rand.NewPCG(1, 1)
	if a := testing.AllocsPerRun(20, func() { r.Clears(groups, 10, rng) }); a != 0 {
		t.Errorf("%v allocations per 10 playouts", a)
	}
	if r.Clears(groups[:5], 10, rng) != 0 {
		t.Errorf("a short deal was played")
	}
}

// BenchmarkPlayoutTurtle reports the time of one uniformly random playout
// of a turtle board (ns/op is per playout).
func BenchmarkPlayoutTurtle(b *testing.B) {
	geo, groups := board(b, "turtle", 3)
	r := NewRandom(geo)
	rng := rand.NewPCG(1, 1)
	r.deal(groups)
	b.ReportAllocs()
	for b.Loop() {
		r.playout(rng)
	}
}

func TestFreeRuleAsGeometry(t *testing.T) {
	// The written-out free rule agrees with the geometry's on random
	// positions of the turtle.
	geo, _ := board(t, "turtle", 1)
	r := NewRandom(geo)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		var p solitaire.Set
		for i := range geo.N {
			if rng.IntN(3) > 0 {
				p.Add(i)
			}
		}
		for i := range geo.N {
			if r.masks[i].isFree(p) != geo.IsFree(i, p) {
				t.Fatalf("slot %d in %v: %v, geometry says %v", i, p, r.masks[i].isFree(p), geo.IsFree(i, p))
			}
		}
	}
}
