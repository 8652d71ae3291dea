package tw16

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// TestPairTablesMatchMerge checks the pair tables (the shanten of every
// size) against every way to share the sets and the pair among the four
// parts' rows, for every number of sets, on random hands of every size and
// mix and on every pair of rows.
func TestPairTablesMatchMerge(t *testing.T) {
	tb := tables()
	check := func(c *mjsolve.Counts) {
		t.Helper()
		k := c.Total() / 3
		m, p, s, z := indexes(c)
		if got, want := replacement(tb, c), replacementMerge(tb, m, p, s, z, k); got != want {
			t.Fatalf("%v: pair tables give %d, the merge %d", c.Kinds(), got, want)
		}
	}
	rng := rand.New(rand.NewPCG(17, 5))
	for i := range 60000 {
		c := mixes[i%len(mixes)].randomHand(rng, validSizes[i%len(validSizes)])
		check(&c)
	}
	// Every pair of rows meets in some hand: the part vectors the rows come
	// from, of any size (the tables do not look at the hand's size).
	first := func(rowNum []uint8, n int) []int {
		at := make([]int, n)
		for i := range at {
			at[i] = -1
		}
		for idx, r := range rowNum {
			if at[r] < 0 {
				at[r] = idx
			}
		}
		return at
	}
	suits, honors := first(tb.suitRow[:suitVectors], tb.nSuit), first(tb.honorRow[:honorVectors], tb.nHonor)
	pairs := func(m, p, s, z, k int) int {
		return tb.pairs.replacement(tb.suitRow[m], tb.suitRow[p], tb.suitRow[s], tb.honorRow[z], k)
	}
	for _, a := range suits {
		for _, b := range suits {
			z := honors[rng.IntN(len(honors))]
			m := suits[rng.IntN(len(suits))]
			for k := 0; k <= maxMelds; k++ {
				if got, want := pairs(m, a, b, z, k), replacementMerge(tb, m, a, b, z, k); got != want {
					t.Fatalf("suit vectors %d and %d (with %d, %d), %d sets: pair tables give %d, the merge %d", a, b, m, z, k, got, want)
				}
			}
		}
	}
	for _, z := range honors {
		for _, m := range suits {
			p := suits[rng.IntN(len(suits))]
			for k := 0; k <= maxMelds; k++ {
				if got, want := pairs(m, p, p, z, k), replacementMerge(tb, m, p, p, z, k); got != want {
					t.Fatalf("honor vector %d with suit vector %d (and %d), %d sets: pair tables give %d, the merge %d", z, m, p, k, got, want)
				}
			}
		}
	}
}

// replacementMerge is the replacement number of k sets and a pair from the
// parts' table indexes, by trying every way to share the sets and the pair
// among the four parts' packed rows.
func replacementMerge(tb *partTables, m, p, s, z, k int) int {
	e := [numParts]uint64{tb.suit(m), tb.suit(p), tb.suit(s), tb.honor(z)}
	best := 99
	for a := 0; a <= k; a++ {
		for b := 0; a+b <= k; b++ {
			for c := 0; a+b+c <= k; c++ {
				sets := [numParts]int{a, b, c, k - a - b - c}
				for pair := range numParts {
					sum := 0
					for i, x := range e {
						v := 2 * sets[i]
						if i == pair {
							v++
						}
						sum += int(value(x, v))
					}
					best = min(best, sum)
				}
			}
		}
	}
	return best
}

// TestMinBytes checks minBytes against the bytewise minimum.
func TestMinBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		a, b := rng.Uint64()&0x7f7f7f7f7f7f7f7f, rng.Uint64()&0x7f7f7f7f7f7f7f7f
		if rng.IntN(2) == 0 {
			b = a ^ rng.Uint64()&0x0101010101010101 // equal and neighbouring bytes
		}
		var want uint64
		for i := 0; i < 64; i += 8 {
			want |= min(a>>i&0xff, b>>i&0xff) << i
		}
		if got := minBytes(a, b); got != want {
			t.Fatalf("minBytes(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
	}
}
