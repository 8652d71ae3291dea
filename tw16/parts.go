package tw16

import (
	"math/bits"

	"github.com/mjsolve/mjsolve"
)

// The four parts of a hand, in the order of the kinds: three numbered suits
// and the honors.
const numParts = 4

// parts is a hand taken apart for the table lookups: the table index of each
// part and, once computed, the merged rows of every other three parts.
type parts struct {
	t   *partTables
	k   int
	idx [numParts]int
	// others[S] is the merge of the three parts other than S.
	others [numParts]laneRow
}

// partOf returns the part of kind k and the index weight of its count.
func partOf(k mjsolve.Kind) (part, weight int) { return int(k / 9), pow5[k%9] }

// entry returns the packed table entry of part S with index idx.
func (ps *parts) entry(s, idx int) uint64 {
	if s == numParts-1 {
		return ps.t.honor(idx)
	}
	return ps.t.suit(idx)
}

// init sets up ps for a hand of counts c that completes with k sets, with
// the tables t.
func (ps *parts) init(t *partTables, c *mjsolve.Counts, k int) {
	ps.t = t
	ps.k = k
	ps.idx[0], ps.idx[1], ps.idx[2], ps.idx[3] = indexes(c)
}

// mergeOthers computes ps.others and returns the hand's replacement number
// (the fewest tiles to exchange to complete it).
func (ps *parts) mergeOthers() int {
	var a, b laneRow
	e0, e1, e2, e3 := ps.entry(0, ps.idx[0]), ps.entry(1, ps.idx[1]), ps.entry(2, ps.idx[2]), ps.entry(3, ps.idx[3])
	// 3 ⊗ 0 ⊗ 1 and 3 ⊗ 0 ⊗ 2 share 3 ⊗ 0; 3 ⊗ 1 ⊗ 2 and 0 ⊗ 1 ⊗ 2 are apart.
	a.set(e3)
	a.merge(e0, ps.k, &b)
	b.merge(e1, ps.k, &ps.others[2])
	b.merge(e2, ps.k, &ps.others[1])
	a.merge(e1, ps.k, &b)
	b.merge(e2, ps.k, &ps.others[0])
	a.set(e0)
	a.merge(e1, ps.k, &b)
	b.merge(e2, ps.k, &ps.others[3])
	return ps.others[0].final(e0, ps.k)
}

// pairRow sets out to the merge of the two parts other than s and u.
func (ps *parts) pairRow(s, u int, out *laneRow) {
	first := -1
	for v := 0; v < numParts; v++ {
		if v == s || v == u {
			continue
		}
		if first < 0 {
			first = v
			continue
		}
		var a laneRow
		a.set(ps.entry(first, ps.idx[first]))
		a.merge(ps.entry(v, ps.idx[v]), ps.k, out)
	}
}

// neighbors holds the table entry of one part of a hand and those of the
// part with one more tile of each of its kinds (0 for a kind held 4 times).
type neighbors struct {
	e  uint64
	up [9]uint64
}

// neighbors sets nb for part u at index idx, held giving the counts.
func (ps *parts) neighbors(u, idx int, held *mjsolve.Counts, nb *neighbors) {
	nb.e = ps.entry(u, idx)
	base := 9 * u
	for i := 0; i < mjsolve.Suit(u).Size(); i++ {
		nb.up[i] = 0
		if held[base+i] < 4 {
			nb.up[i] = ps.entry(u, idx+pow5[i])
		}
	}
}

// effective returns the kinds t of part u, held fewer than 4 times, whose
// addition lowers the hand's replacement number r0, given the part's
// entries nb and rest, the merge of the other three parts.
//
// Adding a tile lowers no table value and lowers each by at most one, so the
// hand's number drops exactly when the part's value drops for some split
// (m sets, p pairs here; k−m, 1−p in the rest) that reaches r0: the drops of
// all values at once are the nibbles of e − e', 0 or 1 each.
func (ps *parts) effective(u int, nb *neighbors, rest *laneRow, r0 int, held *mjsolve.Counts) KindSet {
	e := nb.e
	k := ps.k
	var opt uint64 // a 1 in the nibble of each split that reaches r0
	reach := uint64(2)<<r0 - 1
	for m := 0; m <= k; m++ {
		// The rest's values with k−m sets: with the pair (high lane) when
		// this part has none, without it (low lane) when this part has it.
		other := rest[k-m]
		opt |= nonzero((other>>32)*pow2lo[value(e, 2*m)]&reach) << (8 * m)
		opt |= nonzero((other&lowLane)*pow2lo[value(e, 2*m+1)]&reach) << (8*m + 4)
	}
	base := 9 * u
	var eff KindSet
	for i := 0; i < mjsolve.Suit(u).Size(); i++ {
		// A kind held 4 times has nb.up 0: e − 0 may look like a drop.
		live := nonzero(uint64(4 - held[base+i]))
		eff |= KindSet(live&nonzero((e-nb.up[i])&opt)) << (base + i)
	}
	return eff
}

// nonzero returns 1 when x is not 0, else 0, without a branch (x < 2^63).
func nonzero(x uint64) uint64 { return (x | -x) >> 63 }

// complete reports whether the part s with index idx holding n tiles is
// complete by itself: n/3 sets, and a pair when n is 3j+2.
func (ps *parts) complete(s, idx, n int) bool {
	switch n % 3 {
	case 0:
		return value(ps.entry(s, idx), 2*(n/3)) == 0
	case 2:
		return value(ps.entry(s, idx), 2*(n/3)+1) == 0
	}
	return false
}

// checkPart checks a concealed part of 3k+rem tiles (k ≤ 5) and the tiles
// visible with it (see checkVisible); it returns k and the counts of seen
// tiles. wrongSize is the error's format for a part of another size, given
// its number of tiles.
func checkPart(c, visible *mjsolve.Counts, rem int, wrongSize string) (k int, seen *mjsolve.Counts, err error) {
	n, err := partSize(c)
	if err != nil {
		return 0, nil, err
	}
	if n%3 != rem {
		return 0, nil, partErrorf(PartConcealed, wrongSize, n)
	}
	seen, err = checkVisible(c, visible)
	return n / 3, seen, err
}

// checkVisible checks that visible (when not nil) holds at most 4 copies of
// a kind and at least the concealed tiles; it returns the counts of seen
// tiles to use (the concealed part when visible is nil).
func checkVisible(concealed *mjsolve.Counts, visible *mjsolve.Counts) (*mjsolve.Counts, error) {
	if visible == nil {
		return concealed, nil
	}
	for k, n := range visible {
		if n > 4 {
			return nil, inputErrorf("%d copies of %s visible (at most 4)", n, mjsolve.Kind(k))
		}
		if n < concealed[k] {
			return nil, inputErrorf("visible tiles must include the concealed part: %d of %s concealed, %d visible",
				concealed[k], mjsolve.Kind(k), n)
		}
	}
	return visible, nil
}

// KindSet is a set of kinds, bit k for kind k.
type KindSet uint64

// Has reports whether k is in the set.
func (s KindSet) Has(k mjsolve.Kind) bool { return s>>k&1 != 0 }

// Add adds k to the set.
func (s *KindSet) Add(k mjsolve.Kind) { *s |= 1 << k }

// Len returns the number of kinds in the set.
func (s KindSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Kinds returns the kinds of the set in increasing order.
func (s KindSet) Kinds() []mjsolve.Kind {
	out := make([]mjsolve.Kind, 0, s.Len())
	for k := mjsolve.Kind(0); k < mjsolve.NumKinds; k++ {
		if s.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

// String writes the set in compact notation, "147m5z"; the empty set is "".
func (s KindSet) String() string { return string(s.AppendText(nil)) }

// AppendText appends the set in compact notation to b, without allocating
// when b has room.
func (s KindSet) AppendText(b []byte) []byte {
	for suit := mjsolve.Man; suit <= mjsolve.Honor; suit++ {
		wrote := false
		for n := 1; n <= suit.Size(); n++ {
			if s.Has(mjsolve.Kind(9*int(suit) + n - 1)) {
				b = append(b, byte('0'+n))
				wrote = true
			}
		}
		if wrote {
			b = append(b, suit.Letter())
		}
	}
	return b
}

// MarshalText writes the set in compact notation.
func (s KindSet) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
