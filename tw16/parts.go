package tw16

import (
	"math/bits"

	"github.com/mjsolve/mjsolve"
)

// The four parts of a hand, in the order of the kinds: three numbered suits
// and the honors.
const numParts = 4

// parts is a hand taken apart for the table lookups: the table index and
// the row number of each part.
type parts struct {
	t   *partTables
	k   int
	idx [numParts]int
	row [numParts]uint8
}

// partOf returns the part of kind k and the index weight of its count.
func partOf(k mjsolve.Kind) (part, weight int) { return int(k / 9), pow5[k%9] }

// init sets up ps for a hand of counts c that completes with k sets, with
// the tables t.
func (ps *parts) init(t *partTables, c *mjsolve.Counts, k int) {
	ps.t = t
	ps.k = k
	ps.idx[0], ps.idx[1], ps.idx[2], ps.idx[3] = indexes(c)
	for s := range ps.row {
		ps.row[s] = ps.rowAt(s, ps.idx[s])
	}
}

// rowAt returns the row number of part s at index idx.
func (ps *parts) rowAt(s, idx int) uint8 { return ps.t.rowAt(s, idx) }

// rowAt returns the row number of part s (the honors last) at index idx.
func (t *partTables) rowAt(s, idx int) uint8 {
	if s == numParts-1 {
		return t.honorRow[idx&(honorIndexes-1)]
	}
	return t.suitRow[idx&(suitIndexes-1)]
}

// replacement returns the replacement number of a hand of k sets whose parts
// have the row numbers rows.
func (ps *parts) replacement(rows *[numParts]uint8) int {
	return ps.t.pairs.replacement(rows[0], rows[1], rows[2], rows[3], ps.k)
}

// classesWith returns the X and Y classes of the rows with part u's row
// replaced by row, where x and y are the classes of rows: one lookup, in
// the half u is of.
func (pt *pairTables) classesWith(rows *[numParts]uint8, u int, row uint8, x, y uint32) (uint32, uint32) {
	switch u {
	case 0:
		return pt.honorSuit[uint16(rows[3])<<8|uint16(row)], y
	case 1:
		return x, uint32(pt.suitSuit[uint16(row)<<8|uint16(rows[2])])
	case 2:
		return x, uint32(pt.suitSuit[uint16(rows[1])<<8|uint16(row)])
	}
	return pt.honorSuit[uint16(row)<<8|uint16(rows[0])], y
}

// draws returns the kinds t, held fewer than 4 times in c, whose addition
// to the hand with the row numbers rows (a part of c's size, or c with one
// tile of part s taken off at weight ws; s = −1 for none) lowers its
// replacement number r0. up[t] is the row number of t's part with one more
// t in c (for the parts other than s).
//
// Adding a tile changes one part's row, and with it one of the two merged
// rows of pairTables: a lookup of the new row, of the merged row and of the
// hand's replacement number.
func (ps *parts) draws(c *mjsolve.Counts, rows *[numParts]uint8, s, ws, r0 int, up *[mjsolve.NumKinds]uint8) KindSet {
	pt := &ps.t.pairs
	x := pt.honorSuit[uint16(rows[3])<<8|uint16(rows[0])]
	y := uint32(pt.suitSuit[uint16(rows[1])<<8|uint16(rows[2])])
	k := uint32(ps.k) << 18
	var eff KindSet
	for u := range numParts {
		base := 9 * u
		for i := range mjsolve.Suit(u).Size() {
			t := base + i
			if c[t] == 4 {
				continue
			}
			row := up[t]
			if u == s {
				row = ps.rowAt(u, ps.idx[u]-ws+pow5[i])
			}
			xt, yt := pt.classesWith(rows, u, row, x, y)
			if int(pt.final[(k|xt|yt)&(8<<18-1)]) < r0 {
				eff |= 1 << t
			}
		}
	}
	return eff
}

// ups sets up[t], for every kind t held fewer than 4 times in c, to the row
// number of t's part with one more t.
func (ps *parts) ups(c *mjsolve.Counts, up *[mjsolve.NumKinds]uint8) {
	for u := range numParts {
		base := 9 * u
		for i := range mjsolve.Suit(u).Size() {
			if c[base+i] < 4 {
				up[base+i] = ps.rowAt(u, ps.idx[u]+pow5[i])
			}
		}
	}
}

// complete reports whether the part s with index idx holding n tiles is
// complete by itself: n/3 sets, and a pair when n is 3j+2.
func (ps *parts) complete(s, idx, n int) bool {
	var e uint64
	if s == numParts-1 {
		e = ps.t.honor(idx)
	} else {
		e = ps.t.suit(idx)
	}
	switch n % 3 {
	case 0:
		return value(e, 2*(n/3)) == 0
	case 2:
		return value(e, 2*(n/3)+1) == 0
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
		return 0, nil, fieldErrorf(FieldHand, wrongSize, n)
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
