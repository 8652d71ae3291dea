package solver

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

// TestTileWeights checks the random games' tile weights on the turtle
// against a breadth-first count over the geometry's own lists: a tile free
// with tiles on side s holds back the tiles under it (through any number
// of levels) and those met going towards s along its level.
func TestTileWeights(t *testing.T) {
	g := turtle(t)
	s := New(g)
	reach := func(start int, next [][]int) int {
		seen := map[int]bool{}
		q := slices.Clone(next[start])
		for len(q) > 0 {
			x := q[0]
			q = q[1:]
			if !seen[x] {
				seen[x] = true
				q = append(q, next[x]...)
			}
		}
		return len(seen)
	}
	under := make([][]int, g.N) // under[j]: the tiles j covers directly
	for i, cs := range g.CoverList {
		for _, j := range cs {
			under[j] = append(under[j], i)
		}
	}
	maxCov, maxSide, ends := 0, 0, 0
	for x := 0; x < g.N; x++ {
		cov := reach(x, under)
		maxCov = max(maxCov, cov)
		for side, h := range []int{cov, cov + reach(x, g.LeftList), cov + reach(x, g.RightList)} {
			if h-cov > maxSide {
				maxSide, ends = h-cov, 0
			}
			if h-cov == maxSide {
				ends++
			}
			for _, ge := range []*geom{s.lean, s.full} {
				if got, want := ge.weights[x][side], tileWeight[min(h, len(tileWeight)-1)]; got != want {
					t.Fatalf("slot %d side %d: weight %d, want %d (%d tiles held back)", x, side, got, want, h)
				}
			}
		}
	}
	// The top tile stands on four stacks of four; the turtle's head and
	// its tail's last tile each face the two middle rows of twelve and the
	// two other tiles of the head and tail.
	if maxCov != 16 || maxSide != 26 || ends != 2 {
		t.Errorf("most tiles under one tile %d, want 16; most along a side %d (%d times), want 26 (twice)", maxCov, maxSide, ends)
	}
	if tileWeight[0] != 64 || tileWeight[5] != 174 || tileWeight[48] != 944_946 {
		t.Errorf("tileWeight[0, 5, 48] = %d, %d, %d; want 64, 174, 944946", tileWeight[0], tileWeight[5], tileWeight[48])
	}
}

// TestRandomGameWeights: after random games on random positions of random
// layouts and of the turtle, every group's offered matches and their
// weight are those of the end position, counted afresh (the draw relies on
// them), and a game stops with tiles left only when none is offered.
func TestRandomGameWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	check := func(s *Solver, b *solitaire.Board, what string) {
		t.Helper()
		c := s.c
		var grp [256]uint8
		for i, x := range b.Groups {
			grp[i] = uint8(x)
		}
		present := low3(b.Present.And(b.Geo.All))
		c.geom = s.lean
		if !s.lean.closed(&present) {
			c.geom = s.full
		}
		c.load(grp[:b.Geo.N], &present)
		c.rng.Seed(rng.Uint64(), 1)
		for range 5 {
			left := c.randomGame()
			var sum uint64
			for i := 0; i < c.pos.nGroups; i++ {
				g := c.pos.groups[i]
				o := c.offers(g)
				var w uint64
				for x := o; x != 0; x &= x - 1 {
					ij := pairIdx[bits.TrailingZeros8(x)]
					w += c.weight(c.pos.tiles[g][ij[0]]) * c.weight(c.pos.tiles[g][ij[1]])
				}
				if o != c.rg.offer[g] || w != c.rg.offw[g] {
					t.Fatalf("%s: group %d offers %06b weighing %d, counted afresh %06b weighing %d", what, g, c.rg.offer[g], c.rg.offw[g], o, w)
				}
				sum += w
			}
			if left > 0 && sum != 0 {
				t.Fatalf("%s: a game stopped with %d tiles left and matches of weight %d offered", what, left, sum)
			}
		}
	}
	g := turtle(t)
	s := New(g)
	for k := range 50 {
		b, _ := solitaire.NewBoard(g, solitaire.MJSolver{}.Deal(uint64(k), g.N, nil))
		randomPosition(rng, b, rng.IntN(g.N/2))
		check(s, b, "turtle")
	}
	for k := range 200 {
		l := randomLayout(rng, 8+2*rng.IntN(8))
		rg, err := solitaire.Compile(l)
		if err != nil {
			t.Fatal(err)
		}
		b, err := solitaire.NewBoard(rg, solitaire.PCG{Seed: uint64(k)}.Deal(uint64(k), rg.N, nil))
		if err != nil {
			t.Fatal(err)
		}
		randomPosition(rng, b, rng.IntN(rg.N/2+1))
		check(New(rg), b, "random layout")
	}
}
