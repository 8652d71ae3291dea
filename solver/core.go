package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"
)

// This file holds the solver's internal representation: the compiled
// geometry and the state of one solver. Every per-tile and per-group array
// has 256 entries so that indexing with a uint8 needs no bounds check.

const (
	maxTiles  = 192  // the most slots a layout may have (solitaire.Set)
	noPartner = 0xff // partner of a tile whose group has no pairing yet
)

// Counters of a tile, packed in 16 bits: the number of tiles still on the
// board that cover it (bits 6–14, room for maxTiles), that lie on its left
// (3–5) and on its right (0–2) (at most two a side). A tile is free when
// nothing covers it and one side is empty. A tile off the board has goneBit
// set in its counters, which makes it never free. 16 bits (not 32) halve
// the scan states the search saves and restores.
type counters = uint16

const goneBit = 1 << 15

const (
	dCover = 1 << 6
	dLeft  = 1 << 3
	dRight = 1

	leftMask  = 7 * dLeft
	rightMask = 7 * dRight
)

// freeSet has bit c set for the counters c < dCover (nothing covers the
// tile, it is on the board) with an empty side: isFree is one shift (a
// shift by 64 or more gives 0 in Go), no branch.
const freeSet = 0x01010101010101ff

func isFree(c counters) bool {
	return freeSet>>c&1 != 0
}

// When a tile leaves the board, the counters of the tiles it touches drop
// by one in one field, and such a tile becomes free exactly when:
//
//   - it lost a tile covering it (it was covered, so not free): isFree;
//   - it lost its last right neighbour, nothing covers it and its left
//     side has tiles (else it was free already): freedRight;
//   - it lost its last left neighbour, nothing covers it and its right
//     side has tiles: freedLeft.
//
// A tile off the board (goneBit) is never freed.
func freedRight(c counters) bool { return c&^leftMask == 0 && c != 0 }
func freedLeft(c counters) bool  { return c&^rightMask == 0 && c != 0 }

// geom is a layout compiled for the solver: for each tile, the tiles whose
// counters drop when it leaves the board.
type geom struct {
	n int
	// eff[span[x][0]:span[x][1]] are the tiles x covers (on any level
	// below; only those it is one of the lowest tiles over, when built
	// with lowest); a uint16 index needs no bounds check.
	eff  *[1 << 16]uint8
	span [256][2]uint16
	// cover[x] packs the tiles x covers, plus one, a byte each from the
	// lowest, when they are at most four; else bytes 4–5 and 6–7 are
	// span[x]: the scan reads them without an indirection.
	cover [256]uint64
	// side[x] holds the neighbours of x on its level: at most two on each
	// side, as a neighbour lies two half-tiles away with a vertical offset
	// of at most one, and two such tiles at most one apart would overlap
	// (layouts refuses overlaps).
	side [256]sides
	// below[x] holds the tiles x covers, directly or through others.
	below [256][3]uint64
	// weights[x][s] is the weight of x in random games when it is free
	// with s = sideOf of its counters (see random.go).
	weights [256][4]uint32
}

// sides lists the left neighbours l of a tile (their right counts drop
// when it leaves) and its right neighbours r, nobody in the places left
// over. A side with tiles has one in its first place; a second one (tiles
// half a tile apart vertically) is rare, so the scan and random games test
// the second place instead of dropping nobody's counters (−2.5% turtle
// instructions).
type sides struct {
	l, r [2]uint8
}

// nobody is the tile in an empty neighbour place: no slot has its index
// (a layout has at most maxTiles slots), and its counters in a play are
// nobodyCnt, set when a play starts: off the board, so never freed, and
// far enough from zero that the drops of one play never change that.
const (
	nobody    = 0xff
	nobodyCnt = goneBit | 1<<14
)

// newGeom compiles per-slot relations: covers[i] are the tiles above i that
// overlap it, left[i] and right[i] its neighbours on the same level. With
// lowest, a tile's cover counter counts only the lowest of the tiles over
// it: those above none of the others (see geom.closed).
func newGeom(n int, covers, left, right [][]int, lowest bool) *geom {
	g := &geom{n: n, eff: new([1 << 16]uint8)}
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
	under := make([][]int, n) // under[j]: the tiles j covers
	for i := 0; i < n; i++ {
		for _, j := range covers[i] {
			if lowest && slices.ContainsFunc(covers[i], func(k int) bool { return g.above(j, k) }) {
				continue // j is above k, another tile over i
			}
			under[j] = append(under[j], i)
		}
	}
	at := uint16(0)
	for j := 0; j < n; j++ {
		g.span[j][0] = at
		for _, i := range under[j] {
			g.eff[at] = uint8(i)
			at++
		}
		g.span[j][1] = at
		if len(under[j]) <= 4 {
			for k, i := range under[j] {
				g.cover[j] |= uint64(i+1) << (8 * k)
			}
		} else {
			g.cover[j] = uint64(g.span[j][0])<<32 | uint64(g.span[j][1])<<48
		}
		// j is the right neighbour of its left neighbours left[j].
		s := &g.side[j]
		s.l, s.r = [2]uint8{nobody, nobody}, [2]uint8{nobody, nobody}
		for k, i := range left[j] {
			s.l[k&1] = uint8(i)
		}
		for k, i := range right[j] {
			s.r[k&1] = uint8(i)
		}
	}
	g.setWeights(left, right)
	return g
}

// above reports whether tile a lies above tile b (covers it, directly or
// through others).
func (g *geom) above(a, b int) bool {
	return g.below[a][b>>6]>>(b&63)&1 != 0
}

// closed reports whether every tile below a tile on the board (present) is
// on the board too, as in every position reached by play (tiles leave only
// when free). In such a position a tile is covered exactly when one of the
// lowest tiles over it is on the board, since those go last: the counters
// of a geom built with lowest are then exact, and a scan or random game
// drops fewer of them (on the turtle 60 cover entries instead of 96).
func (g *geom) closed(present *[3]uint64) bool {
	for x := 0; x < g.n; x++ {
		if present[x>>6]>>(x&63)&1 == 0 {
			continue
		}
		b := &g.below[x]
		if b[0]&^present[0]|b[1]&^present[1]|b[2]&^present[2] != 0 {
			return false
		}
	}
	return true
}

// dependent reports whether one of a and b covers the other, directly or
// through other tiles: such a pair can never be played together.
func (g *geom) dependent(a, b uint8) bool {
	return g.below[a][b>>6]>>(b&63)&1 != 0 || g.below[b][a>>6]>>(a&63)&1 != 0
}

// move is one match, as two tile indices.
type move struct{ a, b uint8 }

// core is the mutable state of one solver, grouped by job: the position
// being solved, the pairing search, the play in progress (a scan or a
// random game), the random games' own state, the min-left search, the
// budget, and the choices of method.
type core struct {
	*geom
	pos    position
	srch   searchState
	play   playState
	rg     randomState
	ml     minLeftState
	budget budget
	cfg    config
	moves  []move // the play of the last recording scan or random game
	rng    rand.PCG
}

// position is the board being solved, set by load.
type position struct {
	grp       [256]uint8    // group of each tile
	cnt       [256]counters // counters at the position
	gone      [256]bool     // tiles already off the board
	free      [256]uint8    // free tiles at the position
	nFree     int
	remaining int
	groups    [64]uint8 // groups with tiles left
	nGroups   int
	gn        [256]uint8    // per group: how many tiles it has on the board
	tiles     [256][4]uint8 // per group: its tiles on the board, in slot order
	tix       [256]uint8    // per tile: its index in its group's tiles
	odd       int           // groups with an odd number of tiles left
}

// searchState is the pairing search: the pairings chosen so far, the order
// of the groups, and the scan states saved to continue scans.
type searchState struct {
	// gt holds per group its tiles, in the rotation that defines its
	// pairings 1..3; partner per tile its pair's other tile, itself (it
	// stays), or noPartner.
	gt      [256][4]uint8
	partner [256]uint8
	pairing [256]uint8 // per group: 0 (none) or 1..3
	order   [64]uint8  // groups of 3 or 4 tiles, in search order
	nOrder  int
	// first[g] is the pair the last scan removed together first from
	// group g, as its two tiles plus one in the low bytes (firstPair).
	first [256]uint16
	pref  [256][2]uint8 // per group: the first pair the best random game played
	thr   int           // a scan passes when it leaves at most thr tiles
	// allowed[g] has bit id set when partition id (the index in
	// pos.tiles[g] of the partner of pos.tiles[g][0]) may still be part of
	// a solution (root tests); allPartitions while none is ruled out.
	allowed [256]uint8
	wipes   [256]uint32 // per group: how often the descent found it wiped out
	stuck   [256]uint32 // per group: the random games that left tiles of it
	// dead[g] counts the pairings of g with a pair one of whose tiles
	// covers the other: pairings no play can carry out.
	dead   [256]uint32
	fixed  [64]uint8 // groups whose only possible pairing was set at the root
	nFixed int
	snaps  []snapshot // one per search depth
	hsnap  snapshot   // the scan holding groups back (look-ahead)
	csnap  snapshot   // the look-ahead's full scan holding two windows back
	// ahead ≥ 0 tells the next search call that its first step's first
	// scan ran in branch's look-ahead, leaving ahead tiles (lookAhead).
	ahead int
	tsnap snapshot   // scratch
	fail  failStates // the end states of a wiped-out group's scans
}

// failStates holds, for a group none of whose pairings passes, the end
// states s[:n] of the scans of its pairings p[:n]; t are scratch states.
type failStates struct {
	n    int
	p    [3]uint8
	s, t [3]*snapshot
	buf  [6]snapshot
}

// playState is the greedy play in progress: a scan (continued by run) or
// a random game.
type playState struct {
	cnt     [256]counters // counters of the tiles (goneBit: off the board)
	stack   [256]uint8    // scan: tiles that became free, to look at
	sp      int
	started uint64 // scan: groups without pairing that have made their first match
	left    int    // tiles left
	record  bool   // scan: append the pairs taken off to c.moves
}

// randomState is the per-group state of a random game, as masks over the
// group's tiles (indices into pos.tiles), and the weights of the matches.
type randomState struct {
	free  [256]uint8  // its free tiles
	offer [256]uint8  // the matches it offers (pair mask), as last counted
	on    [256]uint8  // its tiles on the board
	live  [256]uint8  // groups of four: first matches that do not leave a dead pair
	offw  [256]uint64 // the weight of the matches it offers, as last counted
	tw    [256]uint32 // per free tile: its weight (geom.weights by its side with tiles)
	start gameStart
}

// gameStart is where every random game of a position stands after its
// first cleaning moves, which draw no random numbers: the games after the
// first start from it. Groups have indices below 64 (the games' masks).
type gameStart struct {
	ready           bool // set by the first game after load
	cnt             [maxTiles]counters
	tw              [maxTiles]uint32
	free, offer, on [64]uint8
	offw            [64]uint64
	moves           [maxTiles / 2]move
	nMoves          int
	matchable       uint64
	total           uint64
	remaining       int
}

// minLeftState is the search for the fewest tiles left of an impossible
// position.
type minLeftState struct {
	on    bool   // the search counts tiles left (thr > 0) instead of deciding
	best  int    // fewest tiles left found so far
	lb    int    // a lower bound: the search may stop when best reaches it
	done  bool   // best reached lb
	moves []move // a play leaving best tiles
}

// budget is the work done and allowed.
type budget struct {
	scans, games, nodes int64
	maxScans            int64
	limit               int64 // scans allowed to the current search attempt (0: none)
	restart             bool  // the attempt ran out of its scans: start another
	ctx                 context.Context
	deadline            time.Time
	aborted             bool
}

// config holds choices of method and tuning, all exact: the defaults are
// set in newCore. The tests vary them to drive the other ways through the
// search against the brute force.
type config struct {
	games   int  // random games per board; <0: randomGames of the groups of four
	wipe    bool // search with look-ahead (descendW); else de Bondt's descent
	window  int  // descendW: a scan holds this many groups back, for as many steps
	bwindow int  // branch: its scan holds this many of the child's first groups back
	// rootTests tests each group's pairings alone before the first search
	// attempt; else only at the first restart.
	rootTests bool
	// budgets are the scan budgets of the search attempts in turn (the
	// restart schedule); after them comes one unbounded attempt.
	budgets []int64
	// probe is the number of random games after which a board whose games
	// all left many tiles goes to the search (cutNum/cutDen).
	probe int
}

func newCore(g *geom) *core {
	c := &core{geom: g, cfg: config{games: -1, wipe: true, window: 2, bwindow: 1, budgets: growing(1250, 4, 24000), probe: 50}}
	c.moves = make([]move, 0, maxTiles/2)
	c.srch.snaps = make([]snapshot, maxTiles/4+2)
	for i := range 3 {
		c.srch.fail.s[i], c.srch.fail.t[i] = &c.srch.fail.buf[i], &c.srch.fail.buf[i+3]
	}
	c.ml.moves = make([]move, 0, maxTiles/2)
	c.srch.ahead = -1
	return c
}

// load sets the position: the group of every tile and the tiles on board.
func (c *core) load(groups []uint8, present *[3]uint64) {
	n := c.n
	p := &c.pos
	copy(p.grp[:n], groups)
	var gn [256]uint8
	p.remaining = 0
	for t := 0; t < n; t++ {
		on := present[t>>6]>>(t&63)&1 != 0
		p.gone[t] = !on
		p.cnt[t] = 0
		c.srch.partner[t] = noPartner
		if on {
			g := groups[t]
			p.tiles[g][gn[g]&3] = uint8(t)
			p.tix[t] = gn[g]
			gn[g]++
			p.remaining++
		}
	}
	for t := 0; t < n; t++ {
		if p.gone[t] {
			continue
		}
		sp := c.span[t]
		for j := sp[0]; j < sp[1]; j++ {
			p.cnt[c.eff[j]] += dCover
		}
		sd := &c.side[t]
		for _, i := range sd.l {
			if i != nobody {
				p.cnt[i] += dRight
			}
		}
		for _, i := range sd.r {
			if i != nobody {
				p.cnt[i] += dLeft
			}
		}
	}
	for t := 0; t < n; t++ {
		if p.gone[t] {
			p.cnt[t] |= goneBit
		}
	}
	p.nFree = 0
	for t := 0; t < n; t++ {
		if !p.gone[t] && isFree(p.cnt[t]) {
			p.free[p.nFree] = uint8(t)
			p.nFree++
		}
	}
	sr := &c.srch
	p.nGroups, sr.nOrder, p.odd = 0, 0, 0
	for g := 0; g < 256; g++ {
		sr.pairing[g] = 0
		p.gn[g] = gn[g]
		switch k := gn[g]; k {
		case 0:
			continue
		case 1:
			sr.partner[p.tiles[g][0]] = p.tiles[g][0]
		case 2:
			a, b := p.tiles[g][0], p.tiles[g][1]
			sr.partner[a], sr.partner[b] = b, a
		default:
			sr.order[sr.nOrder] = uint8(g)
			sr.nOrder++
		}
		if gn[g]&1 != 0 {
			p.odd++
		}
		p.groups[p.nGroups] = uint8(g)
		p.nGroups++
	}
	sr.gt = p.tiles
	c.prepareRandom()
	c.countDead()
	c.rg.start.ready = false
	sr.nFixed = 0
	for i := 0; i < sr.nOrder; i++ {
		sr.pref[sr.order[i]] = [2]uint8{noPartner, noPartner}
		sr.allowed[sr.order[i]] = allPartitions
		sr.wipes[sr.order[i]] = 0
		sr.stuck[sr.order[i]] = 0
	}
	c.budget.scans, c.budget.games, c.budget.nodes = 0, 0, 0
	c.budget.aborted, c.ml.done = false, false
	c.moves = c.moves[:0]
	c.ml.moves = c.ml.moves[:0]
}
