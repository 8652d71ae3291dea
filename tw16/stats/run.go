package stats

import (
	"context"
	"fmt"

	"github.com/mjsolve/mjsolve/internal/parallel"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Options set up a run.
type Options struct {
	// Deals is the number of deals; each gives one dealer's hand and three
	// others.
	Deals int
	// Seed chooses the walls: deal i is dealt from game.Mix(Seed, i).
	Seed uint64
	// Flowers deals the eight flowers too (144 tiles).
	Flowers bool
	// Workers is the number of deals played at once (0: one per CPU).
	Workers int
	// Tables are the shanten tables to look up (nil: tw16.DefaultTables).
	Tables *tw16.TableSet
	// Progress, when not nil, is called with the number of deals done,
	// every progressStep deals and at the end (from several goroutines,
	// one call at a time).
	Progress func(done int)
}

// progressStep is how many deals a worker plays between progress reports.
const progressStep = 64

// DealSeed returns the seed deal i of a run with seed is dealt from.
func DealSeed(seed uint64, i int) uint64 { return game.Mix(seed, uint64(i)) }

// Run deals o.Deals random starts, plays every seat's hand alone (see
// Player) and gathers the outcomes. Deals are independent and spread over
// the workers; each is dealt from its own seed, so the report does not
// depend on the number of workers. When ctx is cancelled it stops taking
// new deals and returns the report of the deals played with ctx's error.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Deals < 0 {
		return nil, fmt.Errorf("stats: %d deals", o.Deals)
	}
	if o.Tables == nil {
		o.Tables = tw16.DefaultTables()
	}
	total := &Report{Requested: o.Deals, Seed: o.Seed, Flowers: o.Flowers}
	err := parallel.Run(ctx, parallel.Job[*worker]{N: o.Deals, Workers: o.Workers,
		New: func() (*worker, error) { return &worker{p: NewPlayer(o.Tables)}, nil },
		Do: func(w *worker, i int) error {
			if err := w.r.play(w.p, &w.d, DealSeed(o.Seed, i), o.Flowers); err != nil {
				return fmt.Errorf("%w (deal %d)", err, i)
			}
			return nil
		},
		Merge:    func(w *worker) { total.Merge(&w.r) },
		Progress: o.Progress, Step: progressStep,
	})
	return total, err
}

// worker is what a goroutine of Run plays with: its player, a deal and
// the report of its deals.
type worker struct {
	r Report
	d Deal
	p *Player
}

// play deals from seed into d, plays the four hands with p and counts
// them in r.
func (r *Report) play(p *Player, d *Deal, seed uint64, flowers bool) error {
	d.Reset(seed, flowers)
	for s := range 4 {
		o, err := p.Play(d, s)
		if err != nil {
			return err
		}
		if o.Dealer {
			r.Dealer.Add(&o)
		} else {
			r.NonDealer.Add(&o)
		}
	}
	r.Deals++
	return nil
}
