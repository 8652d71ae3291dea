package solver

import (
	"context"
	"math/rand/v2"
	"time"
)

// This file holds the solver's internal representation: the compiled
// geometry and the state of one solver. Every per-tile and per-group array
// has 256 entries so that indexing with a uint8 needs no bounds check.

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
	partner [256]uint8 // per tile: its pair's other tile, itself (stays), or noPartner
	pairing [256]uint8 // per group: 0 (none) or 1..3
	order   [64]uint8  // groups of 3 or 4 tiles, in search order
	nOrder  int
	first   [256][2]uint8 // per group: the pair the last scan removed together first
	pref    [256][2]uint8 // per group: the first pair the best random game played
	thr     int           // a scan passes when it leaves at most thr tiles
	// allowed[g] has bit id set when partition id (the index in rgt of the
	// partner of rgt[g][0]) may still be part of a solution (root tests).
	allowed [256]uint8
	fixed   [64]uint8 // groups whose only possible pairing was set at the root
	nFixed  int

	// Choices of method, all exact; the defaults are set in newCore. The
	// tests switch them on and off.
	wipe      bool // search with look-ahead (searchW); else de Bondt's search
	window    int  // searchW: a descent scan holds this many groups back, for as many steps
	bwindow   int  // searchW: a branch scan holds this many of the child's first groups back
	rootTests bool // each group's pairings tried alone before the search
	cleaning  bool // cleaning moves at the root before the search
	// Restarts: the first search attempt gets firstBudget scans, each next
	// one twice as many, until lastBudget; then one unbounded attempt.
	firstBudget int64

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
	maxScans            int64
	limit               int64 // scans allowed to the current search attempt (0: none)
	restart             bool  // the attempt ran out of its scans: start another
	ctx                 context.Context
	deadline            time.Time
	aborted             bool
}

func newCore(g *geom) *core {
	c := &core{geom: g, wipe: true, window: 2, bwindow: 1, firstBudget: 3000}
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
	c.scans, c.games, c.nodes = 0, 0, 0
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
