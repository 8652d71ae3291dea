package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/internal/progress"
	"github.com/mjsolve/mjsolve/solitaire"
)

// jobFlags are the flags that the main job and solitaire play share: the
// layout, the deals and the run (straight into spec), the records, the
// report and its plot; and what they run with (call, hooks).
type jobFlags struct {
	call
	h             *hooks
	spec          runs.Spec
	layout, shard string
	json          bool
	plot          plotFlags
}

// add adds the flags to cmd; help holds, by flag name, the help of the
// flags that mean more in cmd than in the main job.
func (o *jobFlags) add(cmd *cobra.Command, help map[string]string) {
	f, s := cmd.Flags(), &o.spec
	use := func(name, usage string) string { return cmp.Or(help[name], usage) }
	f.StringVar(&o.layout, "layout", "turtle", "layout: a built-in or installed name, or a file")
	f.Uint64Var(&s.Boards, "boards", 1000, "number of boards")
	setMinimum(f, "boards", 1) // runs.Prepare refuses 0 boards
	f.Uint64Var(&s.First, "first", 1, "first game number")
	f.Uint64Var(&s.Seed, "seed", 1, use("seed", "seed of the pcg dealer"))
	f.StringVar(&s.Deal, "deal", "pcg", "dealer: "+strings.Join(solitaire.DealerNames, " or "))
	f.IntVar(&s.Workers, "workers", runtime.NumCPU(), use("workers", "boards solved at once")+", at most 4096 (0: one per CPU)")
	f.BoolVar(&o.json, "json", false, use("json", "print the summary as one JSON object"))
	f.StringVar(&s.Out, "out", "", use("out", "write one JSON line per board to `FILE` (zstd when it ends in .zst)"))
	f.BoolVar(&s.Resume, "resume", false, use("resume", "continue the --out file of an interrupted run"))
	f.StringVar(&o.shard, "shard", "", "run only part `i/n` of the games (e.g. 2/4)")
	o.plot.add(cmd, use("plot", "with several layouts: draw their rates as a bar chart to `FILE` (.png, .svg or .pdf)"), "", "")
	cmd.RegisterFlagCompletionFunc("layout", completeLayout)
	cmd.RegisterFlagCompletionFunc("deal", completeDealer)
}

// check reads what the library leaves to the command: --out (an empty
// name given is an error, not a run that writes nothing), --workers (0,
// one per CPU as in the library, to maxWorkers), --resume (only with a
// file name), --shard and --plot (plotFlags.check: an empty name too),
// found out before the run; and sets the spec's hooks.
func (o *jobFlags) check() error {
	if o.cmd.Flags().Changed("out") && o.spec.Out == "" {
		return errors.New("--out: give a file name (or leave --out out to write no records)")
	}
	if err := checkWorkers(o.spec.Workers); err != nil {
		return err
	}
	if o.spec.Resume && o.spec.Out == "" {
		return errors.New("--resume needs --out FILE")
	}
	if o.shard != "" {
		sh, err := runs.ParseShard(o.shard)
		if err != nil {
			return fmt.Errorf("bad --shard %q: want i/n with 1 <= i <= n", o.shard)
		}
		o.spec.Shard = sh
	}
	o.spec.Clock, o.spec.CPU, o.spec.NewWorkers = o.h.clock, o.h.cpu, o.h.newWorkers
	return o.plot.check()
}

// solitaireOptions are the flags of the main job.
type solitaireOptions struct{ jobFlags }

// newSolitaireCmd is the "solitaire" command: the main job (solve many deals
// of a layout) and its subcommands show, solve and hint.
func newSolitaireCmd(h *hooks) *cobra.Command {
	o := &solitaireOptions{jobFlags{h: h}}
	cmd := &cobra.Command{
		Use:   "solitaire",
		Short: "Solve many Mahjong Solitaire deals with peeking: how often can a layout not be won?",
		Long: `Deal games first..first+boards-1 of a layout, decide each one exactly (can it
be cleared when every tile is known?) on all cores, and print how many cannot
be won, with a 95% Wilson confidence interval, how the boards were decided and
the time per board. Game k is the same board whatever the number of workers.

With --out FILE every board is written as one JSON line (zstd-compressed when
FILE ends in .zst); --resume continues such a file after an interruption
(Ctrl-C keeps every finished board). --shard i/n runs the i-th of n equal
parts of the range; "mjsolve analysis merge" combines the files.

--layout all (every known layout), a glob such as xmahjongg/* or a comma
list a,b,c runs each layout in turn and prints one table (with de Bondt's
published rate where his paper gives one); --out is then a DIRECTORY with
one record file per layout, --json prints one object per layout, and
--plot FILE draws the rates as a bar chart. A layout the solver cannot use
is a row that says why.`,
		Example: `  mjsolve solitaire --layout turtle --boards 100000
  mjsolve solitaire --layout xmahjongg/default --deal mjsolver --boards 500 --json
  mjsolve solitaire --boards 1000000 --out turtle.jsonl.zst      # Ctrl-C, then:
  mjsolve solitaire --boards 1000000 --out turtle.jsonl.zst --resume
  mjsolve solitaire --layout 'xmahjongg/*' --boards 100000 --out xmj --plot rates.png`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	o.add(cmd, nil)
	f := cmd.Flags()
	f.DurationVar(&o.spec.Timeout, "timeout-per-board", 0, "give up on a board after this long and count it unknown (0: never)")
	f.IntVar(&o.spec.Difficulty, "difficulty", 0, "add `K` uniformly random playouts per winnable board to its record (McDonald's difficulty)")
	cmd.AddCommand(
		newSolitaireShowCmd(),
		newSolitaireDealCmd(),
		newSolitaireReshuffleCmd(),
		newSolitaireSolveCmd(),
		newSolitaireHintCmd(),
	)
	return cmd
}

func (o *solitaireOptions) run() error {
	if err := o.check(); err != nil {
		return err
	}
	spec, stdout, stderr := o.spec, o.stdout, o.stderr
	if runs.IsSelector(o.layout) {
		return o.survey()
	}
	if o.plot.file != "" {
		return errors.New("--plot draws a report over several layouts: give --layout all, a glob such as xmahjongg/*, or a comma list")
	}
	if spec.Out != "" && isDir(spec.Out) {
		return fmt.Errorf("--out %s: is a directory; give a record file name (a directory is for several layouts: --layout all, a glob or a comma list)", spec.Out)
	}
	l, err := layoutFinder().Find(o.layout)
	if err != nil {
		return err
	}
	spec.Layout = l
	bar := progress.New(stderr, "boards")
	spec.OnProgress = func(p analysis.Progress) { // the whole run, as the summary counts it
		bar.Show(fmt.Sprintf("%s: %d unwinnable", l.Name, p.Impossible), p.Done, p.Total)
	}
	j, err := runs.Prepare(spec)
	if err != nil {
		return jobError(err)
	}
	noteMended(stderr, spec.Out, runs.Mended{Stale: j.Stale(), Truncated: j.Truncated()})
	bar.Show(l.Name, j.Header().Boards-j.Pending(), j.Header().Boards)
	res, err := j.Run(o.ctx)
	bar.Stop()
	if err != nil {
		return failure(err)
	}
	if err := writeReport(stdout, o.json, runs.ReportOf(res)); err != nil {
		return failure(err)
	}
	if res.Interrupted {
		msg := fmt.Sprintf("mjsolve: interrupted after %d of %d %s", res.Summary.Boards, res.Header.Boards, plural(res.Header.Boards, "board"))
		return interruptedKept(stderr, msg, spec.Out, "them")
	}
	return nil
}

// noteMended says on stderr what --resume mended in the record file.
func noteMended(stderr io.Writer, file string, m runs.Mended) {
	for _, s := range m.Stale {
		fmt.Fprintf(stderr, "mjsolve: removed %s, left by a --resume that was killed during its copy\n", s)
	}
	if m.Truncated {
		fmt.Fprintf(stderr, "mjsolve: %s ends early (cut inside a line or zstd frame, as by a crash); the boards cut off will be solved again\n", file)
	}
}

// jobError is the command's error for err from package analysis/runs: an
// existing record file, a game the dealer does not have and another bad
// field are named by their flags ("--boards must be at least 1", but
// "--deal: unknown dealer "x"", as every command words a name it does not
// know). A record file that cannot be written or a run that failed passes
// as it is (isFailure: exit 1).
func jobError(err error) error {
	if ex, ok := errors.AsType[*runs.ExistsError](err); ok {
		return fmt.Errorf("--out %s already exists: add --resume to continue it, or remove it", ex.File)
	}
	if gr, ok := errors.AsType[*solitaire.GameRangeError](err); ok {
		return fmt.Errorf("last game (--first + --boards - 1) %d: the %s dealer has games 0 to %d", gr.Game, gr.Dealer, gr.Last)
	}
	if fe := fieldError(err); fe != nil {
		return fmt.Errorf("%s %s", cmp.Or(jobFieldFlags[fe.Field], "--"+fe.Field), fe.Msg)
	}
	return err
}

// fieldError is the *solitaire.InputError about a field of a request
// that err is or wraps, or nil.
func fieldError(err error) *solitaire.InputError {
	if ie, ok := errors.AsType[*solitaire.InputError](err); ok && ie.Field != "" {
		return ie
	}
	return nil
}

// jobFieldFlags name the fields of a run's spec whose flag is not "--" and
// the field's name (--timeout-per-board), or that take a colon.
var jobFieldFlags = map[string]string{"deal": "--deal:", "strategy": "--strategy:", "timeout": "--timeout-per-board"}

// writeJSON writes v as one line of JSON (a value that does not marshal is
// a bug: exit code 1).
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return failure(err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
