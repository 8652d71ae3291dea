package tw16

import (
	"strings"

	"github.com/mjsolve/mjsolve"
)

// MaxSets is the most sets (melds) a hand has besides its pair: five.
const MaxSets = 5

// Decomposition is one way to split a complete concealed part into sets and
// one pair. Its sets are sequences (Type Chow) and triplets (Type Pong) in
// increasing order of kind, a triplet before a sequence of the same kind.
type Decomposition struct {
	Pair mjsolve.Kind
	N    uint8         // number of sets used in Sets
	Sets [MaxSets]Meld // Sets[:N] are the sets
}

// Melds returns the sets of d (without the pair).
func (d *Decomposition) Melds() []Meld { return d.Sets[:d.N] }

// String writes d as its sets and the pair: "123m 555p 11z".
func (d Decomposition) String() string {
	var b strings.Builder
	for _, m := range d.Sets[:d.N] {
		b.WriteString(m.String())
		b.WriteByte(' ')
	}
	var pair mjsolve.Counts
	pair[d.Pair] = 2
	b.WriteString(pair.String())
	return b.String()
}

// Decompose returns every way to split a complete concealed part into sets
// (sequences and triplets) and one pair. The part must have 3k+2 tiles with
// k ≤ MaxSets; any other size, or a part that is not complete, has no
// decompositions (nil). Decompositions are distinct as multisets of sets and
// come in increasing order of the pair's kind.
func Decompose(concealed mjsolve.Counts) []Decomposition {
	var out []Decomposition
	EachDecomposition(concealed, func(d Decomposition) bool {
		out = append(out, d)
		return true
	})
	return out
}

// IsComplete reports whether a concealed part of 3k+2 tiles (k ≤ MaxSets)
// splits into k sets and a pair.
func IsComplete(concealed mjsolve.Counts) bool {
	found := false
	EachDecomposition(concealed, func(Decomposition) bool {
		found = true
		return false
	})
	return found
}

// EachDecomposition calls fn with each decomposition of concealed (see
// Decompose) until fn returns false. It does not allocate.
func EachDecomposition(concealed mjsolve.Counts, fn func(d Decomposition) bool) {
	n := concealed.Total()
	if n%3 != 2 || n > 3*MaxSets+2 {
		return
	}
	for _, c := range concealed {
		if c > 4 {
			return
		}
	}
	var d Decomposition
	c := concealed
	for p := mjsolve.Kind(0); p < mjsolve.NumKinds; p++ {
		if c[p] < 2 {
			continue
		}
		c[p] -= 2
		d.Pair = p
		d.N = 0
		ok := splitSets(&c, 0, &d, fn)
		c[p] += 2
		if !ok {
			return
		}
	}
}

// splitSets splits c (from kind k on) into sets appended to d, calling fn for
// each complete split. It restores c before returning and reports false when
// fn asked to stop.
//
// Each multiset of sets is produced once: at the lowest kind k still held,
// with count n, the split takes either no triplet or one triplet of k (two
// would be six tiles), and every remaining copy of k must start a sequence.
func splitSets(c *mjsolve.Counts, k mjsolve.Kind, d *Decomposition, fn func(Decomposition) bool) bool {
	for k < mjsolve.NumKinds && c[k] == 0 {
		k++
	}
	if k == mjsolve.NumKinds {
		return fn(*d)
	}
	n := int(d.N)
	for trip := 0; trip <= 1; trip++ {
		if trip == 1 && c[k] < 3 {
			break
		}
		seqs := int(c[k]) - 3*trip
		if seqs > 0 && (k.IsHonor() || k.Number() > 7 || c[k+1] < uint8(seqs) || c[k+2] < uint8(seqs)) {
			continue
		}
		if n+trip+seqs > MaxSets {
			continue
		}
		if trip == 1 {
			d.Sets[d.N] = Meld{Type: Pong, Kind: k}
			d.N++
		}
		for i := 0; i < seqs; i++ {
			d.Sets[d.N] = Meld{Type: Chow, Kind: k}
			d.N++
		}
		saved := c[k]
		c[k] = 0
		if seqs > 0 {
			c[k+1] -= uint8(seqs)
			c[k+2] -= uint8(seqs)
		}
		ok := splitSets(c, k+1, d, fn)
		c[k] = saved
		if seqs > 0 {
			c[k+1] += uint8(seqs)
			c[k+2] += uint8(seqs)
		}
		d.N = uint8(n)
		if !ok {
			return false
		}
	}
	return true
}
