package plot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	gplot "gonum.org/v1/plot"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
)

// Kinds are the kinds of plot [Files] draws. They are the running rate
// ([Rate]), the time per board ([Time]), McDonald's difficulty
// ([Difficulty]), the win rates of strategies playing without peeking
// ([PlayRates]), and those of one or more strategies at several budgets
// (budget: a bar per strategy and budget, drawn as the play plot).
var Kinds = []string{"rate", "time", "difficulty", "play", "budget"}

// FilesOptions are the options of [Files].
type FilesOptions struct {
	Kind      string  // one of Kinds; "" for "rate"
	Title     string  // "" for a title naming the files' experiment
	Reference float64 // the rate plot's reference line (see [RateOptions])
	PerDecade int     // the time plot's bins per power of ten (see [TimeOptions])
	Stacked   bool    // stack the time plot's methods
	LogY      bool    // the time plot's counts on a log scale
}

// RatePointsPerDecade is the density of the running rate that [Files]
// reads: enough for a smooth curve, a few hundred points for ten million
// boards.
const RatePointsPerDecade = 50

// DifficultyTitle is the difficulty plot's title when none is given.
const DifficultyTitle = "Difficulty of winnable boards (McDonald): random playouts that clear them"

// Files draws the plot o.Kind of the record files at paths, which are read
// as [analysis.MergeFiles] reads them (one experiment; a game found twice
// counts once). For the difficulty plot the files are grouped by layout,
// each group merged into one series, in the order of the first file of
// each; for the play plot, by strategy (files of mjsolve solitaire play
// only). It returns the plot and, for the rate, time and play plots, the files
// that end early (cut by a crash; what was cut off is missing). Files
// without playouts give an error wrapping [ErrNoPlayouts] that names them.
//
// It stops when ctx is done (Ctrl-C while it reads millions of records),
// with an error wrapping ctx.Err().
func Files(ctx context.Context, paths []string, o FilesOptions) (*gplot.Plot, []string, error) {
	switch o.Kind {
	case "", "rate", "time":
	case "difficulty":
		p, err := difficultyFiles(ctx, paths, o.Title)
		return p, nil, err
	case "play":
		return playFiles(ctx, paths, o.Title)
	case "budget":
		return budgetFiles(ctx, paths, o.Title)
	default:
		return nil, nil, fmt.Errorf("analysis: plot: unknown kind %q (want %s)", o.Kind, strings.Join(Kinds, ", "))
	}
	d, err := analysis.ReadPlotData(ctx, paths, RatePointsPerDecade)
	if err != nil {
		return nil, nil, err
	}
	var p *gplot.Plot
	if o.Kind == "time" {
		p, err = Time(d, TimeOptions{Title: o.Title, PerDecade: o.PerDecade, Stacked: o.Stacked, LogY: o.LogY})
	} else {
		p, err = Rate(d, RateOptions{Title: o.Title, Reference: o.Reference})
	}
	return p, d.Merge.Truncated, err
}

// difficultyFiles draws the difficulty of the files, one series per layout.
func difficultyFiles(ctx context.Context, paths []string, title string) (*gplot.Plot, error) {
	var order []string
	groups := map[string][]string{}
	for _, f := range paths {
		h, err := analysis.ReadHeader(f)
		if err != nil {
			return nil, err
		}
		if groups[h.Layout] == nil {
			order = append(order, h.Layout)
		}
		groups[h.Layout] = append(groups[h.Layout], f)
	}
	var series []DifficultySeries
	for _, name := range order {
		m, err := analysis.MergeFiles(ctx, groups[name])
		if err != nil {
			return nil, err
		}
		if m.Summary.Difficulty.Boards == 0 {
			// A layout whose files hold no playouts would be left out of
			// the picture: say so, as for a lone such file.
			return nil, fmt.Errorf("%s: %w", strings.Join(groups[name], " "), ErrNoPlayouts)
		}
		series = append(series, DifficultySeries{Name: name, Stats: &m.Summary.Difficulty})
	}
	if title == "" {
		title = DifficultyTitle
	}
	p, err := Difficulty(series, title)
	if err != nil {
		if errors.Is(err, ErrNoPlayouts) {
			err = ErrNoPlayouts
		}
		return nil, fmt.Errorf("%s: %w", strings.Join(paths, " "), err)
	}
	return p, nil
}

// PlayTitle is the play plot's title when none is given.
const PlayTitle = "Playing without peeking: boards won by each strategy, and winnable with peeking"

// playFiles draws the win rates of the files' strategies, the files of
// each strategy merged.
func playFiles(ctx context.Context, paths []string, title string) (*gplot.Plot, []string, error) {
	ms, err := analysis.MergeStrategies(ctx, paths)
	if err != nil {
		return nil, nil, err
	}
	var rows []analysis.StrategyPlay
	var truncated []string
	for _, m := range ms {
		rows = append(rows, analysis.StrategyPlay{Strategy: m.Header.Strategy, Stats: &m.Summary.Play})
		truncated = append(truncated, m.Truncated...)
	}
	sortStrategies(rows)
	if title == "" {
		title = PlayTitle
	}
	p, err := PlayRates(rows, title)
	return p, truncated, noPlays(paths, err)
}

// sortStrategies puts rows in the order nopeek lists its strategies, the
// weakest first, as the play command runs them, whatever the order of the
// files named; a strategy nopeek does not know goes last.
func sortStrategies(rows []analysis.StrategyPlay) {
	names := nopeek.Strategies()
	rank := func(s string) int {
		if i := slices.Index(names, s); i >= 0 {
			return i
		}
		return len(names)
	}
	slices.SortStableFunc(rows, func(a, b analysis.StrategyPlay) int { return cmp.Compare(rank(a.Strategy), rank(b.Strategy)) })
}

// BudgetTitle is the budget plot's title when none is given.
const BudgetTitle = "Playing without peeking: boards won at each budget per move, and winnable with peeking"

// budgetFiles draws the win rates of the files' strategies at each of
// their budgets (nopeek.Budget of the header's strategy version), the
// files of each strategy and version merged; the bars come in nopeek's
// order of the strategies, and by growing budget within one.
func budgetFiles(ctx context.Context, paths []string, title string) (*gplot.Plot, []string, error) {
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("analysis: plot: no files")
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("analysis: plot: %w", err)
	}
	type key struct{ strategy, version string }
	var order []key
	groups := map[key][]string{}
	budget := map[key]int{}
	var first analysis.Header
	for i, f := range paths {
		h, err := analysis.ReadHeader(f)
		if err != nil {
			return nil, nil, err
		}
		if h.Strategy == "" {
			return nil, nil, fmt.Errorf("analysis: plot: %s: %w", f, analysis.ErrNoPlay)
		}
		if i == 0 {
			first = h
		} else {
			o := h
			o.Strategy, o.StrategyVersion = first.Strategy, first.StrategyVersion
			if err := first.Compatible(&o); err != nil {
				was, is := err.(*analysis.MismatchError).Sides()
				return nil, nil, fmt.Errorf("analysis: plot: cannot compare %s with %s: %s was written with %s; %s with %s", f, paths[0], f, is, paths[0], was)
			}
		}
		k := key{h.Strategy, h.StrategyVersion}
		if groups[k] == nil {
			n, err := nopeek.Budget(h.Strategy, h.StrategyVersion)
			if err != nil {
				return nil, nil, fmt.Errorf("analysis: plot: %s: %w", f, err)
			}
			order = append(order, k)
			budget[k] = n
		}
		groups[k] = append(groups[k], f)
	}
	names := nopeek.Strategies()
	slices.SortStableFunc(order, func(a, b key) int {
		return cmp.Or(cmp.Compare(slices.Index(names, a.strategy), slices.Index(names, b.strategy)), cmp.Compare(budget[a], budget[b]))
	})
	var rows []analysis.StrategyPlay
	var truncated []string
	for _, k := range order {
		m, err := analysis.MergeFiles(ctx, groups[k])
		if err != nil {
			return nil, nil, err
		}
		label := k.strategy
		switch k.strategy {
		case "hindsight":
			label = fmt.Sprintf("%s, %d deals", k.strategy, budget[k])
		case "lookahead":
			label = fmt.Sprintf("%s, %d playouts", k.strategy, budget[k])
		}
		rows = append(rows, analysis.StrategyPlay{Strategy: label, Stats: &m.Summary.Play})
		truncated = append(truncated, m.Truncated...)
	}
	if title == "" {
		title = BudgetTitle
	}
	p, err := PlayRates(rows, title)
	return p, truncated, noPlays(paths, err)
}

// noPlays names the files in an error of [PlayRates] that says none of
// them holds a finished board.
func noPlays(paths []string, err error) error {
	if errors.Is(err, ErrNoPlays) {
		return fmt.Errorf("analysis: plot: %s: %w", strings.Join(paths, " "), err)
	}
	return err
}
