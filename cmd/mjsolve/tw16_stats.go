package main

import (
	"cmp"
	"context"
	"errors"

	tw16plot "github.com/mjsolve/mjsolve/tw16/plot"

	"github.com/mjsolve/mjsolve/internal/progress"
	"github.com/mjsolve/mjsolve/tw16/stats"
	"github.com/spf13/cobra"
)

// tw16StatsOptions are the inputs of "mjsolve tw16 stats".
type tw16StatsOptions struct {
	call
	stats.Options
	json bool
	plot plotFlags
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
		RunE:    runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.IntVar(&o.Deals, "deals", 10000, "number of deals (four hands each)")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the walls")
	f.BoolVar(&o.Flowers, "flowers", false, "deal the eight flowers too (144 tiles)")
	f.IntVar(&o.Workers, "workers", 0, "deals played at once, at most 4096 (0, the default: one per CPU)")
	f.BoolVar(&o.json, "json", false, "print the report as JSON")
	o.plot.add(cmd, "draw the distributions to `FILE` (.png, .svg or .pdf)", "1680x960", "picture size `WxH` in pixels (a grid of six plots)")
	return cmd
}

func (o *tw16StatsOptions) run() error {
	if err := cmp.Or(atLeast("--deals", o.Deals, 1), checkWorkers(o.Workers), o.plot.check()); err != nil {
		return err
	}
	o.Tables = tw16TablesWarn(o.stderr)
	bar := progress.New(o.stderr, "hands")
	if bar != nil {
		o.Progress = func(done int) { bar.Show("tw16 stats", 4*uint64(done), 4*uint64(o.Deals)) } // four hands a deal
	}
	r, err := stats.Run(o.ctx, o.Options)
	bar.Stop()
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return failure(err)
	}
	if err := writeReport(o.stdout, o.json, r); err != nil {
		return failure(err)
	}
	if o.plot.file != "" && r.Deals > 0 {
		if err := o.plot.write(tw16plot.RenderHandStats(r, o.plot.w, o.plot.h, o.plot.format)); err != nil {
			return err
		}
	}
	if interrupted {
		return interruptedAfter(o.stderr, r.Deals, o.Deals, "deal")
	}
	return nil
}
