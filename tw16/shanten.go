package tw16

import (
	"encoding/binary"

	"github.com/mjsolve/mjsolve"
)

// Forms chooses the winning forms that shanten, waits, effective tiles and
// discard advice count. The zero value counts the standard form only: k sets
// (sequences or triplets) and a pair for a concealed part of 3k+1 or 3k+2
// tiles.
type Forms struct {
	// Ligu also counts 嚦咕嚦咕: seven pairs and a triplet, eight different
	// kinds, as a complete 17-tile concealed hand. It applies only to a
	// concealed part of 16 or 17 tiles (a hand without melds).
	Ligu bool
	// Tables are the replacement tables to look up; nil means the default
	// tables (see DefaultTables).
	Tables *TableSet
}

// Shanten returns the shanten number (上聽數) of a concealed part of 3k+1 or
// 3k+2 tiles with k ≤ 5. It counts the standard form only: −1 when the part
// is complete, 0 when it is one tile from complete (tenpai, 聽牌), n when n
// more useful tiles are needed to reach tenpai. Exposed melds and concealed
// kongs are not part of it; they only lower k.
func Shanten(concealed mjsolve.Counts) (int, error) { return Forms{}.shanten(&concealed) }

// Shanten returns the shanten number of a concealed part of 3k+1 or 3k+2
// tiles (k ≤ 5) counting the forms f selects. It is exact: it is one less
// than the fewest tiles to exchange (the last one only drawn for 3k+1 tiles)
// to reach a complete form with at most 4 copies of a kind.
func (f Forms) Shanten(concealed mjsolve.Counts) (int, error) { return f.shanten(&concealed) }

// shanten is Shanten of the counts at c. (Shanten and Forms.Shanten, small
// enough to inline, copy the counts once, not once each.)
func (f Forms) shanten(c *mjsolve.Counts) (int, error) {
	ts := f.Tables
	if ts == nil {
		ts = defaults.loaded.Load() // nil until the default tables load
	}
	var pt *partTables
	if ts != nil {
		pt = ts.pt.Load()
	}
	if pt == nil {
		// Not loaded yet: check the part before loading them.
		if _, err := partSize(c); err != nil {
			return 0, err
		}
		pt = f.tables()
	}
	r, k := pt.checkedReplacement(c)
	if k < 0 {
		_, err := partSize(c)
		return 0, err
	}
	if f.Ligu && k == maxMelds {
		r = min(r, liguReplacement(c))
	}
	return r - 1, nil
}

// checkedReplacement returns the replacement number of c (the fewest tiles
// to exchange to turn it into k sets and a pair) and its number of sets k,
// or k = −1 when c is not a concealed part (see partSize). It is the hot
// path of every analysis, the checks and lookups written out in one
// function.
func (t *partTables) checkedReplacement(c *mjsolve.Counts) (r, k int) {
	x0, x1, x2, x3, x4 := words(c)
	n := total(x0, x1, x2, x3, x4)
	k = int(setsOf[n&127])
	if overFour(x0, x1, x2, x3, x4) || k < 0 || n > 3*maxMelds+2 {
		return 0, -1
	}
	// indexesWords, written out (a call costs more than the arithmetic).
	m := index8(x0) + int(x1&0xff)*pow5[8]
	p := index8(x1>>8|x4<<56) + int(x4>>8)*pow5[8]
	s := index8(x2) + int(x3&0xff)*pow5[8]
	z := index8(x3 >> 8)
	return t.pairs.replacement(t.suitRow[m&(suitIndexes-1)], t.suitRow[p&(suitIndexes-1)],
		t.suitRow[s&(suitIndexes-1)], t.honorRow[z&(honorIndexes-1)], k), k
}

// setsOf[n] is k for a concealed part of n = 3k+1 or 3k+2 tiles, −1 for n
// a multiple of 3 (n < 128; the caller checks n ≤ 17).
var setsOf = func() (s [128]int8) {
	for n := range s {
		s[n] = int8(n / 3)
		if n%3 == 0 {
			s[n] = -1
		}
	}
	return
}()

// sizeError is the error for a concealed part of n tiles, n not 3k+1 or
// 3k+2 with k ≤ 5.
func sizeError(n int) error {
	return fieldErrorf(FieldHand, "a concealed part has 3k+1 or 3k+2 tiles (1, 2, 4, 5, … 16, 17), not %d", n)
}

// partSize checks a concealed part (at most 4 copies of a kind, 3k+1 or 3k+2
// tiles with k ≤ 5) and returns its number of tiles.
func partSize(c *mjsolve.Counts) (int, error) {
	x0, x1, x2, x3, x4 := words(c)
	if overFour(x0, x1, x2, x3, x4) {
		return 0, c.Validate()
	}
	n := total(x0, x1, x2, x3, x4)
	if n%3 == 0 || n > 3*maxMelds+2 {
		return 0, sizeError(n)
	}
	return n, nil
}

// overFour reports whether a count loaded by words is over 4: a byte is
// when it has its high bit set or gets it from adding 0x7b.
func overFour(x0, x1, x2, x3, x4 uint64) bool {
	const highs, plus = 0x8080808080808080, 0x7b7b7b7b7b7b7b7b
	return (x0|x1|x2|x3|x4|(x0+plus)|(x1+plus)|(x2+plus)|(x3+plus)|(x4+plus))&highs != 0
}

// total returns the number of tiles of counts loaded by words, each at most
// 4: the bytes of four words summed stay at most 16, and their total comes
// from one multiplication.
func total(x0, x1, x2, x3, x4 uint64) int {
	const ones = 0x0101010101010101
	return int(((x0+x1+x2+x3)*ones)>>56 + x4&0xff + x4>>8)
}

// words loads the counts of c: those of kinds 16 and 17 (7p, 8p) as x4,
// the others as four words: the kinds 0..7, 8..15, 18..25 and 26..33. Go
// copies a Counts in 16 bytes at offsets 0, 16 and 18, and a load that
// straddles two such stores waits for them to reach the cache; each of
// these reads from one.
func words(c *mjsolve.Counts) (x0, x1, x2, x3, x4 uint64) {
	return binary.LittleEndian.Uint64(c[0:8]), binary.LittleEndian.Uint64(c[8:16]),
		binary.LittleEndian.Uint64(c[18:26]), binary.LittleEndian.Uint64(c[26:34]),
		uint64(binary.LittleEndian.Uint16(c[16:18]))
}

// indexes returns the table indexes of the four parts of c.
func indexes(c *mjsolve.Counts) (m, p, s, z int) {
	return indexesWords(words(c))
}

// indexesWords returns the table indexes of the four parts of counts loaded
// by words.
func indexesWords(x0, x1, x2, x3, x4 uint64) (m, p, s, z int) {
	m = index8(x0) + int(x1&0xff)*pow5[8]
	p = index8(x1>>8|x4<<56) + int(x4>>8)*pow5[8]
	s = index8(x2) + int(x3&0xff)*pow5[8]
	z = index8(x3 >> 8)
	return
}

// index8 returns Σ b_i·5^i over the eight bytes b_i of x (each at most 4),
// combining neighbours pairwise: bytes into 16-bit lanes, then 32, then 64.
func index8(x uint64) int {
	x = x&0x00ff00ff00ff00ff + (x>>8&0x00ff00ff00ff00ff)*5
	x = x&0x0000ffff0000ffff + (x>>16&0x0000ffff0000ffff)*25
	return int(x&0xffffffff + (x>>32)*625)
}

// replacement returns the fewest tiles to exchange to turn c, a concealed
// part of 3k+1 or 3k+2 tiles, into k sets and a pair.
func replacement(t *partTables, c *mjsolve.Counts) int {
	r, _ := t.checkedReplacement(c)
	return r
}

// value returns the value of entry v = 2m+p of a packed table entry x.
func value(x uint64, v int) uint64 { return x >> (4 * v) & 15 }

// liguReplacement returns the fewest tiles to exchange to turn a concealed
// part of 16 or 17 tiles into 嚦咕嚦咕: seven pairs and a triplet of eight
// different kinds. It is 17 minus the most tiles of c such a form can use.
func liguReplacement(c *mjsolve.Counts) int {
	// Every kind serves a pair with min(c, 2) tiles; the triplet's kind uses
	// min(c, 3). The best form takes the seven best pairs among the other kinds.
	var byPair [3]int // number of kinds that give a pair 0, 1 or 2 tiles
	for _, v := range c {
		byPair[min(v, 2)]++
	}
	top7 := func(skip int) int { // the 7 best pair values, one kind of value skip left out
		n := byPair
		n[skip]--
		sum, left := 0, 7
		for v := 2; v >= 0 && left > 0; v-- {
			take := min(n[v], left)
			sum += take * v
			left -= take
		}
		return sum
	}
	best := 0
	for _, v := range c {
		best = max(best, int(min(v, 3))+top7(int(min(v, 2))))
	}
	return 17 - best
}
