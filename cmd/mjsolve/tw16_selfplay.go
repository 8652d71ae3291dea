package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mjsolve/mjsolve/tw16/bot"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// checkStrategy checks a --strategy value: a name of bot.Names, for advice
// with options.
func checkStrategy(spec string) error {
	name, _, _ := strings.Cut(spec, ":")
	if !slices.Contains(bot.Names(), name) {
		return fmt.Errorf("--strategy %s: not one of %s", spec, strings.Join(bot.Names(), ", "))
	}
	if _, err := bot.New(spec, bot.Options{}); err != nil {
		return fmt.Errorf("--strategy: %w", err)
	}
	return nil
}

// tw16SelfplayOptions are the inputs of "mjsolve tw16 selfplay".
type tw16SelfplayOptions struct {
	hands      int
	seed       uint64
	strategies []string
	workers    int
	flowers    bool
	monteCarlo int
	noDefence  bool
	json       bool
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

--strategy is given four times, for players 1 to 4: advice, random or
draw-discard (default: advice advice random draw-discard); advice takes
options after a colon, so that players can differ: advice:no-defence,
advice:monte-carlo=200 (--no-defence and --monte-carlo set them for every
advice player). The table has per
player the score, wins, self-drawn wins, deal-ins, drawn hands and the mean
score per hand with its 95% interval, then the margin of the best player over
each other one (hands are paired: the same deals). --json prints
{"hands": N, "players": [...]} instead, players in the order given.

A progress bar shows on a terminal; Ctrl-C stops and prints the table of the
hands played so far (exit code 130).`,
		Example: `  mjsolve tw16 selfplay --hands 192
  mjsolve tw16 selfplay --hands 1920 --seed 7 --strategy advice --strategy random --strategy random --strategy random
  mjsolve tw16 selfplay --hands 3840 --strategy advice --strategy advice:no-defence --strategy advice --strategy advice:no-defence
  mjsolve tw16 selfplay --hands 192 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTW16Selfplay(cmd.Context(), o, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.hands, "hands", game.HandsPerCycle, "number of hands to play")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the walls and of the strategies' random choices")
	f.StringArrayVar(&o.strategies, "strategy", nil, "strategy of the next player: "+strings.Join(bot.Names(), ", ")+" (four times)")
	f.IntVar(&o.workers, "workers", 0, "hands played at once (default: one per CPU)")
	f.BoolVar(&o.flowers, "flowers", false, "play with the eight flowers (144 tiles)")
	f.IntVar(&o.monteCarlo, "monte-carlo", 0, "advice: sample this many ready hands per threatening opponent to judge discards (0: rules of thumb)")
	f.BoolVar(&o.noDefence, "no-defence", false, "advice: never defend")
	f.BoolVar(&o.json, "json", false, "print the table as JSON")
	return cmd
}

func runTW16Selfplay(ctx context.Context, o *tw16SelfplayOptions, stdout, stderr io.Writer) error {
	if o.hands < 1 {
		return fmt.Errorf("--hands %d: must be at least 1", o.hands)
	}
	if o.workers < 0 {
		return fmt.Errorf("--workers %d: must not be negative", o.workers)
	}
	if o.monteCarlo < 0 {
		return fmt.Errorf("--monte-carlo %d: must not be negative", o.monteCarlo)
	}
	names := [4]string{"advice", "advice", "random", "draw-discard"}
	switch len(o.strategies) {
	case 0:
	case 4:
		copy(names[:], o.strategies)
	default:
		return fmt.Errorf("--strategy is given %d times: give it four times (players 1 to 4) or not at all", len(o.strategies))
	}
	for _, n := range names {
		if err := checkStrategy(n); err != nil {
			return err
		}
	}
	spec := bot.SelfPlayOptions{
		Strategies: names, Hands: o.hands, Seed: o.seed, Flowers: o.flowers, Workers: o.workers,
		Options: bot.Options{MonteCarlo: o.monteCarlo, NoDefence: o.noDefence},
	}
	var bar *progressbar.ProgressBar
	if stderrTerminal(stderr) {
		bar = progressbar.NewOptions(o.hands,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("selfplay"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("hands"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		spec.Progress = func(done int) { bar.Set(done) }
	}
	start := time.Now()
	tab, err := bot.SelfPlay(ctx, spec)
	if bar != nil {
		bar.Clear()
	}
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return failure(err)
	}
	if o.json {
		err = writeJSON(stdout, tab)
	} else {
		err = tab.WriteText(stdout)
	}
	if err != nil {
		return failure(err)
	}
	if stderrTerminal(stderr) {
		el := time.Since(start)
		fmt.Fprintf(stderr, "%d hands in %s (%.0f hands/s)\n", tab.Hands(), el.Round(time.Millisecond), float64(tab.Hands())/el.Seconds())
	}
	if interrupted {
		fmt.Fprintf(stderr, "mjsolve: interrupted after %d of %d hands\n", tab.Hands(), o.hands)
		return errInterrupted
	}
	return nil
}
