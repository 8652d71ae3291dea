package tw16

import (
	"encoding/binary"
	"fmt"
	"sync"
	"time"
)

// Index ranges of the row-number arrays: powers of two above 5^9 and 5^7,
// so that an index masked to them needs no bounds check.
const (
	suitIndexes  = 1 << 21
	honorIndexes = 1 << 17
	maxRows      = 256 // row numbers are bytes
)

// partTables holds the replacement tables of the two kinds of parts.
//
// The table of a part gives, for every count vector, a packed row of 12
// values (see buildPart). The 5^9 numbered-suit vectors have only 187
// distinct rows and the 5^7 honor vectors 83, so each table is kept as a
// byte per vector, the number of its row (suitRow, honorRow), and the rows
// themselves (suitRows, honorRows): 2 MiB and 128 KiB of row numbers where
// the packed rows of every vector would take 16 MB.
type partTables struct {
	suitRow   *[suitIndexes]uint8
	honorRow  *[honorIndexes]uint8
	suitRows  [maxRows]uint64
	honorRows [maxRows]uint64
	// nSuit and nHonor are the numbers of distinct rows.
	nSuit, nHonor int
	// pairs serve the replacement number of a whole hand.
	pairs pairTables
}

// suit returns the packed row of the suit vector with index idx.
func (t *partTables) suit(idx int) uint64 { return t.suitRows[t.suitRow[idx&(suitIndexes-1)]] }

// honor returns the packed row of the honor vector with index idx.
func (t *partTables) honor(idx int) uint64 { return t.honorRows[t.honorRow[idx&(honorIndexes-1)]] }

// buildTables generates both tables and reports how long it took.
func buildTables() (*partTables, time.Duration) {
	start := time.Now()
	var suit, honor []uint64
	var wg sync.WaitGroup
	wg.Go(func() { honor = buildPart(honorKinds, false) })
	suit = buildPart(suitKinds, true)
	wg.Wait()
	suitRows, suitRow := rowNumbers(suit)
	honorRows, honorRow := rowNumbers(honor)
	t, err := newPartTables(suitRows, honorRows, suitRow, honorRow)
	if err != nil {
		// The generated tables have 187 and 83 rows (TestTablesRows).
		panic(err)
	}
	return t, time.Since(start)
}

// newPartTables assembles the tables from the distinct rows of each part and
// the row number of each vector, and derives the pair tables. It checks the
// numbers of rows and that every row number is in range.
func newPartTables(suitRows, honorRows []uint64, suitRow, honorRow []uint8) (*partTables, error) {
	t, err := assemblePartTables(suitRows, honorRows, suitRow, honorRow)
	if err != nil {
		return nil, err
	}
	if err := t.pairs.derive(t); err != nil {
		return nil, err
	}
	return t, nil
}

// assemblePartTables is newPartTables without the pair tables.
func assemblePartTables(suitRows, honorRows []uint64, suitRow, honorRow []uint8) (*partTables, error) {
	if len(suitRows) == 0 || len(suitRows) > maxRows || len(honorRows) == 0 || len(honorRows) > maxRows {
		return nil, fmt.Errorf("tw16: tables: %d suit rows and %d honor rows, want 1..%d", len(suitRows), len(honorRows), maxRows)
	}
	if len(suitRow) != suitVectors || len(honorRow) != honorVectors {
		return nil, fmt.Errorf("tw16: tables: %d suit and %d honor vectors, want %d and %d", len(suitRow), len(honorRow), suitVectors, honorVectors)
	}
	for _, r := range suitRow {
		if int(r) >= len(suitRows) {
			return nil, fmt.Errorf("tw16: tables: suit row number %d of %d", r, len(suitRows))
		}
	}
	for _, r := range honorRow {
		if int(r) >= len(honorRows) {
			return nil, fmt.Errorf("tw16: tables: honor row number %d of %d", r, len(honorRows))
		}
	}
	t := &partTables{
		suitRow: new([suitIndexes]uint8), honorRow: new([honorIndexes]uint8),
		nSuit: len(suitRows), nHonor: len(honorRows),
	}
	copy(t.suitRow[:], suitRow)
	copy(t.honorRow[:], honorRow)
	copy(t.suitRows[:], suitRows)
	copy(t.honorRows[:], honorRows)
	return t, nil
}

// rowNumbers numbers the distinct entries of table in order of first
// appearance: it returns them and the number of each entry. The numbers are
// bytes: the caller checks that there are at most 256 rows (the last ones
// then wrap).
func rowNumbers(table []uint64) (rows []uint64, num []uint8) {
	seen := make(map[uint64]int)
	num = make([]uint8, len(table))
	last, lastNum := table[0], 0
	seen[last] = 0
	rows = append(rows, last)
	for i, x := range table {
		if x != last {
			n, ok := seen[x]
			if !ok {
				n = len(rows)
				seen[x] = n
				rows = append(rows, x)
			}
			last, lastNum = x, n
		}
		num[i] = uint8(lastNum)
	}
	return rows, num
}

// pairTables serve the replacement number of k sets and a pair of a whole
// hand, for every k = 0..5 (every hand size), with three lookups after the
// row numbers and no arithmetic. They are derived from the part tables when
// those are loaded.
//
// The min-plus merge of two parts' rows (values for 0..5 sets, with and
// without the pair) is taken for every pair of rows that can meet: the
// honors with a suit (83 × 187, giving 275 distinct merged rows, the X
// classes), and a suit with a suit (187 × 187, 328 distinct, the Y
// classes). A hand's replacement number is the least X_i + Y_{k−i} with the
// pair in exactly one of the two, where X is the merge of its honors and
// first suit and Y that of its other two suits; it depends only on the two
// classes and k, and final holds it for every pair of classes.
//
// Every table is indexed by bytes or classes shifted into place, masked to
// its power-of-two size: no multiplication and no bounds check. Their sizes:
// honorSuit 256 KiB, suitSuit 128 KiB, final 2 MiB, of which the entries in
// use (83 × 187 × 4, 187 × 187 × 2, and 6 × 275 × 512 bytes) are the only
// ones touched; a hand of k sets touches final's k part only (141 KB).
type pairTables struct {
	// honorSuit[h<<8 | a] is the X class of honor row h with suit row a,
	// shifted left by classBits; suitSuit[a<<8 | b] the Y class of suit rows
	// a and b.
	honorSuit *[1 << 16]uint32
	suitSuit  *[1 << 16]uint16
	// final[k<<18 | x<<classBits | y] is the replacement number of k sets
	// and a pair for X class x and Y class y.
	final *[8 << 18]uint8
	// nX and nY are the numbers of classes.
	nX, nY int
}

// classBits is the width of a class number: the tables take up to 512
// classes of each kind (there are 275 and 328).
const classBits = 9

// replacement returns the fewest tiles to exchange to make k sets and a
// pair of a hand whose parts have the row numbers m, p, s (suits) and z
// (honors).
func (pt *pairTables) replacement(m, p, s, z uint8, k int) int {
	x := pt.honorSuit[uint16(z)<<8|uint16(m)]
	y := pt.suitSuit[uint16(p)<<8|uint16(s)]
	return int(pt.final[(uint32(k)<<18|x|uint32(y))&(8<<18-1)])
}

// derive computes the pair tables of t. It fails when there are more
// classes than the tables hold (there are not).
func (pt *pairTables) derive(t *partTables) error {
	xs, ys := make(map[pairRow]int), make(map[pairRow]int)
	var xRows, yRows []pairRow
	class := func(seen map[pairRow]int, rows *[]pairRow, r pairRow) int {
		c, ok := seen[r]
		if !ok {
			c = len(*rows)
			seen[r] = c
			*rows = append(*rows, r)
		}
		return c
	}
	pt.honorSuit, pt.suitSuit = new([1 << 16]uint32), new([1 << 16]uint16)
	for h, x := range t.honorRows[:t.nHonor] {
		for a, y := range t.suitRows[:t.nSuit] {
			pt.honorSuit[h<<8|a] = uint32(class(xs, &xRows, packPair(mergePair(x, y), false))) << classBits
		}
	}
	for a, x := range t.suitRows[:t.nSuit] {
		for b, y := range t.suitRows[:t.nSuit] {
			pt.suitSuit[a<<8|b] = uint16(class(ys, &yRows, packPair(mergePair(x, y), true)))
		}
	}
	pt.nX, pt.nY = len(xRows), len(yRows)
	if pt.nX > 1<<classBits || pt.nY > 1<<classBits {
		return fmt.Errorf("tw16: tables: %d and %d classes of merged rows, at most %d", pt.nX, pt.nY, 1<<classBits)
	}
	pt.final = new([8 << 18]uint8)
	for k := 0; k <= maxMelds; k++ {
		for x, xr := range xRows {
			for y, yr := range yRows {
				pt.final[k<<18|x<<classBits|y] = uint8(pairMin(&xr, &yr, k))
			}
		}
	}
	return nil
}

// load sets the pair tables of t from the cache's layout (see cache.go):
// nX and nY classes, the X class of every honor and suit row (hs) and the Y
// class of every two suit rows (ss), uint16 each, and final's entries in
// use, k by k and x by x. It fails on a class out of range or a
// replacement number that no hand has.
func (pt *pairTables) load(t *partTables, nX, nY int, hs, ss, final []byte) error {
	if len(hs) != 2*t.nHonor*t.nSuit || len(ss) != 2*t.nSuit*t.nSuit || len(final) != (maxMelds+1)*nX*nY ||
		nX > 1<<classBits || nY > 1<<classBits {
		return fmt.Errorf("tw16: tables: pair tables of %d, %d and %d bytes for %d and %d classes", len(hs), len(ss), len(final), nX, nY)
	}
	pt.honorSuit, pt.suitSuit = new([1 << 16]uint32), new([1 << 16]uint16)
	for h := range t.nHonor {
		for a := range t.nSuit {
			c := binary.LittleEndian.Uint16(hs[2*(h*t.nSuit+a):])
			if int(c) >= nX {
				return fmt.Errorf("tw16: tables: X class %d of %d", c, nX)
			}
			pt.honorSuit[h<<8|a] = uint32(c) << classBits
		}
	}
	for a := range t.nSuit {
		for b := range t.nSuit {
			c := binary.LittleEndian.Uint16(ss[2*(a*t.nSuit+b):])
			if int(c) >= nY {
				return fmt.Errorf("tw16: tables: Y class %d of %d", c, nY)
			}
			pt.suitSuit[a<<8|b] = c
		}
	}
	pt.final = new([8 << 18]uint8)
	for k := range maxMelds + 1 {
		for x := range nX {
			row := final[(k*nX+x)*nY:][:nY]
			for _, v := range row {
				if v > 2*valueCap {
					return fmt.Errorf("tw16: tables: replacement number %d", v)
				}
			}
			copy(pt.final[k<<18|x<<classBits:], row)
		}
	}
	pt.nX, pt.nY = nX, nY
	return nil
}

// equal reports whether two pair tables are the same.
func (pt *pairTables) equal(o *pairTables) bool {
	return pt.nX == o.nX && pt.nY == o.nY && *pt.honorSuit == *o.honorSuit && *pt.suitSuit == *o.suitSuit && *pt.final == *o.final
}

// pairRow holds the merge of two parts, a value per byte: byte i of lo is
// the value of i sets without the pair and byte i of hi with it; a
// reversed row holds the values of 5 − i sets in byte i instead. Bytes 6
// and 7 hold pairFiller. Every value is at most 15 + 15 = 30.
type pairRow struct{ lo, hi uint64 }

// pairFiller fills the bytes past the sixth of a pairRow: the sum of two is
// more than any sum of two values (at most 60) and less than 128, as
// minBytes requires.
const pairFiller = 0x3f

// pairMin returns the least X_i + Y_{k−i} over i = 0..k with the pair in
// exactly one of the merged rows x and y, y reversed.
func pairMin(x, y *pairRow, k int) int {
	// y is reversed, byte j holding Y_{5−j}: shifted down 5−k bytes, byte i
	// holds Y_{k−i}. Byte i: X_i without the pair + Y_{k−i} with it, and the
	// other way; the bytes past k are set to 0x7f, more than any sum.
	sh := uint(8 * (maxMelds - k))
	v := minBytes(x.lo+y.hi>>sh, x.hi+y.lo>>sh) | 0x7f7f7f7f7f7f7f7f<<uint(8*k+8)
	v = minBytes(v, v>>32) // bytes 0..3 hold the least of bytes i and i+4
	v = minBytes(v, v>>16)
	v = minBytes(v, v>>8)
	return int(v & 0xff)
}

// minBytes returns the bytewise minimum of a and b, whose bytes are each
// less than 128.
func minBytes(a, b uint64) uint64 {
	const highs = 0x8080808080808080
	ge := ((a | highs) - b) & highs // 0x80 in the bytes where a ≥ b (no borrows)
	mask := ge - ge>>7              // 0x7f there
	return a ^ (a^b)&mask
}

// mergePair returns the min-plus merge of two parts with packed table
// entries x and y: for m = 0..5 sets and p = 0, 1 pairs, the least
// x(i, q) + y(m − i, p − q).
func mergePair(x, y uint64) (out [maxMelds + 1][2]int) {
	for m := range out {
		out[m] = [2]int{2 * valueCap, 2 * valueCap}
		for i := 0; i <= m; i++ {
			x0, x1 := int(value(x, 2*i)), int(value(x, 2*i+1))
			y0, y1 := int(value(y, 2*(m-i))), int(value(y, 2*(m-i)+1))
			out[m][0] = min(out[m][0], x0+y0)
			out[m][1] = min(out[m][1], x0+y1, x1+y0)
		}
	}
	return out
}

// packPair packs merged values into a pairRow, reversed (byte i for
// 5 − i sets) when rev is set.
func packPair(v [maxMelds + 1][2]int, rev bool) pairRow {
	const filler = pairFiller<<48 | pairFiller<<56
	r := pairRow{filler, filler}
	for m := range v {
		at := m
		if rev {
			at = maxMelds - m
		}
		r.lo |= uint64(v[m][0]) << (8 * at)
		r.hi |= uint64(v[m][1]) << (8 * at)
	}
	return r
}
