package tw16

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// TestSingleWaitAgreesWithShanten checks the 獨聽 rule against the
// table-based shanten: a tenpai part waits on one kind exactly when one kind
// the player does not hold four of makes it complete (shanten −1); and
// so does singleOf, with the waits Forms.Effective gives.
func TestSingleWaitAgreesWithShanten(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 5000
	if testing.Short() {
		n = 500
	}
	singles := 0
	for i := range n {
		// A complete part of k sets and a pair from few kinds, less one tile.
		k := 1 + i%MaxSets
		kinds := []int{6, 9, 18}[i%3]
		var c mjsolve.Counts
		for {
			c = mjsolve.Counts{}
			c[rng.IntN(kinds)] += 2
			for range k {
				if s := rng.IntN(kinds); rng.IntN(2) == 0 || s%9 > 6 {
					c[s] += 3
				} else {
					c[s]++
					c[s+1]++
					c[s+2]++
				}
			}
			if c.Validate() == nil {
				break
			}
		}
		ks := c.Kinds()
		c.Remove(ks[rng.IntN(len(ks))])
		// Melds holding some copies: a random kong of a kind the part lacks.
		var melds mjsolve.Counts
		if m := mjsolve.Kind(rng.IntN(kinds)); i%4 == 0 && c[m] == 0 {
			melds[m] = 4
		}
		waits := 0
		for w := mjsolve.Kind(0); w < mjsolve.NumKinds; w++ {
			if c[w]+melds[w] >= 4 {
				continue
			}
			h := c
			h[w]++
			if s, err := Shanten(h); err != nil {
				t.Fatal(err)
			} else if s == -1 {
				waits++
			}
		}
		if got := singleWait(c, melds); got != (waits == 1) {
			t.Fatalf("singleWait(%s, melds %s) = %v, shanten finds %d waits", c, melds, got, waits)
		}
		e, err := Forms{}.Effective(c, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if e.Shanten != 0 {
			t.Fatalf("%s: shanten %d, want ready", c, e.Shanten)
		}
		if got := singleOf(e.Kinds, &c, &melds); got != (waits == 1) {
			t.Fatalf("singleOf(%v, %s, melds %s) = %v, shanten finds %d waits", e.Kinds, c, melds, got, waits)
		}
		if waits == 1 {
			singles++
		}
	}
	if singles < n/20 {
		t.Errorf("only %d single waits in %d hands", singles, n)
	}
}
