package playout

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/mjsolve/mjsolve/solitaire"
)

// A group's four tiles are its members 0..3, and the six pairs of members
// are numbered 0..5 in the order {0,1} {0,2} {0,3} {1,2} {1,3} {2,3}: pair
// q and pair 5−q are the two halves of the group. The match of pair q of
// group g is pair number 6g+q of the deal.
const numPairs = 6 * solitaire.NumGroups

// pairMembers[q] is pair q as a 4-bit set of members.
var pairMembers = [6]uint8{0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100}

// pairsIn[m] is the set of pairs (6 bits) whose two members are in the
// member set m.
var pairsIn = func() (t [16]uint8) {
	for m := range t {
		for q, pm := range pairMembers {
			if uint8(m)&pm == pm {
				t[m] |= 1 << q
			}
		}
	}
	return t
}()

// adds[k<<4|f] lists the matches member k makes when it becomes free with
// the members f of its group free: three pair numbers (one per byte, those
// with the members of f first, then those with members not free) and, in
// the top byte, how many are with members of f.
var adds = func() (t [64]uint32) {
	for k := range 4 {
		for f := range 16 {
			var with, without []uint32
			for q, pm := range pairMembers {
				switch {
				case pm&(1<<k) == 0:
				case uint8(f)&pm&^(1<<k) != 0:
					with = append(with, uint32(q))
				default:
					without = append(without, uint32(q))
				}
			}
			e := uint32(len(with)) << 24
			for i, q := range append(with, without...) {
				e |= q << (8 * i)
			}
			t[k<<4|f] = e
		}
	}
	return t
}()

// The counters of a slot, in one uint16: the tiles on the board on its
// left (bits 0–1) and on its right (bits 2–3) (at most two each: tiles of a
// level do not overlap), and those that cover it (bits 4–14; only the
// lowest of those stacked over it, see NewRandom). freed is set once the
// slot has been free (it stays set when the tile is removed, so a slot is
// freed at most once).
const (
	byLeft  uint16 = 1
	byRight uint16 = 1 << 2
	byCover uint16 = 1 << 4
	freed   uint16 = 1 << 15
)

// freeMask has bit v set for the counters v of a slot that is free and
// was never freed: not covered (v < 16) and nothing on its left (v is 0,
// 4, 8 or 12) or nothing on its right (v below 4).
const freeMask = 0b0001_0001_0001_1111

// freeable reports whether the counters v are those of a slot free now and
// never freed before: the free rule of layouts.IsFree (not covered, and at
// most one side blocked) as one shift of freeMask (a shift of 64 or more
// gives 0).
func freeable(v uint16) bool {
	return freeMask>>v&1 != 0
}

// Random plays uniformly random playouts on boards of one geometry. It is
// not safe for concurrent use; make one per goroutine.
type Random struct {
	geo *solitaire.Geometry
	// rel[span[t]>>16:span[t]&0xffff] are the counters that go down when
	// the tile of slot t is removed: slot j | d<<8, d one of byCover (t
	// covers j), byLeft (t is on j's left) and byRight.
	rel  []uint32
	span [256]uint32
	// above[i] holds the slots that must go before slot i can be played
	// whatever happens: those that cover it, and those that cover them, …
	above []solitaire.Set

	// The deal: the group and member number of each slot, the slots of
	// each pair and whether a pair is doomed (one of its tiles lies above
	// the other: left alone on the board, they never match).
	grpMem [256]uint8 // group<<2 | member
	pair   [256]uint64
	doomed [256]bool
	// prel[pspan[p]>>16:pspan[p]&0xffff] are the entries of rel of both
	// tiles of pair p, one after the other.
	prel  []uint32
	pspan [256]uint32

	// The start of each playout, computed once per deal (the counters
	// once per geometry): the state, the number of legal matches, the
	// groups still whole (a bit per group), and whether a group of two
	// is doomed from the start.
	st0   state
	n0    uint8
	dead0 bool

	// st is the state of the playout under way.
	st state
	// With trace, seq holds the tiles the last playout removed, in
	// order, two per move (for the tests).
	trace bool
	seq   [256]uint8
	// fresh holds the slots a move frees.
	fresh [maxFreed]uint8
}

// NewRandom prepares playouts on geo.
func NewRandom(geo *solitaire.Geometry) *Random {
	n := geo.N
	r := &Random{geo: geo, above: make([]solitaire.Set, n)}
	// The closure of Covers, to a fixed point.
	copy(r.above, geo.Covers)
	for changed := true; changed; {
		changed = false
		for i := range n {
			a := r.above[i]
			for _, j := range geo.CoverList[i] {
				a = a.Or(r.above[j])
			}
			if a != r.above[i] {
				r.above[i], changed = a, true
			}
		}
	}
	// Slot j is not covered once the lowest of the tiles over it are
	// gone: a tile t over j that is itself above another tile u over j
	// goes before u, so only the tiles t over j above no other are
	// counted (on the turtle, the top tile counts for the four under it
	// only, not for the twelve further down).
	rel := make([][]uint32, n)
	for j := range n {
		for _, t := range geo.CoverList[j] {
			if !slices.ContainsFunc(geo.CoverList[j], func(u int) bool { return r.above[u].Has(t) }) {
				rel[t] = append(rel[t], uint32(j)|uint32(byCover)<<8)
				r.st0.cnt[j] += byCover
			}
		}
	}
	for t := range n {
		for _, j := range geo.RightList[t] { // t is on j's left
			rel[t] = append(rel[t], uint32(j)|uint32(byLeft)<<8)
		}
		for _, j := range geo.LeftList[t] {
			rel[t] = append(rel[t], uint32(j)|uint32(byRight)<<8)
		}
		r.st0.cnt[t] += uint16(len(geo.LeftList[t]))*byLeft + uint16(len(geo.RightList[t]))*byRight
		if freeable(r.st0.cnt[t]) {
			r.st0.cnt[t] |= freed
		}
	}
	for t, l := range rel {
		r.span[t] = uint32(len(r.rel))<<16 | uint32(len(r.rel)+len(l))
		r.rel = append(r.rel, l...)
	}
	// Each slot is in at most three pairs.
	r.prel = make([]uint32, 0, 3*len(r.rel))
	return r
}

// deal sets up the deal groups (one group per slot, as
// solitaire.NewBoard takes) and reports whether it can be played: the
// right length, and no group beyond the deck or with more than four
// tiles.
func (r *Random) deal(groups []solitaire.Group) bool {
	if len(groups) != r.geo.N {
		return false
	}
	// The size of each group and the slot of each member.
	var size [solitaire.NumGroups]uint8
	var slot [solitaire.NumGroups][4]uint8
	for i, g := range groups {
		if int(g) >= solitaire.NumGroups || size[g] == 4 {
			return false
		}
		r.grpMem[i] = uint8(g)<<2 | size[g]
		slot[g][size[g]] = uint8(i)
		size[g]++
	}
	r.st0.whole, r.dead0 = 0, false
	r.prel = r.prel[:0]
	for g, s := range size {
		for q, pm := range pairMembers {
			p := 6*g + q
			if pm&(1<<s-1) != pm {
				continue
			}
			a, b := slot[g][bits.TrailingZeros8(pm)], slot[g][7-bits.LeadingZeros8(pm)]
			r.pair[p] = uint64(a) | uint64(b)<<pairB | uint64(g)<<pairGroup | uint64(pm)<<pairMems
			start := len(r.prel)
			r.prel = append(r.prel, r.rel[r.span[a]>>16:r.span[a]&0xffff]...)
			r.prel = append(r.prel, r.rel[r.span[b]>>16:r.span[b]&0xffff]...)
			r.pspan[p] = uint32(start)<<16 | uint32(len(r.prel))
			r.doomed[p] = r.above[a].Has(int(b)) || r.above[b].Has(int(a))
		}
		for q := range pairMembers {
			if s == 4 && r.doomed[6*g+5-q] {
				r.pair[6*g+q] |= halfDoomed
			}
		}
		switch s {
		case 4:
			r.st0.whole |= 1 << g
		case 2:
			r.dead0 = r.dead0 || r.doomed[6*g]
		}
	}
	r.st0.free = [64]uint8{}
	r.n0 = 0
	for i := range r.geo.N {
		if r.st0.cnt[i]&freed != 0 {
			r.n0 = r.st0.add(r.n0, r.grpMem[i]>>2, r.grpMem[i]&3)
		}
	}
	return true
}

// Clears plays k uniformly random playouts of the deal groups (the group
// of each slot, a valid deal of the geometry's layout) with random numbers
// from src and returns how many cleared the board. Each playout starts from
// the full board and takes, until no match is left, one of the legal
// matches chosen uniformly at random. It allocates nothing.
//
// A playout stops early once it cannot clear the board any more: when the
// two tiles left of a group lie one above the other.
func (r *Random) Clears(groups []solitaire.Group, k int, src *rand.PCG) int {
	if !r.deal(groups) || r.dead0 {
		return 0
	}
	won := 0
	for range k {
		if r.playout(src, true) == 0 {
			won++
		}
	}
	return won
}

// Playout plays one uniformly random playout of the deal groups and
// returns the number of tiles left (0: cleared).
func (r *Random) Playout(groups []solitaire.Group, src *rand.PCG) int {
	if !r.deal(groups) {
		return r.geo.N
	}
	return r.playout(src, false)
}

// belowSlow finishes drawing a uniformly random number in [0, n) by
// Lemire's multiply-shift with rejection (exact) when the product m of 32
// random bits and n has a low half below n: the low half must not be below
// 2^32 mod n, or the draw is made again. It returns the accepted product
// (the number is its high half).
func belowSlow(src *rand.PCG, m uint64, n uint32) uint64 {
	for min := -n % n; uint32(m) < min; {
		m = uint64(uint32(src.Uint64())) * uint64(n)
	}
	return m
}

// state is what a playout changes, copied from the start of the deal at
// the start of each playout. The arrays indexed by a uint8 have 256
// entries, so that indexing them needs no bounds check.
type state struct {
	// cnt holds the counters of every slot.
	cnt [256]uint16
	// The legal matches are list[:n]; pos[p] is the place of match p in
	// the list.
	list, pos [256]uint8
	// free[g] holds the free members of group g still on the board.
	free [64]uint8
	// whole has a bit for each group no match has taken from yet.
	whole uint64
	// half holds 32 random bits kept for the next move, with bit 32 set
	// (0: none kept).
	half uint64
	// done is the number of tiles removed.
	done uint8
}

// add records that member k of group g is free: it puts the matches of it
// with the group's other free members at the end of list[:n] and returns
// the new length. It writes the three matches k could make whether they
// exist or not, those that do first, and counts those that do, without a
// branch: the entries past the end of the list and the places of matches
// not in it are free to overwrite.
func (s *state) add(n, g, k uint8) uint8 {
	f := s.free[g&63]
	a, p := adds[(k&3)<<4|f&15], 6*g
	s.list[n], s.pos[p+uint8(a)] = p+uint8(a), n
	s.list[n+1], s.pos[p+uint8(a>>8)] = p+uint8(a>>8), n+1
	s.list[n+2], s.pos[p+uint8(a>>16)] = p+uint8(a>>16), n+2
	s.free[g&63] = f | 1<<(k&3)
	return n + uint8(a>>24)
}

// maxFreed bounds the slots one move frees: the entries of a pair (two
// slots' counters, at most 143 over each and 2 on each side).
const maxFreed = 512

// The fields of a match in Random.pair: its two slots, its group, its
// members (a 4-bit set) and, set, the doomed flag of the other half of its
// group.
const (
	pairB      = 8
	pairGroup  = 16
	pairMems   = 24
	halfDoomed = 1 << 32
)

// playout plays one playout of the current deal and returns the number of
// tiles left on the board. With stop it returns as soon as the board can no
// longer be cleared (a positive number, the tiles left at that point).
func (r *Random) playout(src *rand.PCG, stop bool) int {
	s := &r.st
	*s = r.st0
	n, doom := r.n0, uint64(0)
	if stop {
		doom = halfDoomed
	}
	for n > 0 {
		// Draw the match: list[x] with x uniform in [0, n), from the
		// low half of a fresh PCG output or the high half kept from the
		// last.
		var x uint32
		if h := s.half; h != 0 {
			x, s.half = uint32(h), 0
		} else {
			w := src.Uint64()
			x, s.half = uint32(w), w>>32|1<<32
		}
		xn := uint64(x) * uint64(n)
		if uint32(xn) < uint32(n) {
			xn = belowSlow(src, xn, uint32(n))
		}
		p := s.list[uint8(xn>>32)]
		pr := r.pair[p]
		g, mems := uint8(pr>>pairGroup), uint8(pr>>pairMems)
		if r.trace {
			r.seq[s.done], r.seq[s.done+1] = uint8(pr), uint8(pr>>pairB)
		}
		s.done += 2
		if w := s.whole; w>>(g&63)&1 != 0 {
			s.whole = w &^ (1 << (g & 63))
			if pr&doom != 0 {
				return r.geo.N - int(s.done)
			}
		}
		// Take out every match with either tile.
		m := s.free[g&63]
		for gone := pairsIn[m&15] &^ pairsIn[(m&^mems)&15]; gone != 0; gone &= gone - 1 {
			d := 6*g + uint8(bits.TrailingZeros8(gone))
			n--
			i, last := s.pos[d], s.list[n]
			s.list[i], s.pos[last] = last, i
		}
		s.free[g&63] = m &^ mems
		n = r.release(s, p, n)
	}
	return r.geo.N - int(s.done)
}

// release counts both tiles of match p off their neighbours, noting those
// they free (without a branch: whether a tile comes free is a coin flip to
// the branch predictor), then puts the matches of each freed tile with the
// free tiles of its group at the end of the list (see add), and returns
// the new number of matches. It is a function of its own so that its
// loops get the registers (inlined, they spilled three values per entry).
//
//go:noinline
func (r *Random) release(s *state, p, n uint8) uint8 {
	span, nf := r.pspan[p], uint16(0)
	cnt, fresh := &s.cnt, &r.fresh
	for _, e := range r.prel[span>>16 : span&0xffff] {
		j := uint8(e)
		v := cnt[j] - uint16(e>>8)
		free := uint16(uint64(freeMask) >> min(v, 63) & 1)
		cnt[j] = v | free*freed
		fresh[nf&(maxFreed-1)] = j
		nf += free
	}
	for _, j := range r.fresh[:nf&(maxFreed-1)] {
		h, k := r.grpMem[j]>>2, r.grpMem[j]&3
		f := s.free[h&63]
		a, base := adds[k<<4|f&15], 6*h
		s.list[n], s.pos[base+uint8(a)] = base+uint8(a), n
		s.list[n+1], s.pos[base+uint8(a>>8)] = base+uint8(a>>8), n+1
		s.list[n+2], s.pos[base+uint8(a>>16)] = base+uint8(a>>16), n+2
		s.free[h&63] = f | 1<<k
		n += uint8(a >> 24)
	}
	return n
}
