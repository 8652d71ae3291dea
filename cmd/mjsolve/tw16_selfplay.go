package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/internal/progress"
	"github.com/mjsolve/mjsolve/tw16/bot"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// newStrategy checks a --strategy value, a name of bot.Names (for advice
// with options), and the advice flags, and makes the strategy.
func newStrategy(spec string, o bot.Options) (game.Strategy, error) {
	name, _, _ := strings.Cut(spec, ":")
	if !slices.Contains(bot.Names(), name) {
		return nil, fmt.Errorf("--strategy %s: not one of %s", spec, strings.Join(bot.Names(), ", "))
	}
	if err := cmp.Or(inRange("--monte-carlo", o.MonteCarlo, 0, bot.MaxMonteCarlo),
		inRange("--samples", o.Samples, 0, bot.MaxSamples), inRange("--threads", o.Threads, 0, bot.MaxThreads)); err != nil {
		return nil, err
	}
	if o.Think <= 0 || o.Think > bot.MaxThink {
		return nil, fmt.Errorf("--think %s: must be above 0 and at most %s", o.Think, bot.MaxThink)
	}
	st, err := bot.New(spec, o)
	if err != nil {
		return nil, fmt.Errorf("--strategy: %w", err)
	}
	return st, nil
}

// addAdviceFlags adds the flags that tune every search and advice player.
func addAdviceFlags(cmd *cobra.Command, o *bot.Options) {
	cmd.Flags().DurationVar(&o.Think, "think", bot.DefaultThink, "search: time per decision, at most 1m (unless --samples)")
	cmd.Flags().IntVar(&o.Samples, "samples", 0, "search: playouts per decision instead of a time, deterministic for a --seed, at most 10000000")
	cmd.Flags().IntVar(&o.Threads, "threads", 1, "search: goroutines to search on, at most 256")
	cmd.Flags().IntVar(&o.MonteCarlo, "monte-carlo", 0, "advice: sample this many ready hands per threatening opponent to judge discards, at most 100000 (0: rules of thumb)")
	cmd.Flags().BoolVar(&o.NoDefence, "no-defence", false, "advice: never defend")
}

// tw16SelfplayOptions are the inputs of "mjsolve tw16 selfplay".
type tw16SelfplayOptions struct {
	call
	bot.SelfPlayOptions
	strategies []string
	json       bool
	byStrategy bool
}

func newTW16SelfplayCmd() *cobra.Command {
	o := &tw16SelfplayOptions{}
	cmd := &cobra.Command{
		Use:   "selfplay",
		Short: "Play a match of four in-process strategies and print the table",
		Long: `Play a match of four strategies in-process (no programs, no pipes) by the
competition rules and the fair schedule of the ICGA framework paper: every
seating of the four players plays two Jongs of 16 hands, the four hands of a
round share one wall rotated so that each player gets each starting hand, and
the dealer rotates every hand (192 hands per cycle). Hands are independent and
spread over all cores; the result does not depend on the number of workers.

--strategy is given four times, for players 1 to 4: search, advice, random
or draw-discard (default: advice advice random draw-discard); search and
advice take options after a colon, so that players can differ:
search:samples=2500, search:think=100ms, search:threads=2,
advice:no-defence, advice:monte-carlo=200 (--think, --samples, --threads,
--no-defence and --monte-carlo set them for every player). For results
that do not depend on the machine's load give search a number of samples. The table has per
player the score, wins, self-drawn wins, deal-ins, drawn hands and the mean
score per hand with its 95% interval, then the margin of the best player over
each other one (hands are paired: the same deals). --json prints
{"hands": N, "players": [...]} instead, players in the order given, with the
mean tai of their wins and their time per decision. --by-strategy prints one
row per strategy (the players given the same --strategy) with its seats,
mean points per hand and seat, wins, deal-ins, drawn hands, mean tai of a
win and time per decision, then the margin per hand and seat of the best
over each other with its 95% interval: the figure that compares two
strategies seated two against two.

--log DIR writes every hand in event form (hand-NNNN.jsonl.zst: JSON lines,
zstd-compressed; docs/play.md describes the schema), for "mjsolve tw16
replay", "mjsolve tw16 review" and the page of "mjsolve serve --logs DIR"; a
directory that already holds hands is refused.

A progress bar shows on a terminal; Ctrl-C stops and prints the table of the
hands played so far (exit code 130); the hands played are in the log.`,
		Example: `  mjsolve tw16 selfplay --hands 192
  mjsolve tw16 selfplay --hands 1920 --seed 7 --strategy advice --strategy random --strategy random --strategy random
  mjsolve tw16 selfplay --hands 3840 --strategy advice --strategy advice:no-defence --strategy advice --strategy advice:no-defence
  mjsolve tw16 selfplay --hands 768 --strategy search:samples=2500 --strategy advice --strategy search:samples=2500 --strategy advice
  mjsolve tw16 selfplay --hands 192 --json
  mjsolve tw16 selfplay --hands 192 --log sp192 && mjsolve tw16 replay sp192/hand-0001.jsonl.zst`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.IntVar(&o.Hands, "hands", game.HandsPerCycle, "number of hands to play")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the walls and of the strategies' random choices")
	f.StringArrayVar(&o.strategies, "strategy", nil, "strategy of the next player: "+strings.Join(bot.Names(), ", ")+" (four times)")
	cmd.RegisterFlagCompletionFunc("strategy", completeWords(bot.Names()...))
	f.IntVar(&o.Workers, "workers", 0, "hands played at once, at most 4096 (0, the default: one per CPU)")
	f.BoolVar(&o.Flowers, "flowers", false, "play with the eight flowers (144 tiles)")
	addAdviceFlags(cmd, &o.Options)
	f.BoolVar(&o.json, "json", false, "print the table as JSON")
	f.StringVar(&o.LogDir, "log", "", "write every hand in event form into `DIR`")
	f.BoolVar(&o.byStrategy, "by-strategy", false, "print the table by strategy: seats, points per hand per seat, wins, deal-ins, mean tai, time per decision, margins per seat")
	return cmd
}

func (o *tw16SelfplayOptions) run() error {
	if err := cmp.Or(atLeast("--hands", o.Hands, 1), checkWorkers(o.Workers)); err != nil {
		return err
	}
	o.Strategies = [4]string{"advice", "advice", "random", "draw-discard"}
	switch len(o.strategies) {
	case 0:
	case 4:
		copy(o.Strategies[:], o.strategies)
	default:
		return fmt.Errorf("--strategy is given %d times: give it four times (players 1 to 4) or not at all", len(o.strategies))
	}
	for _, n := range o.Strategies {
		if _, err := newStrategy(n, o.Options); err != nil {
			return err
		}
	}
	o.Options.Tables = tw16TablesWarn(o.stderr)
	bar := progress.New(o.stderr, "hands")
	if bar != nil {
		o.Progress = func(done int) { bar.Show("selfplay", uint64(done), uint64(o.Hands)) }
	}
	start := time.Now()
	tab, err := bot.SelfPlay(o.ctx, o.SelfPlayOptions)
	bar.Stop()
	if le, ok := errors.AsType[*bot.LogDirError](err); ok && le.Err != nil {
		return fmt.Errorf("--log %s: %w", le.Dir, atomicfile.Cause(le.Err))
	} else if ok {
		return fmt.Errorf("--log %s already holds hands (%s …): give another directory or remove them", le.Dir, le.First)
	}
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return failure(err)
	}
	if o.byStrategy && !o.json {
		err = tab.WriteStrength(o.stdout)
	} else {
		err = writeReport(o.stdout, o.json, tab)
	}
	if err != nil {
		return failure(err)
	}
	if bar != nil {
		el := time.Since(start)
		fmt.Fprintf(o.stderr, "%d %s in %s (%.0f hands/s)\n", tab.Hands(), plural(tab.Hands(), "hand"), el.Round(time.Millisecond), float64(tab.Hands())/el.Seconds())
	}
	if interrupted {
		return interruptedAfter(o.stderr, tab.Hands(), o.Hands, "hand")
	}
	return nil
}
