package solver

// The descent of the pairing search with look-ahead at each group (the
// default when no tiles may remain).

// tryGroup gives group g = order[k] the first of its pairings (pairing 1
// first) whose scan passes, and makes it g's pairing 1. When none passes it
// returns false with g and order[k+1:m] unpaired and the end states of the
// failing scans in c.srch.fail.
//
// c.srch.hsnap holds the scan state with the groups order[k:m] held back
// when m > k (passed in); else tryGroup makes it, holding back a window of
// w = c.cfg.window groups from k (at least one). A passing pairing leaves in
// c.srch.hsnap the state with g paired and order[k+1:m] held back, for the
// next step: the window end m is returned (m ≤ k+1: nothing saved).
//
// The full scan that makes c.srch.hsnap is run in two stages, first
// holding back two windows, order[k:k+2w], and then the second window
// released: the first stage's end state (kept in c.srch.csnap, saved
// returned true) is valid for the next window's full scan too, at k+w,
// once order[k:k+w] have their pairings; with ck, tryGroup continues it
// instead of scanning from the position.
//
// With a window of one more group g2 = order[k+1] whose pairing 1 is set
// by the best random game (pref), the look-ahead first releases g2 with
// that pairing, as the next step will, and only when that fails without
// it. ahead ≥ 0 (returned, and passed in at the next step) says that this
// scan, the next step's first one, passed leaving ahead tiles: the next
// step counts it without running it again.
func (c *core) tryGroup(k, m int, ck bool, ahead int) (passed bool, end int, saved bool, next int) {
	next = -1
	g := c.srch.order[k]
	if m <= k {
		w := max(1, c.cfg.window)
		m = min(c.srch.nOrder, k+w)
		for i := k; i < m; i++ {
			c.hold(c.srch.order[i])
		}
		if ck {
			// csnap holds order[k−w:m] back; order[k−w:k] now have pairings.
			c.restore(&c.srch.csnap)
			c.releaseAll(k-w, k)
		} else {
			m2 := min(c.srch.nOrder, k+2*w)
			for i := m; i < m2; i++ {
				c.hold(c.srch.order[i])
			}
			c.scan(false)
			if m2 > m {
				c.save(&c.srch.csnap)
				saved = true
				for i := m; i < m2; i++ {
					c.unpair(c.srch.order[i])
				}
				c.releaseAll(m, m2)
				c.budget.scans-- // one full scan in two stages
			}
		}
		c.save(&c.srch.hsnap)
	} else {
		for i := k; i < m; i++ {
			c.hold(c.srch.order[i])
		}
		if ahead < 0 {
			c.restore(&c.srch.hsnap)
		}
	}
	c.srch.fail.n = 0
	first := true
	tries := c.tries(g)
	for _, p := range tries {
		if !c.permits(g, p) {
			continue
		}
		// settled: the scan of g's pairing 1 passed in the last step's
		// look-ahead, and the play's state is its end.
		settled := first && ahead >= 0 && p == 1
		if !first || ahead >= 0 && !settled {
			c.restore(&c.srch.hsnap)
			for i := k + 1; i < m; i++ {
				c.hold(c.srch.order[i])
			}
		}
		first = false
		c.setPairing(g, p)
		var pass bool
		if m == k+2 {
			c.release(g)
			c.save(&c.srch.tsnap)
			left, settled := c.lookAhead(c.srch.order[k+1])
			if pass = c.passes(left); pass {
				next = settled
			}
		} else if m > k+1 {
			c.release(g)
			c.save(&c.srch.tsnap)
			for i := k + 1; i < m; i++ {
				c.unpair(c.srch.order[i])
			}
			pass = c.passes(c.releaseAll(k+1, m))
		} else if settled {
			c.budget.scans++ // run in the look-ahead of the last step
			pass = c.passes(ahead)
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
			return true, m, saved, next
		}
		if c.budget.aborted {
			return false, 0, false, -1
		}
		// Keep the failing states by tiles left, fewest first: the
		// wipe-out analysis continues them in this order, and the first
		// that passes settles that a group is needed.
		f := &c.srch.fail
		i := f.n
		for ; i > 0 && f.s[i-1].left > c.play.left; i-- {
			f.s[i], f.s[i-1] = f.s[i-1], f.s[i]
			f.p[i] = f.p[i-1]
		}
		f.p[i] = p
		c.save(f.s[i])
		f.n++
	}
	for i := k + 1; i < m; i++ {
		c.unpair(c.srch.order[i])
	}
	c.unpair(g)
	return false, 0, false, -1
}

// lookAhead continues the finished scan after group g2, held back, is let
// go, and returns the tiles left. When the best random game set g2's
// pairing 1 (pref), g2 first gets it, as the next step of the descent
// will (descendW), and loses it only when that scan fails: settled ≥ 0
// says it passed, leaving settled tiles, and that the play's state is its
// end: the scan of the next step's first pairing.
func (c *core) lookAhead(g2 uint8) (left, settled int) {
	if c.srch.pref[g2][0] == noPartner {
		c.unpair(g2)
		return c.release(g2), -1
	}
	c.guideTo(g2, c.srch.pref[g2])
	c.allow1(g2)
	c.setPairing(g2, 1)
	if left := c.release(g2); left <= c.srch.thr {
		return left, left
	}
	c.unpair(g2)
	c.budget.scans-- // one scan in two stages
	return c.release(g2), -1
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
//
// ahead ≥ 0 says that the first step's first scan ran in the caller's
// look-ahead (lookAhead), leaving ahead tiles.
func (c *core) descendW(s, m, ahead int) (won bool, last int) {
	no := c.srch.nOrder
	k := s
	var g uint8
	ckAt := -1 // the step whose full scan may continue c.srch.csnap
	for {
		g = c.srch.order[k]
		if c.srch.pref[g][0] != noPartner {
			c.guideTo(g, c.srch.pref[g])
		} else {
			c.guide(g)
		}
		c.allow1(g)
		passed, m2, saved, next := c.tryGroup(k, m, k == ckAt, ahead)
		ahead = next
		if !passed {
			break
		}
		if saved {
			ckAt = k + max(1, c.cfg.window)
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
	c.srch.wipes[g]++
	// g (at k) is wiped out by order[s..k−1] at pairing 1: c.srch.fail
	// holds the end states of its failing scans. Find the groups needed
	// for the wipe-out, from k−1 backwards: drop a group's pairing and
	// continue each failing scan; if one now passes the group is needed
	// (its pairing goes back and the states stay), else it stays unpaired
	// and rotated and the continued states replace the old ones. A state
	// in which the group could take no tile off without its pairing (a
	// closed scan) needs no continuing.
	var need, rest [64]uint8
	nn, nr := 0, 0
	f := &c.srch.fail
	for j := k - 1; j >= s; j-- {
		h := c.srch.order[j]
		c.unpair(h)
		var moved [3]bool
		needed := false
		for i := 0; i < f.n; i++ {
			if !c.relaxes(&f.s[i].cnt, h) {
				continue
			}
			c.restore(f.s[i])
			c.setPairing(g, f.p[i])
			if c.passes(c.release(h)) {
				needed = true
				break
			}
			if c.budget.aborted {
				return false, 0
			}
			c.save(f.t[i])
			moved[i] = true
		}
		if needed {
			c.setPairing(h, 1)
			need[nn] = h
			nn++
			continue
		}
		for i := 0; i < f.n; i++ {
			if moved[i] {
				f.s[i], f.t[i] = f.t[i], f.s[i]
			} else {
				c.markStartedIn(f.s[i], h)
			}
		}
		c.rotate(h)
		rest[nr] = h
		nr++
	}
	c.unpair(g)
	return false, c.reorder(s, need[:nn], rest[:nr], g) - 1
}

// relaxes reports whether the unpaired group g could take a tile off in
// the closed scan state cnt: it has a free tile on the board and, when
// none of its tiles is gone yet, two (an unpaired group's first match).
func (c *core) relaxes(cnt *[maxTiles]counters, g uint8) bool {
	t := &c.srch.gt[g]
	gone, free := false, 0
	for i := 0; i < int(c.pos.gn[g]&7); i++ {
		x := cnt[t[i&3]]
		if x&goneBit != 0 {
			gone = true
		} else if isFree(x) {
			free++
		}
	}
	return free >= 2 || free == 1 && gone
}

// markStartedIn marks the unpaired group g as started in the saved scan
// state sn when some of its tiles are gone there.
func (c *core) markStartedIn(sn *snapshot, g uint8) {
	t := &c.srch.gt[g]
	for i := 0; i < int(c.pos.gn[g]&7); i++ {
		if sn.cnt[t[i&3]]&goneBit != 0 {
			sn.started |= 1 << (g & 63)
		}
	}
}

// tries returns the order in which tryGroup tests the pairings of group g:
// pairing 1, then the one with the pair the last relaxed scan took first
// (when that is not pairing 1), then the other.
func (c *core) tries(g uint8) [3]uint8 {
	f := c.firstPair(g)
	t := &c.srch.gt[g]
	if c.pos.gn[g] != 4 {
		return [3]uint8{1, 2, 3}
	}
	// The tile paired with t[0] in the pairing that has the pair f.
	var o uint8
	switch t[0] {
	case f[0]:
		o = f[1]
	case f[1]:
		o = f[0]
	default:
		o = t[1] ^ t[2] ^ t[3] ^ f[0] ^ f[1]
	}
	if o == t[3] {
		return [3]uint8{1, 3, 2}
	}
	return [3]uint8{1, 2, 3}
}
