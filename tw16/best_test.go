package tw16

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// checkBest checks that BestDiscard gives Advise's shanten and first discard.
func checkBest(t *testing.T, f Forms, c mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) {
	t.Helper()
	a, err := f.Advise(c, visible, claims)
	sh, d, err2 := f.BestDiscard(c, visible, claims)
	if (err == nil) != (err2 == nil) {
		t.Fatalf("%s: advice error %v, best discard error %v", c, err, err2)
	}
	if err != nil {
		return
	}
	if want := a.Discards()[0]; sh != a.Shanten || d != want {
		t.Fatalf("%s (visible %v, claims %v): best discard %s (shanten %d, effective %s %d), advice %s (shanten %d, effective %s %d), hand shanten %d, advice %d",
			c, visible, claims, d.Kind, d.Effective.Shanten, d.Effective.Kinds, d.Effective.Weighted,
			want.Kind, want.Effective.Shanten, want.Effective.Kinds, want.Effective.Weighted, sh, a.Shanten)
	}
}

// TestBestDiscard checks BestDiscard against Advise on random hands of
// every 3k+2 size and mix, with and without tiles seen elsewhere and claim
// weights, and with 嚦咕嚦咕.
func TestBestDiscard(t *testing.T) {
	t.Parallel()
	perSize := 200
	if *long {
		perSize = 20000
	}
	thesis := ThesisWeights()
	for _, n := range validSizes {
		if n%3 != 2 {
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(n), 11))
		for i := range perSize {
			c := mixes[i%len(mixes)].randomHand(rng, n)
			checkBest(t, Forms{}, c, nil, nil)
			// Tiles seen elsewhere: up to 4 of each kind in all.
			seen := c
			for range rng.IntN(40) {
				if k := rng.IntN(mjsolve.NumKinds); seen[k] < 4 {
					seen[k]++
				}
			}
			checkBest(t, Forms{}, c, &seen, nil)
			checkBest(t, Forms{}, c, &seen, &thesis)
			if n == 17 {
				checkBest(t, Forms{Ligu: true}, c, &seen, nil)
			}
		}
	}
	// Bad input is refused as Advise refuses it.
	checkBest(t, Forms{}, mjsolve.MustParseCounts("123m"), nil, nil)
}
