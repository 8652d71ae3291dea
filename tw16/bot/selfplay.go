package bot

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/mjsolve/mjsolve/tw16/game"
)

// SelfPlayOptions set up a match of four in-process strategies.
type SelfPlayOptions struct {
	// Strategies are the four players' strategy names (see Names).
	Strategies [4]string
	// Options tune the advice strategy.
	Options Options
	// Hands is the number of hands, played in the order of game.Schedule.
	Hands int
	// Seed chooses the walls and the strategies' random choices.
	Seed uint64
	// Flowers plays with 144 tiles.
	Flowers bool
	// Workers is the number of hands played at once (0: one per CPU).
	Workers int
	// Progress, when not nil, is called with the number of hands done
	// after each hand (from several goroutines, one call at a time).
	Progress func(done int)
}

// SelfPlay plays a match of four strategies in-process, hands spread over
// the workers (hands are independent: the result does not depend on the
// number of workers), and returns its table. When ctx is cancelled it
// stops taking new hands and returns the table of the hands played with
// ctx's error.
func SelfPlay(ctx context.Context, o SelfPlayOptions) (*game.Table, error) {
	for _, name := range o.Strategies {
		if _, err := New(name, o.Options); err != nil {
			return nil, err
		}
	}
	if o.Hands < 0 {
		return nil, fmt.Errorf("bot: %d hands", o.Hands)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, o.Hands))
	var (
		next, done atomic.Int64
		mu         sync.Mutex
		firstErr   error
		wg         sync.WaitGroup
	)
	total := game.NewTable(o.Strategies)
	sched := game.Schedule{Seed: o.Seed}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := newPlayer(o)
			if err == nil {
				for ctx.Err() == nil {
					i := int(next.Add(1) - 1)
					if i >= o.Hands {
						break
					}
					if err = p.play(sched.Hand(i), o.Seed); err != nil {
						break
					}
					n := int(done.Add(1))
					if o.Progress != nil {
						mu.Lock()
						o.Progress(n)
						mu.Unlock()
					}
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if p != nil {
				total.Merge(p.table)
			}
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

// player plays hands of a match in one goroutine.
type player struct {
	game    *game.Game
	strats  [4]game.Strategy // by player
	seats   [4]game.Strategy // by seat, for the hand being played
	views   [4]game.View
	flowers bool
	table   *game.Table
}

func newPlayer(o SelfPlayOptions) (*player, error) {
	g, err := game.New(game.Config{Flowers: o.Flowers})
	if err != nil {
		return nil, err
	}
	p := &player{game: g, flowers: o.Flowers, table: game.NewTable(o.Strategies)}
	for i, name := range o.Strategies {
		if p.strats[i], err = New(name, o.Options); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// play plays one hand of the schedule and adds it to the player's table.
func (p *player) play(h game.Scheduled, seed uint64) error {
	if err := p.game.Reset(h.Config(p.flowers)); err != nil {
		return err
	}
	for s, q := range h.Players {
		p.seats[s] = p.strats[q]
		p.strats[q].Begin(game.Mix(seed, uint64(h.Index)*4+uint64(q)))
	}
	if err := game.Play(p.game, &p.seats, &p.views); err != nil {
		return fmt.Errorf("bot: hand %d: %w", h.Index, err)
	}
	p.table.Add(h, p.game.Result(), [4]bool{})
	return nil
}
