package solver

import "math/bits"

// Random games with cleaning: a game that clears the board proves it
// winnable with the moves it played.

// rplay takes tile t off the board in a random game and marks the groups
// whose free tiles changed.
func (c *core) rplay(t uint8, dirty *uint64) {
	c.gone[t] = true
	g := c.grp[t]
	c.rrem[g]--
	f := &c.rf[g]
	for i := 0; i < int(c.rfn[g]); i++ {
		if f[i&3] == t {
			c.rfn[g]--
			f[i&3] = f[c.rfn[g]&3]
			break
		}
	}
	*dirty |= 1 << (g & 63)
	for _, e := range c.eff[c.effAt[t]:c.effAt[int(t)+1]] {
		i := uint8(e >> 24)
		old := c.cnt[i]
		nw := old - e&0xffffff
		c.cnt[i] = nw
		if !isFree(old) && isFree(nw) && !c.gone[i] {
			h := c.grp[i]
			c.rf[h][c.rfn[h]&3] = i
			c.rfn[h]++
			*dirty |= 1 << (h & 63)
		}
	}
}

// blocksNothing reports whether tile x covers or flanks no tile on the board.
func (c *core) blocksNothing(x uint8) bool {
	for _, e := range c.eff[c.effAt[x]:c.effAt[int(x)+1]] {
		if !c.gone[e>>24] {
			return false
		}
	}
	return true
}

// randomGame plays one game: cleaning moves first, otherwise a random match
// among those that do not leave a group's last two tiles one above the
// other. It returns the tiles left; the moves are in c.moves.
func (c *core) randomGame() int {
	c.games++
	n := c.n
	copy(c.cnt[:n], c.baseCnt[:n])
	copy(c.gone[:n], c.baseGone[:n])
	var dirty uint64
	for i := 0; i < c.nGroups; i++ {
		g := c.groups[i]
		c.rfn[g] = 0
		c.rrem[g] = c.gn[g]
		dirty |= 1 << (g & 63)
	}
	for i := 0; i < c.nFree; i++ {
		t := c.baseFree[i]
		g := c.grp[t]
		c.rf[g][c.rfn[g]&3] = t
		c.rfn[g]++
	}
	c.moves = c.moves[:0]
	left := c.remaining
	for left > 0 {
		for dirty != 0 {
			g := uint8(bits.TrailingZeros64(dirty))
			dirty &= dirty - 1
			rem, fn := c.rrem[g], c.rfn[g]
			switch {
			case rem != 0 && rem&1 == 0 && fn == rem:
				f := c.rf[g]
				c.rplay(f[0], &dirty)
				c.rplay(f[1], &dirty)
				c.moves = append(c.moves, move{f[0], f[1]})
				if rem == 4 {
					c.rplay(f[2], &dirty)
					c.rplay(f[3], &dirty)
					c.moves = append(c.moves, move{f[2], f[3]})
				}
				left -= int(rem)
			case rem == 4 && fn == 3:
				f := c.rf[g]
				for i := 0; i < 3; i++ {
					if c.blocksNothing(f[i]) {
						a, b := f[(i+1)%3], f[(i+2)%3]
						c.rplay(a, &dirty)
						c.rplay(b, &dirty)
						c.moves = append(c.moves, move{a, b})
						left -= 2
						break
					}
				}
			}
		}
		if left == 0 {
			break
		}
		nc := 0
		for i := 0; i < c.nGroups; i++ {
			g := c.groups[i]
			fn := int(c.rfn[g])
			if fn < 2 {
				continue
			}
			f := &c.rf[g]
			for x := 0; x < fn; x++ {
				for y := x + 1; y < fn; y++ {
					a, b := f[x&3], f[y&3]
					if c.rrem[g] == 4 && c.leavesDeadPair(g, a, b) {
						continue
					}
					c.cand[nc&511] = move{a, b}
					nc++
				}
			}
		}
		if nc == 0 {
			return left
		}
		m := c.cand[int((c.rng.Uint64()>>32)*uint64(nc)>>32)&511]
		c.rplay(m.a, &dirty)
		c.rplay(m.b, &dirty)
		c.moves = append(c.moves, m)
		left -= 2
	}
	return left
}

// leavesDeadPair reports whether playing a and b from the four tiles of g
// leaves two tiles of which one covers the other.
func (c *core) leavesDeadPair(g, a, b uint8) bool {
	var o [2]uint8
	k := 0
	for _, t := range c.gt[g] {
		if t != a && t != b {
			o[k&1] = t
			k++
		}
	}
	return c.dependent(o[0], o[1])
}
