package solver

// The top level of a solve: trivial cases, the first prune scan, random
// games, then the pairing search; and the min-left search.

// verdict and method values used inside the core, before the public types.
type outcome struct {
	verdict Verdict
	method  Method
	minLeft int
}

// Random games stop after the first probeGames when the best of those left
// at least cutNum/cutDen of the tiles: such boards are mostly decided by
// the search anyway.
const (
	probeGames     = 50
	cutNum, cutDen = 7, 18
)

// Each search attempt after the first gets twice the scans of the one
// before, until lastBudget; the next one is unbounded. Each restart first
// plays regames random games for new first pairings.
const (
	lastBudget = 24000
	regames    = 30
)

// randomGames returns how many random games to try for g groups of four:
// a seventh of de Bondt's ⌊1.2^g⌋ (101 for 36 groups), at least one. The
// search takes its first pairings from the best game, which makes it fast
// enough that fewer games pay off (measured on the turtle: 100 games best,
// 354 about 30% slower, 708 slower still).
func randomGames(g int) int {
	x := 1.0
	for i := 0; i < g; i++ {
		x *= 1.2
	}
	return max(1, int(x/7))
}

// decide solves the loaded position. With minLeft it also computes, for an
// impossible position, the fewest tiles that must remain.
func (c *core) decide(minLeft bool, games int) outcome {
	c.minMode = false
	c.thr = 0
	if c.remaining == 0 {
		return outcome{Winnable, Trivial, 0}
	}
	c.shuffleOrder()
	left0 := c.scan(false)
	if c.odd > 0 || left0 > 0 {
		return c.impossible(PruneTop, minLeft, left0)
	}
	// Random games with cleaning. After the first probeGames, a board whose
	// games all left many tiles goes to the search.
	gameBest := c.remaining
	for i := 0; i < games; i++ {
		l := c.randomGame()
		if l == 0 {
			return outcome{Winnable, Random, 0}
		}
		if l < gameBest {
			gameBest = l
			c.setPref()
		}
		if i == probeGames-1 && gameBest*cutDen >= c.remaining*cutNum {
			break
		}
		if i&63 == 63 && c.stop() {
			return outcome{Unknown, Budget, -1}
		}
	}
	if c.cleaning && c.cleanRoot() {
		if c.remaining == 0 {
			c.moves = append(c.moves[:0], c.prefix...)
			return outcome{Winnable, Search, 0}
		}
		c.shuffleOrder()
	}
	if c.rootTests && !c.testRoot() {
		return c.impossible(Search, minLeft, left0)
	}
	// Search attempts with growing scan budgets, each with a new order and
	// rotations: hard winnable boards are found much sooner by one of many
	// short attempts than by one long one. The last attempt is unbounded.
	budget := c.firstBudget
	tested := false
	for {
		c.limit = 0
		if budget > 0 {
			c.limit = c.scans + budget
		}
		won := false
		if c.wipe {
			won = c.searchW(0, false, 0)
		} else {
			won = c.search(0, false)
		}
		if won {
			c.limit = 0
			c.addPrefix()
			return outcome{Winnable, Search, 0}
		}
		if !c.restart {
			break
		}
		c.aborted, c.restart, c.limit = false, false, 0
		c.resetSearch()
		// New first pairings for the new attempt: the best of a few more
		// random games (which may also win).
		best := c.remaining + 1
		for i := 0; i < regames; i++ {
			l := c.randomGame()
			if l == 0 {
				c.addPrefix()
				return outcome{Winnable, Random, 0}
			}
			if l < best {
				best = l
				c.setPref()
			}
		}
		if !tested {
			// A hard board: rule out pairings that fail alone.
			tested = true
			if !c.testRoot() {
				return c.impossible(Search, minLeft, left0)
			}
			c.shuffleOrder()
		}
		budget *= 2
		if budget > lastBudget {
			budget = 0
		}
	}
	c.limit = 0
	if c.aborted {
		return outcome{Unknown, Budget, -1}
	}
	return c.impossible(Search, minLeft, left0)
}

// impossible finishes an impossible verdict, computing the min-left count
// when asked.
func (c *core) impossible(m Method, minLeft bool, left0 int) outcome {
	c.moves = c.moves[:0]
	if !minLeft {
		return outcome{Impossible, m, -1}
	}
	if len(c.prefix) > 0 { // back to the position before the cleaning moves
		c.setPosition(&c.origPresent)
		c.prefix = c.prefix[:0]
	}
	lb := left0
	if c.odd > lb {
		lb = c.odd
	}
	if lb < 1 {
		lb = 1
	}
	if (c.remaining-lb)&1 != 0 {
		lb++ // tiles leave in pairs
	}
	// An upper bound from random games.
	c.best = c.remaining
	c.bestMoves = c.bestMoves[:0]
	for i := 0; i < 64; i++ {
		if l := c.randomGame(); l < c.best {
			c.best = l
			c.bestMoves = append(c.bestMoves[:0], c.moves...)
		}
	}
	if c.best > lb {
		c.unfix()
		for i := 0; i < c.nOrder; i++ {
			c.unpair(c.order[i])
		}
		c.minMode = true
		c.lb = lb
		c.thr = c.best - 1
		c.aborted = false
		c.search(0, false)
		c.minMode = false
	}
	c.moves = append(c.moves[:0], c.bestMoves...)
	if c.aborted {
		return outcome{Impossible, m, -1}
	}
	return outcome{Impossible, m, c.best}
}

// resetSearch drops every pairing of the search and draws a new order and
// new rotations, for another attempt.
func (c *core) resetSearch() {
	for i := 0; i < c.nOrder; i++ {
		g := c.order[i]
		c.unpair(g)
		c.rotate(g)
	}
	c.shuffleOrder()
}

// cleanRoot plays de Bondt's cleaning moves on the position before the
// search, as long as some apply: a group whose tiles left are all free is
// played out; a group of four with three free tiles, one of which blocks
// nothing, plays the other two. Neither changes whether the board can be
// cleared. The moves go to c.prefix; it returns whether any was played.
func (c *core) cleanRoot() bool {
	played := false
	for {
		var present [3]uint64
		for t := 0; t < c.n; t++ {
			if !c.baseGone[t] {
				present[t>>6] |= 1 << (t & 63)
			}
		}
		play := func(a, b uint8) {
			present[a>>6] &^= 1 << (a & 63)
			present[b>>6] &^= 1 << (b & 63)
			c.prefix = append(c.prefix, move{a, b})
		}
		changed := false
		for i := 0; i < c.nGroups; i++ {
			g := c.groups[i]
			k := int(c.gn[g])
			var f [4]uint8
			nf := 0
			for _, t := range c.gt[g][:k] {
				if isFree(c.baseCnt[t]) {
					f[nf] = t
					nf++
				}
			}
			switch {
			case k > 0 && k&1 == 0 && nf == k:
				play(f[0], f[1])
				if k == 4 {
					play(f[2], f[3])
				}
				changed = true
			case k == 4 && nf == 3:
				for x := 0; x < 3; x++ {
					if c.blocksNothing(&c.baseCnt, f[x]) {
						play(f[(x+1)%3], f[(x+2)%3])
						changed = true
						break
					}
				}
			}
		}
		if !changed {
			return played
		}
		played = true
		c.setPosition(&present)
	}
}

// setPref remembers, per group, the first pair the random game just played
// (c.moves) took: a search attempt tries those pairings first.
func (c *core) setPref() {
	for i := 0; i < c.nOrder; i++ {
		c.pref[c.order[i]] = [2]uint8{noPartner, noPartner}
	}
	for _, m := range c.moves {
		if g := c.grp[m.a]; c.pref[g][0] == noPartner {
			c.pref[g] = [2]uint8{m.a, m.b}
		}
	}
}

// addPrefix puts the cleaning moves played at the root before c.moves.
func (c *core) addPrefix() {
	if len(c.prefix) > 0 {
		c.bestMoves = append(append(c.bestMoves[:0], c.prefix...), c.moves...)
		c.moves = append(c.moves[:0], c.bestMoves...)
	}
}
