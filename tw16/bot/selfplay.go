package bot

import (
	"context"
	"fmt"

	"time"

	"github.com/mjsolve/mjsolve/internal/parallel"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// SelfPlayOptions set up a match of four in-process strategies.
type SelfPlayOptions struct {
	// Strategies are the four players' strategy names (see Names).
	Strategies [4]string
	// Options tune the advice strategy; their Tables serve the games too.
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
	// LogDir, when set, receives every hand in event form (tw16/handlog),
	// zstd-compressed, as LogName(n): hand-NNNN.jsonl.zst. It is made if
	// missing; one that already holds hands is refused (*LogDirError).
	LogDir string
}

// SelfPlay plays a match of four strategies in-process, hands spread over
// the workers (hands are independent: the result does not depend on the
// number of workers), and returns its table, with each player's time per
// decision (wall-clock time, see game.Table.AddTime). When ctx is cancelled it
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
	if o.LogDir != "" {
		if err := prepareLogDir(o.LogDir); err != nil {
			return nil, err
		}
	}
	total := game.NewTable(o.Strategies)
	sched := game.Schedule{Seed: o.Seed}
	err := parallel.Run(ctx, parallel.Job[*player]{N: o.Hands, Workers: o.Workers,
		New:      func() (*player, error) { return newPlayer(o) },
		Do:       func(p *player, i int) error { return p.play(sched.Hand(i), o.Seed) },
		Merge:    func(p *player) { total.Merge(p.table) },
		Progress: o.Progress,
	})
	return total, err
}

// player plays hands of a match in one goroutine.
type player struct {
	game    *game.Game
	strats  [4]*timed        // by player
	seats   [4]game.Strategy // by seat, for the hand being played
	views   [4]game.View
	flowers bool
	tables  *tw16.TableSet
	table   *game.Table
	log     *handLog // nil without LogDir
}

func newPlayer(o SelfPlayOptions) (*player, error) {
	g, err := game.New(game.Config{Flowers: o.Flowers, Tables: o.Options.Tables})
	if err != nil {
		return nil, err
	}
	p := &player{game: g, flowers: o.Flowers, tables: o.Options.Tables, table: game.NewTable(o.Strategies)}
	for i, name := range o.Strategies {
		st, err := New(name, o.Options)
		if err != nil {
			return nil, err
		}
		p.strats[i] = &timed{s: st}
	}
	if o.LogDir != "" {
		if p.log, err = newHandLog(o.LogDir, o.Strategies); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// timed times the decisions of a strategy.
type timed struct {
	s       game.Strategy
	n       int
	d, long time.Duration
}

func (t *timed) Begin(seed uint64) { t.s.Begin(seed) }

func (t *timed) Choose(v *game.View, acts []game.Action) int {
	start := time.Now()
	i := t.s.Choose(v, acts)
	d := time.Since(start)
	t.d += d
	t.long = max(t.long, d)
	t.n++
	return i
}

// play plays one hand of the schedule and adds it to the player's table.
func (p *player) play(h game.Scheduled, seed uint64) error {
	cfg := h.Config(p.flowers)
	cfg.Tables = p.tables
	if err := p.game.Reset(cfg); err != nil {
		return err
	}
	for s, q := range h.Players {
		p.seats[s] = p.strats[q]
		p.strats[q].Begin(game.Mix(seed, uint64(h.Index)*4+uint64(q)))
	}
	if p.log != nil {
		p.log.wrap(&p.seats)
	}
	if err := game.Play(p.game, &p.seats, &p.views); err != nil {
		return fmt.Errorf("bot: hand %d: %w", h.Index, err)
	}
	if p.log != nil {
		if err := p.log.write(h, cfg, p.game.Wall()); err != nil {
			return err
		}
	}
	p.table.Add(h, p.game.Result(), [4]bool{})
	for q, t := range p.strats {
		p.table.AddTime(q, t.n, t.d, t.long)
		t.n, t.d, t.long = 0, 0, 0
	}
	return nil
}
