package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// bigGroupDeal deals n tiles in groups of the sizes given (even, adding up
// to n), shuffled with rng: groups of any even size, as no dealer makes
// them on a small layout.
func bigGroupDeal(rng *rand.Rand, sizes []int) []solitaire.Group {
	var groups []solitaire.Group
	for g, k := range sizes {
		for range k {
			groups = append(groups, solitaire.Group(g))
		}
	}
	rng.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	return groups
}

// randomSizes splits n tiles into groups of 2 to 8 tiles (even), with at
// least one of six or eight.
func randomSizes(rng *rand.Rand, n int) []int {
	for {
		var sizes []int
		left := n
		big := false
		for left > 0 {
			k := min(left, 2*(1+rng.IntN(4)))
			big = big || k >= 6
			sizes = append(sizes, k)
			left -= k
		}
		if big {
			return sizes
		}
	}
}

// checkWide solves b with the wide solver (as Solve does for such boards)
// and compares with the brute force; a winnable verdict must replay.
func checkWide(t *testing.T, s *Solver, b *solitaire.Board, what string) bool {
	t.Helper()
	r := &brute{slots: b.Geo.Layout.Slots, groups: b.Groups, memo: map[[4]uint64]int{}}
	want := r.winnable([4]uint64(b.Present))
	res := s.Solve(context.Background(), b, Options{})
	switch {
	case res.Verdict == Unknown:
		t.Fatalf("%s: unknown", what)
	case want != (res.Verdict == Winnable):
		t.Fatalf("%s: verdict %v (%v), brute force winnable %v", what, res.Verdict, res.Method, want)
	case want:
		if err := solitaire.Verify(b, res.Moves); err != nil {
			t.Fatalf("%s: solution does not replay: %v", what, err)
		}
	}
	// The search alone, without random games, agrees too.
	res0 := s.solveWideSearch(b, 9)
	if res0.Verdict != res.Verdict {
		t.Fatalf("%s: %v with random games, %v by the search alone", what, res.Verdict, res0.Verdict)
	}
	if res0.Verdict == Winnable {
		if err := solitaire.Verify(b, res0.Moves); err != nil {
			t.Fatalf("%s: search solution does not replay: %v", what, err)
		}
	}
	return want
}

// solveWideSearch decides b by the wide solver's search alone, with tiny
// attempt budgets so that restarts happen.
func (s *Solver) solveWideSearch(b *solitaire.Board, seed uint64) Result {
	if s.geo != b.Geo {
		s.setGeometry(b.Geo)
	}
	if s.wide == nil {
		s.wide = newWide(b.Geo)
	}
	w := s.wide
	w.load(b)
	w.rng.Seed(seed, seed)
	w.budget = budget{}
	w.games, w.budgets = 0, []int64{3, 12}
	o := w.decide()
	w.games, w.budgets = defaultWideGames, defaultWideBudgets
	r := Result{Verdict: o.verdict, Method: o.method}
	for _, m := range w.moves {
		r.Moves = append(r.Moves, solitaire.Move{A: min(m.a, m.b), B: max(m.a, m.b)})
	}
	return r
}

// TestWideBigGroups checks the wide solver against the brute force on
// small layouts (built-in and random) dealt in groups of 2 to 8 tiles,
// from the start and in positions reached by random play.
func TestWideBigGroups(t *testing.T) {
	deals := 60
	if *long {
		deals = 1000
	}
	rng := rand.New(rand.NewPCG(22, 8))
	var geos []*solitaire.Geometry
	for _, name := range layouts.BuiltinNames() {
		l, _ := layouts.Builtin(name)
		if len(l.Slots) <= 24 {
			g, err := solitaire.Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			geos = append(geos, g)
		}
	}
	for _, n := range []int{12, 16, 18, 20} {
		g, err := solitaire.Compile(randomLayout(rng, n))
		if err != nil {
			t.Fatal(err)
		}
		geos = append(geos, g)
	}
	total, won := 0, 0
	for _, g := range geos {
		s := New(g)
		for k := range deals {
			sizes := randomSizes(rng, g.N)
			b := &solitaire.Board{Geo: g, Groups: bigGroupDeal(rng, sizes), Present: g.All}
			what := g.Layout.Name + " sizes " + formatSizes(sizes)
			if !needsWide(b) && slices.Max(sizes) > 4 {
				t.Fatalf("%s: not taken by the wide solver", what)
			}
			total++
			if checkWide(t, s, b, what) {
				won++
			}
			if k%3 == 0 {
				randomPosition(rng, b, 1+rng.IntN(3))
				if b.Remaining() > 0 {
					total++
					if checkWide(t, s, b, what+" in play") {
						won++
					}
				}
			}
		}
	}
	t.Logf("%d boards with groups of up to 8 tiles, %d winnable", total, won)
	if won == 0 || won == total {
		t.Errorf("%d of %d winnable: the test needs both verdicts", won, total)
	}
}

func formatSizes(sizes []int) string {
	b := make([]byte, 0, 2*len(sizes))
	for _, k := range sizes {
		b = append(b, byte('0'+k), ' ')
	}
	return string(b[:len(b)-1])
}

// TestWideAgreesWithCore solves turtle boards (and positions in play) with
// both solvers: the verdicts must agree, and the wide solver's solutions
// replay.
func TestWideAgreesWithCore(t *testing.T) {
	n := 150
	if *long {
		n = 2000
	}
	g, deals := turtleBoards(t, 1, n)
	s := New(g)
	rng := rand.New(rand.NewPCG(5, 5))
	var counts [3]int
	for i, d := range deals {
		b, _ := solitaire.NewBoard(g, d)
		if i%4 == 3 {
			randomPosition(rng, b, 10+rng.IntN(30))
		}
		want := s.Solve(context.Background(), b, Options{}).Verdict
		got := s.solveWide(context.Background(), b, Options{}, time.Now())
		if got.Verdict != want {
			t.Fatalf("game %d: wide %v (%v), core %v", i+1, got.Verdict, got.Method, want)
		}
		if got.Verdict == Winnable {
			if err := solitaire.Verify(b, got.Moves); err != nil {
				t.Fatalf("game %d: wide solution does not replay: %v", i+1, err)
			}
		}
		counts[got.Verdict]++
	}
	t.Logf("%d turtle boards: %d winnable, %d impossible", n, counts[Winnable], counts[Impossible])
}

// TestFindsMinLeft: the wide solver's boards report MinLeft −1, and
// FindsMinLeft says so; the core's compute it.
func TestFindsMinLeft(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	l, _ := layouts.Builtin("twin16")
	g, _ := solitaire.Compile(l)
	wide := &solitaire.Board{Geo: g, Groups: bigGroupDeal(rng, []int{8, 8}), Present: g.All}
	std, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, 5) // impossible, 4 left at best
	if FindsMinLeft(wide) || !FindsMinLeft(std) {
		t.Fatalf("FindsMinLeft: wide %v, standard %v", FindsMinLeft(wide), FindsMinLeft(std))
	}
	if r := Solve(context.Background(), std, Options{MinLeft: true}); r.MinLeft != 4 {
		t.Errorf("standard board: min left %d, want 4", r.MinLeft)
	}
	if r := Solve(context.Background(), wide, Options{MinLeft: true}); r.MinLeft > 0 {
		t.Errorf("wide board: min left %d, want −1 or 0", r.MinLeft)
	}
}
