package solitaire

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

// freeByRule is the free set written from the layout's relations and the
// one rule of layouts.IsFree, slot by slot: what FreeIn's hot loop must
// agree with.
func freeByRule(rel layouts.Relations, present Set) Set {
	any := func(slots []int) bool {
		for _, j := range slots {
			if present.Has(j) {
				return true
			}
		}
		return false
	}
	var free Set
	for i := range rel.Covers {
		if present.Has(i) && layouts.IsFree(any(rel.Covers[i]), any(rel.Left[i]), any(rel.Right[i])) {
			free.Add(i)
		}
	}
	return free
}

// FreeIn and IsFree follow layouts.IsFree on every built-in layout, at
// random sets of present tiles (not only reachable ones) and along random
// games.
func TestFreeInFollowsTheRule(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 4))
	for _, name := range layouts.BuiltinNames() {
		l, _ := layouts.Builtin(name)
		g := mustCompile(t, l)
		rel := l.Relations()
		check := func(present Set) {
			t.Helper()
			want := freeByRule(rel, present)
			if got := g.FreeIn(present); got != want {
				t.Fatalf("%s: FreeIn(%v) = %v, the rule says %v", name, present, got, want)
			}
			for i := range g.N {
				with := present
				with.Add(i)
				if got := g.IsFree(i, present); got != freeByRule(rel, with).Has(i) {
					t.Fatalf("%s: IsFree(%d, %v) = %v against the rule", name, i, present, got)
				}
			}
		}
		for range 300 {
			var present Set
			density := r.Float64()
			for i := range g.N {
				if r.Float64() < density {
					present.Add(i)
				}
			}
			check(present)
		}
		for game := range uint64(20) {
			b := mustBoard(t, g, PCG{}.Deal(game, g.N, nil))
			for {
				check(b.Present)
				moves := b.Matches(nil)
				if len(moves) == 0 {
					break
				}
				b.Play(moves[r.IntN(len(moves))])
			}
		}
	}
}
