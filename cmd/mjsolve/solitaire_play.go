package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/analysis/plot"
	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/job"
	"github.com/mjsolve/mjsolve/solitaire"
)

// playOptions are the flags of "solitaire play": most go straight into the
// play's spec.
type playOptions struct {
	ps                            job.PlaySpec
	layout, strategy, shard, plot string
	json                          bool
}

func newSolitairePlayCmd(h *hooks) *cobra.Command {
	o := &playOptions{}
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play deals without peeking (seeing only the uncovered tiles): how often does each strategy win?",
		Long: `Deal games as the main job does, decide each exactly (with peeking), and play
each without peeking by each --strategy: the table gives the win rate, the
winnable rate with peeking and the price of not peeking (the share of winnable
boards lost), with 95% intervals. --out, --resume, --shard and "analysis merge"
work as for the main job; with several strategies --out is a directory.`,
		Example: `  mjsolve solitaire play --layout turtle --boards 10000 --strategy all --out plays --plot plays.png`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runPlay(cmd.Context(), o, h, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f, s := cmd.Flags(), &o.ps.Spec
	f.StringVar(&o.layout, "layout", "turtle", "layout: a built-in or installed name, or a file")
	f.StringVar(&o.strategy, "strategy", "all", "strategies: random, greedy, lookahead, a comma list or all")
	f.Uint64Var(&s.Boards, "boards", 1000, "number of boards")
	f.Uint64Var(&s.First, "first", 1, "first game number")
	f.Uint64Var(&s.Seed, "seed", 1, "seed of the pcg dealer and of the plays")
	f.StringVar(&s.Deal, "deal", "pcg", "dealer: "+strings.Join(solitaire.DealerNames, " or "))
	f.IntVar(&s.Workers, "workers", runtime.NumCPU(), "boards played at once")
	f.BoolVar(&o.json, "json", false, "print one JSON object per strategy")
	f.StringVar(&o.ps.Out, "out", "", "write the records to `FILE` (a DIRECTORY with several strategies)")
	f.BoolVar(&o.ps.Resume, "resume", false, "continue the --out records of an interrupted run")
	f.StringVar(&o.shard, "shard", "", "run only part `i/n` of the games (e.g. 2/4)")
	f.StringVar(&o.plot, "plot", "", "draw the win rates to `FILE` (.png, .svg or .pdf)")
	cmd.RegisterFlagCompletionFunc("layout", completeLayout)
	cmd.RegisterFlagCompletionFunc("deal", completeDealer)
	return cmd
}

func runPlay(ctx context.Context, o *playOptions, h *hooks, stdout, stderr io.Writer) error {
	ps, format := o.ps, ""
	ps.Spec.Clock, ps.Spec.CPU, ps.Spec.NewWorkers = h.clock, h.cpu, h.newWorkers
	if ps.Spec.Workers < 1 {
		return fmt.Errorf("--workers %d: must be at least 1", ps.Spec.Workers)
	}
	var err error
	if ps.Spec.Shard, err = job.ParseShard(o.shard); o.shard != "" && err != nil {
		return fmt.Errorf("bad --shard %q: want i/n with 1 <= i <= n", o.shard)
	}
	if o.plot != "" { // found out now, not after the run
		if format, err = plotFormat("--plot", o.plot); err != nil {
			return err
		}
		if err := fileError("--plot", o.plot, atomicfile.CheckTarget(o.plot)); err != nil {
			return err
		}
	}
	if ps.Spec.Layout, err = layoutFinder().Find(o.layout); err != nil {
		return err
	}
	ps.Strategies, err = job.SelectStrategies(o.strategy)
	bar := newProgressBar(stderr, "boards")
	if bar != nil {
		ps.OnProgress = func(p job.PlayProgress) {
			bar.show(fmt.Sprintf("%s (%d of %d strategies)", p.Strategy, p.Index, p.Of), p.Done, p.Total)
		}
	}
	var res *job.PlayOutcome
	if err == nil {
		res, err = job.Play(ctx, ps)
	}
	bar.stop(ctx)
	if fe, ok := errors.AsType[*job.FieldError](err); ok {
		return fmt.Errorf("--%s: %s", fe.Field, fe.Msg)
	} else if err != nil {
		return jobError(err) // a record file that could not be written is not the input's fault: exit 1
	}
	if o.json {
		err = job.WritePlayJSON(stdout, res.Rows)
	} else {
		err = job.WritePlayText(stdout, res.Rows)
	}
	if err != nil {
		return failure(err)
	}
	if o.plot != "" {
		title := fmt.Sprintf("%s: playing without peeking (deal %s, seed %d)", ps.Spec.Layout.Name, ps.Spec.Deal, ps.Spec.Seed)
		data, err := plot.RenderPlayRates(res.Plays(), title, format)
		if err != nil {
			return failure(err)
		}
		if err := writeFileAtomic("--plot", o.plot, data); err != nil {
			return err
		}
	}
	if res.Interrupted {
		fmt.Fprintln(stderr, "mjsolve: interrupted; the table holds the finished strategies and the partial one (--resume continues the --out records)")
		return errInterrupted
	}
	return nil
}
