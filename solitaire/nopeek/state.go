package nopeek

import (
	"math/bits"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve/solitaire"
)

// hidden is the face of a tile the player cannot see: one still on the
// board under a tile still on the board.
const hidden solitaire.Group = 255

// pairs[c] is the number of matches among c free tiles of a group.
var pairs = [5]int{0, 0, 1, 3, 6}

// pairIdx lists the pairs of indices 0..3, in the order matches of a
// group's free tiles are numbered.
var pairIdx = [6][2]uint8{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}

// slotMasks are the slots that cover a slot and lie on its left and right.
type slotMasks struct{ cover, left, right solitaire.Set }

// isFree is the free rule of layouts.IsFree (not covered, and a free
// side) written out on the masks.
func (m *slotMasks) isFree(p solitaire.Set) bool {
	if m.cover[0]&p[0]|m.cover[1]&p[1]|m.cover[2]&p[2] != 0 {
		return false
	}
	return m.left[0]&p[0]|m.left[1]&p[1]|m.left[2]&p[2] == 0 || m.right[0]&p[0]|m.right[1]&p[1]|m.right[2]&p[2] == 0
}

// geoInfo is a geometry prepared for play: the relations as small index
// lists, and the start of every game.
type geoInfo struct {
	geo *solitaire.Geometry
	n   int
	// under[i] lists the slots that slot i covers; side[i] its left and
	// right neighbours; near[i] both (the slots whose freedom can change
	// when i is removed).
	under, side, near [][]uint8
	masks             []slotMasks
	// beneath[i] counts the slots under slot i: those it covers, those
	// they cover, and so on down to the ground.
	beneath []uint8
	// The start: how many slots cover each slot, the free slots, and
	// the size of each group.
	cover0 [solitaire.MaxTiles]uint8
	free0  solitaire.Set
	size   [solitaire.NumGroups]uint8
}

func newGeoInfo(geo *solitaire.Geometry) *geoInfo {
	gi := &geoInfo{geo: geo, n: geo.N, masks: make([]slotMasks, geo.N),
		under: make([][]uint8, geo.N), side: make([][]uint8, geo.N), near: make([][]uint8, geo.N)}
	for i := range geo.N {
		gi.masks[i] = slotMasks{geo.Covers[i], geo.Left[i], geo.Right[i]}
		gi.cover0[i] = uint8(len(geo.CoverList[i]))
		for _, j := range geo.UnderList[i] {
			gi.under[i] = append(gi.under[i], uint8(j))
		}
		for _, l := range [][]int{geo.LeftList[i], geo.RightList[i]} {
			for _, j := range l {
				gi.side[i] = append(gi.side[i], uint8(j))
			}
		}
		gi.near[i] = append(append([]uint8(nil), gi.under[i]...), gi.side[i]...)
	}
	gi.beneath = make([]uint8, geo.N)
	for i := range geo.N {
		var below solitaire.Set
		todo := geo.Under[i]
		for !todo.IsEmpty() {
			j := todo.First()
			todo.Remove(j)
			if !below.Has(j) {
				below.Add(j)
				todo = todo.Or(geo.Under[j].AndNot(below))
			}
		}
		gi.beneath[i] = uint8(below.Count())
	}
	gi.free0 = geo.FreeIn(geo.All)
	for g := range solitaire.NumGroups {
		gi.size[g] = uint8(solitaire.GroupSize(solitaire.Group(g), geo.N))
	}
	return gi
}

// state is a position of a game: the tiles on the board, the free ones,
// and the face of every tile as far as it is known. In the player's view
// the face of a tile still under another tile is hidden; in a world drawn
// by the lookahead (a guess of the hidden faces) every face is set. The
// strategies choose their moves from a state alone, so that what they
// cannot see they cannot use.
type state struct {
	gi            *geoInfo
	present, free solitaire.Set
	// face of each slot, hidden for a present covered tile of the view.
	face [solitaire.MaxTiles]solitaire.Group
	// cover[i] counts the present slots covering slot i.
	cover [solitaire.MaxTiles]uint8
	// fl[g][:cnt[g]] are the free tiles of group g; rem[g] the tiles of g
	// on the board; vis[g] those of them that are uncovered.
	fl            [solitaire.NumGroups][4]uint8
	cnt, rem, vis [solitaire.NumGroups]uint8
	// open holds the groups with a match (cnt ≥ 2); matches counts the
	// matches; left the tiles on the board.
	open    uint64
	matches int
	left    int
}

// reset sets s to the start of the game dealt by deal, showing only the
// uncovered faces.
func (s *state) reset(gi *geoInfo, deal []solitaire.Group) {
	s.gi = gi
	s.present, s.free = gi.geo.All, gi.free0
	s.cover = gi.cover0
	s.cnt, s.vis, s.open, s.matches, s.left = [solitaire.NumGroups]uint8{}, [solitaire.NumGroups]uint8{}, 0, 0, gi.n
	s.rem = gi.size
	for i := range gi.n {
		if s.cover[i] == 0 {
			s.face[i] = deal[i]
			s.vis[deal[i]]++
		} else {
			s.face[i] = hidden
		}
	}
	for w, x := range s.free {
		for x != 0 {
			i := w<<6 | bits.TrailingZeros64(x)
			x &= x - 1
			s.addFree(uint8(i))
		}
	}
}

// addFree records that slot i (uncovered, so its face is known) became
// free.
func (s *state) addFree(i uint8) {
	s.free.Add(int(i))
	g := s.face[i]
	c := s.cnt[g]
	s.fl[g][c] = i
	s.matches += int(c) // pairs[c+1] - pairs[c]
	s.cnt[g] = c + 1
	if c+1 == 2 {
		s.open |= 1 << g
	}
}

// dropFree removes free slot i of group g from the free list.
func (s *state) dropFree(g solitaire.Group, i uint8) {
	c := s.cnt[g]
	for k := range c {
		if s.fl[g][k] == i {
			s.fl[g][k] = s.fl[g][c-1]
			break
		}
	}
	s.cnt[g] = c - 1
	s.matches -= int(c - 1)
	if c-1 < 2 {
		s.open &^= 1 << g
	}
}

// play takes the free tiles a and b (a match) off the board. Tiles it
// uncovers show their faces: from deal in the player's view, from the
// state itself (deal nil) in a world where every face is set.
func (s *state) play(a, b uint8, deal []solitaire.Group) {
	g := s.face[a]
	s.present.Remove(int(a))
	s.present.Remove(int(b))
	s.free.Remove(int(a))
	s.free.Remove(int(b))
	s.dropFree(g, a)
	s.dropFree(g, b)
	s.rem[g] -= 2
	s.vis[g] -= 2
	s.left -= 2
	gi := s.gi
	for _, t := range [2]uint8{a, b} {
		for _, j := range gi.under[t] {
			s.cover[j]--
			if s.cover[j] == 0 {
				if deal != nil {
					s.face[j] = deal[j]
				}
				s.vis[s.face[j]]++
			}
		}
	}
	for _, t := range [2]uint8{a, b} {
		for _, j := range gi.near[t] {
			if s.present.Has(int(j)) && !s.free.Has(int(j)) && gi.masks[j].isFree(s.present) {
				s.addFree(j)
			}
		}
	}
}

// below returns a random number in [0, n) for 0 < n < 2^32 (Lemire's
// multiply-shift on 32 random bits; the bias is below n/2^32).
func below(src *rand.PCG, n int) int {
	return int((src.Uint64() >> 32 * uint64(n)) >> 32)
}

// uniform returns one of the legal matches chosen uniformly at random;
// s must have one.
func (s *state) uniform(src *rand.PCG) (a, b uint8) {
	x := below(src, s.matches)
	for o := s.open; o != 0; o &= o - 1 {
		g := bits.TrailingZeros64(o)
		c := int(s.cnt[g])
		if x >= pairs[c] {
			x -= pairs[c]
			continue
		}
		for _, pr := range pairIdx {
			if int(pr[1]) < c {
				if x == 0 {
					return s.fl[g][pr[0]], s.fl[g][pr[1]]
				}
				x--
			}
		}
	}
	panic("nopeek: no match to choose") // unreachable: matches counts the pairs of open
}

// resetAt sets s to the position of a game in progress: the deal groups
// with the tiles in present on the board (within the geometry). The
// player sees the faces of the tiles removed and of the tiles on the board
// that no tile on the board covers.
func (s *state) resetAt(gi *geoInfo, groups []solitaire.Group, present solitaire.Set) {
	s.gi = gi
	present = present.And(gi.geo.All)
	s.present, s.free = present, solitaire.Set{}
	s.cnt, s.vis, s.rem = [solitaire.NumGroups]uint8{}, [solitaire.NumGroups]uint8{}, [solitaire.NumGroups]uint8{}
	s.open, s.matches, s.left = 0, 0, 0
	clear(s.cover[:])
	for i := range gi.n {
		if present.Has(i) {
			for _, j := range gi.under[i] {
				s.cover[j]++
			}
		}
	}
	for i := range gi.n {
		s.face[i] = groups[i]
		if !present.Has(i) {
			continue
		}
		s.left++
		s.rem[groups[i]]++
		if s.cover[i] == 0 {
			s.vis[groups[i]]++
		} else {
			s.face[i] = hidden
		}
	}
	for w, x := range gi.geo.FreeIn(present) {
		for x != 0 {
			i := w<<6 | bits.TrailingZeros64(x)
			x &= x - 1
			s.addFree(uint8(i))
		}
	}
}
