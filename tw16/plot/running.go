package plot

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/mjsolve/mjsolve/internal/chart"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Series is one named sequence of values, the i-th taken at x = i+1.
type Series struct {
	Name   string
	Values []float64
}

// RunningMeanOptions are the options of [RunningMeans].
type RunningMeanOptions struct {
	Title  string
	XLabel string // default "hands played"
	YLabel string // default "mean score per hand"
}

// RunningMeans draws the running mean of each series: the mean of its
// first n values against n.
//
// With its line at zero it shows when a ranking settles (the MJTalk
// thesis's figures 3-19 to 3-21 of a Mahjong match). The legend gives each
// series' final mean.
func RunningMeans(series []Series, o RunningMeanOptions) (*gplot.Plot, error) {
	n := 0
	for _, s := range series {
		n = max(n, len(s.Values))
	}
	if n == 0 {
		return nil, fmt.Errorf("analysis: plot: no values to plot")
	}
	p := gplot.New()
	p.Title.Text = o.Title
	p.X.Label.Text = o.XLabel
	if p.X.Label.Text == "" {
		p.X.Label.Text = "hands played"
	}
	p.Y.Label.Text = o.YLabel
	if p.Y.Label.Text == "" {
		p.Y.Label.Text = "mean score per hand"
	}
	p.X.Tick.Marker = plainTicks{}
	p.Add(plotter.NewGrid())
	zero, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 0}, {X: float64(max(n, 2)), Y: 0}})
	if err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	zero.Color = color.Gray{Y: 120}
	zero.Width = vg.Points(0.8)
	p.Add(zero)
	for i, s := range series {
		if len(s.Values) == 0 {
			continue
		}
		xys := make(plotter.XYs, len(s.Values))
		sum := 0.0
		for j, v := range s.Values {
			sum += v
			xys[j] = plotter.XY{X: float64(j + 1), Y: sum / float64(j+1)}
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		l.Color = chart.SeriesColor(i)
		l.Dashes = plotutil.Dashes(i / len(chart.SeriesColors))
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s: %.1f after %d", s.Name, xys[len(xys)-1].Y, len(xys)), l)
	}
	p.X.Min, p.X.Max = 1, float64(max(n, 2))
	p.Legend.Top = true
	return p, nil
}

// RenderRunningMeans draws [RunningMeans] of series and renders it at w×h
// pixels in format ("png", "svg" or "pdf"; see [Render]).
func RenderRunningMeans(series []Series, o RunningMeanOptions, w, h int, format string) ([]byte, error) {
	p, err := RunningMeans(series, o)
	if err != nil {
		return nil, err
	}
	return chart.Render(p, w, h, format)
}

// plainTicks are gonum's default ticks labelled without trailing zeros
// ("25", not "25.00").
type plainTicks struct{}

func (plainTicks) Ticks(lo, hi float64) []gplot.Tick {
	ts := gplot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'f', -1, 64)
		}
	}
	return ts
}
