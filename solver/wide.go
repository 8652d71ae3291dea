package solver

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/mjsolve/mjsolve/solitaire"
)

// This file holds the wide solver: the same method as the core (a relaxed
// prune scan, random games with cleaning, a search over pairings guided by
// the pairs needed for a failure) for the boards the core does not take,
// those of more than 192 slots or with a group of more than four tiles
// (the layouts of more than one deck, dealt with pairs of a second deck).
// It trades the core's packed, 4-tile-group representation for plain
// lists, so that a group may have any even number of tiles.
//
// Its search fixes pairs, not whole pairings: a group of k tiles is
// cleared by k/2 pairs, and the search's variables ("units") are k/2−1
// of them per group, each pairing one of the group's tiles without a pair
// yet with another; the last two tiles of a group go together. A group of
// four has one unit of three choices, as in the core; a group of eight has
// three units of 7, 5 and 3 choices, and a failing first pair is cut
// before its 15 completions are tried. The relaxation: the tiles of a
// group without a pair may leave as soon as one of them is free with
// another free one, and after that one by one when free (the core's rule
// for a group without a pairing, which is exactly play for two tiles).
// It removes at least what any play of any completion of the fixed pairs
// removes, so a scan that does not clear the board rules them all out.
//
// The branching is de Bondt's: at a step whose scan fails, the units
// needed for that failure are found by unfixing them one at a time from
// the last back; then, from the last needed unit back to the first, the
// unit's tile is paired with each other tile of its group still without a
// pair, the units before it kept and those after it free, and the unit is
// unfixed. With the failing combination this covers every completion, so
// the search is complete. Pairs that fail alone (the unit fixed, every
// other tile free) are ruled out at the root.

// maxWideTiles is the most slots the wide solver takes: slot numbers are
// bytes.
const maxWideTiles = 256

// wideGroup is a group of the position: its tiles on the board.
type wideGroup struct {
	tiles []uint8
	stuck int // random games that left some of its tiles
	// waiting are the free tiles without a pair that a scan found without
	// a mate, looked at again when one of the group leaves.
	waiting []uint8
	// first is the pair of its tiles without a pair that the last scan
	// took off together first, or {0, 0}.
	first [2]uint8
}

// unit is one variable of the search: a pair of group g, fixed (a ≥ 0)
// or not.
type unit struct {
	g    int
	a, b int16
}

// wide is the state of the wide solver on one geometry.
type wide struct {
	n int
	// under[x] are the tiles x covers directly (their cover counts drop
	// when x leaves), left[x] and right[x] its neighbours.
	under, left, right [][]uint8
	below              []solitaire.Set // tiles under x, directly or not

	// The position.
	grp       [maxWideTiles]uint8
	cnt       [maxWideTiles]counters // counters at the position (goneBit: off)
	remaining int
	groups    []wideGroup // groups with tiles on the board (all of them, by index)
	order     []unit      // the search's units, in search order

	// The pairing state: partner per tile (noWidePartner: none fixed), and
	// the pairs ruled out at the root (and those of which one tile lies
	// above the other) as a set of partners per tile.
	partner [maxWideTiles]int16
	banned  [maxWideTiles]solitaire.Set

	// The play in progress.
	play   [maxWideTiles]counters
	stack  [maxWideTiles]uint8
	time   [maxWideTiles]int32 // step at which a tile left in the last scan
	moves  []move
	best   []move // the play of the random game that left the fewest tiles
	rng    rand.PCG
	weight []uint32   // per tile: its weight in random games
	cands  []wideCand // scratch of randomGame

	budget    budget
	nextCheck int64 // scans at which stop looks at the clock and context next
	// games is the number of random games before the search, budgets the
	// scan budgets of the search attempts before the unbounded one (the
	// tests vary them).
	games   int
	budgets []int64
}

// The wide solver's random games and search attempts.
const defaultWideGames = 400

var defaultWideBudgets = growing(2000, 2, 1<<21)

const noWidePartner = -1

// newWide compiles g for the wide solver.
func newWide(g *solitaire.Geometry) *wide {
	w := &wide{n: g.N}
	w.under = make([][]uint8, g.N)
	w.left = make([][]uint8, g.N)
	w.right = make([][]uint8, g.N)
	w.below = make([]solitaire.Set, g.N)
	bytes := func(l []int) []uint8 {
		b := make([]uint8, len(l))
		for i, x := range l {
			b[i] = uint8(x)
		}
		return b
	}
	for i := range g.N {
		w.under[i] = bytes(g.UnderList[i])
		w.left[i] = bytes(g.LeftList[i])
		w.right[i] = bytes(g.RightList[i])
	}
	// below: the transitive closure of under, to a fixpoint.
	for changed := true; changed; {
		changed = false
		for x := range g.N {
			nb := w.below[x]
			for _, y := range g.UnderList[x] {
				nb.Add(y)
				nb = nb.Or(w.below[y])
			}
			if nb != w.below[x] {
				w.below[x] = nb
				changed = true
			}
		}
	}
	w.weight = make([]uint32, g.N)
	for x := range g.N {
		w.weight[x] = tileWeight[min(w.below[x].Count(), len(tileWeight)-1)]
	}
	w.games, w.budgets = defaultWideGames, defaultWideBudgets
	w.moves = make([]move, 0, g.N/2)
	return w
}

// dependent reports whether one of a and b lies above the other: such a
// pair can never be played.
func (w *wide) dependent(a, b uint8) bool {
	return w.below[a].Has(int(b)) || w.below[b].Has(int(a))
}

// load sets the position.
func (w *wide) load(b *solitaire.Board) {
	n := w.n
	w.remaining = 0
	for i := range n {
		w.grp[i] = uint8(b.Groups[i])
		w.cnt[i] = 0
		w.partner[i] = noWidePartner
		w.banned[i] = w.below[i]
	}
	for i := range n {
		for j := range w.below[i].All() {
			w.banned[j].Add(i)
		}
	}
	ng := 0
	for i := range n {
		ng = max(ng, int(b.Groups[i])+1)
	}
	if cap(w.groups) < ng {
		w.groups = make([]wideGroup, ng)
	}
	w.groups = w.groups[:ng]
	for g := range w.groups {
		w.groups[g].tiles = w.groups[g].tiles[:0]
		w.groups[g].stuck = 0
	}
	for t := range n {
		if !b.Present.Has(t) {
			w.cnt[t] = goneBit
			continue
		}
		w.remaining++
		gr := &w.groups[w.grp[t]]
		gr.tiles = append(gr.tiles, uint8(t))
	}
	for t := range n {
		if w.cnt[t]&goneBit != 0 {
			continue
		}
		for _, u := range w.under[t] {
			w.cnt[u] += dCover
		}
		for _, u := range w.left[t] {
			w.cnt[u] += dRight
		}
		for _, u := range w.right[t] {
			w.cnt[u] += dLeft
		}
	}
	w.best = w.best[:0]
	w.order = w.order[:0]
	for g := range w.groups {
		for range len(w.groups[g].tiles)/2 - 1 {
			w.order = append(w.order, unit{g: g, a: -1, b: -1})
		}
	}
	w.moves = w.moves[:0]
}

// odd reports whether a group has an odd number of tiles on the board.
func (w *wide) odd() bool {
	for g := range w.groups {
		if len(w.groups[g].tiles)&1 != 0 {
			return true
		}
	}
	return false
}

// removeTile takes t off the board in the play, pushing the tiles it
// frees onto the stack; it returns the new stack depth.
func (w *wide) removeTile(t uint8, sp int) int {
	p := &w.play
	p[t] |= goneBit
	for _, u := range w.under[t] {
		c := p[u]
		p[u] = c - dCover
		if !isFree(c) && isFree(c-dCover) {
			w.stack[sp] = u
			sp++
		}
	}
	for _, u := range w.left[t] {
		c := p[u]
		p[u] = c - dRight
		if !isFree(c) && isFree(c-dRight) {
			w.stack[sp] = u
			sp++
		}
	}
	for _, u := range w.right[t] {
		c := p[u]
		p[u] = c - dLeft
		if !isFree(c) && isFree(c-dLeft) {
			w.stack[sp] = u
			sp++
		}
	}
	return sp
}

// scan runs the greedy play of the fixed pairs, relaxed for the tiles
// without one, from the position, and returns the tiles it leaves. A tile
// without a pair leaves when it is free and a tile of its group it may be
// paired with (without a pair, not ruled out) is free or gone: in any
// play of a completion its partner is free when it leaves, and the scan
// has taken off at least what that play has. The rule is monotone, so the
// end state does not depend on the order. It sets w.time, and
// groups[g].first to the first tile of g without a pair it took off and
// a free tile that let it go (the first match of the group's tiles without
// a pair that play could make).
func (w *wide) scan() int {
	w.budget.scans++
	n := w.n
	copy(w.play[:n], w.cnt[:n])
	for g := range w.groups {
		w.groups[g].first = [2]uint8{}
		w.groups[g].waiting = w.groups[g].waiting[:0]
	}
	sp := 0
	for t := range n {
		if isFree(w.play[t]) {
			w.stack[sp] = uint8(t)
			sp++
		}
		w.time[t] = 1 << 30
	}
	left, step := w.remaining, int32(0)
	for sp > 0 {
		sp--
		t := w.stack[sp]
		if w.play[t]&goneBit != 0 {
			continue
		}
		if q := w.partner[t]; q >= 0 {
			if !isFree(w.play[q]) {
				continue // its partner frees it later
			}
			w.time[t], w.time[q] = step, step
			step++
			sp = w.removeTile(t, sp)
			sp = w.removeTile(uint8(q), sp)
			left -= 2
			continue
		}
		gr := &w.groups[w.grp[t]]
		u, ok := w.mate(t, gr.tiles)
		if !ok {
			gr.waiting = append(gr.waiting, t)
			continue
		}
		if gr.first == [2]uint8{} && w.play[u]&goneBit == 0 {
			gr.first = [2]uint8{t, u} // both free: a match play could make
		}
		w.time[t] = step
		step++
		sp = w.removeTile(t, sp)
		left--
		// The tiles of the group that were waiting may have a mate now.
		sp += copy(w.stack[sp:], gr.waiting)
		gr.waiting = gr.waiting[:0]
	}
	return left
}

// mate returns a tile of tiles that t may be paired with (neither has a
// pair, the pair is not ruled out) that is free or gone in the play.
func (w *wide) mate(t uint8, tiles []uint8) (uint8, bool) {
	for _, u := range tiles {
		if u != t && w.partner[u] < 0 && !w.banned[t].Has(int(u)) && (w.play[u]&goneBit != 0 || isFree(w.play[u])) {
			return u, true
		}
	}
	return 0, false
}

// record plays the fixed pairs, with the last two tiles of each group
// paired, into w.moves: the solution once every unit is fixed and the
// scan clears the board.
func (w *wide) record() {
	var last [][2]uint8
	for g := range w.groups {
		var rest []uint8
		for _, t := range w.groups[g].tiles {
			if w.partner[t] < 0 {
				rest = append(rest, t)
			}
		}
		if len(rest) == 2 {
			w.partner[rest[0]], w.partner[rest[1]] = int16(rest[1]), int16(rest[0])
			last = append(last, [2]uint8{rest[0], rest[1]})
		}
	}
	n := w.n
	copy(w.play[:n], w.cnt[:n])
	w.moves = w.moves[:0]
	sp := 0
	for t := range n {
		if isFree(w.play[t]) {
			w.stack[sp] = uint8(t)
			sp++
		}
	}
	for sp > 0 {
		sp--
		t := w.stack[sp]
		if q := w.partner[t]; w.play[t]&goneBit == 0 && q >= 0 && isFree(w.play[q]) {
			w.moves = append(w.moves, move{t, uint8(q)})
			sp = w.removeTile(t, sp)
			sp = w.removeTile(uint8(q), sp)
		}
	}
	for _, p := range last {
		w.partner[p[0]], w.partner[p[1]] = noWidePartner, noWidePartner
	}
}

// fix fixes the pair of unit u to a and b, or unfixes it when a < 0.
func (w *wide) fix(u *unit, a, b int16) {
	if u.a >= 0 {
		w.partner[u.a], w.partner[u.b] = noWidePartner, noWidePartner
	}
	u.a, u.b = a, b
	if a >= 0 {
		w.partner[a], w.partner[b] = b, a
	}
}

// allowed reports whether a and b may be a pair: neither has one, and the
// pair is not ruled out.
func (w *wide) allowed(a, b uint8) bool {
	return a != b && w.partner[a] < 0 && w.partner[b] < 0 && !w.banned[a].Has(int(b))
}

// stranded reports whether a tile of a group without a pair has no tile
// of its group it may be paired with: then no completion exists.
func (w *wide) stranded() bool {
	for g := range w.groups {
		tiles := w.groups[g].tiles
		for _, a := range tiles {
			if w.partner[a] >= 0 {
				continue
			}
			ok := false
			for _, b := range tiles {
				if w.allowed(a, b) {
					ok = true
					break
				}
			}
			if !ok {
				return true
			}
		}
	}
	return false
}

// fails reports whether no completion of the fixed pairs can clear the
// board: the scan leaves tiles, or a tile has no partner left.
func (w *wide) fails() bool {
	return w.scan() > 0 || w.stranded()
}

// choose returns the pair the descent fixes for group g: the first pair of
// its tiles without a pair that the best random game played, else the
// pair the last scan took off together first, else the allowed pair of
// those its tiles that left first.
func (w *wide) choose(g int) (int16, int16) {
	gr := &w.groups[g]
	for _, m := range w.best {
		if w.grp[m.a] == uint8(g) && w.allowed(m.a, m.b) {
			return int16(m.a), int16(m.b)
		}
	}
	if f := gr.first; f[0] != f[1] && w.allowed(f[0], f[1]) {
		return int16(f[0]), int16(f[1])
	}
	best, ba, bb := int32(1<<31-1), int16(-1), int16(-1)
	for _, a := range gr.tiles {
		for _, b := range gr.tiles {
			if a < b && w.allowed(a, b) {
				if t := max(w.time[a], w.time[b]); t < best {
					best, ba, bb = t, int16(a), int16(b)
				}
			}
		}
	}
	return ba, bb
}

// stop reports whether the budget is spent: the scans, the time or the
// context. It sets aborted, and restart when only the attempt's limit ran
// out.
func (w *wide) stop() bool {
	b := &w.budget
	if b.aborted {
		return true
	}
	if b.limit > 0 && b.scans > b.limit {
		b.aborted, b.restart = true, true
		return true
	}
	if b.maxScans > 0 && b.scans > b.maxScans {
		b.aborted = true
		return true
	}
	if b.scans >= w.nextCheck {
		w.nextCheck = b.scans + 64
		if (b.ctx != nil && b.ctx.Err() != nil) || (!b.deadline.IsZero() && time.Now().After(b.deadline)) {
			b.aborted = true
			return true
		}
	}
	return false
}

// search decides whether the units order[s:] (none fixed) can be fixed so
// that the play clears the board, the units before s keeping their pairs.
// On true the pairs are set and w.moves is the play.
func (w *wide) search(s int) bool {
	w.budget.nodes++
	if w.stop() || w.fails() {
		return false
	}
	j := s
	for ; j < len(w.order); j++ {
		if w.stop() {
			return false
		}
		u := &w.order[j]
		a, b := w.choose(u.g) // fails() passed: the group has a pair
		w.fix(u, a, b)
		if w.fails() {
			break
		}
	}
	if j == len(w.order) {
		w.record()
		return true
	}
	// The units order[s:j] needed for the failure at j, found from the
	// last back; those not needed are unfixed and go after them.
	needed := make([]unit, 0, j-s+1)
	var spare []unit
	needed = append(needed, w.order[j])
	for i := j - 1; i >= s; i-- {
		u := w.order[i]
		a, b := u.a, u.b
		w.fix(&u, -1, -1)
		if w.fails() {
			spare = append(spare, u)
			continue
		}
		w.fix(&u, a, b)
		needed = append(needed, u)
	}
	slices.Reverse(needed)
	copy(w.order[s:], needed)
	copy(w.order[s+len(needed):], spare)
	for i := s + len(needed) - 1; i >= s; i-- {
		u := &w.order[i]
		a, b := u.a, u.b
		w.fix(u, -1, -1)
		for _, v := range w.groups[u.g].tiles {
			if int16(v) == b || !w.allowed(uint8(a), v) {
				continue
			}
			w.fix(u, a, int16(v))
			if w.search(i + 1) {
				return true
			}
			w.fix(u, -1, -1)
			if w.budget.aborted {
				return false
			}
		}
	}
	return false
}

// rootTests rules out the pairs that fail alone: fixed with every other
// tile free. It reports false when that leaves a tile no partner.
func (w *wide) rootTests() bool {
	for g := range w.groups {
		tiles := w.groups[g].tiles
		if len(tiles) < 4 {
			continue
		}
		for x, a := range tiles {
			for _, b := range tiles[x+1:] {
				if !w.allowed(a, b) {
					continue
				}
				w.partner[a], w.partner[b] = int16(b), int16(a)
				bad := w.scan() > 0
				w.partner[a], w.partner[b] = noWidePartner, noWidePartner
				if bad {
					w.banned[a].Add(int(b))
					w.banned[b].Add(int(a))
				}
			}
		}
	}
	return !w.stranded()
}

// randomGame plays one random game with cleaning from the position and
// returns the tiles it leaves; w.moves is its play. A group whose tiles
// left are all free is played out at once; other matches are drawn with
// the weight of their tiles (geom's tileWeight of the tiles each holds
// back), and never one that leaves a group's last two tiles one above the
// other.
func (w *wide) randomGame() int {
	w.budget.games++
	n := w.n
	copy(w.play[:n], w.cnt[:n])
	w.moves = w.moves[:0]
	left := w.remaining
	type cand struct {
		a, b uint8
		wt   uint64
	}
	cands := w.cands[:0]
	for {
		cands = cands[:0]
		var total uint64
		cleaned := false
		for g := range w.groups {
			tiles := w.groups[g].tiles
			on, f := 0, 0
			for _, t := range tiles {
				if w.play[t]&goneBit == 0 {
					on++
					if isFree(w.play[t]) {
						f++
					}
				}
			}
			if on > 0 && on == f && on&1 == 0 {
				w.cleanGroup(tiles)
				left -= on
				cleaned = true
				continue
			}
			if f < 2 {
				continue
			}
			for x, a := range tiles {
				if w.play[a]&goneBit != 0 || !isFree(w.play[a]) {
					continue
				}
				for _, b := range tiles[x+1:] {
					if w.play[b]&goneBit != 0 || !isFree(w.play[b]) {
						continue
					}
					if on == 4 && w.leavesDead(tiles, a, b) {
						continue
					}
					wt := uint64(w.weight[a]) + uint64(w.weight[b])
					total += wt
					cands = append(cands, wideCand{a, b, wt})
				}
			}
		}
		if cleaned {
			continue
		}
		if total == 0 {
			break
		}
		k := w.rng.Uint64() % total
		for _, c := range cands {
			if k < c.wt {
				w.moves = append(w.moves, move{c.a, c.b})
				w.removeTile(c.a, 0)
				w.removeTile(c.b, 0)
				left -= 2
				break
			}
			k -= c.wt
		}
	}
	w.cands = cands
	for g := range w.groups {
		for _, t := range w.groups[g].tiles {
			if w.play[t]&goneBit == 0 {
				w.groups[g].stuck++
				break
			}
		}
	}
	return left
}

// wideCand is a match a random game may play, with its weight.
type wideCand struct {
	a, b uint8
	wt   uint64
}

// cleanGroup plays out the tiles of a group left on the board, all free,
// in pairs.
func (w *wide) cleanGroup(tiles []uint8) {
	var prev uint8
	odd := false
	for _, t := range tiles {
		if w.play[t]&goneBit != 0 {
			continue
		}
		if odd {
			w.moves = append(w.moves, move{prev, t})
			w.removeTile(prev, 0)
			w.removeTile(t, 0)
		}
		prev, odd = t, !odd
	}
}

// leavesDead reports whether playing a and b leaves the group's last two
// tiles on the board one above the other.
func (w *wide) leavesDead(tiles []uint8, a, b uint8) bool {
	var rest [2]uint8
	k := 0
	for _, t := range tiles {
		if t != a && t != b && w.play[t]&goneBit == 0 {
			rest[k&1] = t
			k++
		}
	}
	return k == 2 && w.dependent(rest[0], rest[1])
}

// decide solves the loaded position.
func (w *wide) decide() outcome {
	if w.remaining == 0 {
		return outcome{Winnable, Trivial, 0}
	}
	// An odd group, a failing first scan, or a tile with no tile of its
	// group it could ever be played with (as two tiles of a group of six
	// under the other four) end it at once.
	if w.odd() || w.scan() > 0 || w.stranded() {
		return outcome{Impossible, PruneTop, -1}
	}
	bestLeft := w.remaining + 1
	for i := range w.games {
		l := w.randomGame()
		if l == 0 {
			return outcome{Winnable, Random, 0}
		}
		if l < bestLeft {
			bestLeft = l
			w.best = append(w.best[:0], w.moves...)
		}
		if i&7 == 7 && w.stop() {
			return outcome{Unknown, Budget, -1}
		}
	}
	w.moves = w.moves[:0]
	if !w.rootTests() {
		return outcome{Impossible, Search, -1}
	}
	rng := rand.New(&w.rng)
	for attempt := 0; ; attempt++ {
		// A new order each attempt: at first the groups the random games
		// left most often first, ties at random; then at random.
		rng.Shuffle(len(w.order), func(i, j int) { w.order[i], w.order[j] = w.order[j], w.order[i] })
		if attempt == 0 {
			slices.SortStableFunc(w.order, func(a, b unit) int { return w.groups[b.g].stuck - w.groups[a.g].stuck })
		}
		w.budget.limit = 0
		if attempt < len(w.budgets) {
			w.budget.limit = w.budget.scans + w.budgets[attempt]
		}
		if w.search(0) {
			return outcome{Winnable, Search, 0}
		}
		if !w.budget.restart {
			break
		}
		w.budget.aborted, w.budget.restart = false, false
		for i := range w.order {
			w.fix(&w.order[i], -1, -1)
		}
		// New first pairs for the next attempt: the best of a few more
		// random games (which may also win).
		bestLeft = w.remaining + 1
		for range regames {
			l := w.randomGame()
			if l == 0 {
				return outcome{Winnable, Random, 0}
			}
			if l < bestLeft {
				bestLeft = l
				w.best = append(w.best[:0], w.moves...)
			}
		}
		w.moves = w.moves[:0]
	}
	w.budget.limit = 0
	if w.budget.aborted {
		return outcome{Unknown, Budget, -1}
	}
	return outcome{Impossible, Search, -1}
}

// wideHash mixes the deal and the tiles on board into a seed.
func wideHash(b *solitaire.Board) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i, g := range b.Groups {
		if b.Present.Has(i) {
			h ^= uint64(g) + 1
		} else {
			h ^= 0xff
		}
		h *= 0x100000001b3
	}
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}

// FindsMinLeft reports whether Solve computes Options.MinLeft for b: not
// for boards of more than 192 slots or with a group of more than four
// tiles, which the wide solver decides without it (Result.MinLeft −1).
func FindsMinLeft(b *solitaire.Board) bool { return !needsWide(b) }

// needsWide reports whether the fast core cannot take b: more than its
// maxTiles slots, or a group of more than four tiles.
func needsWide(b *solitaire.Board) bool {
	if b.Geo.N > maxTiles {
		return true
	}
	var count [256]uint8
	for _, g := range b.Groups {
		count[g]++
		if count[g] > 4 {
			return true
		}
	}
	return false
}

// popcount is the number of tiles in a set, for the core's weights.
func popcount(s [3]uint64) int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}
