package playout

import (
	"math/bits"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve/solitaire"
)

// pairs[c] is the number of matches among c free tiles of a group.
var pairs = [5]int{0, 0, 1, 3, 6}

// pairIdx lists the pairs of tile indices 0..3 in the order a match is
// picked among a group's free tiles.
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

// Random plays uniformly random playouts on boards of one geometry. It is
// not safe for concurrent use; make one per goroutine.
type Random struct {
	geo *solitaire.Geometry
	// near[i] lists the slots whose freedom can change when slot i is
	// removed: those it covers and its side neighbours.
	near [][]uint8
	// masks[i] holds the slots that cover slot i and those on its left
	// and right, for the free rule.
	masks []slotMasks

	// The deal: the group of each slot and the slots of each group.
	grp   []solitaire.Group
	slots [solitaire.NumGroups][4]uint8
	gn    [solitaire.NumGroups]uint8

	// The start of each playout, computed once per deal.
	free0  solitaire.Set
	cnt0   [solitaire.NumGroups]uint8
	moves0 int
}

// NewRandom prepares playouts on geo.
func NewRandom(geo *solitaire.Geometry) *Random {
	r := &Random{geo: geo, near: make([][]uint8, geo.N), grp: make([]solitaire.Group, geo.N), masks: make([]slotMasks, geo.N)}
	for i := range geo.N {
		r.masks[i] = slotMasks{geo.Covers[i], geo.Left[i], geo.Right[i]}
		seen := map[int]bool{}
		for _, l := range [][]int{geo.UnderList[i], geo.LeftList[i], geo.RightList[i]} {
			for _, j := range l {
				if !seen[j] {
					seen[j] = true
					r.near[i] = append(r.near[i], uint8(j))
				}
			}
		}
	}
	return r
}

// deal sets up the deal groups (one group per slot, as
// solitaire.NewBoard takes).
func (r *Random) deal(groups []solitaire.Group) {
	copy(r.grp, groups)
	r.gn = [solitaire.NumGroups]uint8{}
	for i, g := range groups {
		if r.gn[g] < 4 {
			r.slots[g][r.gn[g]] = uint8(i)
			r.gn[g]++
		}
	}
	r.free0 = r.geo.FreeIn(r.geo.All)
	r.cnt0 = [solitaire.NumGroups]uint8{}
	r.moves0 = 0
	for i := range r.geo.N {
		if r.free0.Has(i) {
			r.cnt0[groups[i]]++
		}
	}
	for _, c := range r.cnt0 {
		r.moves0 += pairs[c]
	}
}

// Clears plays k uniformly random playouts of the deal groups (the group
// of each slot, a valid deal of the geometry's layout) with random numbers
// from src and returns how many cleared the board. Each playout starts from
// the full board and takes, until no match is left, one of the legal
// matches chosen uniformly at random. It allocates nothing.
func (r *Random) Clears(groups []solitaire.Group, k int, src *rand.PCG) int {
	if len(groups) != r.geo.N {
		return 0
	}
	r.deal(groups)
	won := 0
	for range k {
		if r.playout(src).IsEmpty() {
			won++
		}
	}
	return won
}

// Playout plays one uniformly random playout of the deal groups and
// returns the number of tiles left (0: cleared).
func (r *Random) Playout(groups []solitaire.Group, src *rand.PCG) int {
	if len(groups) != r.geo.N {
		return r.geo.N
	}
	r.deal(groups)
	return r.playout(src).Count()
}

// below returns a random number in [0, n) for 0 < n < 2^32 (Lemire's
// multiply-shift on 32 random bits: the bias is below n/2^32, under 10^−7
// for the at most 300 matches of a board).
func below(src *rand.PCG, n int) int {
	return int((src.Uint64() >> 32 * uint64(n)) >> 32)
}

// playout plays one playout of the current deal and returns the tiles
// left on the board.
func (r *Random) playout(src *rand.PCG) solitaire.Set {
	// free holds the free tiles still on the board (a subset of present);
	// open the groups with at least two free tiles (a match).
	present, free, cnt, moves := r.geo.All, r.free0, r.cnt0, r.moves0
	var open uint64
	for g, c := range cnt {
		if c >= 2 {
			open |= 1 << g
		}
	}
	for moves > 0 {
		x := below(src, moves)
		var g int
		for o := open; ; o &= o - 1 {
			g = bits.TrailingZeros64(o)
			p := pairs[cnt[g]]
			if x < p {
				break
			}
			x -= p
		}
		// The free tiles of group g, in slot order, and the x-th pair of them.
		var f [4]uint8
		n := 0
		for _, s := range r.slots[g][:r.gn[g]] {
			if free.Has(int(s)) {
				f[n] = s
				n++
			}
		}
		pi := 0
		for i, pr := range pairIdx {
			if int(pr[1]) < n {
				if x == 0 {
					pi = i
					break
				}
				x--
			}
		}
		a, b := f[pairIdx[pi][0]], f[pairIdx[pi][1]]
		present.Remove(int(a))
		present.Remove(int(b))
		free.Remove(int(a))
		free.Remove(int(b))
		c := cnt[g]
		moves -= pairs[c] - pairs[c-2]
		cnt[g] = c - 2
		if c-2 < 2 {
			open &^= 1 << g
		}
		for _, t := range [2]uint8{a, b} {
			for _, j := range r.near[t] {
				if !free.Has(int(j)) && present.Has(int(j)) && r.masks[j].isFree(present) {
					free.Add(int(j))
					h := r.grp[j]
					moves += int(cnt[h]) // pairs[c+1]-pairs[c] = c
					cnt[h]++
					if cnt[h] == 2 {
						open |= 1 << h
					}
				}
			}
		}
	}
	return present
}
