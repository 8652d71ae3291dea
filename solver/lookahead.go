package solver

// The descent of the pairing search with look-ahead at each group (the
// default when no tiles may remain).

// tryGroup gives group g = order[k] the first of its pairings (pairing 1
// first) whose scan passes, and makes it g's pairing 1. When none passes it
// returns false with g held back and the scan state of that hold.
//
// c.srch.hsnap holds the scan state with the groups order[k:m] held back
// when m > k (passed in); else tryGroup makes it, holding back a window of
// up to c.cfg.window groups from k. A passing pairing leaves in
// c.srch.hsnap the state with g paired and order[k+1:m] held back, for the
// next step: the window end m is returned (m ≤ k+1: nothing saved).
func (c *core) tryGroup(k, m int) (bool, int) {
	g := c.srch.order[k]
	if m <= k {
		m = min(c.srch.nOrder, k+max(1, c.cfg.window))
		for i := k; i < m; i++ {
			c.hold(c.srch.order[i])
		}
		c.scan(false)
		c.save(&c.srch.hsnap)
	} else {
		for i := k; i < m; i++ {
			c.hold(c.srch.order[i])
		}
		c.restore(&c.srch.hsnap)
	}
	first := true
	for p := uint8(1); p <= 3; p++ {
		if !c.permits(g, p) {
			continue
		}
		if !first {
			c.restore(&c.srch.hsnap)
			for i := k + 1; i < m; i++ {
				c.hold(c.srch.order[i])
			}
		}
		first = false
		c.setPairing(g, p)
		var pass bool
		if m > k+1 {
			c.release(g)
			c.save(&c.srch.tsnap)
			for i := k + 1; i < m; i++ {
				c.unpair(c.srch.order[i])
			}
			pass = c.passes(c.releaseAll(k+1, m))
		} else {
			pass = c.passes(c.release(g))
		}
		if pass {
			if p != 1 {
				c.makeFirst(g, p)
			}
			if m > k+1 {
				c.srch.hsnap = c.srch.tsnap
			}
			return true, m
		}
		if c.budget.aborted {
			return false, 0
		}
	}
	c.restore(&c.srch.hsnap)
	c.hold(g)
	if m > k+1 { // back to g alone held back
		for i := k + 1; i < m; i++ {
			c.unpair(c.srch.order[i])
		}
		c.releaseAll(k+1, m)
	}
	return false, 0
}

// anyPasses reports whether some pairing of the held group g passes from
// the current scan state (which it changes).
func (c *core) anyPasses(g uint8) bool {
	c.save(&c.srch.tsnap)
	first := true
	for p := uint8(1); p <= 3; p++ {
		if !c.permits(g, p) {
			continue
		}
		if !first {
			c.restore(&c.srch.tsnap)
		}
		first = false
		c.setPairing(g, p)
		if c.passes(c.release(g)) {
			return true
		}
		if c.budget.aborted {
			return false
		}
	}
	return false
}

// descendW is the descent of search with look-ahead: each group gets the
// first of its pairings whose scan passes (tryGroup). It stops at a group
// none of whose pairings passes (a wiped-out group), and the critical
// groups are those needed for that wipe-out: they are put first in
// order[s:], then the wiped-out group, then the others, unpaired and
// rotated; the critical groups are order[s..last], all at pairing 1. The
// wiped-out group itself is not branched on: with the critical groups at
// pairing 1 it has no pairing left. won: every group got a pairing (and
// the leaf was reached). Used when no tiles may remain.
func (c *core) descendW(s, m int) (won bool, last int) {
	no := c.srch.nOrder
	k := s
	var g uint8
	for {
		g = c.srch.order[k]
		if c.srch.pref[g][0] != noPartner {
			c.guideTo(g, c.srch.pref[g])
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
			return c.leaf(), 0
		}
	}
	if c.budget.aborted {
		return false, 0
	}
	// g (at k) is wiped out by order[s..k−1] at pairing 1; the state is
	// the scan holding g. Find the groups needed for the wipe-out.
	var need, rest [64]uint8
	nn, nr := 0, 0
	sn := &c.srch.snaps[s]
	for j := k - 1; j >= s; j-- {
		h := c.srch.order[j]
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
		if c.budget.aborted {
			return false, 0
		}
		if pass {
			c.restore(sn)
			c.hold(g)
			c.setPairing(h, 1)
			need[nn] = h
			nn++
		} else {
			c.restore(&c.srch.tsnap)
			c.hold(g)
			c.rotate(h)
			rest[nr] = h
			nr++
		}
	}
	c.unpair(g)
	return false, c.reorder(s, need[:nn], rest[:nr], g) - 1
}

// allGone reports whether every tile of group g is off the board in the
// current scan state.
func (c *core) allGone(g uint8) bool {
	t := &c.srch.gt[g]
	for i := 0; i < int(c.pos.gn[g]&7); i++ {
		if c.play.cnt[t[i&3]]&goneBit == 0 {
			return false
		}
	}
	return true
}
