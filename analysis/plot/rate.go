package plot

import (
	"fmt"
	"math"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/mjsolve/mjsolve/analysis"
)

// RateOptions are the options of [Rate].
type RateOptions struct {
	Title     string  // "" for [Title]
	Reference float64 // a rate (0.0295 for 2.95%) drawn as a horizontal line; 0 for none
}

// Rate draws the running unwinnable rate of d (in percent) against the
// number of decided boards on a log axis, with its 95% Wilson band and an
// optional reference line. The y range shows the band from 100 boards on
// (earlier points, with bands near [0, 100%], are cut at the top).
func Rate(d *analysis.PlotData, o RateOptions) (*gplot.Plot, error) {
	if len(d.Rate) == 0 {
		return nil, fmt.Errorf("analysis: plot: no decided boards in the files")
	}
	if o.Reference < 0 || o.Reference > 1 || math.IsNaN(o.Reference) {
		return nil, fmt.Errorf("analysis: plot: reference rate %g is not between 0 and 1", o.Reference)
	}
	p := gplot.New()
	p.Title.Text = o.Title
	if p.Title.Text == "" {
		p.Title.Text = Title(d)
	}
	p.X.Label.Text = "decided boards (in game order)"
	p.Y.Label.Text = "unwinnable (%)"
	p.X.Scale = gplot.LogScale{}
	p.X.Tick.Marker = countTicks{}
	p.Add(plotter.NewGrid())

	n := len(d.Rate)
	line := make(plotter.XYs, n)
	band := make(plotter.XYs, 2*n)
	ymax := 0.0
	last := d.Rate[n-1]
	for i, pt := range d.Rate {
		x := float64(pt.Boards)
		line[i] = plotter.XY{X: x, Y: 100 * pt.Rate}
		band[i] = plotter.XY{X: x, Y: 100 * pt.Hi}
		band[2*n-1-i] = plotter.XY{X: x, Y: 100 * pt.Lo}
		if pt.Boards >= min(100, last.Boards) {
			ymax = max(ymax, 100*pt.Hi)
		}
	}
	poly, err := plotter.NewPolygon(band)
	if err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	poly.Color = rateBandColor
	poly.LineStyle.Width = 0
	l, err := plotter.NewLine(line)
	if err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	l.Color = rateLineColor
	l.Width = vg.Points(1.5)
	p.Add(poly, l)
	p.Legend.Add(fmt.Sprintf("running rate: %.2f%% after %s boards", 100*last.Rate, groupDigits(last.Boards)), l)
	p.Legend.Add(fmt.Sprintf("95%% Wilson interval: %.2f%% to %.2f%%", 100*last.Lo, 100*last.Hi), poly)
	if o.Reference > 0 {
		ref, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 100 * o.Reference}, {X: float64(last.Boards), Y: 100 * o.Reference}})
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		ref.Color = referenceColor
		ref.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		ref.Width = vg.Points(1.2)
		p.Add(ref)
		p.Legend.Add(fmt.Sprintf("reference %.2f%%", 100*o.Reference), ref)
		ymax = max(ymax, 100*o.Reference)
	}
	p.X.Min, p.X.Max = 1, max(float64(last.Boards), 10)
	p.Y.Min, p.Y.Max = 0, min(100, 1.15*ymax)
	if p.Y.Max <= 0 {
		p.Y.Max = 1
	}
	p.Legend.Top = true
	return p, nil
}
