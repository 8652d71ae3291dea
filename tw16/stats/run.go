package stats

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

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
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, o.Deals))
	total := &Report{Requested: o.Deals, Seed: o.Seed, Flowers: o.Flowers}
	var (
		next, done atomic.Int64
		mu         sync.Mutex
		firstErr   error
		wg         sync.WaitGroup
	)
	progress := func(n int64) {
		if o.Progress != nil {
			mu.Lock()
			o.Progress(int(n))
			mu.Unlock()
		}
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var (
				r     Report
				d     Deal
				p     = NewPlayer(o.Tables)
				since int64
				err   error
			)
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= o.Deals {
					break
				}
				if err = r.play(p, &d, DealSeed(o.Seed, i), o.Flowers); err != nil {
					err = fmt.Errorf("%w (deal %d)", err, i)
					break
				}
				if since++; since == progressStep {
					progress(done.Add(since))
					since = 0
				}
			}
			if since > 0 {
				progress(done.Add(since))
			}
			mu.Lock()
			defer mu.Unlock()
			total.Merge(&r)
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return total, firstErr
	}
	return total, ctx.Err()
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
