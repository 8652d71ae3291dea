package plot

import (
	"errors"
	"fmt"
	"math"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/mjsolve/mjsolve/analysis"
)

// DifficultySeries is the difficulty of one layout's winnable boards.
type DifficultySeries struct {
	Name  string
	Stats *analysis.DifficultyStats
}

// ErrNoPlayouts is the error of [Difficulty] when no series holds a
// playout: the records were written without --difficulty.
var ErrNoPlayouts = errors.New("no boards with playouts (run with --difficulty K)")

// Difficulty draws, for each layout, the distribution of McDonald's
// difficulty of its winnable boards: the share of boards (in percent)
// against the fraction of random playouts that cleared them, on a log axis
// in the bins of [analysis.DifficultyStats] (ten per power of ten). Boards
// no playout cleared cannot be put on a log axis: the legend gives their
// share beside the layout's name.
func Difficulty(series []DifficultySeries, title string) (*gplot.Plot, error) {
	lo := analysis.DifficultyBins
	for _, s := range series {
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
	p.X.Label.Text = "share of random playouts that cleared the board"
	p.Y.Label.Text = "winnable boards (%)"
	p.X.Scale = gplot.LogScale{}
	p.X.Tick.Marker = fractionTicks{}
	p.Add(plotter.NewGrid())
	for k, s := range series {
		d := s.Stats
		if d == nil || d.Boards == 0 {
			continue
		}
		var pts plotter.XYs
		for i := lo; i <= analysis.DifficultyBins; i++ {
			a, b := analysis.DifficultyBinRange(i)
			share := 100 * float64(d.Bins[i]) / float64(d.Boards)
			if i == analysis.DifficultyBins {
				b = a * math.Pow(10, 0.1) // the bin of f = 1, drawn one bin wide
			}
			pts = append(pts, plotter.XY{X: a, Y: share}, plotter.XY{X: b, Y: share})
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		line.Color = seriesColor(k)
		line.Width = vg.Points(1.5)
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s: %d boards, %.1f%% never cleared, mean %.2f%%", s.Name, d.Boards,
			100*float64(d.Never)/float64(d.Boards), 100*d.Mean()), line)
		drawn++
	}
	if drawn == 0 {
		return nil, fmt.Errorf("analysis: plot: %w", ErrNoPlayouts)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Y.Min = 0
	return p, nil
}

// fractionTicks label a log axis of fractions as percentages.
type fractionTicks struct{}

func (fractionTicks) Ticks(lo, hi float64) []gplot.Tick {
	return logTicks(lo, hi, func(x float64) string {
		return fmt.Sprintf("%g%%", 100*x)
	})
}
