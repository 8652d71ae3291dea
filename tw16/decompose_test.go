package tw16_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

func TestDecomposeKnown(t *testing.T) {
	for _, c := range []struct {
		hand string
		want []string // Decomposition.String of each, in order
	}{
		{"11m", []string{"11m"}},
		{"123m", nil},            // 3 tiles: no pair
		{"1112345678999m", nil},  // 13 tiles: wrong size
		{"11112222333344z", nil}, // honors never form sequences
		{"111222333m11p", []string{"123m 123m 123m 11p", "111m 222m 333m 11p"}},
		{"11122233344455m", []string{
			"111m 234m 345m 345m 22m",
			"123m 123m 123m 444m 55m",
			"111m 234m 234m 234m 55m",
			"111m 222m 333m 444m 55m",
		}},
		{"11123456789999m", []string{"123m 456m 789m 999m 11m"}},
		// The same concealed part as 17 tiles: 111222333m 11p plus 456p 789s.
		{"111222333m 11456p 789s", []string{"123m 123m 123m 456p 789s 11p", "111m 222m 333m 456p 789s 11p"}},
		// 16 tiles: wrong size.
		{"11112222333344m 55z", nil},
		{"111122223333m 55z", []string{"123m 123m 123m 123m 55z", "111m 123m 222m 333m 55z"}},
	} {
		var got []string
		for _, d := range tw16.Decompose(mjsolve.MustParseCounts(c.hand)) {
			got = append(got, d.String())
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Decompose(%s) = %q, want %q", c.hand, got, c.want)
		}
	}
}

// oracleSets lists every set (triplet or sequence) as a count vector, in a
// fixed order: the reference enumeration below shares nothing with
// EachDecomposition but the Meld type.
func oracleSets() []tw16.Meld {
	var sets []tw16.Meld
	for k := mjsolve.Kind(0); k < mjsolve.NumKinds; k++ {
		sets = append(sets, tw16.Meld{Type: tw16.Pong, Kind: k})
		if !k.IsHonor() && k.Number() <= 7 {
			sets = append(sets, tw16.Meld{Type: tw16.Chow, Kind: k})
		}
	}
	return sets
}

// oracleDecompose returns every decomposition of c as a sorted list of
// canonical strings: choose a pair, then a multiset of sets by trying each
// set in list order with repetition, subtracting while it fits.
func oracleDecompose(c mjsolve.Counts, sets []tw16.Meld) []string {
	var out []string
	n := c.Total()
	if n%3 != 2 {
		return nil
	}
	var chosen []tw16.Meld
	var rec func(rest *mjsolve.Counts, from, left int, pair mjsolve.Kind)
	rec = func(rest *mjsolve.Counts, from, left int, pair mjsolve.Kind) {
		if left == 0 {
			if rest.Total() == 0 {
				parts := make([]string, 0, len(chosen)+1)
				for _, m := range chosen {
					parts = append(parts, m.Type.String()+m.String())
				}
				slices.Sort(parts)
				out = append(out, fmt.Sprintf("%s|pair %s", strings.Join(parts, " "), pair))
			}
			return
		}
		for i := from; i < len(sets); i++ {
			mc := sets[i].Counts()
			ok := true
			for k := range mc {
				if mc[k] > rest[k] {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for k := range mc {
				rest[k] -= mc[k]
			}
			chosen = append(chosen, sets[i])
			rec(rest, i, left-1, pair)
			chosen = chosen[:len(chosen)-1]
			for k := range mc {
				rest[k] += mc[k]
			}
		}
	}
	for p := mjsolve.Kind(0); p < mjsolve.NumKinds; p++ {
		if c[p] >= 2 {
			rest := c
			rest[p] -= 2
			rec(&rest, 0, (n-2)/3, p)
		}
	}
	slices.Sort(out)
	return out
}

func canonical(ds []tw16.Decomposition) []string {
	var out []string
	for _, d := range ds {
		parts := make([]string, 0, d.N)
		for _, m := range d.Melds() {
			parts = append(parts, m.Type.String()+m.String())
		}
		slices.Sort(parts)
		out = append(out, fmt.Sprintf("%s|pair %s", strings.Join(parts, " "), d.Pair))
	}
	slices.Sort(out)
	return out
}

// randomComplete deals a random complete part of k sets and a pair, with at
// most four copies of a kind, using only the first kinds kinds (5 = 1m–5m,
// 34 = all): few kinds make several decompositions likely.
func randomComplete(rng *rand.Rand, k, kinds int, sets []tw16.Meld) mjsolve.Counts {
	for {
		var c mjsolve.Counts
		p := mjsolve.Kind(rng.IntN(kinds))
		c[p] += 2
		for range k {
			var m tw16.Meld
			for {
				m = sets[rng.IntN(len(sets))]
				if int(m.Kind)+2 < kinds || m.Type == tw16.Pong && int(m.Kind) < kinds {
					break
				}
			}
			mc := m.Counts()
			c.AddCounts(mc)
		}
		if c.Validate() == nil {
			return c
		}
	}
}

// TestDecomposeOracle checks Decompose against the reference enumeration on
// random complete parts of every size (2 … 17 tiles), single-suit heavy and
// mixed, and on random incomplete ones (both must find nothing).
func TestDecomposeOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sets := oracleSets()
	n := 3000 // about 0.2 s, also in -short
	multi := 0
	for i := range n {
		k := i % (tw16.MaxSets + 1)
		kinds := []int{5, 7, 9, 18, 34}[i%5]
		c := randomComplete(rng, k, kinds, sets)
		if i%4 == 3 { // perturb: move one tile to a random kind
			ks := c.Kinds()
			c.Remove(ks[rng.IntN(len(ks))])
			c.Add(mjsolve.Kind(rng.IntN(kinds)))
			if c.Validate() != nil {
				continue
			}
		}
		got := canonical(tw16.Decompose(c))
		want := oracleDecompose(c, sets)
		if !slices.Equal(got, want) {
			t.Fatalf("Decompose(%s):\n got %q\nwant %q", c, got, want)
		}
		if got := tw16.IsComplete(c); got != (len(want) > 0) {
			t.Fatalf("IsComplete(%s) = %v, oracle finds %d decompositions", c, got, len(want))
		}
		if len(want) > 1 {
			multi++
		}
	}
	t.Logf("%d of %d hands had several decompositions", multi, n)
	if multi < n/20 {
		t.Errorf("only %d of %d hands had several decompositions: the test is too easy", multi, n)
	}
}

func TestEachDecompositionStops(t *testing.T) {
	c := mjsolve.MustParseCounts("11122233344455m")
	calls := 0
	tw16.EachDecomposition(c, func(tw16.Decomposition) bool { calls++; return calls < 2 })
	if calls != 2 {
		t.Errorf("EachDecomposition called fn %d times after it asked to stop at 2", calls)
	}
}

func TestDecomposeAllocs(t *testing.T) {
	c := mjsolve.MustParseCounts("11122233344455m 789p")
	n := 0
	allocs := testing.AllocsPerRun(100, func() {
		tw16.EachDecomposition(c, func(tw16.Decomposition) bool { n++; return true })
	})
	if allocs != 0 {
		t.Errorf("EachDecomposition allocates %.1f times per call", allocs)
	}
}

// TestIsCompleteAgreesWithShanten checks IsComplete against the table-based
// shanten (an independent method): complete exactly when shanten is −1, on
// random complete parts and parts one tile off.
func TestIsCompleteAgreesWithShanten(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sets := oracleSets()
	n := 20000
	if testing.Short() {
		n = 2000
	}
	complete := 0
	for i := range n {
		c := randomComplete(rng, i%(tw16.MaxSets+1), []int{5, 9, 18, 34}[i%4], sets)
		if i%2 == 1 {
			ks := c.Kinds()
			c.Remove(ks[rng.IntN(len(ks))])
			c.Add(mjsolve.Kind(rng.IntN(mjsolve.NumKinds)))
			if c.Validate() != nil {
				continue
			}
		}
		s, err := tw16.Shanten(c)
		if err != nil {
			t.Fatalf("Shanten(%s): %v", c, err)
		}
		if got := tw16.IsComplete(c); got != (s == -1) {
			t.Fatalf("IsComplete(%s) = %v, shanten %d", c, got, s)
		}
		if s == -1 {
			complete++
		}
	}
	if complete < n/2 || complete == n {
		t.Errorf("%d of %d parts complete: the sample is lopsided", complete, n)
	}
}
