package nopeek

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// DefaultSamples is the hindsight strategy's default budget per move with
// a choice to make: the number of deals of the hidden faces it decides.
const DefaultSamples = 384

// MaxSamples is the largest budget of the hindsight strategy; a larger
// Options.Samples is taken as MaxSamples.
const MaxSamples = 64 * sampleWords

const (
	// sampleWords is the size of a candidate's record of samples won, in
	// 64-bit words.
	sampleWords = 32
	// maxCandidates bounds the legal matches of a position: at most six
	// in each group of four tiles.
	maxCandidates = 6 * solitaire.NumGroups
)

// hindsight is the hindsight strategy's search (hindsight optimisation):
// for a move with a choice, it deals the faces the player has not seen at
// random over the covered tiles, many times (each deal a world consistent
// with what the player sees), decides exactly in each world which
// candidate moves keep the position winnable, and plays the candidate that
// does so in the most worlds.
//
// In each world the position is solved first. When it cannot be won no
// candidate can, and the world counts for none. Otherwise the solution
// found pairs the tiles of every group: a candidate that takes two tiles
// it pairs wins too (with the pairings fixed, the order of play does not
// matter). For the others, the solution with the candidate's group paired
// the candidate's way is played first (pairs taken whenever both tiles are
// free); only when that leaves tiles is the position after the candidate
// solved, and a solution found then counts for the candidates it pairs.
//
// Every candidate meets the same worlds. After every cfg.batch worlds, a
// candidate clearly behind the leader is dropped: one that lost at least
// cfg.gap more of the worlds the two split than the leader, and by cfg.z
// standard deviations of a fair split. A decision ends when only one
// candidate is left or the budget is spent. Ties (the same number of
// worlds won) go to the candidate that uncovers the most tiles, so shows
// the most faces for the decisions to come; then to greedy's score; then
// to the first.
type hindsight struct {
	gi      *geoInfo
	samples int
	cfg     hindsightConfig

	sol   *solver.Solver
	board solitaire.Board // the world being solved
	world state
	bag   [solitaire.MaxTiles]solitaire.Group
	part  [solitaire.MaxTiles]uint8 // each tile's partner in the last solution
	ctx   context.Context

	n     int // candidates of the decision
	cand  [maxCandidates]solitaire.Move
	wins  [maxCandidates]int
	won   [maxCandidates]bool
	alive [maxCandidates]bool
	hist  [maxCandidates][sampleWords]uint64 // bit s: won world s

	last  decision
	stats hindsightStats
	// asked, when set, is called with every position solved (the tests
	// collect them).
	asked func(b *solitaire.Board)
}

// hindsightConfig holds the search's tuning (newHindsight sets the
// defaults; the tests and measurements vary them).
type hindsightConfig struct {
	batch    int     // worlds between eliminations (0: none)
	z        float64 // a candidate is dropped this many standard deviations behind the leader
	gap      int     // and at least this many worlds
	maxScans int64   // prune scans allowed to one solve
}

// decision is what the last decision found: the worlds dealt, those in
// which the position was winnable, and those in which the position after
// the move chosen was.
type decision struct {
	samples, winnable, kept int
}

// hindsightStats counts the search's work, for the measurements.
type hindsightStats struct {
	decisions, samples, solves, unknown int64
}

func newHindsight(gi *geoInfo, samples int) *hindsight {
	if samples <= 0 {
		samples = DefaultSamples
	}
	h := &hindsight{gi: gi, samples: min(samples, MaxSamples), sol: solver.New(gi.geo), ctx: context.Background(),
		cfg: hindsightConfig{batch: 16, z: 2, gap: 2, maxScans: 20000}}
	h.board = solitaire.Board{Geo: gi.geo, Groups: make([]solitaire.Group, gi.n)}
	return h
}

// choose returns the hindsight move in v, which must have a match.
func (h *hindsight) choose(v *state, src *rand.PCG) (a, b uint8) {
	if a, b, ok := v.cleaning(); ok {
		return a, b
	}
	if h.candidates(v) == 1 {
		return h.cand[0].A, h.cand[0].B
	}
	m := h.cand[h.decide(v, src)]
	return m.A, m.B
}

// candidates lists the legal matches of v in h.cand and returns how many.
func (h *hindsight) candidates(v *state) int {
	n := 0
	for o := v.open; o != 0; o &= o - 1 {
		g := bits.TrailingZeros64(o)
		c := int(v.cnt[g])
		for _, pr := range pairIdx {
			if int(pr[1]) < c {
				h.cand[n] = solitaire.Move{A: v.fl[g][pr[0]], B: v.fl[g][pr[1]]}
				n++
			}
		}
	}
	h.n = n
	return n
}

// decide returns the index of the candidate to play among h.cand[:h.n]
// (at least two) and sets h.last. It stops early, with the best so far,
// when h.ctx is done.
func (h *hindsight) decide(v *state, src *rand.PCG) int {
	n := h.n
	h.stats.decisions++
	h.last = decision{}
	for k := range n {
		h.wins[k] = 0
		h.alive[k] = true
		h.hist[k] = [sampleWords]uint64{}
	}
	alive := n
	for s := 0; s < h.samples && alive > 1 && h.ctx.Err() == nil; s++ {
		h.stats.samples++
		h.last.samples++
		h.deal(v, src)
		if h.solve(v.present) {
			h.last.winnable++
			h.world1(v, s)
		}
		if h.cfg.batch > 0 && (s+1)%h.cfg.batch == 0 {
			alive = h.eliminate((s + 64) / 64)
		}
	}
	best := -1
	var bestKey [3]int
	for k, m := range h.cand[:n] {
		if !h.alive[k] {
			continue
		}
		key := [3]int{h.wins[k], uncovers(v, m.A, m.B), v.score(v.face[m.A], m.A, m.B)}
		if best < 0 || key[0] > bestKey[0] || key[0] == bestKey[0] && (key[1] > bestKey[1] || key[1] == bestKey[1] && key[2] > bestKey[2]) {
			best, bestKey = k, key
		}
	}
	h.last.kept = h.wins[best]
	return best
}

// chances deals h.samples worlds from v and returns how many it dealt
// (fewer when h.ctx is done) and in how many the position is winnable.
func (h *hindsight) chances(v *state, src *rand.PCG) (samples, winnable int) {
	for ; samples < h.samples && h.ctx.Err() == nil; samples++ {
		h.deal(v, src)
		if h.solve(v.present) {
			winnable++
		}
	}
	return samples, winnable
}

// world1 records which live candidates keep the world winnable, in world
// s (its first solution in h.part).
func (h *hindsight) world1(v *state, s int) {
	n := h.n
	clear(h.won[:n])
	h.mark()
	for k, m := range h.cand[:n] {
		if h.won[k] || !h.alive[k] {
			continue
		}
		p := v.present
		p.Remove(int(m.A))
		p.Remove(int(m.B))
		if h.swapClears(p, m.A, m.B) || h.solve(p) {
			h.part[m.A], h.part[m.B] = m.B, m.A
			h.mark()
		}
	}
	for k := range n {
		if h.won[k] && h.alive[k] {
			h.wins[k]++
			h.hist[k][s>>6] |= 1 << (s & 63)
		}
	}
}

// solve decides the world's position with the tiles in present, and
// reports whether it is winnable (proved so within cfg.maxScans scans);
// if so h.part holds the partner of every tile on the board in the
// solution found.
func (h *hindsight) solve(present solitaire.Set) bool {
	h.board.Present = present
	h.stats.solves++
	if h.asked != nil {
		h.asked(&h.board)
	}
	r := h.sol.Solve(h.ctx, &h.board, solver.Options{MaxScans: h.cfg.maxScans})
	if r.Verdict == solver.Unknown {
		h.stats.unknown++
	}
	if r.Verdict != solver.Winnable {
		return false
	}
	for _, m := range r.Moves {
		h.part[m.A], h.part[m.B] = m.B, m.A
	}
	return true
}

// mark marks the candidates that the last solution (h.part) pairs as won.
func (h *hindsight) mark() {
	for k, m := range h.cand[:h.n] {
		if h.part[m.A] == m.B {
			h.won[k] = true
		}
	}
}

// swapClears reports whether the last solution (h.part), with the group
// of a and b paired as {a,b} and their partners together, clears the
// position present (the last one solved without a and b) when every pair
// whose two tiles are free is taken, until none is. If so it leaves those
// pairings in h.part.
func (h *hindsight) swapClears(present solitaire.Set, a, b uint8) bool {
	x, y := h.part[a], h.part[b]
	h.part[x], h.part[y] = y, x
	h.part[a], h.part[b] = b, a
	if h.pairedPlay(present).IsEmpty() {
		return true
	}
	h.part[x], h.part[y] = a, b
	h.part[a], h.part[b] = x, y
	return false
}

// pairedPlay plays the position present with the pairs of h.part (every
// pair whose two tiles are free goes, until none is) and returns the tiles
// left.
func (h *hindsight) pairedPlay(present solitaire.Set) solitaire.Set {
	gi := h.gi
	for progress := true; progress; {
		progress = false
		for w, x := range present {
			for x != 0 {
				t := w<<6 | bits.TrailingZeros64(x)
				x &= x - 1
				u := int(h.part[t])
				if u < t || !present.Has(u) || !gi.masks[t].isFree(present) || !gi.masks[u].isFree(present) {
					continue
				}
				present.Remove(t)
				present.Remove(u)
				if u>>6 == w {
					x &^= 1 << (u & 63)
				}
				progress = true
			}
		}
	}
	return present
}

// eliminate drops the live candidates clearly behind the leader (the one
// with the most worlds won), comparing the records of the worlds so far
// (w words), and returns how many are left.
func (h *hindsight) eliminate(w int) int {
	lead := -1
	for k := range h.n {
		if h.alive[k] && (lead < 0 || h.wins[k] > h.wins[lead]) {
			lead = k
		}
	}
	left := 0
	for k := range h.n {
		if !h.alive[k] {
			continue
		}
		if k != lead {
			ahead, behind := 0, 0 // worlds only the leader won, only k won
			for i := range w {
				ahead += bits.OnesCount64(h.hist[lead][i] &^ h.hist[k][i])
				behind += bits.OnesCount64(h.hist[k][i] &^ h.hist[lead][i])
			}
			if d := ahead - behind; d >= h.cfg.gap && float64(d*d) >= h.cfg.z*h.cfg.z*float64(ahead+behind) {
				h.alive[k] = false
				continue
			}
		}
		left++
	}
	return left
}

// deal sets h.world to v with the hidden tiles dealt at random, as the
// lookahead's deal does (dealHidden), and h.board's deal to the world's
// faces.
func (h *hindsight) deal(v *state, src *rand.PCG) {
	dealHidden(&h.world, v, h.gi.n, h.bag[:], src)
	copy(h.board.Groups, h.world.face[:h.gi.n])
}

// uncovers counts the tiles whose faces the match of a and b shows: those
// it covers that no other tile on the board covers.
func uncovers(v *state, a, b uint8) int {
	gi := v.gi
	n := 0
	for _, t := range [2]uint8{a, b} {
		for _, j := range gi.under[t] {
			if t == b && contains(gi.under[a], j) {
				continue // counted with a
			}
			c := int(v.cover[j]) - 1
			if t == a && contains(gi.under[b], j) {
				c--
			}
			if c == 0 {
				n++
			}
		}
	}
	return n
}

func contains(s []uint8, x uint8) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
