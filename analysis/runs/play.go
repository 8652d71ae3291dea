package runs

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/cputime"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
)

// playSeed is the first word of the PCG seed of the plays of strategy
// under seed (the second is the game): nopeek.RunSeed, a hash of both, so
// that every strategy and seed has its own stream, apart from the
// dealer's and the difficulty playouts'.
func playSeed(seed uint64, strategy string) uint64 { return nopeek.RunSeed(seed, strategy) }

// WithPlay adds a play without peeking to the records of the workers made
// by mk.
//
// Every board is also played by strategy (package nopeek) after its exact
// verdict, and the record gets the play's outcome ([analysis.Record.Played],
// Won, Moves, Left) and its CPU time (PlayNS, read from cpu; nil is the
// thread's clock, as the runner's). The plays of game g draw from a PCG seeded
// with (a hash of seed and strategy, g), so a record is the same for any number
// of workers, shard or resume. A board its dealer got wrong ([BadDeal]) is not
// played: 0 moves, every tile left. An unknown strategy is a
// *nopeek.StrategyError.
func WithPlay(mk func() analysis.Worker, geo *solitaire.Geometry, dealer solitaire.Dealer, seed uint64, strategy string, cpu func() (time.Duration, bool)) (func() analysis.Worker, error) {
	return WithPlayOptions(mk, geo, dealer, seed, strategy, nopeek.Options{}, cpu)
}

// WithPlayOptions is [WithPlay] with the strategy's budget opt (the zero
// value: the defaults).
func WithPlayOptions(mk func() analysis.Worker, geo *solitaire.Geometry, dealer solitaire.Dealer, seed uint64, strategy string, opt nopeek.Options, cpu func() (time.Duration, bool)) (func() analysis.Worker, error) {
	if _, err := nopeek.NewPlayerOptions(geo, strategy, opt); err != nil {
		return nil, err
	}
	if cpu == nil {
		cpu = cputime.Thread
	}
	key := playSeed(seed, strategy)
	return func() analysis.Worker {
		w := mk()
		p, _ := nopeek.NewPlayerOptions(geo, strategy, opt) // the strategy is known
		pcg := rand.NewPCG(0, 0)
		groups := make([]solitaire.Group, 0, geo.N)
		return func(ctx context.Context, game uint64) analysis.Record {
			rec := w(ctx, game)
			if rec.Verdict == analysis.Unknown && ctx.Err() != nil {
				return rec // interrupted: the runner drops it
			}
			rec.Played = true
			if rec.Method == BadDeal {
				rec.Left = geo.N
				return rec
			}
			groups = dealer.Deal(game, geo.N, groups[:0])
			pcg.Seed(key, game)
			c0, ok0 := cpu()
			res := p.Play(groups, pcg)
			c1, ok1 := cpu()
			rec.Won, rec.Moves, rec.Left = res.Won, res.Moves, res.Left
			if ok0 && ok1 {
				rec.PlayNS = max(int64(c1-c0), 1) // 0 would read as not measured
			}
			return rec
		}
	}, nil
}

// SelectStrategies reads a strategy selector.
//
// The selector is "all" (every strategy of package nopeek, in its order)
// or a comma-separated list of names, in the list's order, each once. A
// name nopeek does not know is a *solitaire.InputError naming "strategy"
// that wraps the *nopeek.StrategyError.
func SelectStrategies(sel string) ([]string, error) {
	known := nopeek.Strategies()
	want := "want " + strings.Join(known, ", ") + " or all, or a comma list"
	sel = strings.TrimSpace(sel)
	if sel == "all" {
		return known, nil
	}
	var out []string
	for _, name := range strings.Split(sel, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, &solitaire.InputError{Pkg: "solitaire", Field: "strategy", Msg: fmt.Sprintf("empty name in %q (%s)", sel, want)}
		}
		if !slices.Contains(known, name) {
			return nil, &solitaire.InputError{Pkg: "solitaire", Field: "strategy", Msg: fmt.Sprintf("unknown strategy %q (%s)", name, want), Err: &nopeek.StrategyError{Name: name}}
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// PlayFileName is the name of a strategy's record file in a play's
// directory.
//
// It is the layout's record file name ([RecordFileName]) with the strategy
// before the extension.
func PlayFileName(layout, strategy string) string {
	return withStrategy(RecordFileName(layout), strategy)
}

// withStrategy is the record file name of a layout, name, with the
// strategy before the extension.
func withStrategy(name, strategy string) string {
	const ext = ".jsonl.zst"
	return strings.TrimSuffix(name, ext) + "-" + strings.TrimSuffix(RecordFileName(strategy), ext) + ext
}

// playFileIn is the record file of a strategy in dir: PlayFileName, or the
// name it had before RecordFileName dropped leading '.' and '-' when
// resuming a directory that holds only that.
func playFileIn(dir, layout, strategy string, resume bool) string {
	old := withStrategy(legacyRecordFileName(layout), strategy)
	return filepath.Join(dir, currentOrLegacy(dir, PlayFileName(layout, strategy), old, resume))
}

// PlaySpec describes a play without peeking.
//
// It is the main job's run (Spec: layout, deal, seed, games, shard,
// workers) made once per strategy, each board also played by the strategy.
type PlaySpec struct {
	// Spec is the run made for each strategy; its Strategy, Out, Resume and
	// OnProgress are ignored (set per strategy).
	Spec       Spec
	Strategies []string
	// Out, when not empty, receives the records: with one strategy the
	// record file itself; with several a directory (created if missing)
	// with one file per strategy ([PlayFileName]). Without Resume, an
	// existing file is an *ExistsError raised before anything runs; with
	// Resume, existing files are continued (a file of another strategy,
	// layout, deal or seed is refused, unchanged).
	Out    string
	Resume bool
	// OnProgress, if set, is called now and then with the progress over
	// every strategy.
	OnProgress func(PlayProgress)
}

// PlayProgress is the progress of a play: boards done over every strategy
// (finished strategies count their whole range), and the strategy being
// run.
type PlayProgress struct {
	Done, Total uint64
	Strategy    string
	Index, Of   int // the strategy's place (1-based) among those run
}

// PlayRow is one strategy of a play: its report (nil for a strategy not
// reached before an interruption) and its record file.
type PlayRow struct {
	Strategy string
	Report   *Report
	File     string
	// Summary is what the report was made from (its PlayStats draw the
	// plot of package analysis/plot); nil with Report.
	Summary *analysis.Summary
	// Mended is what resuming File mended (with Report).
	Mended
}

// PlayOutcome is what a play found.
type PlayOutcome struct {
	Rows []PlayRow
	// Interrupted is set when the context was cancelled: finished
	// strategies and the partial one have their reports (the partial one
	// marked interrupted), later ones none.
	Interrupted bool
}

// Plays is the play statistics of the strategies that ran, in order, for
// a plot (see analysis/plot.PlayRates).
func (o *PlayOutcome) Plays() []analysis.StrategyPlay {
	var out []analysis.StrategyPlay
	for _, r := range o.Rows {
		if r.Summary != nil {
			out = append(out, analysis.StrategyPlay{Strategy: r.Strategy, Stats: &r.Summary.Play})
		}
	}
	return out
}

// checkPlay checks the fields of ps that a person gives, as *solitaire.InputErrors naming them:
// those of the main job's [Spec] and the strategies and records.
func checkPlay(ps *PlaySpec) error {
	if len(ps.Strategies) == 0 {
		return &solitaire.InputError{Pkg: "solitaire", Field: "strategy", Msg: "no strategy"}
	}
	s := ps.Spec
	s.Out, s.Resume = ps.Out, ps.Resume
	if _, err := s.check(); err != nil {
		return err
	}
	for _, st := range ps.Strategies {
		if !slices.Contains(nopeek.Strategies(), st) {
			return &solitaire.InputError{Pkg: "solitaire", Field: "strategy", Msg: fmt.Sprintf("unknown strategy %q", st), Err: &nopeek.StrategyError{Name: st}}
		}
	}
	if ps.Out == "" {
		return nil
	}
	fi, err := os.Stat(ps.Out)
	switch {
	case len(ps.Strategies) == 1 && err == nil && fi.IsDir():
		return &solitaire.InputError{Pkg: "solitaire", Field: "out", Msg: fmt.Sprintf("%s is a directory; with one strategy give a record file name", ps.Out)}
	case len(ps.Strategies) > 1 && err == nil && !fi.IsDir():
		return &solitaire.InputError{Pkg: "solitaire", Field: "out", Msg: fmt.Sprintf("%s is a file; with several strategies give a directory (one record file per strategy)", ps.Out)}
	case len(ps.Strategies) == 1:
		if fi, err := os.Stat(filepath.Dir(ps.Out)); err != nil || !fi.IsDir() {
			return &solitaire.InputError{Pkg: "solitaire", Field: "out", Msg: fmt.Sprintf("%s: no directory %s", ps.Out, filepath.Dir(ps.Out))}
		}
	}
	return nil
}

// Play runs the main job of ps.Spec once per strategy, each board also played
// without peeking by the strategy ([WithPlay]), and returns one report per
// strategy. Every strategy plays the same boards. An error is a bad spec (a
// *solitaire.InputError: a bad field, a game the dealer does not have, a record
// file that exists without Resume, wrapping an *ExistsError), a record file
// found unfit to continue (every strategy's file, header and records, is
// checked before any runs: see [analysis.CheckResume]), or a failure while
// running, a *RunError; nothing is written or run for the first. When ctx
// is cancelled, Play keeps what was done (in the reports and the record files)
// and returns with PlayOutcome.Interrupted set.
func Play(ctx context.Context, ps PlaySpec) (*PlayOutcome, error) {
	if err := checkPlay(&ps); err != nil {
		return nil, err
	}
	if ps.Spec.Layout == nil {
		return nil, &solitaire.InputError{Pkg: "solitaire", Field: "layout", Msg: "missing"}
	}
	out := &PlayOutcome{Rows: make([]PlayRow, len(ps.Strategies))}
	for i, st := range ps.Strategies {
		out.Rows[i].Strategy = st
		switch {
		case ps.Out == "":
		case len(ps.Strategies) == 1:
			out.Rows[i].File = ps.Out
		default:
			out.Rows[i].File = playFileIn(ps.Out, ps.Spec.Layout.Name, st, ps.Resume)
		}
		if f := out.Rows[i].File; f != "" && !ps.Resume {
			if _, err := os.Stat(f); err == nil {
				return nil, &solitaire.InputError{Pkg: "solitaire", Field: "out", Msg: f + " already exists (continue it with resume, or remove it)", Err: &ExistsError{File: f}}
			}
		}
	}
	if len(ps.Strategies) > 1 && ps.Out != "" {
		if err := os.MkdirAll(ps.Out, 0o755); err != nil {
			return nil, fmt.Errorf(errPrefix+"%w", err)
		}
	}
	specs := make([]Spec, len(out.Rows))
	first, boards := ps.Spec.Shard.Range(ps.Spec.First, ps.Spec.Boards)
	for k, row := range out.Rows {
		specs[k] = ps.Spec
		specs[k].Strategy, specs[k].Out, specs[k].Resume = row.Strategy, row.File, ps.Resume
		// Every file to continue is checked before any strategy runs
		// (when ctx is done, the checks stop: the series stops at once
		// too).
		if row.File != "" && ps.Resume {
			err := analysis.CheckResume(ctx, row.File, NewHeader(ps.Spec.Layout, specs[k], first, boards))
			if err != nil && ctx.Err() == nil {
				return nil, fmt.Errorf(errPrefix+"strategy %s: %w", row.Strategy, err)
			}
		}
	}
	var progress func(k int, done, total uint64)
	if ps.OnProgress != nil {
		progress = func(k int, done, total uint64) {
			ps.OnProgress(PlayProgress{Done: done, Total: total, Strategy: out.Rows[k].Strategy, Index: k + 1, Of: len(out.Rows)})
		}
	}
	res, err := runSeries(ctx, specs, progress)
	if se, ok := errors.AsType[*seriesError](err); ok {
		if se.ran {
			return nil, &RunError{Of: "strategy " + out.Rows[se.k].Strategy, Err: se.err}
		}
		return nil, fmt.Errorf(errPrefix+"strategy %s: %w", out.Rows[se.k].Strategy, se.err)
	}
	for k, r := range res {
		if r != nil {
			out.Rows[k].Report, out.Rows[k].Summary, out.Rows[k].Mended = ReportOf(r), r.Summary, r.Mended
			out.Interrupted = out.Interrupted || r.Interrupted
		}
	}
	return out, nil
}

// RunError is a failure while a survey ran a layout or a play ran a
// strategy (a record file that could not be written), as opposed to a bad
// spec, found before anything ran. Of is what was running: "layout NAME"
// or "strategy NAME".
type RunError struct {
	Of  string
	Err error
}

func (e *RunError) Error() string { return errPrefix + e.Of + ": " + e.Err.Error() }

// Unwrap returns Err.
func (e *RunError) Unwrap() error { return e.Err }
