package plot

import (
	"errors"
	"fmt"
	"image/color"
	"strconv"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/chart"
)

// ErrNoPlays is the error of [PlayRates] when no strategy has played a
// board, and what the error of [Files] wraps for play files that hold no
// finished board yet (a file of the main job, with no play at all, is
// analysis.ErrNoPlay instead).
var ErrNoPlays = errors.New("no board played yet")

// peekColor and peekTint draw the rate with peeking beside the strategies'
// blue bars.
var (
	peekColor color.Color = chart.Orange
	peekTint  color.Color = color.RGBA{248, 226, 179, 255} // orange at 30% on white
)

// PlayRates draws the win rate of each strategy playing without peeking.
// Each strategy of rows with plays is a horizontal bar with its 95% Wilson
// interval as a whisker, in the order given from the top, and below them,
// in orange, the share of the same boards that are winnable with peeking
// (the exact solver's verdicts), with its interval: what a player who could
// peek would win. The gap between a strategy's bar and it is the price of
// not peeking. Every bar is labelled with its rate. The peeking rate is
// taken from the strategy with the most decided boards (all strategies of
// one play have the same boards); when the solver decided none of them,
// that row says so and has no bar.
func PlayRates(rows []analysis.StrategyPlay, title string) (*gplot.Plot, error) {
	var peek *analysis.PlayStats
	var drawn []analysis.StrategyPlay
	for _, r := range rows {
		if r.Stats == nil || r.Stats.Boards == 0 {
			continue
		}
		drawn = append(drawn, r)
		if peek == nil || r.Stats.Winnable+r.Stats.Impossible > peek.Winnable+peek.Impossible {
			peek = r.Stats
		}
	}
	if len(drawn) == 0 {
		return nil, ErrNoPlays
	}
	n := len(drawn)
	p := percentBars(title, "boards won (%), with 95% interval")

	// Bar i is drawn at y = i from the bottom: the peeking rate at 0, the
	// strategies above it, the first at the top.
	names := make([]string, n+1)
	vals := make(plotter.Values, n)
	whiskers := make(xErrors, 0, n+1)
	var labels plotter.XYLabels
	var alignRight []bool
	mark := func(y int, rate, lo, hi float64) {
		whiskers = append(whiskers, xError{x: 100 * rate, y: float64(y), lo: 100 * (rate - lo), hi: 100 * (hi - rate)})
		x, right := 100*hi+1.5, false
		if hi > 0.88 { // no room on the right: inside the bar, left of the whisker
			x, right = 100*lo-1.5, true
		}
		labels.XYs = append(labels.XYs, plotter.XY{X: x, Y: float64(y)})
		labels.Labels = append(labels.Labels, strconv.FormatFloat(100*rate, 'f', 1, 64)+"%")
		alignRight = append(alignRight, right)
	}
	pr, plo, phi := peek.PeekRate()
	decided := peek.Winnable + peek.Impossible
	names[0] = "with peeking"
	if decided > 0 {
		mark(0, pr, plo, phi)
	} else {
		names[0] = "with peeking: no board decided" // a rate of nothing: no bar
	}
	for k, r := range drawn {
		y := n - k
		rate, lo, hi := r.Stats.WinRate()
		names[y] = r.Strategy
		vals[y-1] = 100 * rate
		mark(y, rate, lo, hi)
	}
	bars, err := rateBars(vals, vg.Points(18))
	if err != nil {
		return nil, err
	}
	bars.XMin = 1
	p.Add(bars)
	var pb *plotter.BarChart
	if decided > 0 {
		pb, err = plotter.NewBarChart(plotter.Values{100 * pr}, vg.Points(18))
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		pb.Horizontal = true
		pb.Color, pb.LineStyle.Color, pb.LineStyle.Width = peekTint, peekColor, vg.Points(0.5)
		p.Add(pb)
	}
	if err := addWhiskers(p, whiskers); err != nil {
		return nil, err
	}
	lb, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i].YAlign = -0.5 // centred on the bar
		if alignRight[i] {
			lb.TextStyle[i].XAlign = -1
		}
	}
	p.Add(lb)
	p.Legend.Add("won without peeking", bars)
	if pb != nil {
		p.Legend.Add(fmt.Sprintf("winnable with peeking (exact solver, %s)", countOf(decided, "board")), pb)
	}
	p.Legend.Top = true // above the strategies' bars, away from the peeking rate's
	p.Legend.Left = false
	p.Legend.YOffs = -vg.Points(8) // clear of the title
	p.NominalY(names...)
	p.Y.Padding = vg.Points(16)
	return p, nil
}

// PlayRatesHeight is a picture height in pixels that gives each of n
// strategies (and the peeking bar) room.
func PlayRatesHeight(n int) int { return max(260, 110+44*(n+1)) }

// RenderPlayRates draws [PlayRates] of rows at 960 pixels wide and a
// height that fits them ([PlayRatesHeight]), as format ("png", "svg" or
// "pdf"; see [Render]).
func RenderPlayRates(rows []analysis.StrategyPlay, title, format string) ([]byte, error) {
	p, err := PlayRates(rows, title)
	if err != nil {
		return nil, err
	}
	return Render(p, 960, PlayRatesHeight(len(rows)), format)
}
