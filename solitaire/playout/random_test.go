package playout

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
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

// compile compiles l.
func compile(t testing.TB, l *layouts.Layout) *solitaire.Geometry {
	t.Helper()
	geo, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return geo
}

// randomLayout returns a layout of about n tiles (an even number) on up
// to three levels at random half-tile positions, no two tiles of a level
// overlapping (tiles need not rest on anything: the free rule does not
// care).
func randomLayout(rng *rand.Rand, n int) *layouts.Layout {
	l := &layouts.Layout{Name: "random", Source: "test"}
	for tries := 0; len(l.Slots) < n && tries < 50*n; tries++ {
		s := layouts.Slot{X: rng.IntN(12), Y: rng.IntN(6), Z: rng.IntN(3)}
		if rng.IntN(3) > 0 { // mostly on the grid of whole tiles
			s.X &^= 1
			s.Y &^= 1
		}
		if !slices.ContainsFunc(l.Slots, func(o layouts.Slot) bool {
			return o.Z == s.Z && abs(o.X-s.X) <= 1 && abs(o.Y-s.Y) <= 1
		}) {
			l.Slots = append(l.Slots, s)
		}
	}
	l.Slots = l.Slots[:len(l.Slots)&^1]
	return l
}

func abs(x int) int { return max(x, -x) }

// shuffled returns a uniformly random deal of n tiles.
func shuffled(rng *rand.Rand, n int) []solitaire.Group {
	g := make([]solitaire.Group, n)
	for i := range g {
		g[i] = solitaire.Group(i / 4)
	}
	rng.Shuffle(n, func(i, j int) { g[i], g[j] = g[j], g[i] })
	return g
}

// oracle computes the exact law of a uniformly random playout on a layout
// of at most 64 tiles, independently of the package: the free rule is
// taken straight from the coordinates, and the law of the tiles left is
// memoised by the set of tiles on the board.
type oracle struct {
	slots  []layouts.Slot
	groups []solitaire.Group
	memo   map[uint64][]float64
}

// free reports whether slot i can be played with the tiles of on on the
// board: nothing on a higher level overlaps it (|dx| ≤ 1, |dy| ≤ 1 in
// half-tile units), and no tile at dx = −2 or none at dx = +2 on its
// level (|dy| ≤ 1).
func (o *oracle) free(on uint64, i int) bool {
	a := o.slots[i]
	left, right := false, false
	for j, b := range o.slots {
		if on&(1<<j) == 0 || j == i || abs(b.Y-a.Y) > 1 {
			continue
		}
		dx := b.X - a.X
		switch {
		case b.Z > a.Z && abs(dx) <= 1:
			return false
		case b.Z == a.Z && dx == -2:
			left = true
		case b.Z == a.Z && dx == 2:
			right = true
		}
	}
	return !left || !right
}

// law returns, for the board with the tiles of on, the probability that a
// uniformly random playout ends with 2k tiles left, at index k.
func (o *oracle) law(on uint64) []float64 {
	if p, ok := o.memo[on]; ok {
		return p
	}
	var free []int
	for i := range o.slots {
		if on&(1<<i) != 0 && o.free(on, i) {
			free = append(free, i)
		}
	}
	var moves [][2]int
	for x, a := range free {
		for _, b := range free[x+1:] {
			if o.groups[a] == o.groups[b] {
				moves = append(moves, [2]int{a, b})
			}
		}
	}
	p := make([]float64, len(o.slots)/2+1)
	if len(moves) == 0 {
		p[bits.OnesCount64(on)/2] = 1
	}
	for _, m := range moves {
		for k, q := range o.law(on &^ (1<<m[0] | 1<<m[1])) {
			p[k] += q / float64(len(moves))
		}
	}
	o.memo[on] = p
	return p
}

// exactLaw is the law of the tiles left (index: tiles left / 2) of a
// uniformly random playout of groups on l.
func exactLaw(l *layouts.Layout, groups []solitaire.Group) []float64 {
	o := &oracle{slots: l.Slots, groups: groups, memo: map[uint64][]float64{}}
	return o.law(1<<len(l.Slots) - 1)
}

// smallBoards are the boards the exactness tests play: the built-in small
// layouts and random layouts of 10 to 24 tiles, with random deals.
func smallBoards(t testing.TB) (geos []*solitaire.Geometry, deals [][]solitaire.Group) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, name := range []string{"tiny8", "ends10", "cross12", "twin16", "stairs20", "pyramid24"} {
		l, _ := layouts.Builtin(name)
		geo := compile(t, l)
		for range 4 {
			geos, deals = append(geos, geo), append(deals, shuffled(rng, geo.N))
		}
	}
	for range 24 {
		geo := compile(t, randomLayout(rng, 10+rng.IntN(15)))
		geos, deals = append(geos, geo), append(deals, shuffled(rng, geo.N))
	}
	return geos, deals
}

func TestClearsMatchesExactProbability(t *testing.T) {
	// The share of playouts that clear a board agrees with the exact
	// probability p of clearing it by uniformly random matches: within 4.5
	// binomial standard deviations of k·p (for all boards together a
	// false alarm has probability under 10^-3), exactly 0 or k when p is
	// 0 or 1.
	const k = 100000
	rng := rand.NewPCG(1, 2)
	geos, deals := smallBoards(t)
	between := 0
	for b, geo := range geos {
		p := exactLaw(geo.Layout, deals[b])[0]
		got := NewRandom(geo).Clears(deals[b], k, rng)
		sd := math.Sqrt(k * p * (1 - p))
		if math.Abs(float64(got)-k*p) > 4.5*sd+1e-6 {
			t.Errorf("board %d (%s, %d tiles): %d of %d playouts cleared, exact probability %.5f (expected %.0f ± %.0f)", b, geo.Layout.Name, geo.N, got, k, p, k*p, sd)
		}
		if p > 0.01 && p < 0.99 {
			between++
		}
	}
	if between < 15 {
		t.Errorf("only %d boards with a clear probability between 1%% and 99%%", between)
	}
}

// chiSquareLimit is a bound that a chi-square statistic with df degrees of
// freedom exceeds with probability about 10^-4 (Wilson and Hilferty's
// approximation of the quantile).
func chiSquareLimit(df int) float64 {
	const z = 3.719 // the standard normal's 1 − 10^-4 quantile
	d := float64(df)
	c := 1 - 2/(9*d) + z*math.Sqrt(2/(9*d))
	return d * c * c * c
}

// chiSquare returns the statistic of counts against the probabilities
// want (summing to 1), the cells expecting fewer than 5 merged into their
// neighbour, and its degrees of freedom. A count in a cell of probability
// 0 makes it infinite.
func chiSquare(counts []int, want []float64) (float64, int) {
	total := 0
	for _, c := range counts {
		total += c
	}
	stat, cells := 0.0, 0
	obs, exp := 0.0, 0.0
	for i := range counts {
		if want[i] == 0 && counts[i] > 0 {
			return math.Inf(1), 0
		}
		obs, exp = obs+float64(counts[i]), exp+want[i]*float64(total)
		if exp >= 5 || i == len(counts)-1 {
			if exp > 0 {
				stat += (obs - exp) * (obs - exp) / exp
				cells++
			}
			obs, exp = 0, 0
		}
	}
	return stat, cells - 1
}

func TestPlayoutTilesLeftFollowExactLaw(t *testing.T) {
	// The number of tiles a playout leaves follows the exact law (a
	// chi-square test over the possible numbers).
	const k = 20000
	rng := rand.NewPCG(5, 6)
	geos, deals := smallBoards(t)
	tested := 0
	for b, geo := range geos {
		want := exactLaw(geo.Layout, deals[b])
		counts := make([]int, len(want))
		r := NewRandom(geo)
		for range k {
			counts[r.Playout(deals[b], rng)/2]++
		}
		stat, df := chiSquare(counts, want)
		if df == 0 {
			continue
		}
		tested++
		if stat > chiSquareLimit(df) {
			t.Errorf("board %d (%s): tiles left (pairs) %v, exact law %.4f: chi-square %.1f, %d degrees of freedom", b, geo.Layout.Name, counts, want, stat, df)
		}
	}
	if tested < 20 {
		t.Errorf("only %d boards with more than one possible end", tested)
	}
}

func TestMovesAreUniform(t *testing.T) {
	// The first move of a playout is uniform over the legal matches of the
	// full board, and the second, after the commonest first move, over
	// those left after it (the list of legal matches has then been
	// through removals and additions). Chi-square tests, fixed seed.
	for _, name := range []string{"turtle", "fortress32"} {
		geo, groups := board(t, name, 2)
		r := NewRandom(geo)
		r.trace = true
		b, err := solitaire.NewBoard(geo, groups)
		if err != nil {
			t.Fatal(err)
		}
		legal := b.Matches(nil)
		rng := rand.NewPCG(8, 9)
		first := map[solitaire.Move]int{}
		second := map[solitaire.Move]map[solitaire.Move]int{}
		const k = 40000
		for range k {
			r.Playout(groups, rng)
			m1 := solitaire.Move{A: r.seq[0], B: r.seq[1]}
			first[m1]++
			if second[m1] == nil {
				second[m1] = map[solitaire.Move]int{}
			}
			second[m1][solitaire.Move{A: r.seq[2], B: r.seq[3]}]++
		}
		// check tests the counts got of total moves against legal.
		check := func(what string, legal []solitaire.Move, got map[solitaire.Move]int, total int) {
			t.Helper()
			counts := make([]int, len(legal))
			want := make([]float64, len(legal))
			n := 0
			for i, m := range legal {
				counts[i], want[i] = got[m], 1/float64(len(legal))
				n += got[m]
			}
			if n != total || len(legal) < 5 {
				t.Fatalf("%s %s move: %d playouts among %d legal matches %v: %v", name, what, n, len(legal), legal, got)
			}
			if stat, df := chiSquare(counts, want); stat > chiSquareLimit(df) {
				t.Errorf("%s %s move: counts %v over %v: chi-square %.1f, %d degrees of freedom", name, what, counts, legal, stat, df)
			}
		}
		check("first", legal, first, k)
		top := legal[0]
		for _, m := range legal {
			if first[m] > first[top] {
				top = m
			}
		}
		b.Play(top)
		check("second", b.Matches(nil), second[top], first[top])
	}
}

func TestPlayoutEndsStuck(t *testing.T) {
	// A playout plays legal matches only, ends with no match left, and
	// its tiles left are the same for the same seed.
	geo, groups := board(t, "turtle", 7)
	r := NewRandom(geo)
	r.trace = true
	for seed := uint64(0); seed < 50; seed++ {
		r.deal(groups)
		left := r.playout(rand.NewPCG(seed, 0), false)
		b, err := solitaire.NewBoard(geo, groups)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < geo.N-left; i += 2 {
			m := solitaire.Move{A: r.seq[i], B: r.seq[i+1]}
			if !slices.Contains(b.Matches(nil), m) {
				t.Fatalf("seed %d: move %d (%d, %d) is not a legal match", seed, i/2, m.A, m.B)
			}
			b.Play(m)
		}
		if ms := b.Matches(nil); len(ms) != 0 || left%2 != 0 || b.Present.Count() != left {
			t.Fatalf("seed %d: playout stopped with %d tiles (%d on the board) and %d matches", seed, left, b.Present.Count(), len(ms))
		}
		if again := r.Playout(groups, rand.NewPCG(seed, 0)); again != left {
			t.Errorf("seed %d: %d then %d tiles left", seed, left, again)
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
	if a := testing.AllocsPerRun(20, func() { r.Playout(groups, rng) }); a != 0 {
		t.Errorf("%v allocations per playout", a)
	}
}

func TestBadDealsAreNotPlayed(t *testing.T) {
	geo, groups := board(t, "turtle", 3)
	r := NewRandom(geo)
	rng := rand.NewPCG(1, 1)
	five := slices.Clone(groups) // five tiles of one group
	five[slices.Index(five, groups[0]^1)] = groups[0]
	beyond := slices.Clone(groups)
	beyond[7] = solitaire.NumGroups
	for name, deal := range map[string][]solitaire.Group{"short": groups[:5], "five of a group": five, "beyond the deck": beyond} {
		if c := r.Clears(deal, 10, rng); c != 0 {
			t.Errorf("%s: %d playouts cleared", name, c)
		}
		if left := r.Playout(deal, rng); left != geo.N {
			t.Errorf("%s: %d tiles left", name, left)
		}
	}
	// The good deal is played again afterwards.
	if left := r.Playout(groups, rng); left == geo.N || left%2 != 0 {
		t.Errorf("the deal after bad ones left %d tiles", left)
	}
}

func TestEarlyStopIsSound(t *testing.T) {
	// A playout of Clears stops early only on boards that can no longer
	// be cleared by any sequence of moves (the oracle's clear
	// probability from there is 0), and it does stop on some.
	geos, deals := smallBoards(t)
	rng := rand.NewPCG(3, 3)
	stopped := 0
	for b, geo := range geos {
		r := NewRandom(geo)
		r.trace = true
		o := &oracle{slots: geo.Layout.Slots, groups: deals[b], memo: map[uint64][]float64{}}
		r.deal(deals[b])
		for range 200 {
			left := r.playout(rng, true)
			on := uint64(1)<<geo.N - 1
			for _, x := range r.seq[:geo.N-left] {
				on &^= 1 << x
			}
			if left == 0 || o.law(on)[bits.OnesCount64(on)/2] == 1 {
				continue // cleared, or played to the end
			}
			stopped++
			if p := o.law(on)[0]; p != 0 {
				t.Fatalf("board %d (%s): stopped with %d tiles left, clear probability from there %v", b, geo.Layout.Name, left, p)
			}
		}
	}
	if stopped < 100 {
		t.Errorf("only %d playouts stopped early", stopped)
	}
}

// turtleDeals returns the first n winnable turtle deals of dealer pcg seed
// 1 (the boards --difficulty plays).
func turtleDeals(b *testing.B, n int) (*solitaire.Geometry, [][]solitaire.Group) {
	geo, _ := board(b, "turtle", 1)
	d, _ := solitaire.DealerByName("pcg", 1)
	s := solver.New(geo)
	var deals [][]solitaire.Group
	for game := uint64(1); len(deals) < n; game++ {
		groups := d.Deal(game, geo.N, nil)
		bd, _ := solitaire.NewBoard(geo, groups)
		if s.Solve(context.Background(), bd, solver.Options{}).Verdict == solver.Winnable {
			deals = append(deals, groups)
		}
	}
	return geo, deals
}

// BenchmarkClearsTurtle reports the time of one playout of Clears, as
// --difficulty plays them: 100 playouts per board, on 20 winnable turtle
// boards in turn (ns/playout; ns/op is per 100 playouts).
func BenchmarkClearsTurtle(b *testing.B) {
	geo, deals := turtleDeals(b, 20)
	r := NewRandom(geo)
	rng := rand.NewPCG(1, 1)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r.Clears(deals[i%len(deals)], 100, rng)
		i++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(100*i), "ns/playout")
}

// BenchmarkPlayoutTurtle reports the time of one uniformly random playout
// of a turtle board played to the end, as Playout plays it (ns/op is per
// playout).
func BenchmarkPlayoutTurtle(b *testing.B) {
	geo, groups := board(b, "turtle", 3)
	r := NewRandom(geo)
	rng := rand.NewPCG(1, 1)
	r.deal(groups)
	b.ReportAllocs()
	for b.Loop() {
		r.playout(rng, false)
	}
}

func TestCountersFollowTheFreeRule(t *testing.T) {
	// The counters, counted off for every tile not on the board, give
	// the geometry's free rule, on random positions of the turtle and of
	// random layouts that play could reach as far as covering goes (a
	// tile is taken only when nothing covers it; the sides are ignored,
	// to reach more positions).
	rng := rand.New(rand.NewPCG(3, 4))
	geos := []*solitaire.Geometry{}
	for _, name := range []string{"turtle", "cross12", "fortress32", "stairs20"} {
		geo, _ := board(t, name, 1)
		geos = append(geos, geo)
	}
	for range 30 {
		geos = append(geos, compile(t, randomLayout(rng, 10+rng.IntN(30))))
	}
	for _, geo := range geos {
		r := NewRandom(geo)
		for range 200 {
			p, cnt := geo.All, r.st0.cnt
			for range rng.IntN(geo.N + 1) {
				i := rng.IntN(geo.N)
				if !p.Has(i) || geo.Covers[i].Intersects(p) {
					continue
				}
				p.Remove(i)
				for _, e := range r.rel[r.span[i]>>16 : r.span[i]&0xffff] {
					cnt[uint8(e)] -= uint16(e >> 8)
				}
			}
			for i := range geo.N {
				if free := freeable(cnt[i] &^ freed); p.Has(i) && free != geo.IsFree(i, p) {
					t.Fatalf("%s: slot %d in %v: counters %#x say free %v, geometry says %v", geo.Layout.Name, i, p, cnt[i], free, !free)
				}
				if start := r.st0.cnt[i]&freed != 0; start != geo.IsFree(i, geo.All) {
					t.Fatalf("%s: slot %d free at the start %v, geometry says %v", geo.Layout.Name, i, start, !start)
				}
			}
		}
	}
}
