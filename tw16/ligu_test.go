package tw16

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// liguOracle returns the fewest tiles to exchange to turn a part of 16 or
// 17 tiles into seven pairs and a triplet of eight different kinds, by a
// dynamic programme over the kinds: the most tiles used with p pairs and t
// triplets placed so far.
func liguOracle(c *mjsolve.Counts) int {
	const none = -1000
	var best [8][2]int
	for p := range best {
		best[p] = [2]int{none, none}
	}
	best[0][0] = 0
	for _, h := range c {
		next := best
		for p := 0; p < 8; p++ {
			for t := 0; t < 2; t++ {
				if best[p][t] == none {
					continue
				}
				if p < 7 {
					next[p+1][t] = max(next[p+1][t], best[p][t]+min(int(h), 2))
				}
				if t == 0 {
					next[p][1] = max(next[p][1], best[p][t]+min(int(h), 3))
				}
			}
		}
		best = next
	}
	return 17 - best[7][1]
}

// TestLigu checks the 嚦咕嚦咕 form: shanten and effective tiles with Forms{Ligu: true}
// against the oracles (the standard one and the DP above) on random 16- and
// 17-tile hands, many of them made of pairs.
func TestLigu(t *testing.T) {
	f := Forms{Ligu: true}
	rng := rand.New(rand.NewPCG(8, 9))
	for i := 0; i < 1200; i++ {
		n := 16 + i%2
		var c mjsolve.Counts
		if i%3 == 0 {
			c = mixes[i%len(mixes)].randomHand(rng, n)
		} else { // pairs and a few strays
			for c.Total() < n {
				k := rng.IntN(mjsolve.NumKinds)
				add := min(2, n-c.Total(), 4-int(c[k]))
				c[k] += uint8(add)
			}
		}
		want := min(oracleReplacement(&c, 5), liguOracle(&c)) - 1
		got, err := f.Shanten(c)
		if err != nil || got != want {
			t.Fatalf("%s: ligu shanten %d (%v), want %d", c, got, err, want)
		}
		if n == 17 {
			continue
		}
		e, err := f.Effective(c, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var kinds KindSet
		for k := range c {
			if c[k] == 4 {
				continue
			}
			h := c
			h[k]++
			if min(oracleReplacement(&h, 5), liguOracle(&h))-1 < want {
				kinds.Add(mjsolve.Kind(k))
			}
		}
		if e.Shanten != want || e.Kinds != kinds {
			t.Fatalf("%s: ligu effective %s shanten %d, want %s %d", c, e.Kinds, e.Shanten, kinds, want)
		}
		w, err := f.Waits(c, nil)
		if err != nil || w.Shanten != want || (want == 0 && w.Kinds != kinds) {
			t.Fatalf("%s: ligu waits %s shanten %d (%v), want %s", c, w.Kinds, w.Shanten, err, kinds)
		}
	}
}
