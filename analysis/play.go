package analysis

import (
	"context"
	"errors"
	"fmt"

	"github.com/mjsolve/mjsolve/internal/interval"
)

// PlayStats compares plays without peeking with the exact verdicts. It
// gathers the boards played without peeking (records with [Record.Played])
// beside their exact verdicts with peeking: how often the strategy won, and
// how many of the boards a player who could peek would win it lost — the
// price of not peeking. Its size does not depend on the number of boards.
type PlayStats struct {
	Boards     int64 // boards played
	Won        int64 // boards the strategy cleared
	Winnable   int64 // boards played that are winnable with peeking
	Impossible int64 // boards played that are impossible even with peeking
	// WinnableLost counts the winnable boards the strategy lost: the price
	// of not peeking is WinnableLost/Winnable.
	WinnableLost int64
	// LeftLost is the sum of the tiles left on the lost boards (for their
	// mean).
	LeftLost int64
	// WonImpossible counts boards won without peeking that the solver
	// found impossible: always 0, unless a strategy or the solver is
	// wrong (a summary shows it).
	WonImpossible int64
	// Time is the CPU time of the plays that have one ([Record.PlayNS]);
	// NoTime counts those without (no thread clock).
	Time   TimeStats
	NoTime int64
}

// Add counts one record; a record without a play is ignored.
func (p *PlayStats) Add(r Record) {
	if !r.Played {
		return
	}
	p.Boards++
	if r.Won {
		p.Won++
	} else {
		p.LeftLost += int64(r.Left)
	}
	switch r.Verdict {
	case Winnable:
		p.Winnable++
		if !r.Won {
			p.WinnableLost++
		}
	case Impossible:
		p.Impossible++
		if r.Won {
			p.WonImpossible++
		}
	}
	if r.PlayNS > 0 {
		p.Time.Add(r.PlayNS, r.Game)
	} else {
		p.NoTime++
	}
}

// Merge adds o's counts.
func (p *PlayStats) Merge(o *PlayStats) {
	p.Boards += o.Boards
	p.Won += o.Won
	p.Winnable += o.Winnable
	p.Impossible += o.Impossible
	p.WinnableLost += o.WinnableLost
	p.LeftLost += o.LeftLost
	p.WonImpossible += o.WonImpossible
	p.Time.Merge(&o.Time)
	p.NoTime += o.NoTime
}

// Lost is the number of boards the strategy lost.
func (p *PlayStats) Lost() int64 { return p.Boards - p.Won }

// WinRate is the fraction of the boards played that the strategy won, with
// its 95% Wilson interval (all 0 without boards).
func (p *PlayStats) WinRate() (rate, lo, hi float64) { return rateCI(p.Won, p.Boards) }

// PeekRate is the fraction of the decided boards played that are winnable
// with peeking (the exact solver's verdicts), with its 95% Wilson interval.
func (p *PlayStats) PeekRate() (rate, lo, hi float64) {
	return rateCI(p.Winnable, p.Winnable+p.Impossible)
}

// Price is the price of not peeking: the fraction of the winnable boards
// that the strategy lost, with its 95% Wilson interval.
func (p *PlayStats) Price() (rate, lo, hi float64) { return rateCI(p.WinnableLost, p.Winnable) }

// MeanLeftLost is the mean number of tiles left on the lost boards (0
// when none was lost).
func (p *PlayStats) MeanLeftLost() float64 {
	if p.Lost() == 0 {
		return 0
	}
	return float64(p.LeftLost) / float64(p.Lost())
}

// rateCI is k/n with its 95% Wilson interval; for n = 0, the rate 0 in
// the interval [0, 1] (nothing known), as [Wilson] gives.
func rateCI(k, n int64) (rate, lo, hi float64) {
	lo, hi = interval.Wilson(k, n, interval.Z95)
	if n > 0 {
		rate = float64(k) / float64(n)
	}
	return rate, lo, hi
}

// ErrNoPlay is the error of [MergeStrategies] (wrapped, with the file's
// name) for a file of the main job, whose records hold no play.
var ErrNoPlay = errors.New("records of the main job, with no play without peeking (written by mjsolve solitaire, not solitaire play)")

// StrategyPlay is the plays of one strategy: its name and statistics.
type StrategyPlay struct {
	Strategy string
	Stats    *PlayStats
}

// MergeStrategies merges the record files of plays without peeking strategy
// by strategy. The files whose headers name one strategy are merged as
// [MergeFiles] does, and the results come in the order in which the
// strategies first appear in paths. Every file must be of the same
// experiment apart from its strategy (layout, tiles, geometry, deal, seed
// and timeout: see [Header.Compatible]), so that the strategies compared
// played the same kind of boards; a file of another is an error naming both
// files and what differs. A file of the main job (which names no strategy)
// is an error naming it that wraps [ErrNoPlay].
//
// It stops when ctx is done, with an error wrapping ctx.Err().
func MergeStrategies(ctx context.Context, paths []string) ([]*MergeResult, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("analysis: merge: no files")
	}
	var order []string
	groups := map[string][]string{}
	var first Header
	for i, p := range paths {
		h, err := ReadHeader(p)
		if err != nil {
			return nil, err
		}
		if h.Strategy == "" {
			return nil, fmt.Errorf("analysis: %s: %w", p, ErrNoPlay)
		}
		if i == 0 {
			first = h
		} else {
			o := h
			o.Strategy, o.StrategyVersion = first.Strategy, first.StrategyVersion // compared within a strategy by MergeFiles
			if err := first.Compatible(&o); err != nil {
				was, is := err.(*MismatchError).Sides()
				return nil, fmt.Errorf("analysis: cannot compare %s with %s: %s was written with %s; %s with %s", p, paths[0], p, is, paths[0], was)
			}
		}
		if groups[h.Strategy] == nil {
			order = append(order, h.Strategy)
		}
		groups[h.Strategy] = append(groups[h.Strategy], p)
	}
	out := make([]*MergeResult, len(order))
	for i, s := range order {
		m, err := MergeFiles(ctx, groups[s])
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}
