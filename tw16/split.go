package tw16

import (
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
// for concurrent use: Effective keeps rows it looked up for the next call.
type Split struct {
	t    *partTables
	idx  [numParts]int32
	row  [numParts]uint8
	n    int8
	ligu bool
	c    mjsolve.Counts
	// up[t] is the row of t's part with one more t, for the kinds t in
	// upHave (looked up as Effective needs them).
	upHave KindSet
	up     [mjsolve.NumKinds]uint8
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
	s.upHave, s.classHave = 0, 0
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
	s.upHave, s.classHave = 0, 0
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
// part), looking up the rows of draws in the other parts in s.up.
func (s *Split) effective(c *mjsolve.Counts, rows *[numParts]uint8, d mjsolve.Kind, idxD int, among KindSet) KindSet {
	k := int(s.n / 3)
	ud := -1
	if d < mjsolve.NumKinds {
		ud = int(d / 9)
	}
	pt := &s.t.pairs
	x := pt.honorSuit[uint16(rows[3])<<8|uint16(rows[0])]
	y := uint32(pt.suitSuit[uint16(rows[1])<<8|uint16(rows[2])])
	kk := uint32(k) << 18
	r0 := pt.final[(kk|x|y)&(8<<18-1)]
	// The X class merges the honors with the first suit, the Y class the
	// other two suits. A draw's class in the half d is not of is the same
	// for every d: it is kept in s.class.
	xHalf := ud == 0 || ud == 3
	var eff KindSet
	for m := uint64(among & AllKinds); m != 0; m &= m - 1 {
		t := bits.TrailingZeros64(m)
		if c[t] >= 4 {
			continue
		}
		u, i := t/9, t%9
		tx := u == 0 || u == 3
		xt, yt := x, y
		keep := ud < 0 || tx != xHalf // t's half is the part's own
		if keep && s.classHave.Has(mjsolve.Kind(t)) {
			if tx {
				xt = s.class[t]
			} else {
				yt = s.class[t]
			}
		} else {
			var row uint8
			switch {
			case u == ud:
				row = s.rowAt(u, idxD+pow5[i])
			case s.upHave.Has(mjsolve.Kind(t)):
				row = s.up[t]
			default:
				row = s.rowAt(u, int(s.idx[u])+pow5[i])
				s.up[t] = row
				s.upHave |= 1 << t
			}
			xt, yt = pt.classesWith(rows, u, row, x, y)
			if keep {
				if tx {
					s.class[t] = xt
				} else {
					s.class[t] = yt
				}
				s.classHave |= 1 << t
			}
		}
		if pt.final[(kk|xt|yt)&(8<<18-1)] < r0 {
			eff |= 1 << t
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
