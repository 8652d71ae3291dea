package bot

import (
	"math"
	"sync"
	"time"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// DefaultThink is the search strategy's time per decision when neither
// Options.Think nor Options.Samples is set.
const DefaultThink = time.Second

// Limits of the search's budget options.
const (
	MaxSamples = 10_000_000
	MaxThink   = time.Minute
	MaxThreads = 256
)

// Search decides every action by simulation (see Evaluator): it always wins
// when it can; otherwise it samples positions consistent with its view and
// plays each candidate action in each of them (every discard kind, every
// claim, kong and pass offered), then the rest of the hand by the playout
// policy for every seat, its own seat once attacking and once folding when
// far from ready and threatened (see foldChoice), and takes the candidate
// with the most points on average, each valued by the better of its two
// continuations (the folding one is not played when the attacking one shows
// it is the same game). Candidates are compared on the same sampled
// positions (common random numbers), and one whose paired difference to the
// best is below zero by 2.5 standard errors stops being played, which
// leaves the budget to the close ones. The search refines the advice
// engine: the best candidate is played instead of the advice engine's
// choice only when it leads it by two standard errors of their paired
// difference measured afresh, on positions sampled after the choice (the
// last 30% of the budget), since the best of many candidates measured on
// the same positions leads by luck as well as by merit. The budget is
// Options.Samples playouts per decision (candidate values, some known
// without a playout: see SearchStats; deterministic for the seed given to
// Begin) or, when that is 0, Options.Think of time (DefaultThink when 0),
// spread over Options.Threads goroutines.
type Search struct {
	o     Options
	evs   []*Evaluator
	seed  uint64
	moves uint64

	cands []int  // indexes into the actions of the candidates
	modes []int8 // per candidate, the seat's folding in its playouts (see foldChoice)
	// foldChoice and pruneZ are the package's when the search was made.
	foldChoice int
	pruneZ     float64
	active     []bool  // candidates still played
	vals       []int32 // points by world and candidate
	// same says, by world and attacking candidate, that its folding twin
	// would play the very same game (see foldAt); copied, by world and
	// candidate, that the value was taken from the twin, not played.
	same, copied []bool
	done         []bool      // worlds completed (a time budget can cut a batch)
	sums         []float64   // per candidate, over the worlds played
	stats        SearchStats // of the last decision
	advice       *Advice
	// started says a decision was searched (see Options.Start).
	started bool
	errs    []error
}

// SearchStats describe the search's last decision.
type SearchStats struct {
	// Candidates is the number of actions compared, Worlds the sampled
	// positions and Playouts the candidates' values in them, the budget
	// Options.Samples counts; Twins of these were known without a playout
	// (a folding candidate whose game is that of the same action
	// attacking: the seat never met a threat, far from ready, at which
	// folding acts otherwise), so Playouts-Twins were played.
	Candidates, Worlds, Playouts, Twins int
	// Elapsed is the time the decision took.
	Elapsed time.Duration
	// Fallback says the view could not be sampled (a protocol view that
	// does not add up) and the advice engine chose.
	Fallback bool
}

// NewSearch returns the search strategy with options o.
func NewSearch(o Options) *Search {
	n := max(1, o.Threads)
	s := &Search{o: o, evs: make([]*Evaluator, n), errs: make([]error, n), foldChoice: foldChoice, pruneZ: pruneZ}
	for i := range s.evs {
		s.evs[i] = NewEvaluator(o.Tables, tw16.Rules{})
	}
	return s
}

// Begin reseeds the strategy.
func (s *Search) Begin(seed uint64) { s.seed, s.moves = seed, 0 }

// Stats returns the figures of the last decision.
func (s *Search) Stats() SearchStats { return s.stats }

// worldBatch is the number of sampled positions between two prunings.
const worldBatch = 8

// minPruneWorlds is the number of positions before any candidate is
// dropped.
const minPruneWorlds = 16

// pruneZ is the number of standard errors by which a candidate must trail
// the best to be dropped.
var pruneZ = 2.5

// Choose wins when it can, else searches; a time budget counts from now.
func (s *Search) Choose(v *game.View, acts []game.Action) int {
	return s.ChooseSince(v, acts, time.Now())
}

// ChooseSince decides as Choose does, with a time budget counted from
// since, when the question arrived (for the first decision, from
// Options.Start when that is earlier): a hard deadline. The search checks
// it before every playout and, past it, decides on the sampled positions
// played in full so far, or when there are none takes the advice
// engine's choice.
func (s *Search) ChooseSince(v *game.View, acts []game.Action, since time.Time) int {
	start := time.Now()
	s.moves++
	s.stats = SearchStats{}
	for i, a := range acts {
		if a.Type == game.Hu {
			return i
		}
	}
	s.candidates(v, acts)
	s.stats.Candidates = len(s.cands)
	if len(s.cands) == 1 {
		return s.cands[0]
	}
	base := s.adviceCandidate(v, acts)
	if s.foldChoice > 0 {
		// Each action twice: the seat's playouts attacking, then folding
		// from foldChoice shanten when threatened.
		n := len(s.cands)
		for c := range n {
			s.cands = append(s.cands, s.cands[c])
			s.modes[c] = 0
			s.modes = append(s.modes, int8(s.foldChoice))
		}
	}
	for _, e := range s.evs {
		if err := e.prepare(v, acts); err != nil {
			// A view that cannot be sampled (a misbehaving referee): the
			// advice engine's choice.
			return s.fallback(v, acts)
		}
	}
	nc := len(s.cands)
	s.active = s.active[:0]
	s.sums = s.sums[:0]
	for range nc {
		s.active = append(s.active, true)
		s.sums = append(s.sums, 0)
	}
	seed := game.Mix(s.seed, s.moves)
	var deadline time.Time
	if s.o.Samples == 0 {
		think := s.o.Think
		if think == 0 {
			think = DefaultThink
		}
		deadline = since.Add(think)
		if !s.o.Start.IsZero() && !s.started && s.o.Start.Before(since) {
			// The first decision of the program: its start-up counts.
			deadline = s.o.Start.Add(think)
		}
		s.started = true
	}
	limit, mainDeadline := s.o.Samples, deadline
	if confirmShare > 0 && base >= 0 {
		// The first part of the budget chooses; the rest confirms.
		if limit > 0 {
			limit = max(nc, int(float64(limit)*(1-confirmShare)))
		} else {
			mainDeadline = deadline.Add(-time.Duration(float64(deadline.Sub(start)) * confirmShare))
		}
	}
	worlds, playouts, ok := s.run(acts, seed, 0, 0, limit, mainDeadline, true)
	if !ok {
		return s.fallback(v, acts)
	}
	best := -1
	for c := range nc {
		if s.active[c] && (best < 0 || s.sums[c] > s.sums[best]) {
			best = c
		}
	}
	if s.foldChoice > 0 && base >= 0 {
		// The advice engine's action played the better way.
		if b2 := base + nc/2; s.active[b2] && (!s.active[base] || s.sums[b2] > s.sums[base]) {
			base = b2
		}
	}
	s.stats.Worlds, s.stats.Playouts, s.stats.Elapsed = worlds, playouts, time.Since(start)
	if worlds == 0 && base >= 0 {
		// Out of time before one sampled position was played in full.
		return s.cands[base]
	}
	if best < 0 || worlds == 0 {
		return s.fallback(v, acts)
	}
	// The advice engine's choice stands unless the search finds better
	// by deviateZ paired standard errors (or dropped it): measured on
	// fresh sampled positions when confirmShare is set, since the best of
	// many candidates on the same positions leads by luck too.
	if base >= 0 && s.cands[best] != s.cands[base] && s.active[base] {
		from := 0
		if confirmShare > 0 {
			for c := range s.active {
				s.active[c] = c == best || c == base
			}
			from = worlds
			worlds, playouts, ok = s.run(acts, seed, worlds, playouts, s.o.Samples, deadline, false)
			if !ok {
				return s.fallback(v, acts)
			}
			s.stats.Worlds, s.stats.Playouts, s.stats.Elapsed = worlds, playouts, time.Since(start)
		}
		if worlds-from < 2 {
			return s.cands[base]
		}
		mean, se := s.pairedDiff(best, base, from, worlds, nc)
		if mean < deviateZ*se {
			best = base
		}
	}
	return s.cands[best]
}

// run plays sampled positions from number worlds on, the active
// candidates in each, until playouts reach limit (when above 0) or the
// deadline (when set), pruning when prune is set (and then stopping once
// pruning has left a single action), and returns the worlds and playouts
// then; ok is false when a position could not be sampled.
func (s *Search) run(acts []game.Action, seed uint64, worlds, playouts, limit int, deadline time.Time, prune bool) (int, int, bool) {
	nc := len(s.cands)
	for {
		nActive, action := 0, -1
		decided := true // the active candidates are all one action
		for c, a := range s.active {
			if a {
				nActive++
				if action >= 0 && s.cands[c] != action {
					decided = false
				}
				action = s.cands[c]
			}
		}
		if prune && decided && worlds > 0 && stopWhenDecided {
			// Pruning left one action (attacking, folding or both): more
			// positions cannot change the choice.
			break
		}
		if limit > 0 && playouts >= limit {
			break
		}
		if limit == 0 && !time.Now().Before(deadline) {
			break
		}
		batch := worldBatch
		if limit > 0 {
			batch = min(batch, (limit-playouts+nActive-1)/nActive)
		}
		s.grow(worlds+batch, nc)
		s.runBatch(acts, seed, worlds, batch, deadline)
		for _, err := range s.errs {
			if err != nil {
				return worlds, playouts, false
			}
		}
		// A time budget may cut the batch: only its first worlds played
		// in full count.
		k := 0
		for k < batch && s.done[worlds+k] {
			k++
		}
		for w := worlds; w < worlds+k; w++ {
			for c := range nc {
				if s.active[c] {
					s.sums[c] += float64(s.vals[w*nc+c])
					playouts++
					if s.copied[w*nc+c] {
						s.stats.Twins++
					}
				}
			}
		}
		worlds += k
		if k < batch || k == 0 {
			break
		}
		if prune {
			s.prune(worlds, nc)
		}
	}
	return worlds, playouts, true
}

// deviateZ is how many standard errors of the paired difference the best
// candidate must lead the advice engine's choice by to be played instead.
// At 1, without confirmShare, the search departed from advice in a third
// of its decisions, mostly by luck, and lost 537 points per hand and seat
// to it (TestStrength, 300 playouts a decision, 120 deals).
var deviateZ = 2.0

// foldChoice, when above 0, has the search play every candidate twice in
// each sampled position: the rest of the hand with the seat attacking
// throughout, and with it folding from foldChoice shanten when an
// opponent looks ready (see foldAt); a candidate is worth the better of
// the two means, so that a safe discard is valued as the start of a fold.
// Against the search without it (TestStrength, 1000 playouts a decision,
// 150 deals of each of seeds 1 to 4, docs/play.md): +112.5 per hand and
// seat, 95% interval −30.1 … 255.1, a seventh fewer deal-ins (338 to 393
// in 2400 seat-hands) and as many wins or more (552 to 515).
var foldChoice = 2

// stopWhenDecided ends the search of a decision once pruning has left
// candidates of a single action (the tests turn it off to check that the
// choice is the same).
var stopWhenDecided = true

// confirmShare is the share of the budget that measures the best
// candidate against the advice engine's choice on fresh positions.
var confirmShare = 0.3

// pairedDiff returns the mean difference of candidates a and b over the
// worlds from from to to and its standard error.
func (s *Search) pairedDiff(a, b, from, to, nc int) (mean, se float64) {
	var sum, sq float64
	for w := from; w < to; w++ {
		d := float64(s.vals[w*nc+a] - s.vals[w*nc+b])
		sum += d
		sq += d * d
	}
	n := float64(to - from)
	mean = sum / n
	return mean, math.Sqrt(max(0, sq-n*mean*mean) / (n - 1) / n)
}

// fallback is the advice engine's choice, for a view the search cannot
// sample.
func (s *Search) fallback(v *game.View, acts []game.Action) int {
	s.stats.Fallback = true
	if s.advice == nil {
		s.advice = NewAdvice(s.o)
	}
	s.advice.Begin(game.Mix(s.seed, s.moves))
	return s.advice.Choose(v, acts)
}

// candidates lists the actions to compare: one discard per kind (the card
// just drawn when it is of that kind), every other action.
func (s *Search) candidates(v *game.View, acts []game.Action) {
	s.cands = s.cands[:0]
	var kind [mjsolve.NumKinds]int
	for i := range kind {
		kind[i] = -1
	}
	for i, a := range acts {
		if a.Type != game.Discard || a.Cards[0].IsFlower() {
			s.cands = append(s.cands, i)
			continue
		}
		k := a.Cards[0].Kind()
		switch {
		case kind[k] < 0:
			kind[k] = len(s.cands)
			s.cands = append(s.cands, i)
		case a.Cards[0] == v.Drawn:
			s.cands[kind[k]] = i
		}
	}
	s.modes = s.modes[:0]
	for range s.cands {
		s.modes = append(s.modes, -1)
	}
}

// adviceCandidate returns the candidate of the advice engine's choice, -1
// for none.
func (s *Search) adviceCandidate(v *game.View, acts []game.Action) int {
	if deviateZ < 0 {
		return -1
	}
	if s.advice == nil {
		s.advice = NewAdvice(s.o)
	}
	s.advice.Begin(game.Mix(s.seed, s.moves))
	a := &acts[s.advice.Choose(v, acts)]
	for c, i := range s.cands {
		if sameChoice(a, &acts[i]) {
			return c
		}
	}
	return -1
}

// sameChoice reports whether actions a and b are the same choice: of the
// same type, and a discard of the same kind or another action of the same
// cards.
func sameChoice(a, b *game.Action) bool {
	if a.Type != b.Type {
		return false
	}
	if a.Type == game.Discard {
		return a.Cards[0].Kind() == b.Cards[0].Kind()
	}
	return a.Cards == b.Cards
}

// grow makes room for worlds worlds of nc candidates.
func (s *Search) grow(worlds, nc int) {
	for len(s.done) < worlds {
		s.done = append(s.done, false)
	}
	for len(s.vals) < worlds*nc {
		s.vals = append(s.vals, 0)
		s.same = append(s.same, false)
		s.copied = append(s.copied, false)
	}
}

// runBatch plays worlds [from, from+n) over the evaluators.
func (s *Search) runBatch(acts []game.Action, seed uint64, from, n int, deadline time.Time) {
	nc := len(s.cands)
	half := nc / 2 // with foldChoice, candidate c+half is c folding
	work := func(t int) {
		e := s.evs[t]
		s.errs[t] = nil
		for w := from + t; w < from+n; w += len(s.evs) {
			s.done[w] = false
		}
	world:
		for w := from + t; w < from+n; w += len(s.evs) {
			if !deadline.IsZero() && !time.Now().Before(deadline) {
				return
			}
			if err := e.sample(seed, uint64(w)); err != nil {
				s.errs[t] = err
				return
			}
			for c, i := range s.cands {
				if !s.active[c] {
					continue
				}
				if !deadline.IsZero() && !time.Now().Before(deadline) {
					break world
				}
				x := w*nc + c
				s.copied[x] = false
				if s.foldChoice > 0 {
					if c >= half && s.active[c-half] && s.same[x-half] {
						// The attacking twin's game, played already.
						s.vals[x], s.copied[x] = s.vals[x-half], true
						continue
					}
				}
				var p int
				var err error
				if s.foldChoice > 0 && c < half {
					p, s.same[x], err = e.playTwin(&acts[i], int8(s.foldChoice))
				} else {
					p, err = e.playFolding(&acts[i], s.modes[c])
				}
				if err != nil {
					s.errs[t] = err
					return
				}
				s.vals[x] = int32(p)
			}
			s.done[w] = true
		}
	}
	if len(s.evs) == 1 {
		work(0)
		return
	}
	var wg sync.WaitGroup
	for t := range s.evs {
		wg.Add(1)
		go func() { defer wg.Done(); work(t) }()
	}
	wg.Wait()
}

// prune stops playing the candidates that trail the best by more than
// pruneZ standard errors of their paired difference over the worlds.
func (s *Search) prune(worlds, nc int) {
	if worlds < minPruneWorlds {
		return
	}
	best := -1
	for c := range nc {
		if s.active[c] && (best < 0 || s.sums[c] > s.sums[best]) {
			best = c
		}
	}
	for c := range nc {
		if !s.active[c] || c == best {
			continue
		}
		mean, se := s.pairedDiff(c, best, 0, worlds, nc)
		if mean+s.pruneZ*se < 0 {
			s.active[c] = false
		}
	}
}
