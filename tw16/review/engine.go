package review

import (
	"math"

	"github.com/mjsolve/mjsolve/tw16/bot"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// The engine's choice (searchEngine): the search evaluator races every
// legal action over up to Samples positions in batches; from minPositions
// on, an action trailing the leader by more than pruneZ paired standard
// errors is no longer played. The leader replaces the advice engine's
// choice only when it leads it by clearZ paired standard errors in
// Samples/2 positions of their own.
const (
	batch        = 8
	minPositions = 8
	pruneZ       = 2.0
	clearZ       = 2.0
)

// searchEngine is the reviewer's engine: the advice engine's choice
// (bot.Advice) unless the search evaluator (bot.Evaluator) finds another
// action clearly better. Testing the leader of a race on positions of its
// own keeps the best of many noisy estimates from passing for better.
type searchEngine struct {
	samples int
	rater   Rater
	advice  *bot.Advice
	// The race: the actions still played, their sums, the points of every
	// action in every position (0 once dropped), the actions of a call.
	active []bool
	sums   []float64
	points []float64
	acts   []game.Action
	vals   []float64
	pair   [2]game.Action
}

func newSearchEngine(o Options, r Rater) *searchEngine {
	return &searchEngine{samples: o.samples(), rater: r, advice: bot.NewAdvice(bot.Options{Tables: o.Tables})}
}

// Choose returns the engine's choice among acts; a view the evaluator
// cannot sample leaves the advice engine's choice.
func (e *searchEngine) Choose(v *game.View, acts []game.Action, seed uint64) int {
	e.advice.Begin(seed)
	base := e.advice.Choose(v, acts)
	for i, a := range acts {
		if a.Type == game.Hu {
			return i // a win is never worse than playing on
		}
	}
	lead, err := e.race(v, acts, seed)
	if err != nil || lead == base || e.samples < 4 {
		return base
	}
	e.pair = [2]game.Action{acts[lead], acts[base]}
	var sum, sq float64
	n := e.samples / 2
	for w := range n {
		if e.vals, err = e.rater.Rate(v, e.pair[:], 1, game.Mix(seed, 1<<41|uint64(w)), e.vals); err != nil {
			return base
		}
		x := e.vals[0] - e.vals[1]
		sum += x
		sq += x * x
	}
	m := float64(n)
	mean := sum / m
	if se := math.Sqrt(max(0, sq-m*mean*mean) / (m - 1) / m); mean > clearZ*se {
		return lead
	}
	return base
}

// race returns the action with the most points on average.
func (e *searchEngine) race(v *game.View, acts []game.Action, seed uint64) (int, error) {
	n := len(acts)
	e.active = e.active[:0]
	e.sums = e.sums[:0]
	for range n {
		e.active = append(e.active, true)
		e.sums = append(e.sums, 0)
	}
	e.points = e.points[:0]
	for w := 0; w < e.samples; w++ {
		e.acts = e.acts[:0]
		for i, a := range acts {
			if e.active[i] {
				e.acts = append(e.acts, a)
			}
		}
		var err error
		if e.vals, err = e.rater.Rate(v, e.acts, 1, game.Mix(seed, uint64(w)), e.vals); err != nil {
			return 0, err
		}
		k := 0
		for i := range n {
			x := 0.0
			if e.active[i] {
				x = e.vals[k]
				k++
				e.sums[i] += x
			}
			e.points = append(e.points, x)
		}
		played := w + 1
		if played < minPositions || played%batch != 0 {
			continue
		}
		lead, left := e.leader(), 0
		for i := range n {
			if e.active[i] && i != lead {
				if mean, se := e.pairedDiff(lead, i, played, n); mean > pruneZ*se {
					e.active[i] = false
				}
			}
			if e.active[i] {
				left++
			}
		}
		if left == 1 {
			break
		}
	}
	return e.leader(), nil
}

// leader returns the active action with the most points.
func (e *searchEngine) leader() int {
	best := -1
	for i, s := range e.sums {
		if e.active[i] && (best < 0 || s > e.sums[best]) {
			best = i
		}
	}
	return best
}

// pairedDiff returns the mean of a's points less b's over the first
// positions and its standard error (both were played in all of them).
func (e *searchEngine) pairedDiff(a, b, positions, n int) (mean, se float64) {
	var sum, sq float64
	for w := range positions {
		x := e.points[w*n+a] - e.points[w*n+b]
		sum += x
		sq += x * x
	}
	m := float64(positions)
	mean = sum / m
	return mean, math.Sqrt(max(0, sq-m*mean*mean) / (m - 1) / m)
}
