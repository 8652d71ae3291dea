package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/job"
	"github.com/mjsolve/mjsolve/solitaire"
)

// solitaireOptions are the flags of the main job.
type solitaireOptions struct {
	layout  string
	boards  uint64
	first   uint64
	seed    uint64
	deal    string
	workers int
	json    bool
	out     string
	resume  bool
	timeout time.Duration
	shard   string
}

// newSolitaireCmd is the "solitaire" command: the main job (solve many deals
// of a layout) and its subcommands show, solve and hint.
func newSolitaireCmd(h *hooks) *cobra.Command {
	o := &solitaireOptions{}
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
parts of the range; "mjsolve analysis merge" combines the files.`,
		Example: `  mjsolve solitaire --layout turtle --boards 100000
  mjsolve solitaire --layout xmahjongg/default --deal mjsolver --boards 500 --json
  mjsolve solitaire --boards 1000000 --out turtle.jsonl.zst      # Ctrl-C, then:
  mjsolve solitaire --boards 1000000 --out turtle.jsonl.zst --resume`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSolitaire(cmd.Context(), o, h, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.layout, "layout", "turtle", "layout: a built-in or installed name, or a file")
	f.Uint64Var(&o.boards, "boards", 1000, "number of boards")
	f.Uint64Var(&o.first, "first", 1, "first game number")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the pcg dealer")
	f.StringVar(&o.deal, "deal", "pcg", "dealer: "+strings.Join(solitaire.DealerNames, " or "))
	f.IntVar(&o.workers, "workers", runtime.NumCPU(), "boards solved at once")
	f.BoolVar(&o.json, "json", false, "print the summary as one JSON object")
	f.StringVar(&o.out, "out", "", "write one JSON line per board to `FILE` (zstd when it ends in .zst)")
	f.BoolVar(&o.resume, "resume", false, "continue the --out file of an interrupted run")
	f.DurationVar(&o.timeout, "timeout-per-board", 0, "give up on a board after this long and count it unknown (0: never)")
	f.StringVar(&o.shard, "shard", "", "run only part `i/n` of the games (e.g. 2/4)")
	cmd.RegisterFlagCompletionFunc("layout", completeLayout)
	cmd.RegisterFlagCompletionFunc("deal", completeDealer)
	cmd.AddCommand(
		newSolitaireShowCmd(),
		newSolitaireSolveCmd(),
		newSolitaireHintCmd(),
	)
	return cmd
}

// stderrTerminal reports whether w is a terminal (for the progress bar).
func stderrTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func runSolitaire(ctx context.Context, o *solitaireOptions, h *hooks, stdout, stderr io.Writer) error {
	if o.boards == 0 {
		return errors.New("--boards must be at least 1")
	}
	if o.first+o.boards < o.first {
		return errors.New("--first + --boards is too large")
	}
	if o.workers < 1 {
		return fmt.Errorf("--workers %d: must be at least 1", o.workers)
	}
	if o.timeout < 0 {
		return errors.New("--timeout-per-board must not be negative")
	}
	if o.resume && o.out == "" {
		return errors.New("--resume needs --out FILE")
	}
	spec := job.Spec{Deal: o.deal, Seed: o.seed, First: o.first, Boards: o.boards, Workers: o.workers,
		Timeout: o.timeout, Out: o.out, Resume: o.resume, Clock: h.clock, NewWorkers: h.newWorkers}
	if o.shard != "" {
		sh, err := job.ParseShard(o.shard)
		if err != nil {
			return fmt.Errorf("bad --shard %q: want i/n with 1 <= i <= n", o.shard)
		}
		if sh.N > o.boards {
			return fmt.Errorf("--shard %s: more shards than the %d boards", o.shard, o.boards)
		}
		spec.Shard = sh
	}
	l, err := layoutFinder().Find(o.layout)
	if err != nil {
		return err
	}
	spec.Layout = l
	var bar *progressbar.ProgressBar
	if stderrTerminal(stderr) {
		spec.OnProgress = func(p analysis.Progress) {
			bar.Describe(fmt.Sprintf("%s: %d unwinnable", l.Name, p.Impossible))
			bar.Set64(int64(p.Done))
		}
	}
	j, err := job.Prepare(spec)
	var gr *solitaire.GameRangeError
	switch {
	case errors.As(err, &gr):
		return fmt.Errorf("last game (--first + --boards - 1) %d: the %s dealer has games 0 to %d", gr.Game, gr.Dealer, gr.Last)
	case errors.Is(err, os.ErrExist):
		return fmt.Errorf("--out %s already exists: add --resume to continue it, or remove it", o.out)
	case err != nil:
		return err
	}
	if j.Truncated() {
		fmt.Fprintf(stderr, "mjsolve: %s ended inside a record; it was dropped and will be solved again\n", o.out)
	}
	if spec.OnProgress != nil {
		bar = newProgressBar(stderr, l.Name, j.Pending())
	}
	res, err := j.Run(ctx)
	if bar != nil {
		bar.Clear()
	}
	if err != nil {
		return failure(err)
	}
	h0 := res.Header
	rep := newMainReport(h0, res.Summary, o.workers, res.FromFile, res.Interrupted)
	if o.json {
		err = writeJSON(stdout, rep)
	} else {
		err = rep.writeText(stdout)
	}
	if err != nil {
		return failure(err)
	}
	if res.Interrupted {
		msg := fmt.Sprintf("mjsolve: interrupted after %d of %d boards", res.Summary.Boards, h0.Boards)
		if o.out != "" {
			msg += fmt.Sprintf("; %s keeps them: continue with --resume", o.out)
		}
		fmt.Fprintln(stderr, msg)
		return errInterrupted
	}
	return nil
}

// newProgressBar is the progress bar of the main job on a terminal.
func newProgressBar(stderr io.Writer, name string, total uint64) *progressbar.ProgressBar {
	return progressbar.NewOptions64(int64(total),
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(name),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("boards"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}

// timeReport is the time per board in the JSON summary.
type timeReport struct {
	MeanNS   int64  `json:"mean_ns"`
	MedianNS int64  `json:"median_ns"`
	P99NS    int64  `json:"p99_ns"`
	MaxNS    int64  `json:"max_ns"`
	MaxGame  uint64 `json:"max_game"`
	TotalNS  int64  `json:"total_ns"`
}

// mainReport is the summary printed by the main job and by analysis merge
// (as text, or as JSON with these field names).
type mainReport struct {
	Layout      string                    `json:"layout"`
	Tiles       int                       `json:"tiles"`
	Deal        string                    `json:"deal"`
	Seed        uint64                    `json:"seed"`
	First       uint64                    `json:"first"`
	Last        uint64                    `json:"last"`
	Boards      int64                     `json:"boards"`
	Requested   uint64                    `json:"requested"`
	Winnable    int64                     `json:"winnable"`
	Impossible  int64                     `json:"impossible"`
	Unknown     int64                     `json:"unknown"`
	Rate        float64                   `json:"rate"`
	CI95        [2]float64                `json:"ci95"`
	Methods     map[analysis.Method]int64 `json:"methods"`
	MethodNS    map[analysis.Method]int64 `json:"method_ns"`
	Time        timeReport                `json:"time"`
	FromFile    int64                     `json:"from_file,omitempty"`
	Solved      int64                     `json:"solved"`
	Workers     int                       `json:"workers,omitempty"`
	PerSecond   float64                   `json:"boards_per_second"`
	WallNS      int64                     `json:"wall_ns"`
	Interrupted bool                      `json:"interrupted"`

	// From analysis merge only.
	Files         int      `json:"files,omitempty"`
	Duplicates    int64    `json:"duplicates,omitempty"`
	Disagreements int64    `json:"disagreements,omitempty"`
	Truncated     []string `json:"truncated,omitempty"`

	methodOrder []analysis.MethodCount
	merged      bool // from analysis merge: no run, no speed
}

func newMainReport(h analysis.Header, s *analysis.Summary, workers int, fromFile int64, interrupted bool) *mainReport {
	lo, hi := s.CI95()
	r := &mainReport{
		Layout: h.Layout, Tiles: h.Tiles, Deal: h.Deal, Seed: h.Seed, First: h.First, Last: h.Last(),
		Boards: s.Boards, Requested: h.Boards, Winnable: s.Winnable, Impossible: s.Impossible,
		Unknown: s.Unknown, Rate: s.Rate(), CI95: [2]float64{lo, hi}, Methods: s.Methods,
		Time: timeReport{MeanNS: int64(s.Time.Mean()), MedianNS: int64(s.Time.Quantile(0.5)),
			P99NS: int64(s.Time.Quantile(0.99)), MaxNS: s.Time.Max, MaxGame: s.Time.MaxGame, TotalNS: s.Time.Total},
		FromFile: fromFile, Solved: s.Solved, Workers: workers, WallNS: int64(s.Wall),
		Interrupted: interrupted, methodOrder: s.MethodCounts(),
	}
	r.MethodNS = s.MethodNS
	if r.Methods == nil {
		r.Methods, r.MethodNS = map[analysis.Method]int64{}, map[analysis.Method]int64{}
	}
	if s.Wall > 0 {
		r.PerSecond = float64(s.Solved) / s.Wall.Seconds()
	}
	return r
}

func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func (r *mainReport) writeText(w io.Writer) error {
	var b strings.Builder
	line := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "%-12s%s\n", label, fmt.Sprintf(format, args...))
	}
	deal := r.Deal
	if deal == "pcg" {
		deal += fmt.Sprintf(", seed %d", r.Seed)
	}
	line("layout", "%s (%d tiles), deal %s", r.Layout, r.Tiles, deal)
	line("games", "%d..%d", r.First, r.Last)
	boards := strconv.FormatInt(r.Boards, 10)
	switch {
	case r.Interrupted:
		boards += fmt.Sprintf(" of %d (interrupted)", r.Requested)
	case r.merged && uint64(r.Boards) < r.Requested:
		boards += fmt.Sprintf(" (%d games of the range missing)", r.Requested-uint64(r.Boards))
	case uint64(r.Boards) < r.Requested:
		boards += fmt.Sprintf(" of %d", r.Requested)
	}
	if r.FromFile > 0 {
		boards += fmt.Sprintf(" (%d read from the --out file)", r.FromFile)
	}
	line("boards", "%s", boards)
	line("winnable", "%d", r.Winnable)
	line("unwinnable", "%d of %d decided: %s (95%% CI %s to %s)", r.Impossible, r.Winnable+r.Impossible,
		percent(r.Rate), percent(r.CI95[0]), percent(r.CI95[1]))
	line("unknown", "%d", r.Unknown)
	var methods []string
	for i, m := range r.methodOrder {
		share := "<1%"
		if r.Time.TotalNS > 0 && m.NS*100 >= r.Time.TotalNS {
			share = strconv.FormatInt(int64(math.Round(float64(m.NS)*100/float64(r.Time.TotalNS))), 10) + "%"
		}
		if i == 0 {
			share += " of the time"
		}
		methods = append(methods, fmt.Sprintf("%s %d (%s)", m.Method, m.Boards, share))
	}
	if len(methods) == 0 {
		methods = []string{"-"}
	}
	line("decided by", "%s", strings.Join(methods, ", "))
	if r.Boards > 0 {
		line("time/board", "mean %s, median %s, p99 %s, max %s (game %d)", fmtDur(r.Time.MeanNS),
			fmtDur(r.Time.MedianNS), fmtDur(r.Time.P99NS), fmtDur(r.Time.MaxNS), r.Time.MaxGame)
	}
	if !r.merged {
		if r.Solved > 0 && r.WallNS > 0 {
			workers := "workers"
			if r.Workers == 1 {
				workers = "worker"
			}
			line("speed", "%.0f boards/s on %d %s (%d boards solved in this run)", r.PerSecond, r.Workers, workers, r.Solved)
		}
		line("wall time", "%s", fmtDur(r.WallNS))
	} else {
		line("board time", "%s in all", fmtDur(r.Time.TotalNS))
		files := fmt.Sprintf("%d, %d duplicate records skipped", r.Files, r.Duplicates)
		if r.Disagreements > 0 {
			files += fmt.Sprintf(" (%d unknown in one file, decided in another: the first kept)", r.Disagreements)
		}
		line("files", "%s", files)
		for _, t := range r.Truncated {
			line("", "%s ends inside a record (dropped)", t)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// percent formats a fraction as a percentage with two decimals.
func percent(x float64) string { return strconv.FormatFloat(100*x, 'f', 2, 64) + "%" }

// fmtDur prints a duration with three significant digits in ns, µs, ms or s.
func fmtDur(ns int64) string {
	v, unit := float64(ns), "ns"
	switch {
	case ns >= 1e9:
		v, unit = v/1e9, "s"
	case ns >= 1e6:
		v, unit = v/1e6, "ms"
	case ns >= 1e3:
		v, unit = v/1e3, "µs"
	default:
		return strconv.FormatInt(ns, 10) + "ns"
	}
	prec := 2
	if v >= 100 {
		prec = 0
	} else if v >= 10 {
		prec = 1
	}
	return strconv.FormatFloat(v, 'f', prec, 64) + unit
}
