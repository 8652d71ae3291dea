package solver

// The pairing search with look-ahead at each group of the descent (the
// default search when no tiles may remain).

// tryGroup gives group g = order[k] the first of its pairings (pairing 1
// first) whose scan passes, and makes it g's pairing 1. When none passes it
// returns false with g held back and the scan state of that hold.
//
// c.hsnap holds the scan state with the groups order[k:m] held back when m
// > k (passed in); else tryGroup makes it, holding back a window of up to
// c.window groups from k. A passing pairing leaves in c.hsnap the state with
// g paired and order[k+1:m] held back, for the next step: the window end m
// is returned (m ≤ k+1: nothing saved).
func (c *core) tryGroup(k, m int) (bool, int) {
	g := c.order[k]
	if m <= k {
		m = min(c.nOrder, k+max(1, c.window))
		for i := k; i < m; i++ {
			c.hold(c.order[i])
		}
		c.scan(false)
		c.save(&c.hsnap)
	} else {
		for i := k; i < m; i++ {
			c.hold(c.order[i])
		}
		c.restore(&c.hsnap)
	}
	first := true
	for p := uint8(1); p <= 3; p++ {
		if !c.permits(g, p) {
			continue
		}
		if !first {
			c.restore(&c.hsnap)
			for i := k + 1; i < m; i++ {
				c.hold(c.order[i])
			}
		}
		first = false
		c.setPairing(g, p)
		var pass bool
		if m > k+1 {
			c.release(g)
			c.save(&c.tsnap)
			for i := k + 1; i < m; i++ {
				c.unpair(c.order[i])
			}
			pass = c.passes(c.releaseAll(k+1, m))
		} else {
			pass = c.passes(c.release(g))
		}
		if pass {
			if p != 1 {
				t := &c.gt[g]
				t[1], t[p&3] = t[p&3], t[1]
				c.setPairing(g, 1)
			}
			if m > k+1 {
				c.hsnap = c.tsnap
			}
			return true, m
		}
		if c.aborted {
			return false, 0
		}
	}
	c.restore(&c.hsnap)
	c.hold(g)
	if m > k+1 { // back to g alone held back
		for i := k + 1; i < m; i++ {
			c.unpair(c.order[i])
		}
		c.releaseAll(k+1, m)
	}
	return false, 0
}

// anyPasses reports whether some pairing of the held group g passes from
// the current scan state (which it changes).
func (c *core) anyPasses(g uint8) bool {
	c.save(&c.tsnap)
	first := true
	for p := uint8(1); p <= 3; p++ {
		if !c.permits(g, p) {
			continue
		}
		if !first {
			c.restore(&c.tsnap)
		}
		first = false
		c.setPairing(g, p)
		if c.passes(c.release(g)) {
			return true
		}
		if c.aborted {
			return false
		}
	}
	return false
}

// searchW is search where the descent tries all pairings of each group:
// it stops at a group none of whose pairings passes (a wiped-out group),
// and the critical groups are those needed for that wipe-out. The
// wiped-out group itself is not branched on: with the critical groups at
// pairing 1 it has no pairing left. Used when no tiles may remain.
// With m > s, c.hsnap holds the scan state with order[s:m] held back.
func (c *core) searchW(s int, known bool, m int) bool {
	if !c.enter(known) {
		return false
	}
	no := c.nOrder
	if s == no {
		return c.leaf()
	}
	k := s
	var g uint8
	for {
		g = c.order[k]
		if c.pref[g][0] != noPartner {
			c.guideTo(g, c.pref[g])
		} else {
			c.guide(g)
		}
		c.allow1(g)
		passed, m2 := c.tryGroup(k, m)
		if !passed {
			break
		}
		m = m2
		k++
		if k == no {
			return c.leaf()
		}
	}
	if c.aborted {
		return false
	}
	// g (at k) is wiped out by order[s..k−1] at pairing 1; the state is
	// the scan holding g. Find the groups needed for the wipe-out.
	var need, rest [64]uint8
	nn, nr := 0, 0
	sn := &c.snaps[s]
	for j := k - 1; j >= s; j-- {
		h := c.order[j]
		if c.allGone(h) {
			// Its pairing changes nothing any more: not needed.
			c.unpair(h)
			c.rotate(h)
			rest[nr] = h
			nr++
			continue
		}
		c.save(sn)
		c.unpair(h)
		c.release(h)
		pass := c.anyPasses(g)
		if c.aborted {
			return false
		}
		if pass {
			c.restore(sn)
			c.hold(g)
			c.setPairing(h, 1)
			need[nn] = h
			nn++
		} else {
			c.restore(&c.tsnap)
			c.hold(g)
			c.rotate(h)
			rest[nr] = h
			nr++
		}
	}
	c.unpair(g)
	last := c.reorder(s, need[:nn], rest[:nr], g) - 1
	// Branch on the critical groups from the last back: pairings 2 and 3,
	// both continued from one scan that holds the group back, and also the
	// next group, whose held-back state the child's descent starts from.
	for cp := last; cp >= s; cp-- {
		h := c.order[cp]
		// The child's first groups are held back too: its descent starts
		// from that state.
		var win [8]uint8
		nw := 0
		for i := cp + 1; i < no && nw < min(c.bwindow, len(win)); i++ {
			win[nw] = c.order[i]
			nw++
		}
		c.hold(h)
		for _, w := range win[:nw] {
			c.hold(w)
		}
		c.scan(false)
		hs := &c.snaps[cp]
		c.save(hs)
		restore := false
		for pr := uint8(2); pr <= 3; pr++ {
			if !c.permits(h, pr) {
				continue
			}
			if restore {
				c.restore(hs)
				for _, w := range win[:nw] {
					c.hold(w)
				}
				// The first child may have reordered the groups after cp:
				// put the held ones back in front, in order.
				for j, w := range win[:nw] {
					for i := cp + 1 + j; c.order[cp+1+j] != w; i++ {
						if c.order[i] == w {
							c.order[cp+1+j], c.order[i] = w, c.order[cp+1+j]
						}
					}
				}
			}
			restore = true
			c.setPairing(h, pr)
			c.release(h)
			m := 0
			if nw > 0 {
				c.save(&c.hsnap)
				for _, w := range win[:nw] {
					c.unpair(w)
				}
				c.releaseAll(cp+1, cp+1+nw)
				m = cp + 1 + nw
			}
			if c.searchW(cp+1, true, m) {
				return true
			}
			if c.aborted {
				return false
			}
		}
		for _, w := range win[:nw] {
			c.unpair(w)
		}
		c.unpair(h)
	}
	return false
}

// allGone reports whether every tile of group g is off the board in the
// current scan state.
func (c *core) allGone(g uint8) bool {
	t := &c.gt[g]
	for i := 0; i < int(c.gn[g]&7); i++ {
		if c.cnt[t[i&3]]&goneBit == 0 {
			return false
		}
	}
	return true
}
