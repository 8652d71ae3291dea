package solver

import "math/bits"

// Random games with cleaning: a game that clears the board proves it
// winnable with the moves it played. Each group's tiles are held as a mask
// over its (up to four) tiles in c.srch.gt, so that the matches a group offers
// come from small tables.

// pairIdx[:6] lists the six pairs of tile indices 0..3; pair p is bit p
// of a 6-bit pair mask. Two unused entries let a 3-bit index go without a
// bounds check.
var pairIdx = [8][2]uint8{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}

// pairsWithin[m] is the mask of pairs (bits as in pairIdx) both of whose
// tiles are in the tile mask m (checked in TestPairTables).
var pairsWithin = [16]uint8{
	0b000000, 0b000000, 0b000000, 0b000001, 0b000000, 0b000010, 0b001000, 0b001011,
	0b000000, 0b000100, 0b010000, 0b010101, 0b100000, 0b100110, 0b111000, 0b111111,
}

// prepareRandom computes, for each group of four, which first matches
// would leave two tiles of which one covers the other (never playable).
func (c *core) prepareRandom() {
	for i := 0; i < c.pos.nGroups; i++ {
		g := c.pos.groups[i]
		c.rg.live[g] = 0x3f
		if c.pos.gn[g] != 4 {
			continue
		}
		t := &c.pos.tiles[g]
		for p := range pairIdx[:6] {
			o := pairIdx[5-p] // the complementary pair
			if c.dependent(t[o[0]], t[o[1]]) {
				c.rg.live[g] &^= 1 << p
			}
		}
	}
}

// rplay takes tile t off the board in a random game and returns the
// groups whose free tiles changed, as a mask.
func (c *core) rplay(t uint8) uint64 {
	cnt := &c.play.cnt
	cx := cnt[t]
	cnt[t] = cx | goneBit
	g := c.pos.grp[t]
	b := uint8(1) << (c.pos.tix[t] & 3)
	c.rg.on[g] &^= b
	c.rg.free[g] &^= b
	dirty := uint64(1) << (g & 63)
	sp := c.span[t]
	for j := sp[0]; j < sp[1]; j++ {
		i := c.eff[j]
		nw := cnt[i] - dCover
		cnt[i] = nw
		if isFree(nw) {
			dirty |= c.freed(i)
		}
	}
	// t is free: only its side that has tiles has counters to drop (its
	// first place holds a tile, the second one maybe).
	sd := &c.side[t]
	if cx&leftMask != 0 {
		i := sd.l[0]
		nw := cnt[i] - dRight
		cnt[i] = nw
		if freedRight(nw) {
			dirty |= c.freed(i)
		}
		if i = sd.l[1]; i != nobody {
			nw = cnt[i] - dRight
			cnt[i] = nw
			if freedRight(nw) {
				dirty |= c.freed(i)
			}
		}
	} else if cx&rightMask != 0 {
		i := sd.r[0]
		nw := cnt[i] - dLeft
		cnt[i] = nw
		if freedLeft(nw) {
			dirty |= c.freed(i)
		}
		if i = sd.r[1]; i != nobody {
			nw = cnt[i] - dLeft
			cnt[i] = nw
			if freedLeft(nw) {
				dirty |= c.freed(i)
			}
		}
	}
	return dirty
}

// freed marks tile i free in a random game and returns its group's bit.
func (c *core) freed(i uint8) uint64 {
	h := c.pos.grp[i]
	c.rg.free[h] |= 1 << (c.pos.tix[i] & 3)
	return 1 << (h & 63)
}

// blocksNothing reports whether tile x covers or flanks no tile still on
// the board of the play in progress. A tile that covers any tile blocks it:
// in a position reached by play every tile under a tile on the board is on
// the board (in others this only passes up a cleaning move).
func (c *core) blocksNothing(x uint8) bool {
	if sp := c.span[x]; sp[0] != sp[1] {
		return false
	}
	sd, cnt := &c.side[x], &c.play.cnt
	return cnt[sd.l[0]]&cnt[sd.l[1]]&cnt[sd.r[0]]&cnt[sd.r[1]]&goneBit != 0
}

// offers returns the mask of pairs group g may play now.
func (c *core) offers(g uint8) uint8 {
	m := pairsWithin[c.rg.free[g]&15]
	if c.rg.on[g] == 15 {
		m &= c.rg.live[g]
	}
	return m
}

// randomGame plays one game: cleaning moves first, otherwise a random match
// among those that do not leave a group's last two tiles one above the
// other. It returns the tiles left; the moves are in c.moves.
func (c *core) randomGame() int {
	c.budget.games++
	n := c.n
	st := &c.rg.start
	var dirty uint64
	var matchable uint64 // groups offering a match
	total := 0           // matches offered, c.rg.offer counted
	left := c.pos.remaining
	if st.ready {
		copy(c.play.cnt[:n], st.cnt[:n])
		*(*[64]uint8)(c.rg.free[:64]) = st.free
		*(*[64]uint8)(c.rg.offer[:64]) = st.offer
		*(*[64]uint8)(c.rg.on[:64]) = st.on
		c.moves = append(c.moves[:0], st.moves[:st.nMoves]...)
		matchable, total, left = st.matchable, st.total, st.remaining
	} else {
		copy(c.play.cnt[:n], c.pos.cnt[:n])
		for i := 0; i < c.pos.nGroups; i++ {
			g := c.pos.groups[i]
			c.rg.free[g] = 0
			c.rg.offer[g] = 0
			c.rg.on[g] = uint8(1)<<(c.pos.gn[g]&7) - 1
			dirty |= 1 << (g & 63)
		}
		for i := 0; i < c.pos.nFree; i++ {
			t := c.pos.free[i]
			c.rg.free[c.pos.grp[t]] |= 1 << (c.pos.tix[t] & 3)
		}
		c.moves = c.moves[:0]
	}
	c.play.cnt[nobody] = nobodyCnt
	for left > 0 {
		for dirty != 0 {
			g := uint8(bits.TrailingZeros64(dirty))
			dirty &= dirty - 1
			rem, fm := c.rg.on[g], c.rg.free[g]
			if fm == rem {
				// Every tile left is free: an even number of them goes.
				if k := bits.OnesCount8(rem); rem != 0 && k&1 == 0 {
					gt := &c.pos.tiles[g]
					var f [4]uint8
					j := 0
					for x := fm; x != 0; x &= x - 1 {
						f[j&3] = gt[bits.TrailingZeros8(x)&3]
						j++
					}
					dirty |= c.rplay(f[0])
					dirty |= c.rplay(f[1])
					c.moves = append(c.moves, move{f[0], f[1]})
					if k == 4 {
						dirty |= c.rplay(f[2])
						dirty |= c.rplay(f[3])
						c.moves = append(c.moves, move{f[2], f[3]})
					}
					left -= k
				}
			} else if rem == 15 && bits.OnesCount8(fm) == 3 {
				gt := &c.pos.tiles[g]
				for x := fm; x != 0; x &= x - 1 {
					i := bits.TrailingZeros8(x)
					if c.blocksNothing(gt[i&3]) {
						o := fm &^ (1 << i)
						a := gt[bits.TrailingZeros8(o)&3]
						b := gt[bits.TrailingZeros8(o&(o-1))&3]
						dirty |= c.rplay(a)
						dirty |= c.rplay(b)
						c.moves = append(c.moves, move{a, b})
						left -= 2
						break
					}
				}
			}
			bit := uint64(1) << (g & 63)
			o := c.offers(g)
			total += bits.OnesCount8(o) - bits.OnesCount8(c.rg.offer[g])
			c.rg.offer[g] = o
			if o != 0 {
				matchable |= bit
			} else {
				matchable &^= bit
			}
		}
		if !st.ready {
			c.saveStart(matchable, total, left)
		}
		if left == 0 {
			break
		}
		if total == 0 {
			return left
		}
		r := int((c.rng.Uint64() >> 32) * uint64(total) >> 32)
		for m := matchable; ; m &= m - 1 {
			g := uint8(bits.TrailingZeros64(m))
			o := c.rg.offer[g]
			if k := bits.OnesCount8(o); r >= k {
				r -= k
				continue
			}
			for ; r > 0; r-- {
				o &= o - 1
			}
			ij := pairIdx[bits.TrailingZeros8(o)&7]
			a, b := c.pos.tiles[g][ij[0]&3], c.pos.tiles[g][ij[1]&3]
			dirty |= c.rplay(a)
			dirty |= c.rplay(b)
			c.moves = append(c.moves, move{a, b})
			left -= 2
			break
		}
	}
	return left
}

// saveStart keeps the state of the game in progress as the start of the
// next games.
func (c *core) saveStart(matchable uint64, total, left int) {
	st := &c.rg.start
	copy(st.cnt[:c.n], c.play.cnt[:c.n])
	st.free, st.offer, st.on = [64]uint8(c.rg.free[:64]), [64]uint8(c.rg.offer[:64]), [64]uint8(c.rg.on[:64])
	st.nMoves = copy(st.moves[:], c.moves)
	st.matchable, st.total, st.remaining = matchable, total, left
	st.ready = true
}
