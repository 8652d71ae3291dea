package plot

import (
	"errors"
	"fmt"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/chart"
)

// DifficultySeries is the difficulty of one layout's winnable boards.
type DifficultySeries struct {
	Name  string
	Stats *analysis.DifficultyStats
}

// ErrNoPlayouts is the error of [Difficulty] when no series holds a
// playout: the records were written without --difficulty.
var ErrNoPlayouts = errors.New("no boards with playouts (run with --difficulty K)")

// Difficulty draws the distribution of McDonald's difficulty of each
// layout's winnable boards. Each layout is a cumulative curve: at each
// share f of random playouts (a log axis, at the edges of the bins of
// [analysis.DifficultyStats], ten per power of ten), the share of boards
// (in percent) that fewer than f of their playouts cleared. The curve
// starts at the boards no playout cleared, which a log axis cannot show as
// a point of their own (the legend gives their share too), and reaches 100%
// at f = 1. A cumulative curve and not a histogram: with K playouts a
// board's share is a multiple of 1/K, so at K = 100 most bins below 10%
// hold one such multiple or none, and a histogram would show empty bins
// between full ones that say nothing of the boards.
func Difficulty(series []DifficultySeries, title string) (*gplot.Plot, error) {
	lo := analysis.DifficultyBins
	for _, s := range series {
		if s.Stats == nil {
			continue // drawn as no boards, below
		}
		for i, c := range s.Stats.Bins {
			if c > 0 {
				lo = min(lo, i)
				break
			}
		}
	}
	if lo == analysis.DifficultyBins && len(series) > 0 {
		lo = analysis.DifficultyBins - 1
	}
	drawn := 0
	p := gplot.New()
	p.Title.Text = title
	p.X.Label.Text = "share f of random playouts that cleared the board"
	p.Y.Label.Text = "winnable boards cleared by fewer than f (%)"
	p.X.Scale = gplot.LogScale{}
	p.X.Tick.Marker = fractionTicks{}
	p.Add(plotter.NewGrid())
	for k, s := range series {
		d := s.Stats
		if d == nil || d.Boards == 0 {
			continue
		}
		line, err := plotter.NewLine(difficultyCurve(d, lo))
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		line.Color = chart.SeriesColor(k)
		line.Width = vg.Points(1.5)
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s: %s, %.1f%% never cleared, mean %.2f%%", s.Name, countOf(d.Boards, "board"),
			100*float64(d.Never)/float64(d.Boards), 100*d.Mean()), line)
		drawn++
	}
	if drawn == 0 {
		return nil, fmt.Errorf("analysis: plot: %w", ErrNoPlayouts)
	}
	// Bottom right, under the curves that reach 100% on the right.
	p.Legend.Top, p.Legend.Left = false, false
	p.Legend.XOffs, p.Legend.YOffs = -vg.Points(24), vg.Points(12)
	p.Y.Min, p.Y.Max = 0, 100
	return p, nil
}

// difficultyCurve is the cumulative curve of d from the lower edge of bin
// lo: at the lower edge of each bin, the share (in percent) of boards with
// a smaller fraction (those never cleared and those of the bins before),
// and 100% at f = 1.
func difficultyCurve(d *analysis.DifficultyStats, lo int) plotter.XYs {
	below := d.Never
	for _, c := range d.Bins[:lo] {
		below += c
	}
	var pts plotter.XYs
	for i := lo; i <= analysis.DifficultyBins; i++ {
		a, _ := analysis.DifficultyBinRange(i)
		pts = append(pts, plotter.XY{X: a, Y: 100 * float64(below) / float64(d.Boards)})
		below += d.Bins[i]
	}
	return append(pts, plotter.XY{X: 1, Y: 100}) // the boards every playout cleared
}

// fractionTicks label a log axis of fractions as percentages.
type fractionTicks struct{}

func (fractionTicks) Ticks(lo, hi float64) []gplot.Tick {
	return logTicks(lo, hi, func(x float64) string {
		return fmt.Sprintf("%g%%", 100*x)
	})
}
