package tw16

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// TestPairTablesMatchMerge checks the pair tables (the fast path of 16- and
// 17-tile hands) against the merge of the four parts' rows, on random hands
// of every mix and on hands built from every pair of suit rows.
func TestPairTablesMatchMerge(t *testing.T) {
	tb := tables()
	if tb.pairs == nil {
		t.Fatal("the pair tables are off: a part has more than 256 distinct rows")
	}
	merged := &partTables{suit: tb.suit, honor: tb.honor} // no pairs: the lane merge
	check := func(c *mjsolve.Counts) {
		t.Helper()
		if got, want := replacement(tb, c, maxMelds), replacement(merged, c, maxMelds); got != want {
			t.Fatalf("%v: pair tables give %d, the merge %d", c.Kinds(), got, want)
		}
	}
	rng := rand.New(rand.NewPCG(17, 5))
	for i := range 20000 {
		c := mixes[i%len(mixes)].randomHand(rng, 16+i%2)
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
	suits, honors := first(tb.pairs.suitRow, tb.pairs.suitRows), first(tb.pairs.honorRow, len(tb.pairs.honorSuit)/tb.pairs.suitRows)
	for _, a := range suits {
		for _, b := range suits {
			z := honors[rng.IntN(len(honors))]
			m := suits[rng.IntN(len(suits))]
			if got, want := tb.pairs.replacement5(m, a, b, z), replacement5Merge(tb, m, a, b, z); got != want {
				t.Fatalf("suit rows of %d and %d (with %d, %d): pair tables give %d, the merge %d", a, b, m, z, got, want)
			}
			if got, want := tb.pairs.replacement5(a, m, b, b%len(honors)), replacement5Merge(tb, a, m, b, b%len(honors)); got != want {
				t.Fatalf("honor row of %d with suit row of %d: pair tables give %d, the merge %d", b%len(honors), a, got, want)
			}
		}
	}
	for _, z := range honors {
		for _, m := range suits {
			if got, want := tb.pairs.replacement5(m, m, m, z), replacement5Merge(tb, m, m, m, z); got != want {
				t.Fatalf("honor vector %d with suit vector %d: pair tables give %d, the merge %d", z, m, got, want)
			}
		}
	}
}

// replacement5Merge is the replacement number of five sets and a pair by
// the lane merge, from the parts' table indexes.
func replacement5Merge(tb *partTables, m, p, s, z int) int {
	var a, b laneRow
	a.set(tb.honor[z])
	a.merge(tb.suit[m], maxMelds, &b)
	b.merge(tb.suit[p], maxMelds, &a)
	return a.final(tb.suit[s], maxMelds)
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
