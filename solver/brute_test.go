package solver

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// methods counts how the search-only solves were decided.
var methods = map[Method]int{}

var long = flag.Bool("long", false, "run the long checks (more random deals, all boards)")

// brute is an exhaustive reference that shares nothing with the solver: it
// reads the free rule straight from the slot coordinates and searches every
// order of play, memoised on the set of tiles left.
type brute struct {
	slots  []layouts.Slot
	groups []solitaire.Group
	memo   map[[4]uint64]int
}

func (r *brute) free(i int, on [4]uint64) bool {
	has := func(j int) bool { return on[j>>6]>>(j&63)&1 != 0 }
	a := r.slots[i]
	leftB, rightB := false, false
	for j, b := range r.slots {
		if j == i || !has(j) {
			continue
		}
		dx, dy := b.X-a.X, b.Y-a.Y
		if dy < -1 || dy > 1 {
			continue
		}
		if b.Z > a.Z && dx >= -1 && dx <= 1 {
			return false
		}
		if b.Z == a.Z && dx == -2 {
			leftB = true
		}
		if b.Z == a.Z && dx == 2 {
			rightB = true
		}
	}
	return !(leftB && rightB)
}

// minLeft returns the fewest tiles that can remain from position on.
func (r *brute) minLeft(on [4]uint64) int {
	if v, ok := r.memo[on]; ok {
		return v
	}
	var free []int
	left := 0
	for i := range r.slots {
		if on[i>>6]>>(i&63)&1 != 0 {
			left++
			if r.free(i, on) {
				free = append(free, i)
			}
		}
	}
	best := left
	for x := 0; x < len(free) && best > 0; x++ {
		for y := x + 1; y < len(free) && best > 0; y++ {
			a, b := free[x], free[y]
			if r.groups[a] != r.groups[b] {
				continue
			}
			next := on
			next[a>>6] &^= 1 << (a & 63)
			next[b>>6] &^= 1 << (b & 63)
			if v := r.minLeft(next); v < best {
				best = v
			}
		}
	}
	r.memo[on] = best
	return best
}

// winnable is minLeft == 0 with an early exit.
func (r *brute) winnable(on [4]uint64) bool { return r.minLeft(on) == 0 }

// randomLayout builds a random geometry of n tiles: a base level of tiles
// at random half-tile offsets and upper levels resting on the ones below.
func randomLayout(rng *rand.Rand, n int) *layouts.Layout {
	var slots []layouts.Slot
	overlaps := func(s layouts.Slot) bool {
		for _, t := range slots {
			if t.Z == s.Z && t.X-s.X > -2 && t.X-s.X < 2 && t.Y-s.Y > -2 && t.Y-s.Y < 2 {
				return true
			}
		}
		return false
	}
	supported := func(s layouts.Slot) bool {
		if s.Z == 0 {
			return true
		}
		for _, t := range slots {
			if t.Z == s.Z-1 && t.X-s.X >= -1 && t.X-s.X <= 1 && t.Y-s.Y >= -1 && t.Y-s.Y <= 1 {
				return true
			}
		}
		return false
	}
	w := 4 + rng.IntN(12)
	h := 2 + rng.IntN(6)
	maxZ := rng.IntN(4)
	for tries := 0; len(slots) < n && tries < 100000; tries++ {
		s := layouts.Slot{X: rng.IntN(w), Y: rng.IntN(h), Z: rng.IntN(maxZ + 1)}
		if rng.IntN(3) > 0 { // mostly on the grid of whole tiles
			s.X &^= 1
			s.Y &^= 1
		}
		if !overlaps(s) && supported(s) {
			slots = append(slots, s)
		}
	}
	if len(slots) < n { // a wider table
		return randomLayout(rng, n)
	}
	return &layouts.Layout{Name: fmt.Sprintf("random%d", n), Source: "test", Slots: slots}
}

// randomPosition plays k random legal matches on b.
func randomPosition(rng *rand.Rand, b *solitaire.Board, k int) {
	var buf []solitaire.Move
	for ; k > 0; k-- {
		buf = b.Matches(buf[:0])
		if len(buf) == 0 {
			return
		}
		b.Play(buf[rng.IntN(len(buf))])
	}
}

func checkAgainstBrute(t *testing.T, s *Solver, b *solitaire.Board, minLeft bool, what string) (won bool) {
	t.Helper()
	r := &brute{slots: b.Geo.Layout.Slots, groups: b.Groups, memo: map[[4]uint64]int{}}
	on := [4]uint64(b.Present)
	want := r.minLeft(on)
	res := s.Solve(context.Background(), b, Options{MinLeft: minLeft})
	res.Moves = slices.Clone(res.Moves) // the solver reuses its buffer
	// The search alone, without random games, must agree too, and so must
	// the plain search without look-ahead.
	defaults := s.c.cfg
	s.c.cfg.games, s.c.cfg.wipe = 0, false
	res0 := s.Solve(context.Background(), b, Options{MinLeft: minLeft, Seed: 5})
	s.c.cfg = defaults
	if res0.Verdict != res.Verdict || res0.MinLeft != res.MinLeft {
		t.Fatalf("%s: %v/%d with random games, %v/%d by search alone", what, res.Verdict, res.MinLeft, res0.Verdict, res0.MinLeft)
	}
	if res0.Verdict == Winnable {
		if err := solitaire.Verify(b, res0.Moves); err != nil {
			t.Fatalf("%s: search solution does not replay: %v", what, err)
		}
	}
	methods[res0.Method]++
	// And the search with root tests (at the start on odd deals, at the
	// first restart on even ones), tiny budgets for the attempts, so that
	// restarts happen, and wider windows of groups held back.
	s.c.cfg.games, s.c.cfg.rootTests, s.c.cfg.budgets = 0, len(what)%2 == 1, growing(8, 2, 24000)
	s.c.cfg.window, s.c.cfg.bwindow = 4, 3
	resW := s.Solve(context.Background(), b, Options{MinLeft: minLeft, Seed: 7})
	s.c.cfg = defaults
	if resW.Verdict != res.Verdict || resW.MinLeft != res.MinLeft {
		t.Fatalf("%s: %v/%d with random games, %v/%d by search with look-ahead", what, res.Verdict, res.MinLeft, resW.Verdict, resW.MinLeft)
	}
	if resW.Verdict == Winnable {
		if err := solitaire.Verify(b, resW.Moves); err != nil {
			t.Fatalf("%s: look-ahead solution does not replay: %v", what, err)
		}
	}
	switch {
	case want == 0 && res.Verdict != Winnable, want > 0 && res.Verdict != Impossible:
		t.Fatalf("%s: verdict %v (%v), brute force leaves %d", what, res.Verdict, res.Method, want)
	case res.Verdict == Winnable:
		if err := solitaire.Verify(b, res.Moves); err != nil {
			t.Fatalf("%s: solution does not replay: %v", what, err)
		}
	case minLeft && res.MinLeft != want:
		t.Fatalf("%s: min left %d, brute force %d", what, res.MinLeft, want)
	case minLeft:
		c := b.Clone()
		for _, m := range res.Moves {
			if err := c.CheckMove(m); err != nil {
				t.Fatalf("%s: min-left play: %v", what, err)
			}
			c.Play(m)
		}
		if c.Remaining() != want {
			t.Fatalf("%s: min-left play leaves %d, want %d", what, c.Remaining(), want)
		}
	}
	return want == 0
}

func TestDifferentialBuiltin(t *testing.T) {
	deals := 150
	if *long {
		deals = 3000
	}
	total, won := 0, 0
	for _, name := range layouts.BuiltinNames() {
		l, _ := layouts.Builtin(name)
		if len(l.Slots) > 40 {
			continue
		}
		g, err := solitaire.Compile(l)
		if err != nil {
			t.Fatal(err)
		}
		s := New(g)
		rng := rand.New(rand.NewPCG(7, uint64(len(l.Slots))))
		dealer := solitaire.PCG{Seed: 3}
		var groups []solitaire.Group
		for k := range deals {
			groups = dealer.Deal(uint64(k), g.N, groups)
			b, err := solitaire.NewBoard(g, groups)
			if err != nil {
				t.Fatal(err)
			}
			if k%3 == 1 {
				randomPosition(rng, b, 1+rng.IntN(g.N/4))
			}
			if checkAgainstBrute(t, s, b, k%5 == 0, fmt.Sprintf("%s deal %d", name, k)) {
				won++
			}
			total++
		}
	}
	t.Logf("%d boards, %d winnable; search-only methods %v", total, won, methods)
}

func TestDifferentialRandomGeometry(t *testing.T) {
	layoutsN, deals := 60, 25
	if *long {
		layoutsN, deals = 400, 50
	}
	rng := rand.New(rand.NewPCG(11, 13))
	total, won := 0, 0
	for li := range layoutsN {
		n := 4 * (2 + rng.IntN(7)) // 8..32
		if rng.IntN(4) == 0 {
			n += 2
		}
		l := randomLayout(rng, n)
		g, err := solitaire.Compile(l)
		if err != nil {
			t.Fatal(err)
		}
		s := New(g)
		dealer := solitaire.PCG{Seed: uint64(li)}
		var groups []solitaire.Group
		for k := range deals {
			groups = dealer.Deal(uint64(k), g.N, groups)
			b, err := solitaire.NewBoard(g, groups)
			if err != nil {
				t.Fatal(err)
			}
			switch k % 4 {
			case 1:
				randomPosition(rng, b, 1+rng.IntN(g.N/4))
			case 2: // not a reachable position: one tile taken away
				b.Present.Remove(rng.IntN(g.N))
			}
			if checkAgainstBrute(t, s, b, k%3 == 0, fmt.Sprintf("layout %d (%d tiles) deal %d", li, n, k)) {
				won++
			}
			total++
		}
	}
	t.Logf("%d boards, %d winnable; search-only methods %v", total, won, methods)
}
