package review

import (
	"context"
	"errors"
	"sync"

	"github.com/mjsolve/mjsolve/internal/parallel"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// RunOptions set up the review of many hands.
type RunOptions struct {
	Options
	// N is the number of hands; Open reads hand i (0 to N−1). A hand that
	// cannot be read or reviewed goes to OnError and the run goes on.
	N    int
	Open func(i int) (*handlog.Hand, error)
	// Name, when not nil, names hand i's file (HandReview.File).
	Name func(i int) string
	// Seats chooses the seats to review in a hand (seats[s] for seat s,
	// 0–3).
	Seats func(h *handlog.Hand) [4]bool
	// Workers is the number of hands reviewed at once (0: one per CPU).
	Workers int
	// WorstN is the number of worst decisions the report keeps.
	WorstN int
	// OnHand hears each hand reviewed and OnError each hand that could
	// not be, both in the order of the hands, one call at a time (either
	// may be nil).
	OnHand  func(i int, hr *HandReview)
	OnError func(i int, err error)
	// Progress, when not nil, hears the number of hands done.
	Progress func(done int)
}

// Run reviews hands 0 to N−1 on the workers and returns the report, the
// hands added in their order, so that it does not depend on the number of
// workers. When ctx is done it stops (a hand under review is dropped) and
// returns the report of the hands reviewed with ctx's error.
func Run(ctx context.Context, o RunOptions) (*Report, error) {
	if err := o.Options.check(); err != nil {
		return nil, err
	}
	rep := &Report{Samples: o.Options.samples(), Seed: o.Seed, WorstN: o.WorstN}
	type result struct {
		hr  *HandReview
		err error
	}
	var (
		mu      sync.Mutex
		pending = map[int]result{}
		next    int
	)
	emit := func(i int, r result) {
		if r.err != nil {
			if o.OnError != nil {
				o.OnError(i, r.err)
			}
			return
		}
		if o.Name != nil {
			r.hr.File = o.Name(i)
		}
		rep.Add(r.hr)
		if o.OnHand != nil {
			o.OnHand(i, r.hr)
		}
	}
	// done files a result and emits every result now in order.
	done := func(i int, r result) {
		mu.Lock()
		defer mu.Unlock()
		pending[i] = r
		for {
			r, ok := pending[next]
			if !ok {
				return
			}
			delete(pending, next)
			emit(next, r)
			next++
		}
	}
	err := parallel.Run(ctx, parallel.Job[*Reviewer]{N: o.N, Workers: o.Workers,
		New: func() (*Reviewer, error) { return New(o.Options) },
		Do: func(rv *Reviewer, i int) error {
			h, err := o.Open(i)
			if err != nil {
				done(i, result{err: err})
				return nil
			}
			hr, err := rv.Hand(ctx, h, o.Seats(h))
			if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				return nil // interrupted: the hand is dropped
			}
			done(i, result{hr: hr, err: err})
			return nil
		},
		Progress: o.Progress,
	})
	// After an interruption, the hands reviewed past a gap.
	mu.Lock()
	for i := next; len(pending) > 0; i++ {
		if r, ok := pending[i]; ok {
			delete(pending, i)
			emit(i, r)
		}
	}
	mu.Unlock()
	return rep, err
}
