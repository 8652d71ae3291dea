package solver

import (
	"math/bits"
	"slices"
	"time"
)

// Pairings, their order and rotations, root tests and de Bondt's
// critical-group search: its entry, de Bondt's descent and the branching
// shared by both descents.

// ok runs a scan and reports whether it passes (leaves at most c.srch.thr
// tiles).
// It also checks the budget.
func (c *core) ok() bool {
	if c.budget.aborted {
		return false
	}
	return c.passes(c.scan(false))
}

// passes reports whether a scan that left left tiles passes, and checks the
// budget.
func (c *core) passes(left int) bool {
	if c.budget.maxScans > 0 && c.budget.scans >= c.budget.maxScans {
		c.budget.aborted = true
	}
	if c.budget.limit > 0 && c.budget.scans >= c.budget.limit {
		c.budget.aborted, c.budget.restart = true, true
	}
	if c.budget.scans&1023 == 0 && c.stop() {
		c.budget.aborted = true
	}
	return left <= c.srch.thr && !c.budget.aborted
}

func (c *core) setPairing(g uint8, p uint8) {
	t := &c.srch.gt[g]
	c.srch.pairing[g] = p
	if c.pos.gn[g] == 4 {
		a, b, x, y := t[0], t[1], t[2], t[3]
		switch p {
		case 2:
			b, x = x, b // ac bd
		case 3:
			b, y = y, b // ad cb
		}
		c.srch.partner[a], c.srch.partner[b] = b, a
		c.srch.partner[x], c.srch.partner[y] = y, x
		return
	}
	// Three tiles: one pair, one tile that stays.
	a, b, s := t[0], t[1], t[2]
	switch p {
	case 2:
		b, s = s, b
	case 3:
		a, s = s, a
	}
	c.srch.partner[a], c.srch.partner[b] = b, a
	c.srch.partner[s] = s
}

// makeFirst rearranges group g so that its pairing p becomes its pairing
// 1, and gives it that pairing.
func (c *core) makeFirst(g, p uint8) {
	t := &c.srch.gt[g]
	if c.pos.gn[g] == 3 && p == 3 {
		t[0], t[2] = t[2], t[0] // the pair t[2], t[1]; t[0] stays
	} else {
		t[1], t[p&3] = t[p&3], t[1]
	}
	c.setPairing(g, 1)
}

// unpair drops the pairing of group g, which has three or four tiles (a
// group of the search order).
func (c *core) unpair(g uint8) {
	c.srch.pairing[g] = 0
	t, p := &c.srch.gt[g], &c.srch.partner
	p[t[0]], p[t[1]], p[t[2]] = noPartner, noPartner, noPartner
	if c.pos.gn[g] == 4 {
		p[t[3]] = noPartner
	}
}

// rotate changes which pairing of an unpaired group is pairing 1.
func (c *core) rotate(g uint8) {
	t := &c.srch.gt[g]
	fwd := c.rng.Uint64()&1 != 0
	if c.pos.gn[g] == 4 {
		if fwd {
			t[1], t[2], t[3] = t[2], t[3], t[1]
		} else {
			t[1], t[2], t[3] = t[3], t[1], t[2]
		}
		return
	}
	if fwd {
		t[0], t[1], t[2] = t[1], t[2], t[0]
	} else {
		t[0], t[1], t[2] = t[2], t[0], t[1]
	}
}

// guide puts the pair that the last scan removed first together in front,
// so that pairing 1 of the unpaired group g is that pair.
func (c *core) guide(g uint8) {
	c.guideTo(g, c.firstPair(g))
}

// firstPair returns the pair the last scan removed together first from
// group g.
func (c *core) firstPair(g uint8) [2]uint8 {
	f := c.srch.first[g]
	return [2]uint8{uint8(f) - 1, uint8(f>>8) - 1}
}

// guideTo makes the pair f of group g its pairing 1.
func (c *core) guideTo(g uint8, f [2]uint8) {
	t := &c.srch.gt[g]
	if t[0] == f[0] && t[1] == f[1] {
		return // mostly: g was guided to f before
	}
	n := int(c.pos.gn[g])
	ia, ib := -1, -1
	for i := 0; i < n; i++ {
		switch t[i&3] {
		case f[0]:
			ia = i
		case f[1]:
			ib = i
		}
	}
	if ia < 0 || ib < 0 {
		return
	}
	var nt [4]uint8
	nt[0], nt[1] = t[ia&3], t[ib&3]
	k := 2
	for i := 0; i < n; i++ {
		if i != ia && i != ib {
			nt[k&3] = t[i&3]
			k++
		}
	}
	*t = nt
}

// shuffleOrder puts the groups to branch on in a random order, and then
// (stable sorts) those wiped out more often in this board's search so far
// first, among equals those with more pairings no play can carry out, and
// among those the ones the random games left on the board more often: a new
// attempt starts with the groups that made the last ones fail.
func (c *core) shuffleOrder() {
	o := &c.srch.order
	for i := c.srch.nOrder - 1; i > 0; i-- {
		j := int(c.rng.Uint64() % uint64(i+1))
		o[i], o[j] = o[j], o[i]
	}
	c.sortOrder(&c.srch.stuck)
	c.sortOrder(&c.srch.dead)
	c.sortOrder(&c.srch.wipes)
}

// countDead sets c.srch.dead from the first matches of the random games
// that leave a dead pair (c.rg.live): first matches p and 5−p (pairIdx)
// make one pairing.
func (c *core) countDead() {
	for i := 0; i < c.srch.nOrder; i++ {
		g := c.srch.order[i]
		l := c.rg.live[g]
		c.srch.dead[g] = 0
		for p := range 3 {
			if l>>p&1 == 0 || l>>(5-p)&1 == 0 {
				c.srch.dead[g]++
			}
		}
	}
}

// sortOrder sorts the groups to branch on by w, largest first, keeping the
// order of groups with equal w.
func (c *core) sortOrder(w *[256]uint32) {
	o := &c.srch.order
	for i := 1; i < c.srch.nOrder; i++ {
		x := o[i]
		j := i
		for ; j > 0 && w[o[j-1]] < w[x]; j-- {
			o[j] = o[j-1]
		}
		o[j] = x
	}
}

// leaf is reached when every group has a pairing and the scan passed.
// It records the play and reports whether the search may stop.
func (c *core) leaf() bool {
	c.moves = c.moves[:0]
	left := c.scan(true)
	if !c.ml.on {
		return true
	}
	if left < c.ml.best {
		c.ml.best = left
		c.ml.moves = append(c.ml.moves[:0], c.moves...)
		c.srch.thr = left - 1
		if c.srch.thr < c.ml.lb {
			c.ml.done = true
			return true
		}
	}
	return false
}

// enter counts a search node and reports whether its scan passes: the one
// just run (c.play.left) when known, else a new one.
func (c *core) enter(known bool) bool {
	c.budget.nodes++
	if known {
		return c.passes(c.play.left)
	}
	return c.ok()
}

// reorder puts the groups of a failed descent back in c.srch.order from s: the
// needed ones, then the failing group g, then the rest (need and rest
// were found from the last group back). It returns g's place.
func (c *core) reorder(s int, need, rest []uint8, g uint8) int {
	p := s
	for i := len(need) - 1; i >= 0; i-- {
		c.srch.order[p] = need[i]
		p++
	}
	at := p
	c.srch.order[p] = g
	p++
	for i := len(rest) - 1; i >= 0; i-- {
		c.srch.order[p] = rest[i]
		p++
	}
	return at
}

// search decides whether some pairing of the groups order[s:] (those before
// s keep theirs) passes: a descent gives the groups in turn a passing
// pairing until it meets one it cannot pair, the groups needed for that
// failure are found (the critical groups), and the search branches on
// their other pairings. With known, the scan of the current pairings has
// just been run (c.play.left). With m > s, c.srch.hsnap holds the scan
// state with order[s:m] held back (look-ahead descents only). On failure
// the groups order[s:] are left without pairing.
//
// The descent with look-ahead (descendW) decides; the min-left search, and
// the tests with cfg.wipe off, use de Bondt's (descend).
func (c *core) search(s int, known bool, m int) bool {
	ahead := c.srch.ahead // set by branch for this call only
	c.srch.ahead = -1
	if !c.enter(known) {
		return false
	}
	if s == c.srch.nOrder {
		return c.leaf()
	}
	var won bool
	var last, window int
	if c.cfg.wipe && !c.ml.on {
		won, last = c.descendW(s, m, ahead)
		window = c.cfg.bwindow
	} else {
		won, last = c.descend(s)
	}
	if won || c.budget.aborted {
		return won
	}
	return c.branch(s, last, window)
}

// descend is de Bondt's descent from order[s]: it gives each group its
// pairing 1 until a scan fails or every group is paired (and the leaf
// reports a win: won). After a failure at order[k], it finds the groups of
// order[s:k] needed for it and reorders order[s:]: the needed ones, then
// the failing group (at last), then the others, unpaired and rotated. The
// critical groups are order[s..last], all at pairing 1.
func (c *core) descend(s int) (won bool, last int) {
	no := c.srch.nOrder
	k := s
	for {
		g := c.srch.order[k]
		c.guide(g)
		c.allow1(g)
		c.setPairing(g, 1)
		if !c.ok() {
			break
		}
		k++
		if k == no {
			if c.leaf() {
				return true, 0
			}
			k--
			break
		}
	}
	if c.budget.aborted {
		return false, 0
	}
	// order[s..k] with pairing 1 fail, and the scan state is that failure.
	// Find the groups needed for it, from k−1 backwards: drop a group's
	// pairing and continue the scan; if it still fails the group was not
	// needed (it stays unpaired and is rotated), else its pairing is put
	// back along with the scan state.
	var need, rest [64]uint8
	nn, nr := 0, 0
	sn := &c.srch.snaps[s]
	for j := k - 1; j >= s; j-- {
		g := c.srch.order[j]
		c.save(sn)
		c.unpair(g)
		if !c.passes(c.release(g)) {
			if c.budget.aborted {
				return false, 0
			}
			c.rotate(g)
			rest[nr] = g
			nr++
		} else {
			c.restore(sn)
			c.setPairing(g, 1)
			need[nn] = g
			nn++
		}
	}
	return false, c.reorder(s, need[:nn], rest[:nr], c.srch.order[k])
}

// branch tries the other pairings of the critical groups order[s..last],
// from the last back: pairings 2 and 3 (first the one with the pair the
// last relaxed scan took together first), both continued from one scan
// that holds the group back, and then the search from the next group. With a
// window, the child's first window groups are held back in that scan too:
// the child's descent starts from that state.
//
// That scan is run in two stages when cp > s, the first holding order[cp−1]
// back too: the first stage's end state, kept in snaps[cp−1], starts the
// scan of the next critical group back (with the groups held here and no
// longer held there released).
func (c *core) branch(s, last, window int) bool {
	no := c.srch.nOrder
	// held[:nh] were held back, besides order[cp], in snaps[cp]'s state
	// when ck (the first stage of the scan at cp+1).
	var held [9]uint8
	nh, ck := 0, false
	for cp := last; cp >= s; cp-- {
		h := c.srch.order[cp]
		var win [8]uint8
		nw := 0
		for i := cp + 1; i < no && nw < min(window, len(win)); i++ {
			win[nw] = c.srch.order[i]
			nw++
		}
		c.hold(h)
		for _, w := range win[:nw] {
			c.hold(w)
		}
		hs := &c.srch.snaps[cp]
		if ck {
			// Every group of win must have been held there.
			for _, w := range win[:nw] {
				if !slices.Contains(held[:nh], w) {
					ck = false
				}
			}
		}
		if ck {
			c.restore(hs)
			c.play.sp = 0
			for _, x := range held[:nh] {
				if !slices.Contains(win[:nw], x) {
					c.push(x) // unpaired since
				}
			}
			c.run(false)
			ck = false
		} else if g := c.srch.order[max(cp-1, 0)]; cp > s && c.srch.pairing[g] != 0 {
			// g, a critical group, has a pairing (1).
			p := c.srch.pairing[g]
			c.hold(g)
			c.scan(false)
			c.save(&c.srch.snaps[cp-1])
			c.setPairing(g, p)
			c.release(g)
			c.budget.scans-- // one scan in two stages
			held[0] = h
			copy(held[1:], win[:nw])
			nh, ck = 1+nw, true
		} else {
			c.scan(false)
		}
		c.save(hs)
		restore := false
		order := c.tries(h)
		for _, pr := range order[1:] {
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
					for i := cp + 1 + j; c.srch.order[cp+1+j] != w; i++ {
						if c.srch.order[i] == w {
							c.srch.order[cp+1+j], c.srch.order[i] = w, c.srch.order[cp+1+j]
						}
					}
				}
			}
			restore = true
			c.setPairing(h, pr)
			c.release(h)
			m := 0
			if nw == 1 {
				c.save(&c.srch.hsnap)
				if left, settled := c.lookAhead(win[0]); left <= c.srch.thr {
					c.srch.ahead = settled
				}
				m = cp + 2
			} else if nw > 0 {
				c.save(&c.srch.hsnap)
				for _, w := range win[:nw] {
					c.unpair(w)
				}
				c.releaseAll(cp+1, cp+1+nw)
				m = cp + 1 + nw
			}
			if c.search(cp+1, true, m) {
				return true
			}
			if c.budget.aborted {
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

// partition returns the id of pairing p of group g in its current
// arrangement: the index in pos.tiles[g] of the tile paired with
// pos.tiles[g][0].
func (c *core) partition(g, p uint8) uint8 {
	t := &c.srch.gt[g]
	r0 := c.pos.tiles[g][0]
	a, b := t[0], t[p&3]
	switch r0 {
	case a:
		return c.pos.tix[b]
	case b:
		return c.pos.tix[a]
	}
	// r0 is in the other pair.
	var o [2]uint8
	k := 0
	for _, x := range t {
		if x != a && x != b {
			o[k&1] = x
			k++
		}
	}
	if o[0] == r0 {
		return c.pos.tix[o[1]]
	}
	return c.pos.tix[o[0]]
}

// allPartitions is allowed[g] with none of the three partitions of a group
// of four ruled out (bits 1 to 3).
const allPartitions = 0b1110

// permits reports whether pairing p of group g (of four) is not ruled out.
// Until the root tests rule one out (most boards never run them), every
// pairing is allowed and its partition need not be worked out.
func (c *core) permits(g, p uint8) bool {
	a := c.srch.allowed[g]
	return c.pos.gn[g] != 4 || a == allPartitions || a>>(c.partition(g, p)&7)&1 != 0
}

// allow1 rearranges group g so that its pairing 1 is not ruled out.
func (c *core) allow1(g uint8) {
	if c.permits(g, 1) {
		return
	}
	t := &c.srch.gt[g]
	for p := uint8(2); p <= 3; p++ {
		if c.permits(g, p) {
			t[1], t[p&3] = t[p&3], t[1]
			return
		}
	}
}

// testRoot tries each pairing of every group alone (the others without
// pairing) and rules out those whose scan fails; a group left with one
// pairing gets it for good. It returns false when some group has none left:
// the board is impossible. A round is repeated only when a group got its
// pairing for good: the scans ignore ruled-out pairings of groups without
// one, so another round would run the same scans.
func (c *core) testRoot() bool {
	for round := 0; round < 4; round++ {
		changed := false
		for i := 0; i < c.srch.nOrder; i++ {
			g := c.srch.order[i]
			if c.pos.gn[g] != 4 {
				continue
			}
			c.hold(g)
			c.scan(false)
			hs := &c.srch.snaps[0]
			c.save(hs)
			for p := uint8(1); p <= 3; p++ {
				id := c.partition(g, p)
				if c.srch.allowed[g]>>id&1 == 0 {
					continue
				}
				c.restore(hs)
				c.setPairing(g, p)
				if c.release(g) > c.srch.thr {
					c.srch.allowed[g] &^= 1 << id
				}
			}
			c.unpair(g)
			switch bits.OnesCount8(c.srch.allowed[g]) {
			case 0:
				return false
			case 1:
				c.allow1(g)
				c.setPairing(g, 1)
				c.srch.fixed[c.srch.nFixed] = g
				c.srch.nFixed++
				changed = true
				c.srch.nOrder--
				c.srch.order[i] = c.srch.order[c.srch.nOrder]
				c.srch.order[c.srch.nOrder] = g
				i--
			}
		}
		if !changed {
			break
		}
	}
	return true
}

// unfix gives the groups fixed at the root back to the search.
func (c *core) unfix() {
	for ; c.srch.nFixed > 0; c.srch.nFixed-- {
		g := c.srch.fixed[c.srch.nFixed-1]
		c.unpair(g)
		c.srch.allowed[g] = allPartitions
		c.srch.nOrder++
	}
	for i := 0; i < c.srch.nOrder; i++ {
		c.srch.allowed[c.srch.order[i]] = allPartitions
	}
}

// stop reports whether the context is done or the deadline has passed.
func (c *core) stop() bool {
	if c.budget.ctx != nil && c.budget.ctx.Err() != nil {
		return true
	}
	return !c.budget.deadline.IsZero() && time.Now().After(c.budget.deadline)
}
