package solver

import (
	"math/bits"
	"time"
)

// Pairings, their order and rotations, root tests and de Bondt's
// critical-group search (used for the min-left count).

// ok runs a scan and reports whether it passes (leaves at most c.thr tiles).
// It also checks the budget.
func (c *core) ok() bool {
	if c.aborted {
		return false
	}
	return c.passes(c.scan(false))
}

// passes reports whether a scan that left left tiles passes, and checks the
// budget.
func (c *core) passes(left int) bool {
	if c.maxScans > 0 && c.scans >= c.maxScans {
		c.aborted = true
	}
	if c.limit > 0 && c.scans >= c.limit {
		c.aborted, c.restart = true, true
	}
	if c.scans&1023 == 0 && c.stop() {
		c.aborted = true
	}
	return left <= c.thr && !c.aborted
}

func (c *core) setPairing(g uint8, p uint8) {
	t := &c.gt[g]
	c.pairing[g] = p
	if c.gn[g] == 4 {
		a, b, x, y := t[0], t[1], t[2], t[3]
		switch p {
		case 2:
			b, x = x, b // ac bd
		case 3:
			b, y = y, b // ad cb
		}
		c.partner[a], c.partner[b] = b, a
		c.partner[x], c.partner[y] = y, x
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
	c.partner[a], c.partner[b] = b, a
	c.partner[s] = s
}

func (c *core) unpair(g uint8) {
	c.pairing[g] = 0
	t := &c.gt[g]
	for i := 0; i < int(c.gn[g]&7); i++ {
		c.partner[t[i&3]] = noPartner
	}
}

// rotate changes which pairing of an unpaired group is pairing 1.
func (c *core) rotate(g uint8) {
	t := &c.gt[g]
	fwd := c.rng.Uint64()&1 != 0
	if c.gn[g] == 4 {
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
	c.guideTo(g, c.first[g])
}

// guideTo makes the pair f of group g its pairing 1.
func (c *core) guideTo(g uint8, f [2]uint8) {
	t := &c.gt[g]
	n := int(c.gn[g])
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

// shuffleOrder puts the groups to branch on in a random order.
func (c *core) shuffleOrder() {
	for i := c.nOrder - 1; i > 0; i-- {
		j := int(c.rng.Uint64() % uint64(i+1))
		c.order[i], c.order[j] = c.order[j], c.order[i]
	}
}

// leaf is reached when every group has a pairing and the scan passed.
// It records the play and reports whether the search may stop.
func (c *core) leaf() bool {
	c.moves = c.moves[:0]
	left := c.scan(true)
	if !c.minMode {
		return true
	}
	if left < c.best {
		c.best = left
		c.bestMoves = append(c.bestMoves[:0], c.moves...)
		c.thr = left - 1
		if c.thr < c.lb {
			c.done = true
			return true
		}
	}
	return false
}

// enter counts a search node and reports whether its scan passes: the one
// just run (c.left) when known, else a new one.
func (c *core) enter(known bool) bool {
	c.nodes++
	if known {
		return c.passes(c.left)
	}
	return c.ok()
}

// reorder puts the groups of a failed descent back in c.order from s: the
// needed ones, then the failing group g, then the rest (need and rest
// were found from the last group back). It returns g's place.
func (c *core) reorder(s int, need, rest []uint8, g uint8) int {
	p := s
	for i := len(need) - 1; i >= 0; i-- {
		c.order[p] = need[i]
		p++
	}
	at := p
	c.order[p] = g
	p++
	for i := len(rest) - 1; i >= 0; i-- {
		c.order[p] = rest[i]
		p++
	}
	return at
}

// search decides whether some pairing of the groups order[s:] (those before
// s keep theirs) passes, by de Bondt's critical-group search. With known,
// the scan of the current pairings has just been run (c.left). On failure
// the groups order[s:] are left without pairing.
func (c *core) search(s int, known bool) bool {
	if !c.enter(known) {
		return false
	}
	no := c.nOrder
	if s == no {
		return c.leaf()
	}
	k := s
	for {
		g := c.order[k]
		c.guide(g)
		c.allow1(g)
		c.setPairing(g, 1)
		if !c.ok() {
			break
		}
		k++
		if k == no {
			if c.leaf() {
				return true
			}
			k--
			break
		}
	}
	if c.aborted {
		return false
	}
	// order[s..k] with pairing 1 fail, and the scan state is that failure.
	// Find the groups needed for it, from k−1 backwards: drop a group's
	// pairing and continue the scan; if it still fails the group was not
	// needed (it stays unpaired and is rotated), else its pairing is put
	// back along with the scan state.
	var need, rest [64]uint8
	nn, nr := 0, 0
	sn := &c.snaps[s]
	for j := k - 1; j >= s; j-- {
		g := c.order[j]
		c.save(sn)
		c.unpair(g)
		if !c.passes(c.release(g)) {
			if c.aborted {
				return false
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
	last := c.reorder(s, need[:nn], rest[:nr], c.order[k])
	// Branch on the critical groups from the last back: pairings 2 and 3,
	// both continued from one scan that holds the group's tiles back.
	for cp := last; cp >= s; cp-- {
		g := c.order[cp]
		c.hold(g)
		c.scan(false)
		hs := &c.snaps[cp]
		c.save(hs)
		restore := false
		for pr := uint8(2); pr <= 3; pr++ {
			if !c.permits(g, pr) {
				continue
			}
			if restore {
				c.restore(hs)
			}
			restore = true
			c.setPairing(g, pr)
			c.release(g)
			if c.search(cp+1, true) {
				return true
			}
			if c.aborted {
				return false
			}
		}
		c.unpair(g)
	}
	return false
}

// partition returns the id of pairing p of group g in its current
// arrangement: the index in rgt[g] of the tile paired with rgt[g][0].
func (c *core) partition(g, p uint8) uint8 {
	t := &c.gt[g]
	r0 := c.rgt[g][0]
	a, b := t[0], t[p&3]
	switch r0 {
	case a:
		return c.tix[b]
	case b:
		return c.tix[a]
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
		return c.tix[o[1]]
	}
	return c.tix[o[0]]
}

// permits reports whether pairing p of group g (of four) is not ruled out.
func (c *core) permits(g, p uint8) bool {
	return c.gn[g] != 4 || c.allowed[g]>>(c.partition(g, p)&7)&1 != 0
}

// allow1 rearranges group g so that its pairing 1 is not ruled out.
func (c *core) allow1(g uint8) {
	if c.permits(g, 1) {
		return
	}
	t := &c.gt[g]
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
// the board is impossible.
func (c *core) testRoot() bool {
	for round := 0; round < 4; round++ {
		changed := false
		for i := 0; i < c.nOrder; i++ {
			g := c.order[i]
			if c.gn[g] != 4 {
				continue
			}
			c.hold(g)
			c.scan(false)
			hs := &c.snaps[0]
			c.save(hs)
			for p := uint8(1); p <= 3; p++ {
				id := c.partition(g, p)
				if c.allowed[g]>>id&1 == 0 {
					continue
				}
				c.restore(hs)
				c.setPairing(g, p)
				if c.release(g) > c.thr {
					c.allowed[g] &^= 1 << id
					changed = true
				}
			}
			c.unpair(g)
			switch bits.OnesCount8(c.allowed[g]) {
			case 0:
				return false
			case 1:
				c.allow1(g)
				c.setPairing(g, 1)
				c.fixed[c.nFixed] = g
				c.nFixed++
				c.nOrder--
				c.order[i] = c.order[c.nOrder]
				c.order[c.nOrder] = g
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
	for ; c.nFixed > 0; c.nFixed-- {
		g := c.fixed[c.nFixed-1]
		c.unpair(g)
		c.allowed[g] = 0b1110
		c.nOrder++
	}
	for i := 0; i < c.nOrder; i++ {
		c.allowed[c.order[i]] = 0b1110
	}
}

// stop reports whether the context is done or the deadline has passed.
func (c *core) stop() bool {
	if c.ctx != nil && c.ctx.Err() != nil {
		return true
	}
	return !c.deadline.IsZero() && time.Now().After(c.deadline)
}
