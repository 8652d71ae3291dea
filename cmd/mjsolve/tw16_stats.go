package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mjsolve/mjsolve/analysis/plot"
	"github.com/mjsolve/mjsolve/tw16/stats"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// tw16StatsOptions are the inputs of "mjsolve tw16 stats".
type tw16StatsOptions struct {
	stats.Options
	json bool
	plot string
}

func newTW16StatsCmd() *cobra.Command {
	o := &tw16StatsOptions{}
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Statistics of random hands: starting shanten, draws to tenpai and to win, waits",
		Long: `Deal random starts as the game deals them and report their shanten; play every
hand alone by the advice engine against its draws (no claims) and report the draws
to tenpai and to win and the waits at the first tenpai (winning kinds and tiles, 獨聽,
wait shapes), every rate with its 95% interval. Ctrl-C prints what was done.`,
		Example: `  mjsolve tw16 stats --deals 100000 --seed 7 --flowers --json --plot hands.png`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTW16Stats(cmd.Context(), o, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.Deals, "deals", 10000, "number of deals (four hands each)")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the walls")
	f.BoolVar(&o.Flowers, "flowers", false, "deal the eight flowers too (144 tiles)")
	f.IntVar(&o.Workers, "workers", 0, "deals played at once (default: one per CPU)")
	f.BoolVar(&o.json, "json", false, "print the report as JSON")
	f.StringVar(&o.plot, "plot", "", "draw the distributions to `FILE` (.png, .svg or .pdf)")
	cmd.MarkFlagFilename("plot", "png", "svg", "pdf")
	return cmd
}

func runTW16Stats(ctx context.Context, o *tw16StatsOptions, stdout, stderr io.Writer) error {
	if o.Deals < 1 {
		return fmt.Errorf("--deals %d: must be at least 1", o.Deals)
	}
	if o.Workers < 0 {
		return fmt.Errorf("--workers %d: must not be negative", o.Workers)
	}
	format, err := "", error(nil)
	if o.plot != "" {
		if format, err = plotFormat("--plot", o.plot); err == nil {
			err = checkNewFile("--plot", o.plot, true)
		}
		if err != nil {
			return err
		}
	}
	var bar *progressbar.ProgressBar
	if stderrTerminal(stderr) {
		bar = progressbar.NewOptions(o.Deals, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("tw16 stats"), progressbar.OptionShowCount(),
			progressbar.OptionShowIts(), progressbar.OptionSetItsString("deals"), progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
		o.Progress = func(done int) { bar.Set(done) }
	}
	r, err := stats.Run(ctx, o.Options)
	if bar != nil {
		bar.Clear()
	}
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return failure(err)
	}
	if o.json {
		err = writeJSON(stdout, r)
	} else {
		err = r.WriteText(stdout)
	}
	if err == nil && format != "" && r.Deals > 0 {
		var data []byte
		if data, err = plot.HandStatsImage(r, format); err == nil {
			if err = writeFileAtomic("--plot", o.plot, data); err != nil {
				return err // bad input (the directory went away) or already a failure
			}
		}
	}
	if err != nil {
		return failure(err)
	}
	if interrupted {
		fmt.Fprintf(stderr, "mjsolve: interrupted after %d of %d deals\n", r.Deals, o.Deals)
		return errInterrupted
	}
	return nil
}
