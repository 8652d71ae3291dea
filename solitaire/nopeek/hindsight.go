package nopeek

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

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
// candidate is left or the budget is spent.
//
// The leader is then the live candidate with the most worlds won (ties
// to the one that uncovers the most tiles, then to greedy's score, then
// to the first). The worlds judge every candidate as if its player then
// knew every face, so a few worlds more or less do not tell which move is
// better: every live candidate the leader beats by at most cfg.tieSE
// standard deviations of a fair split of the worlds the two split counts
// as tied with it, and among those the one that uncovers the most tiles
// is played, so that the decisions to come see the most faces; then the
// one with greedy's best score (tiles freed and matches made: room to
// choose later, which the worlds, knowing every face, do not value), then
// the one with the most worlds won, then the leader.
type hindsight struct {
	gi      *geoInfo
	samples int
	cfg     hindsightConfig
	ctx     context.Context

	world state
	bag   [solitaire.MaxTiles]solitaire.Group
	// faces holds the worlds of a batch, dealt in order from the random
	// source before any is solved; res what the batch's solves found.
	faces [][]solitaire.Group
	res   []worldResult
	// ws decide the worlds of a batch: ws[0] on the calling goroutine,
	// the others each on a goroutine of its own (Options.Workers).
	ws []*worldSolver

	n     int // candidates of the decision
	cand  [maxCandidates]solitaire.Move
	wins  [maxCandidates]int
	alive [maxCandidates]bool
	hist  [maxCandidates][sampleWords]uint64 // bit s: won world s

	last  decision
	stats hindsightStats
}

// worldSolver decides worlds for the hindsight search: one per goroutine
// that solves, each with its own solver. A world's result depends on the
// world and the candidates alive only, not on the worlds decided before,
// so the worlds of a batch may be shared out among worldSolvers in any way.
type worldSolver struct {
	gi    *geoInfo
	sol   *solver.Solver
	board solitaire.Board           // the world being solved
	part  [solitaire.MaxTiles]uint8 // each tile's partner in the last solution
	won   *[maxCandidates]bool      // where the world's result goes

	solves, unknown int64
	// asked, when set, is called with every position solved (the tests
	// collect them).
	asked func(b *solitaire.Board)
}

// worldResult is what the search found in one world: whether the
// position is winnable there, and which live candidates keep it so.
type worldResult struct {
	winnable bool
	won      [maxCandidates]bool
}

// hindsightConfig holds the search's tuning (newHindsight sets the
// defaults; the tests and measurements vary them).
type hindsightConfig struct {
	batch    int     // worlds between eliminations (0: none)
	z        float64 // a candidate is dropped this many standard deviations behind the leader
	gap      int     // and at least this many worlds
	maxScans int64   // prune scans allowed to one solve
	tieSE    float64 // a candidate within this many standard deviations of the leader is tied with it
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

// defaultBatch is the number of worlds dealt at once when the search has
// no elimination rounds (cfg.batch 0).
const defaultBatch = 16

func newHindsight(gi *geoInfo, samples, workers int) *hindsight {
	if samples <= 0 {
		samples = DefaultSamples
	}
	h := &hindsight{gi: gi, samples: min(samples, MaxSamples), ctx: context.Background(),
		cfg: hindsightConfig{batch: 16, z: 2, gap: 2, maxScans: 20000, tieSE: 1}}
	for range max(workers, 1) {
		h.ws = append(h.ws, &worldSolver{gi: gi, sol: solver.New(gi.geo),
			board: solitaire.Board{Geo: gi.geo, Groups: make([]solitaire.Group, gi.n)}})
	}
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
	for s := 0; s < h.samples && alive > 1 && h.ctx.Err() == nil; {
		k := h.batch(v, src, s)
		h.solveBatch(v, k, true)
		for i := range k {
			r := &h.res[i]
			h.stats.samples++
			h.last.samples++
			if r.winnable {
				h.last.winnable++
				for c := range n {
					if r.won[c] && h.alive[c] {
						h.wins[c]++
						h.hist[c][s>>6] |= 1 << (s & 63)
					}
				}
			}
			s++
		}
		if h.cfg.batch > 0 && s%h.cfg.batch == 0 {
			alive = h.eliminate((s + 63) / 64)
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
	best = h.nearTie(v, best)
	h.last.kept = h.wins[best]
	return best
}

// nearTie returns the candidate to play among the live candidates tied
// with the leader lead: those it beats by at most cfg.tieSE standard
// deviations of a fair split of the worlds the two split. Among them the
// one that uncovers the most tiles wins, then greedy's score, then the one
// with the most worlds won, then lead.
func (h *hindsight) nearTie(v *state, lead int) int {
	key := func(k int) [3]int {
		m := h.cand[k]
		return [3]int{uncovers(v, m.A, m.B), v.score(v.face[m.A], m.A, m.B), h.wins[k]}
	}
	pick, pickKey := lead, key(lead)
	for k := range h.n {
		if !h.alive[k] || k == lead {
			continue
		}
		ahead, behind := h.split(lead, k, sampleWords)
		if d := float64(ahead - behind); d*d > h.cfg.tieSE*h.cfg.tieSE*float64(ahead+behind) {
			continue
		}
		if kk := key(k); slices.Compare(kk[:], pickKey[:]) > 0 {
			pick, pickKey = k, kk
		}
	}
	return pick
}

// split counts, in the first w words of the records, the worlds only
// candidate a won (ahead) and those only b won (behind).
func (h *hindsight) split(a, b, w int) (ahead, behind int) {
	for i := range w {
		ahead += bits.OnesCount64(h.hist[a][i] &^ h.hist[b][i])
		behind += bits.OnesCount64(h.hist[b][i] &^ h.hist[a][i])
	}
	return ahead, behind
}

// chances deals h.samples worlds from v and returns how many it dealt
// (fewer when h.ctx is done) and in how many the position is winnable.
func (h *hindsight) chances(v *state, src *rand.PCG) (samples, winnable int) {
	for samples < h.samples && h.ctx.Err() == nil {
		k := h.batch(v, src, samples)
		h.solveBatch(v, k, false)
		for i := range k {
			if h.res[i].winnable {
				winnable++
			}
		}
		samples += k
	}
	return samples, winnable
}

// batch deals the worlds of the batch that starts at world s of the
// decision into h.faces, in order, and returns how many: up to the next
// elimination round, and within the budget.
func (h *hindsight) batch(v *state, src *rand.PCG, s int) int {
	b := h.cfg.batch
	if b <= 0 {
		b = defaultBatch
	}
	k := min(b-s%b, h.samples-s)
	for len(h.faces) < k {
		h.faces = append(h.faces, make([]solitaire.Group, h.gi.n))
		h.res = append(h.res, worldResult{})
	}
	for i := range k {
		dealHidden(&h.world, v, h.gi.n, h.bag[:], src)
		copy(h.faces[i], h.world.face[:h.gi.n])
	}
	return k
}

// solveBatch decides the first k worlds of h.faces into h.res: whether
// the position v is winnable in each and, when cands is set, which live
// candidates keep it so. The worlds are shared out among h.ws, each
// solver on a goroutine of its own; the results do not depend on how.
func (h *hindsight) solveBatch(v *state, k int, cands bool) {
	w := min(len(h.ws), k)
	if w <= 1 {
		for i := range k {
			h.ws[0].decide(h, v, h.faces[i], &h.res[i], cands)
		}
	} else {
		var next atomic.Int32
		var wg sync.WaitGroup
		for _, ws := range h.ws[:w] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := int(next.Add(1)) - 1; i < k; i = int(next.Add(1)) - 1 {
					ws.decide(h, v, h.faces[i], &h.res[i], cands)
				}
			}()
		}
		wg.Wait()
	}
	for _, ws := range h.ws {
		h.stats.solves += ws.solves
		h.stats.unknown += ws.unknown
		ws.solves, ws.unknown = 0, 0
	}
}

// decide decides the world faces of the position v into r: whether it is
// winnable and, when cands is set, which of h's live candidates keep it
// so. In each world the position is solved first; its solution (ws.part)
// counts for every candidate it pairs; for each other live candidate, the
// solution re-paired the candidate's way is played (swapClears), and only
// when that leaves tiles is the position after the candidate solved, its
// solution counting for every candidate it pairs.
func (ws *worldSolver) decide(h *hindsight, v *state, faces []solitaire.Group, r *worldResult, cands bool) {
	copy(ws.board.Groups, faces)
	clear(r.won[:h.n])
	r.winnable = ws.solve(h.ctx, v.present, h.cfg.maxScans)
	if !r.winnable || !cands {
		return
	}
	ws.won = &r.won
	ws.mark(h)
	for k, m := range h.cand[:h.n] {
		if r.won[k] || !h.alive[k] {
			continue
		}
		p := v.present
		p.Remove(int(m.A))
		p.Remove(int(m.B))
		if ws.swapClears(p, m.A, m.B) || ws.solve(h.ctx, p, h.cfg.maxScans) {
			ws.part[m.A], ws.part[m.B] = m.B, m.A
			ws.mark(h)
		}
	}
}

// solve decides the world's position with the tiles in present, and
// reports whether it is winnable (proved so within maxScans scans); if
// so ws.part holds the partner of every tile on the board in the solution
// found.
func (ws *worldSolver) solve(ctx context.Context, present solitaire.Set, maxScans int64) bool {
	ws.board.Present = present
	ws.solves++
	if ws.asked != nil {
		ws.asked(&ws.board)
	}
	r := ws.sol.Solve(ctx, &ws.board, solver.Options{MaxScans: maxScans})
	if r.Verdict == solver.Unknown {
		ws.unknown++
	}
	if r.Verdict != solver.Winnable {
		return false
	}
	for _, m := range r.Moves {
		ws.part[m.A], ws.part[m.B] = m.B, m.A
	}
	return true
}

// mark marks the candidates of h that the last solution (ws.part) pairs
// as won.
func (ws *worldSolver) mark(h *hindsight) {
	for k, m := range h.cand[:h.n] {
		if ws.part[m.A] == m.B {
			ws.won[k] = true
		}
	}
}

// swapClears reports whether the last solution (ws.part), with the group
// of a and b paired as {a,b} and their partners together, clears the
// position present (the last one solved without a and b) when every pair
// whose two tiles are free is taken, until none is. If so it leaves those
// pairings in ws.part.
func (ws *worldSolver) swapClears(present solitaire.Set, a, b uint8) bool {
	x, y := ws.part[a], ws.part[b]
	ws.part[x], ws.part[y] = y, x
	ws.part[a], ws.part[b] = b, a
	if ws.pairedPlay(present).IsEmpty() {
		return true
	}
	ws.part[x], ws.part[y] = a, b
	ws.part[a], ws.part[b] = x, y
	return false
}

// pairedPlay plays the position present with the pairs of ws.part (every
// pair whose two tiles are free goes, until none is) and returns the tiles
// left.
func (ws *worldSolver) pairedPlay(present solitaire.Set) solitaire.Set {
	gi := ws.gi
	for progress := true; progress; {
		progress = false
		for w, x := range present {
			for x != 0 {
				t := w<<6 | bits.TrailingZeros64(x)
				x &= x - 1
				u := int(ws.part[t])
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
			ahead, behind := h.split(lead, k, w) // worlds only the leader won, only k won
			if d := ahead - behind; d >= h.cfg.gap && float64(d*d) >= h.cfg.z*h.cfg.z*float64(ahead+behind) {
				h.alive[k] = false
				continue
			}
		}
		left++
	}
	return left
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
