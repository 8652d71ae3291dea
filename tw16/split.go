package tw16

import (
	"encoding/binary"
	"math/bits"

	"github.com/mjsolve/mjsolve"
)

// AllKinds is the set of every kind.
const AllKinds KindSet = 1<<mjsolve.NumKinds - 1

// Split is a concealed part taken apart for shanten lookups one tile at a
// time. The shanten tables are per suit: adding or removing a tile changes
// the row of its own suit (or of the honors) only, so a Split keeps the
// four rows and Add and Remove look up just the changed one; Shanten then
// merges the four rows. It is the fast way to ask for the shanten of many
// hands one or two tiles apart, as a program that plays out hands does for
// every discard it weighs (each discard, then each draw after it).
//
// A Split is a value: copy it to try a change and keep the original.
// Its zero value is not usable; make one with Forms.Split. It is not safe
// for concurrent use: Effective keeps classes it looked up for the next call.
type Split struct {
	t    *partTables
	idx  [numParts]int32
	row  [numParts]uint8
	n    int8
	ligu bool
	c    mjsolve.Counts
	// class[t] is the class of t's half of the part (see pairTables) with
	// one more t, for the kinds t in classHave.
	classHave KindSet
	class     [mjsolve.NumKinds]uint32
}

// Split takes apart a concealed part of 3k+1 or 3k+2 tiles (k ≤ 5, at most
// 4 copies of a kind) for the forms f counts. It fails as Shanten does.
func (f Forms) Split(concealed mjsolve.Counts) (Split, error) {
	n, err := partSize(&concealed)
	if err != nil {
		return Split{}, err
	}
	s := Split{t: f.tables(), n: int8(n), ligu: f.Ligu, c: concealed}
	m, p, so, z := indexes(&concealed)
	s.idx = [numParts]int32{int32(m), int32(p), int32(so), int32(z)}
	for u := range numParts {
		s.row[u] = s.rowAt(u, int(s.idx[u]))
	}
	return s, nil
}

// rowAt returns the row number of part u at index idx.
func (s *Split) rowAt(u, idx int) uint8 { return s.t.rowAt(u, idx) }

// Counts returns the tiles of the part as it is now.
func (s *Split) Counts() mjsolve.Counts { return s.c }

// Len returns the number of tiles of the part as it is now.
func (s *Split) Len() int { return int(s.n) }

// Add adds a tile of kind k to the part. It reports false, and changes
// nothing, when the part holds 4 copies of k already or 3·5+2 = 17 tiles.
func (s *Split) Add(k mjsolve.Kind) bool {
	if k >= mjsolve.NumKinds || s.c[k] >= 4 || s.n >= 3*maxMelds+2 {
		return false
	}
	u, w := partOf(k)
	s.c[k]++
	s.n++
	s.classHave = 0
	s.idx[u] += int32(w)
	s.row[u] = s.rowAt(u, int(s.idx[u]))
	return true
}

// Remove takes a tile of kind k from the part. It reports false, and
// changes nothing, when the part holds no k.
func (s *Split) Remove(k mjsolve.Kind) bool {
	if k >= mjsolve.NumKinds || s.c[k] == 0 {
		return false
	}
	u, w := partOf(k)
	s.c[k]--
	s.n--
	s.classHave = 0
	s.idx[u] -= int32(w)
	s.row[u] = s.rowAt(u, int(s.idx[u]))
	return true
}

// Shanten returns the shanten number of the part as it is now, the same
// number as Forms.Shanten of Counts. It reports false when the part has a
// multiple of 3 tiles, which has no shanten number (it is on its way from
// one size to another).
func (s *Split) Shanten() (int, bool) {
	k := setsOf[s.n&127]
	if k < 0 {
		return 0, false
	}
	r := s.t.pairs.replacement(s.row[0], s.row[1], s.row[2], s.row[3], int(k))
	if s.ligu && k == maxMelds {
		r = min(r, liguReplacement(&s.c))
	}
	return r - 1, true
}

// Effective returns the kinds of among whose draw lowers the shanten
// number of a part of 3k+1 tiles (a fifth copy of a kind is not drawn):
// with among = AllKinds, the effective tiles, the kinds of Forms.Effective.
// It returns the empty set for a part of another size. Each kind asked
// costs a lookup of its suit's row and the merge; a caller that needs only
// some kinds saves the rest.
func (s *Split) Effective(among KindSet) KindSet {
	if s.n%3 != 1 {
		return 0
	}
	k := int(s.n / 3)
	if s.ligu && k == maxMelds {
		return s.effectiveSlow(among)
	}
	return s.effective(&s.c, &s.row, mjsolve.NumKinds, 0, among)
}

// effective is Effective of the part with counts c and rows (the part's
// own, d = NumKinds, or those less one tile of kind d at the index idxD of its
// part), looking up the classes of draws in the other half in s.class.
//
// The X class merges the honors with the first suit, the Y class the other
// two suits. A draw in the half d is not of changes that half's class to
// the same class for every d: it is kept in s.class. The draws in d's half
// are looked up part by part, each part's loop without branches but the
// test of the lookup.
func (s *Split) effective(c *mjsolve.Counts, rows *[numParts]uint8, d mjsolve.Kind, idxD int, among KindSet) KindSet {
	pt := &s.t.pairs
	x := pt.honorSuit[uint16(rows[3])<<8|uint16(rows[0])]
	y := uint32(pt.suitSuit[uint16(rows[1])<<8|uint16(rows[2])])
	kk := uint32(s.n/3) << 18
	r0 := pt.final[(kk|x|y)&(8<<18-1)]
	among &= AllKinds &^ fourSet(c)
	own := KindSet(0) // d's half
	if d < mjsolve.NumKinds {
		own = halfKinds[d/9]
	}
	// The other half: one lookup a draw, its class kept for the next d.
	other := among &^ own
	for m := uint64(other &^ s.classHave); m != 0; m &= m - 1 {
		t := bits.TrailingZeros64(m)
		u, i := t/9, t%9
		xt, yt := pt.classesWith(rows, u, s.rowAt(u, int(s.idx[u])+pow5[i]), x, y)
		if u == 0 || u == 3 {
			s.class[t] = xt
		} else {
			s.class[t] = yt
		}
	}
	s.classHave |= other
	var eff KindSet
	for m := uint64(other & xHalf); m != 0; m &= m - 1 {
		t := bits.TrailingZeros64(m)
		if pt.final[(kk|s.class[t]|y)&(8<<18-1)] < r0 {
			eff |= 1 << t
		}
	}
	for m := uint64(other & yHalf); m != 0; m &= m - 1 {
		t := bits.TrailingZeros64(m)
		if pt.final[(kk|x|s.class[t])&(8<<18-1)] < r0 {
			eff |= 1 << t
		}
	}
	if own == 0 {
		return eff
	}
	// d's half: d's own part from the index less d, the other part of the
	// half from its own index.
	ud := int(d / 9)
	eff |= s.partDraws(rows, ud, among&partKinds[ud], idxD, x, y, kk, r0)
	up := partner[ud]
	return eff | s.partDraws(rows, up, among&partKinds[up], int(s.idx[up]), x, y, kk, r0)
}

// fourSet returns the set of the kinds c holds 4 of (bit 2 of a count of
// at most 4), eight counts a word.
func fourSet(c *mjsolve.Counts) KindSet {
	const ones = 0x0101010101010101
	gather := func(x uint64) KindSet { return KindSet((((x >> 2) & ones) * 0x0102040810204080) >> 56) }
	return gather(binary.LittleEndian.Uint64(c[0:8])) | gather(binary.LittleEndian.Uint64(c[8:16]))<<8 |
		gather(binary.LittleEndian.Uint64(c[16:24]))<<16 | gather(binary.LittleEndian.Uint64(c[24:32]))<<24 |
		gather(uint64(binary.LittleEndian.Uint16(c[32:34])))<<32
}

// Kinds of each part and of each half; the part sharing a half with each.
var (
	partKinds = [numParts]KindSet{0x1ff, 0x1ff << 9, 0x1ff << 18, 0x7f << 27}
	xHalf     = partKinds[0] | partKinds[3]
	yHalf     = partKinds[1] | partKinds[2]
	halfKinds = [numParts]KindSet{xHalf, yHalf, yHalf, xHalf}
	partner   = [numParts]int{3, 2, 1, 0}
)

// partDraws returns the kinds of set, all of part u, whose draw to the part
// of rows, whose part u has the index idx, lowers its replacement number
// r0; x and y are the classes of rows and kk the number of sets shifted
// for the final lookup.
func (s *Split) partDraws(rows *[numParts]uint8, u int, set KindSet, idx int, x, y, kk uint32, r0 uint8) KindSet {
	pt := &s.t.pairs
	base := 9 * u
	var eff KindSet
	switch u {
	case 0, 3:
		// The X class: honorSuit[honor row<<8 | first suit's row].
		fixed, shift := uint16(rows[3])<<8, 0
		if u == 3 {
			fixed, shift = uint16(rows[0]), 8
		}
		for m := uint64(set); m != 0; m &= m - 1 {
			t := bits.TrailingZeros64(m)
			row := s.rowAt(u, idx+pow5[t-base])
			xt := pt.honorSuit[fixed|uint16(row)<<shift]
			if pt.final[(kk|xt|y)&(8<<18-1)] < r0 {
				eff |= 1 << t
			}
		}
	default:
		// The Y class: suitSuit[second suit's row<<8 | third's].
		fixed, shift := uint16(rows[2]), 8
		if u == 2 {
			fixed, shift = uint16(rows[1])<<8, 0
		}
		for m := uint64(set); m != 0; m &= m - 1 {
			t := bits.TrailingZeros64(m)
			row := s.rowAt(u, idx+pow5[t-base])
			yt := uint32(pt.suitSuit[fixed|uint16(row)<<shift])
			if pt.final[(kk|x|yt)&(8<<18-1)] < r0 {
				eff |= 1 << t
			}
		}
	}
	return eff
}

// effectiveSlow is Effective by adding each kind in turn, for the forms
// whose shanten the rows alone do not give.
func (s *Split) effectiveSlow(among KindSet) KindSet {
	sh0, _ := s.Shanten()
	var eff KindSet
	for t := range mjsolve.Kind(mjsolve.NumKinds) {
		if !among.Has(t) {
			continue
		}
		u := *s
		if u.Add(t) {
			if sh, _ := u.Shanten(); sh < sh0 {
				eff.Add(t)
			}
		}
	}
	return eff
}

// ShantenAfter returns the shanten number of the part less one tile of
// kind d, as Remove(d) then Shanten would, without changing the part. It
// reports false when the part holds no d or the part less d has a
// multiple of 3 tiles.
func (s *Split) ShantenAfter(d mjsolve.Kind) (int, bool) {
	if d >= mjsolve.NumKinds || s.c[d] == 0 {
		return 0, false
	}
	k := setsOf[(s.n-1)&127]
	if k < 0 {
		return 0, false
	}
	if s.ligu && k == maxMelds {
		t := *s
		t.Remove(d)
		return t.Shanten()
	}
	u, w := partOf(d)
	rows := s.row
	rows[u] = s.rowAt(u, int(s.idx[u])-w)
	return s.t.pairs.replacement(rows[0], rows[1], rows[2], rows[3], int(k)) - 1, true
}

// EffectiveAfter returns Effective(among) of the part less one tile of
// kind d, as Remove(d) then Effective would, without changing the part;
// the empty set when the part holds no d or does not have 3k+2 tiles.
// Weighing every discard of a part this way, the rows of the draws in the
// suits d is not of are looked up once for them all.
func (s *Split) EffectiveAfter(d mjsolve.Kind, among KindSet) KindSet {
	if d >= mjsolve.NumKinds || s.c[d] == 0 || s.n%3 != 2 {
		return 0
	}
	if s.ligu && s.n/3 == maxMelds {
		t := *s
		t.Remove(d)
		return t.effectiveSlow(among)
	}
	ud, wd := partOf(d)
	c := s.c
	c[d]--
	rows := s.row
	idxD := int(s.idx[ud]) - wd
	rows[ud] = s.rowAt(ud, idxD)
	return s.effective(&c, &rows, d, idxD, among)
}
