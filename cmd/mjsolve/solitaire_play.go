package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/analysis/plot"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/internal/progress"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
)

// playOptions are the flags of "solitaire play": the main job's and
// --strategy.
type playOptions struct {
	jobFlags
	strategy string
	budget   nopeek.Options // --rollouts, --samples
}

func newSolitairePlayCmd(h *hooks) *cobra.Command {
	o := &playOptions{jobFlags: jobFlags{h: h}}
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play deals without peeking (seeing only the uncovered tiles): how often does each strategy win?",
		Long: `Deal games as the main job does, decide each exactly (with peeking), and play
each without peeking by each --strategy: the table gives the win rate, the
winnable rate with peeking and the price of not peeking (the share of winnable
boards lost), with 95% intervals. --out, --resume, --shard and "analysis merge"
work as for the main job; with several strategies --out is a directory.

The strategies, weakest first: random, greedy, lookahead (greedy playouts over
random deals of the hidden faces; --rollouts per move) and hindsight (the
exact solver over random deals of the hidden faces; --samples per move, about
40 ms of CPU per move at the default). A budget other than the default is
part of the strategy's version in the record file.`,
		Example: `  mjsolve solitaire play --layout turtle --boards 10000 --strategy random,greedy,lookahead --out plays --plot plays.png
  mjsolve solitaire play --layout turtle --boards 500 --strategy hindsight --samples 64 --out h64.jsonl.zst`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	o.add(cmd, map[string]string{
		"seed":    "seed of the pcg dealer and of the plays",
		"workers": "boards played at once",
		"json":    "print one JSON object per strategy",
		"out":     "write the records to `FILE` (a DIRECTORY with several strategies)",
		"resume":  "continue the --out records of an interrupted run",
		"plot":    "draw the win rates to `FILE` (.png, .svg or .pdf)",
	})
	cmd.Flags().StringVar(&o.strategy, "strategy", "all", "strategies: random, greedy, lookahead, hindsight, a comma list or all")
	cmd.Flags().IntVar(&o.budget.Rollouts, "rollouts", 0, fmt.Sprintf("the lookahead's playouts per move with a choice (0: %d)", nopeek.DefaultRollouts))
	cmd.Flags().IntVar(&o.budget.Samples, "samples", 0, fmt.Sprintf("the hindsight strategy's deals of the hidden faces per move with a choice (0: %d, at most %d)", nopeek.DefaultSamples, nopeek.MaxSamples))
	cmd.RegisterFlagCompletionFunc("strategy", completeWordList(nopeek.Strategies(), "all"))
	return cmd
}

func (o *playOptions) run() error {
	if err := o.check(); err != nil {
		return err
	}
	switch {
	case o.budget.Rollouts < 0:
		return fmt.Errorf("--rollouts must not be negative (got %d)", o.budget.Rollouts)
	case o.budget.Samples < 0 || o.budget.Samples > nopeek.MaxSamples:
		return fmt.Errorf("--samples must be from 0 to %d (got %d)", nopeek.MaxSamples, o.budget.Samples)
	}
	ps := runs.PlaySpec{Spec: o.spec, Out: o.spec.Out, Resume: o.spec.Resume}
	ps.Spec.Budget = o.budget
	var err error
	if ps.Spec.Layout, err = layoutFinder().Find(o.layout); err != nil {
		return err
	}
	ps.Strategies, err = runs.SelectStrategies(o.strategy)
	if err == nil {
		err = budgetUsed(ps.Strategies, o.budget)
	}
	bar := progress.New(o.stderr, "boards")
	ps.OnProgress = func(p runs.PlayProgress) {
		bar.Show(fmt.Sprintf("%s (%d of %d strategies)", p.Strategy, p.Index, p.Of), p.Done, p.Total)
	}
	var res *runs.PlayOutcome
	if err == nil {
		res, err = runs.Play(o.ctx, ps)
	}
	bar.Stop()
	if err != nil {
		return jobError(err)
	}
	for _, r := range res.Rows {
		noteMended(o.stderr, r.File, r.Mended)
	}
	if err := res.Write(o.stdout, o.json); err != nil {
		return failure(err)
	}
	if o.plot.file != "" {
		played := ps.Spec // the shard's games, as the table names them
		played.First, played.Boards = ps.Spec.Shard.Range(ps.Spec.First, ps.Spec.Boards)
		title := fmt.Sprintf("%s: playing without peeking (deal %s)", ps.Spec.Layout.Name, played.DealText())
		data, err := plot.RenderPlayRates(res.Plays(), title, o.plot.format)
		// With no board finished before an interruption there is nothing to draw.
		if !errors.Is(err, plot.ErrNoPlays) || !res.Interrupted {
			if err := o.plot.write(data, err); err != nil {
				return err
			}
		}
	}
	if res.Interrupted {
		return interruptedKept(o.stderr, "mjsolve: interrupted; the table holds the finished strategies and the partial one", ps.Out, "their records")
	}
	return nil
}

// budgetUsed refuses a budget flag that no strategy of the run would use
// (--samples without hindsight, --rollouts without lookahead), which
// would otherwise be ignored without a word.
func budgetUsed(strategies []string, b nopeek.Options) error {
	for _, f := range []struct {
		flag, strategy string
		given          bool
	}{{"--samples", "hindsight", b.Samples > 0}, {"--rollouts", "lookahead", b.Rollouts > 0}} {
		if f.given && !slices.Contains(strategies, f.strategy) {
			return fmt.Errorf("%s is for the %s strategy, which --strategy %s leaves out", f.flag, f.strategy, strings.Join(strategies, ","))
		}
	}
	return nil
}
