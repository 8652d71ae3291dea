package solver

// The prune scan: greedy play under the current pairings, relaxed for the
// groups without one. This file holds the hottest loop of the solver.

// scan plays greedily under the current pairings, relaxed for groups
// without one (any two free tiles as the first match, the others one by
// one), and returns how many tiles are left. With record, the pairs removed
// are appended to c.moves (meaningful when every group has a pairing).
func (c *core) scan(record bool) int {
	*slotCounters(&c.play.cnt) = *slotCounters(&c.pos.cnt)
	c.play.sp = copy(c.play.stack[:], c.pos.free[:c.pos.nFree])
	c.play.started = 0
	c.play.left = c.pos.remaining
	return c.run(record)
}

// run continues a scan from the tiles on the stack to its end and returns
// how many tiles are left.
func (c *core) run(record bool) int {
	c.budget.scans++
	c.play.record = record
	cnt, stack := &c.play.cnt, &c.play.stack
	cnt[nobody] = nobodyCnt
	cover, sides := &c.cover, &c.side
	sp := c.play.sp
	// The tiles left, the groups started and record stay in c.play: fewer
	// live variables than registers in the loops below.
	for sp > 0 {
		sp--
		t := stack[sp&255]
		if cnt[t]&goneBit != 0 {
			continue
		}
		// Choose the tiles to take off, a byte each in rm (tile+1, so that
		// rm is 0 when all are taken).
		var rm uint32
		if p := c.srch.partner[t]; p != noPartner {
			if p == t || !isFree(cnt[p]) {
				continue
			}
			rm = uint32(t+1) | uint32(p+1)<<8
			c.play.left -= 2
			if c.play.record {
				c.moves = append(c.moves, move{t, p})
			}
		} else {
			g := c.pos.grp[t]
			bit := uint64(1) << (g & 63)
			k := 0
			if c.play.started&bit != 0 {
				rm, k = uint32(t+1), 1
			} else {
				// A group without pairing has three or four tiles.
				gt := c.srch.gt[g]
				if u := gt[0]; isFree(cnt[u]) {
					rm, k = uint32(u+1), 1
				}
				if u := gt[1]; isFree(cnt[u]) {
					rm |= uint32(u+1) << (8 * (k & 3))
					k++
				}
				if u := gt[2]; isFree(cnt[u]) {
					rm |= uint32(u+1) << (8 * (k & 3))
					k++
				}
				if u := gt[3]; c.pos.gn[g] == 4 && isFree(cnt[u]) {
					rm |= uint32(u+1) << (8 * (k & 3))
					k++
				}
				if k < 2 {
					continue
				}
				c.play.started |= bit
				c.srch.first[g] = uint16(rm)
			}
			c.play.left -= k
		}
		// Take them off. A tile leaves the board only when free, so one of
		// its sides is empty: only the other one has counters to drop.
		for ; rm != 0; rm >>= 8 {
			x := uint8(rm) - 1
			cx := cnt[x]
			cnt[x] = cx | goneBit
			// The tiles x covers: at most four packed in one word (no
			// dependent load), else a list (full geometry only, rare).
			cv := cover[x]
			for cw := uint32(cv); cw != 0; cw >>= 8 {
				i := uint8(cw) - 1
				nw := cnt[i] - dCover
				cnt[i] = nw
				if isFree(nw) {
					stack[sp&255] = i
					sp++
				}
			}
			if cv>>32 != 0 {
				sp = c.dropCovers(cv, sp)
			}
			sd := &sides[x]
			if cx&leftMask != 0 {
				i := sd.l[0]
				nw := cnt[i] - dRight
				cnt[i] = nw
				if freedRight(nw) {
					stack[sp&255] = i
					sp++
				}
				if i = sd.l[1]; i != nobody {
					nw = cnt[i] - dRight
					cnt[i] = nw
					if freedRight(nw) {
						stack[sp&255] = i
						sp++
					}
				}
			} else if cx&rightMask != 0 {
				i := sd.r[0]
				nw := cnt[i] - dLeft
				cnt[i] = nw
				if freedLeft(nw) {
					stack[sp&255] = i
					sp++
				}
				if i = sd.r[1]; i != nobody {
					nw = cnt[i] - dLeft
					cnt[i] = nw
					if freedLeft(nw) {
						stack[sp&255] = i
						sp++
					}
				}
			}
		}
	}
	c.play.sp = 0
	return c.play.left
}

// dropCovers drops the cover counters of the tiles eff[cv>>32:cv>>48]
// (more than four covered by one tile, in the full geometry only) and
// pushes those it frees; it returns the new stack size.
//
//go:noinline
func (c *core) dropCovers(cv uint64, sp int) int {
	cnt, stack := &c.play.cnt, &c.play.stack
	for j := uint16(cv >> 32); j < uint16(cv>>48); j++ {
		i := c.eff[j]
		nw := cnt[i] - dCover
		cnt[i] = nw
		if isFree(nw) {
			stack[sp&255] = i
			sp++
		}
	}
	return sp
}

// slotCounters returns the counters of the maxTiles slots in cnt (a
// position's or a play's, indexed by tile). Counters are copied as whole
// arrays of maxTiles (the slots past the layout's are zero): a fixed-size
// copy, inlined, costs less than a call of memmove for the layout's slots
// only (turtle −0.9% instructions).
func slotCounters(cnt *[256]counters) *[maxTiles]counters {
	return (*[maxTiles]counters)(cnt[:maxTiles])
}

// snapshot is the state of a scan, saved to continue it in another way.
type snapshot struct {
	cnt     [maxTiles]counters
	started uint64
	left    int
}

func (c *core) save(sn *snapshot) {
	sn.cnt = *slotCounters(&c.play.cnt)
	sn.started, sn.left = c.play.started, c.play.left
}

func (c *core) restore(sn *snapshot) {
	*slotCounters(&c.play.cnt) = sn.cnt
	c.play.started, c.play.left = sn.started, sn.left
}

// release continues the finished scan after the rules of group g were made
// less strict (a pairing dropped, or a held group given one): its free
// tiles are looked at again. It returns the tiles left.
func (c *core) release(g uint8) int {
	c.play.sp = 0
	c.push(g)
	return c.run(false)
}

// releaseAll is release for the groups order[from:to] together.
func (c *core) releaseAll(from, to int) int {
	c.play.sp = 0
	for i := from; i < to; i++ {
		c.push(c.srch.order[i])
	}
	return c.run(false)
}

// push puts the free tiles of group g on the scan's stack, and marks g as
// started when it has no pairing and some of its tiles are gone.
func (c *core) push(g uint8) {
	t := &c.srch.gt[g]
	k := int(c.pos.gn[g] & 7)
	// gone collects the tiles' gone bits; it counts only without pairing.
	var gone counters
	sp := c.play.sp
	for i := 0; i < k; i++ {
		u := t[i&3]
		x := c.play.cnt[u]
		gone |= x
		if isFree(x) {
			c.play.stack[sp&255] = u
			sp++
		}
	}
	c.play.sp = sp
	if gone&goneBit != 0 && c.srch.partner[t[0]] == noPartner {
		c.play.started |= 1 << (g & 63)
	}
}

// hold keeps every tile of group g on the board in the next scans; g has
// three or four tiles (a group of the search order).
func (c *core) hold(g uint8) {
	t, p := &c.srch.gt[g], &c.srch.partner
	p[t[0]], p[t[1]], p[t[2]] = t[0], t[1], t[2]
	if c.pos.gn[g] == 4 {
		p[t[3]] = t[3]
	}
}
