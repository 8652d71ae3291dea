package solver

// The top level of a solve: trivial cases, the first prune scan, random
// games, then the pairing search; and the min-left search.

// verdict and method values used inside the core, before the public types.
type outcome struct {
	verdict Verdict
	method  Method
	minLeft int
}

// Random games stop after the first cfg.probe when the best of those left
// at least cutNum/cutDen of the tiles: such boards are mostly decided by
// the search anyway.
const cutNum, cutDen = 7, 18

// Each restart of the search first plays regames random games for new
// first pairings.
const regames = 30

// growing returns a restart schedule: the first attempt gets first scans
// and each next one factor times as many, as long as they stay within last.
// The solver's is growing(1250, 4, 24000): 1,250, 5,000 and 20,000 scans,
// then the unbounded attempt (chosen over 3,000 doubling to 24,000 on every
// installed Xmahjongg layout by TestRestarts and the criterion in docs/performance.md:
// turtle −6.8%, ox +3.9%, the others' geometric mean −0.7% instructions).
func growing(first, factor, last int64) []int64 {
	var b []int64
	for s := first; s <= last; s *= factor {
		b = append(b, s)
	}
	return b
}

// randomGames returns how many random games to try for g groups of four:
// a twelfth of de Bondt's ⌊1.2^g⌋ (59 for 36 groups), at least one. The
// search takes its first pairings from the best game, which makes it fast
// enough that fewer games pay off (measured on the turtle with uniform
// games: 100 games best, 354 about 30% slower, 708 slower still), and the
// weighted games win early, fewer still (59 instead of 101: turtle −4.7%,
// ox −9% instructions).
func randomGames(g int) int {
	x := 1.0
	for i := 0; i < g; i++ {
		x *= 1.2
	}
	return max(1, int(x/12))
}

// decide solves the loaded position. With minLeft it also computes, for an
// impossible position, the fewest tiles that must remain.
func (c *core) decide(minLeft bool) outcome {
	c.ml.on = false
	c.srch.thr = 0
	if c.pos.remaining == 0 {
		return outcome{Winnable, Trivial, 0}
	}
	c.shuffleOrder()
	left0 := c.scan(false)
	if c.pos.odd > 0 || left0 > 0 {
		return c.impossible(PruneTop, minLeft, left0)
	}
	// Random games with cleaning. After the first cfg.probe, a board whose
	// games all left many tiles goes to the search.
	games := c.cfg.games
	if games < 0 {
		games = randomGames(c.srch.nOrder)
	}
	gameBest := c.pos.remaining
	for i := 0; i < games; i++ {
		l := c.randomGame()
		if l == 0 {
			return outcome{Winnable, Random, 0}
		}
		if l < gameBest {
			gameBest = l
			c.setPref()
		}
		c.countStuck()
		if i == c.cfg.probe-1 && gameBest*cutDen >= c.pos.remaining*cutNum {
			break
		}
		if i&31 == 31 && c.stop() {
			return outcome{Unknown, Budget, -1}
		}
	}
	// The first attempt starts with the groups that have the most pairings
	// no play can carry out, and among equals those the random games left
	// on the board most often.
	c.sortOrder(&c.srch.stuck)
	c.sortOrder(&c.srch.dead)
	if c.cfg.rootTests && !c.testRoot() {
		return c.impossible(Search, minLeft, left0)
	}
	// Search attempts with growing scan budgets, each with a new order and
	// rotations: hard winnable boards are found much sooner by one of many
	// short attempts than by one long one. The last attempt is unbounded.
	tested := false
	for attempt := 0; ; attempt++ {
		c.budget.limit = 0
		if attempt < len(c.cfg.budgets) {
			c.budget.limit = c.budget.scans + c.cfg.budgets[attempt]
		}
		if c.search(0, false, 0) {
			c.budget.limit = 0
			return outcome{Winnable, Search, 0}
		}
		if !c.budget.restart {
			break
		}
		c.budget.aborted, c.budget.restart, c.budget.limit = false, false, 0
		c.resetSearch()
		// New first pairings for the new attempt: the best of a few more
		// random games (which may also win).
		best := c.pos.remaining + 1
		for i := 0; i < regames; i++ {
			l := c.randomGame()
			if l == 0 {
				return outcome{Winnable, Random, 0}
			}
			if l < best {
				best = l
				c.setPref()
			}
			c.countStuck()
		}
		if !tested {
			// A hard board: rule out pairings that fail alone.
			tested = true
			if !c.testRoot() {
				return c.impossible(Search, minLeft, left0)
			}
			c.shuffleOrder()
		}
	}
	c.budget.limit = 0
	if c.budget.aborted {
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
	lb := left0
	if c.pos.odd > lb {
		lb = c.pos.odd
	}
	if lb < 1 {
		lb = 1
	}
	if (c.pos.remaining-lb)&1 != 0 {
		lb++ // tiles leave in pairs
	}
	// An upper bound from random games.
	c.ml.best = c.pos.remaining
	c.ml.moves = c.ml.moves[:0]
	for i := 0; i < 64; i++ {
		if l := c.randomGame(); l < c.ml.best {
			c.ml.best = l
			c.ml.moves = append(c.ml.moves[:0], c.moves...)
		}
	}
	if c.ml.best > lb {
		c.unfix()
		for i := 0; i < c.srch.nOrder; i++ {
			c.unpair(c.srch.order[i])
		}
		c.ml.on = true
		c.ml.lb = lb
		c.srch.thr = c.ml.best - 1
		c.budget.aborted = false
		c.search(0, false, 0)
		c.ml.on = false
	}
	c.moves = append(c.moves[:0], c.ml.moves...)
	if c.budget.aborted {
		return outcome{Impossible, m, -1}
	}
	return outcome{Impossible, m, c.ml.best}
}

// resetSearch drops every pairing of the search and draws a new order and
// new rotations, for another attempt.
func (c *core) resetSearch() {
	for i := 0; i < c.srch.nOrder; i++ {
		g := c.srch.order[i]
		c.unpair(g)
		c.rotate(g)
	}
	c.shuffleOrder()
}

// countStuck counts, per group, the random games that left some of its
// tiles on the board: the one just played (c.rg) has.
func (c *core) countStuck() {
	for i := 0; i < c.srch.nOrder; i++ {
		if g := c.srch.order[i]; c.rg.on[g] != 0 {
			c.srch.stuck[g]++
		}
	}
}

// setPref remembers, per group, the first pair the random game just played
// (c.moves) took: a search attempt tries those pairings first.
func (c *core) setPref() {
	for i := 0; i < c.srch.nOrder; i++ {
		c.srch.pref[c.srch.order[i]] = [2]uint8{noPartner, noPartner}
	}
	for _, m := range c.moves {
		if g := c.pos.grp[m.a]; c.srch.pref[g][0] == noPartner {
			c.srch.pref[g] = [2]uint8{m.a, m.b}
		}
	}
}
