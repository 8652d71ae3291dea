package solver

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"time"
)

// This file holds the solver's internal representation and its hot loops:
// the prune scan, random games and the pairing search. Every per-tile and
// per-group array has 256 entries so that indexing with a uint8 needs no
// bounds check.

const (
	maxTiles  = 192  // the most slots a layout may have (solitaire.Set)
	noPartner = 0xff // partner of a tile whose group has no pairing yet
)

// Counters of a tile, packed in one word: the number of tiles still on the
// board that cover it (bits 16–31), that lie on its left (8–15) and on its
// right (0–7). A tile is free when nothing covers it and one side is empty.
// A tile off the board has goneBit set in its counters, which makes it
// never free.
const goneBit = 1 << 31

const (
	dCover = 1 << 16
	dLeft  = 1 << 8
	dRight = 1
)

func isFree(c uint32) bool {
	return c < dLeft || (c < dCover && c&0xff == 0)
}

// geom is a layout compiled for the solver: for each tile, the counters it
// decrements when it leaves the board.
type geom struct {
	n     int
	eff   []uint32 // effects, flattened: target<<24 | delta
	effAt [257]uint16
	side  [256][2]uint16 // where the effects on left and right neighbours start
	// below[x] holds the tiles x covers, directly or through others.
	below [256][3]uint64
}

// newGeom compiles per-slot relations: covers[i] are the tiles above i that
// overlap it, left[i] and right[i] its neighbours on the same level.
func newGeom(n int, covers, left, right [][]int) *geom {
	g := &geom{n: n}
	type ef struct{ target, delta uint32 }
	per := make([][]ef, n)
	for i := 0; i < n; i++ {
		for _, j := range covers[i] {
			per[j] = append(per[j], ef{uint32(i), dCover})
		}
		for _, j := range left[i] {
			per[j] = append(per[j], ef{uint32(i), dLeft})
		}
		for _, j := range right[i] {
			per[j] = append(per[j], ef{uint32(i), dRight})
		}
	}
	// Per tile: the tiles it covers, then its left neighbours (whose right
	// counts drop), then its right neighbours. A tile leaves the board only
	// when free, so one of its sides is already empty and the effects on
	// that side would go to tiles no longer on the board: they are skipped.
	for j := 0; j < n; j++ {
		g.effAt[j] = uint16(len(g.eff))
		for k, d := range []uint32{dCover, dRight, dLeft} {
			if k > 0 {
				g.side[j][k-1] = uint16(len(g.eff))
			}
			for _, e := range per[j] {
				if e.delta == d {
					g.eff = append(g.eff, e.target<<24|e.delta)
				}
			}
		}
	}
	for j := n; j <= 256; j++ {
		g.effAt[j] = uint16(len(g.eff))
	}
	// Transitive closure of "covers", to a fixpoint.
	for changed := true; changed; {
		changed = false
		for i := 0; i < n; i++ {
			for _, j := range covers[i] { // j covers i
				old := g.below[j]
				nw := old
				nw[i>>6] |= 1 << (i & 63)
				for w := range nw {
					nw[w] |= g.below[i][w]
				}
				if nw != old {
					g.below[j] = nw
					changed = true
				}
			}
		}
	}
	return g
}

// dependent reports whether one of a and b covers the other, directly or
// through other tiles: such a pair can never be played together.
func (g *geom) dependent(a, b uint8) bool {
	return g.below[a][b>>6]>>(b&63)&1 != 0 || g.below[b][a>>6]>>(a&63)&1 != 0
}

// move is one match, as two tile indices.
type move struct{ a, b uint8 }

// core is the mutable state of one solver: the position being solved, the
// pairings chosen so far and the scratch state of scans and random games.
type core struct {
	*geom

	// The position.
	grp       [256]uint8  // group of each tile
	baseCnt   [256]uint32 // counters at the position
	baseGone  [256]bool   // tiles already off the board
	baseFree  [256]uint8  // free tiles at the position
	nFree     int
	remaining int
	groups    [64]uint8 // groups with tiles left
	nGroups   int
	gt        [256][4]uint8 // tiles of each group on the board, in rotation order
	gn        [256]uint8    // how many
	odd       int           // groups with an odd number of tiles left

	// The search.
	partner  [256]uint8 // per tile: its pair's other tile, itself (stays), or noPartner
	pairing  [256]uint8 // per group: 0 (none) or 1..3
	order    [64]uint8  // groups of 3 or 4 tiles, in search order
	nOrder   int
	first    [256][2]uint8 // per group: the pair the last scan removed together first
	pref     [256][2]uint8 // per group: the first pair the best random game played
	thr      int           // a scan passes when it leaves at most thr tiles
	lastLeft int
	// allowed[g] has bit id set when partition id (the index in rgt of the
	// partner of rgt[g][0]) may still be part of a solution (root tests).
	allowed [256]uint8
	fixed   [64]uint8 // groups whose only possible pairing was set at the root
	nFixed  int
	// Random games stop after the first probeGames when the best of those
	// left at least cutNum/cutDen of the tiles: such boards are mostly
	// decided by the search anyway.
	gameBest int

	// Choices of method, all exact; the defaults are set in newCore. The
	// tests switch the optional ones on and off.
	guided        bool // pairing 1 is the pair the last relaxed scan took together first
	wipe          bool // search with look-ahead (searchW); else de Bondt's search
	chain         bool // searchW: a branch scan also holds the child's first group
	usePref       bool // searchW: pairing 1 is the best random game's, where it played the group
	regames       int  // random games at each restart, for new pref pairings
	rootTests     bool // each group's pairings tried alone before the search
	lateRootTests bool // the same at the first restart
	cleaning      bool // cleaning moves at the root before the search
	// Restarts: the first search attempt gets firstBudget scans, each next
	// one twice as many, until lastBudget; then one unbounded attempt.
	firstBudget, lastBudget int64
	cutNum, cutDen          int

	// Min-left search.
	minMode bool
	best    int
	lb      int
	done    bool

	// Scan scratch.
	cnt     [256]uint32
	stack   [256]uint8
	sp      int
	started uint64 // groups without pairing that have made their first match
	left    int
	snaps   []snapshot // one per search depth
	hsnap   snapshot   // scratch: the scan holding a group back
	tsnap   snapshot   // scratch

	// Random-game scratch.
	rgt       [256][4]uint8 // tiles of each group in slot order (gt is rotated by the search)
	tix       [256]uint8    // index of each tile in its group's rgt
	rfm       [256]uint8    // per group: mask of its free tiles (indices into rgt)
	roff      [256]uint8    // per group: the matches it offers (pair mask), as last counted
	rrem      [256]uint8    // per group: mask of its tiles on the board
	livePairs [256]uint8    // per group of four: first matches that do not leave a dead pair

	moves       []move
	prefix      []move // cleaning moves played at the root before the search
	origPresent [3]uint64
	bestMoves   []move
	rng         rand.PCG

	// Budget and statistics.
	scans, games, nodes int64
	full                int64 // scans from the start (the others continue one)
	maxScans            int64
	limit               int64 // scans allowed to the current search attempt (0: none)
	restart             bool  // the attempt ran out of its scans: start another
	ctx                 context.Context
	deadline            time.Time
	aborted             bool
}

func newCore(g *geom) *core {
	c := &core{geom: g, guided: true, wipe: true, chain: true, lateRootTests: true, usePref: true, regames: 30, firstBudget: 3000, lastBudget: 24000, cutNum: 7, cutDen: 18}
	c.moves = make([]move, 0, maxTiles/2)
	c.snaps = make([]snapshot, maxTiles/4+2)
	c.bestMoves = make([]move, 0, maxTiles/2)
	c.prefix = make([]move, 0, maxTiles/2)
	return c
}

// load sets the position: the group of every tile and the tiles on board.
func (c *core) load(groups []uint8, present *[3]uint64) {
	for t := 0; t < c.n; t++ {
		c.grp[t] = groups[t]
	}
	c.origPresent = *present
	c.setPosition(present)
	c.scans, c.games, c.nodes, c.full = 0, 0, 0, 0
	c.aborted, c.done = false, false
	c.moves = c.moves[:0]
	c.bestMoves = c.bestMoves[:0]
	c.prefix = c.prefix[:0]
}

// setPosition sets the tiles on board (the groups being loaded).
func (c *core) setPosition(present *[3]uint64) {
	n := c.n
	groups := c.grp[:n]
	var gn [256]uint8
	c.remaining = 0
	for t := 0; t < n; t++ {
		on := present[t>>6]>>(t&63)&1 != 0
		c.baseGone[t] = !on
		c.baseCnt[t] = 0
		c.partner[t] = noPartner
		if on {
			g := groups[t]
			c.gt[g][gn[g]&3] = uint8(t)
			c.tix[t] = gn[g]
			gn[g]++
			c.remaining++
		}
	}
	for t := 0; t < n; t++ {
		if c.baseGone[t] {
			continue
		}
		for _, e := range c.eff[c.effAt[t]:c.effAt[t+1]] {
			c.baseCnt[e>>24] += e & 0xffffff
		}
	}
	for t := 0; t < n; t++ {
		if c.baseGone[t] {
			c.baseCnt[t] |= goneBit
		}
	}
	c.nFree = 0
	for t := 0; t < n; t++ {
		if !c.baseGone[t] && isFree(c.baseCnt[t]) {
			c.baseFree[c.nFree] = uint8(t)
			c.nFree++
		}
	}
	c.nGroups, c.nOrder, c.odd = 0, 0, 0
	for g := 0; g < 256; g++ {
		c.pairing[g] = 0
		c.gn[g] = gn[g]
		switch k := gn[g]; k {
		case 0:
			continue
		case 1:
			c.partner[c.gt[g][0]] = c.gt[g][0]
		case 2:
			a, b := c.gt[g][0], c.gt[g][1]
			c.partner[a], c.partner[b] = b, a
		default:
			c.order[c.nOrder] = uint8(g)
			c.nOrder++
		}
		if gn[g]&1 != 0 {
			c.odd++
		}
		c.groups[c.nGroups] = uint8(g)
		c.nGroups++
	}
	c.rgt = c.gt
	c.prepareRandom()
	c.nFixed = 0
	for i := 0; i < c.nOrder; i++ {
		c.pref[c.order[i]] = [2]uint8{noPartner, noPartner}
		c.allowed[c.order[i]] = 0b1110
	}
}

// scan plays greedily under the current pairings, relaxed for groups
// without one (any two free tiles as the first match, the others one by
// one), and returns how many tiles are left. With record, the pairs removed
// are appended to c.moves (meaningful when every group has a pairing).
func (c *core) scan(record bool) int {
	c.full++
	n := c.n
	copy(c.cnt[:n], c.baseCnt[:n])
	c.sp = copy(c.stack[:], c.baseFree[:c.nFree])
	c.started = 0
	c.left = c.remaining
	return c.run(record)
}

// run continues a scan from the tiles on the stack to its end and returns
// how many tiles are left.
func (c *core) run(record bool) int {
	c.scans++
	cnt, stack := &c.cnt, &c.stack
	eff, effAt := c.eff, &c.effAt
	started, left, sp := c.started, c.left, c.sp
	for sp > 0 {
		sp--
		t := stack[sp&255]
		if cnt[t]&goneBit != 0 {
			continue
		}
		// Choose the tiles to take off: rm[:k].
		var rm [4]uint8
		k := 0
		if p := c.partner[t]; p != noPartner {
			if p == t || !isFree(cnt[p]) {
				continue
			}
			rm[0], rm[1] = t, p
			k = 2
			if record {
				c.moves = append(c.moves, move{t, p})
			}
		} else {
			g := c.grp[t]
			bit := uint64(1) << (g & 63)
			if started&bit != 0 {
				rm[0] = t
				k = 1
			} else {
				gt := &c.gt[g]
				for i := 0; i < int(c.gn[g]&7); i++ {
					if u := gt[i&3]; isFree(cnt[u]) {
						rm[k&3] = u
						k++
					}
				}
				if k < 2 {
					continue
				}
				started |= bit
				c.first[g] = [2]uint8{rm[0], rm[1]}
			}
		}
		left -= k
		for _, x := range rm[:k&7] {
			cx := cnt[x]
			cnt[x] = cx | goneBit
			sd := &c.side[x]
			for _, e := range eff[effAt[x]:sd[0]] {
				i := uint8(e >> 24)
				old := cnt[i]
				nw := old - e&0xffffff
				cnt[i] = nw
				if isFree(nw) && !isFree(old) {
					stack[sp&255] = i
					sp++
				}
			}
			// The side of x that still has tiles (at most one: x is free).
			lo, hi := sd[1], effAt[int(x)+1]
			if cx&0xff00 != 0 {
				lo, hi = sd[0], sd[1]
			} else if cx&0xff == 0 {
				continue
			}
			for _, e := range eff[lo:hi] {
				i := uint8(e >> 24)
				old := cnt[i]
				nw := old - e&0xffffff
				cnt[i] = nw
				if isFree(nw) && !isFree(old) {
					stack[sp&255] = i
					sp++
				}
			}
		}
	}
	c.started, c.left, c.sp = started, left, 0
	return left
}

// snapshot is the state of a scan, saved to continue it in another way.
type snapshot struct {
	cnt     [maxTiles]uint32
	started uint64
	left    int
}

func (c *core) save(sn *snapshot) {
	n := c.n
	copy(sn.cnt[:n], c.cnt[:n])
	sn.started, sn.left = c.started, c.left
}

func (c *core) restore(sn *snapshot) {
	n := c.n
	copy(c.cnt[:n], sn.cnt[:n])
	c.started, c.left = sn.started, sn.left
}

// release continues the finished scan after the rules of group g were made
// less strict (a pairing dropped, or a held group given one): its free
// tiles are looked at again. It returns the tiles left.
func (c *core) release(g uint8) int {
	t := &c.gt[g]
	k := int(c.gn[g] & 7)
	if c.partner[t[0]] == noPartner {
		for i := 0; i < k; i++ {
			if c.cnt[t[i&3]]&goneBit != 0 {
				c.started |= 1 << (g & 63)
			}
		}
	}
	sp := 0
	for i := 0; i < k; i++ {
		if u := t[i&3]; isFree(c.cnt[u]) {
			c.stack[sp] = u
			sp++
		}
	}
	c.sp = sp
	return c.run(false)
}

// hold keeps every tile of group g on the board in the next scans.
func (c *core) hold(g uint8) {
	t := &c.gt[g]
	for i := 0; i < int(c.gn[g]&7); i++ {
		c.partner[t[i&3]] = t[i&3]
	}
}

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
	c.lastLeft = left
	if c.maxScans > 0 && c.scans >= c.maxScans {
		c.aborted = true
	}
	if c.limit > 0 && c.scans >= c.limit {
		c.aborted, c.restart = true, true
	}
	if c.scans&1023 == 0 && c.stop() {
		c.aborted = true
	}
	return c.lastLeft <= c.thr && !c.aborted
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
	for i := 0; i < int(c.gn[g]&3|c.gn[g]&4); i++ {
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

// search decides whether some pairing of the groups order[s:] (those before
// s keep theirs) passes, by de Bondt's critical-group search. With known,
// the scan of the current pairings has just been run (c.left). On failure
// the groups order[s:] are left without pairing.
func (c *core) search(s int, known bool) bool {
	c.nodes++
	if known {
		if !c.passes(c.left) {
			return false
		}
	} else if !c.ok() {
		return false
	}
	no := c.nOrder
	if s == no {
		return c.leaf()
	}
	k := s
	for {
		g := c.order[k]
		if c.guided {
			c.guide(g)
		}
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
	// Needed groups in their order, then the failing one, then the rest.
	p := s
	for i := nn - 1; i >= 0; i-- {
		c.order[p] = need[i]
		p++
	}
	c.order[p] = c.order[k]
	last := p
	p++
	for i := nr - 1; i >= 0; i-- {
		c.order[p] = rest[i]
		p++
	}
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
