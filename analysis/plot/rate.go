package plot

import (
	"fmt"
	"math"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mjsolve/mjsolve/analysis"
)

// RateOptions are the options of [Rate].
type RateOptions struct {
	Title     string  // "" for [Title]
	Reference float64 // a rate (0.0295 for 2.95%) drawn as a horizontal line; 0 for none
}

// Rate draws the running unwinnable rate of d (in percent) against the
// number of decided boards on a log axis, with its 95% Wilson band and an
// optional reference line. The y axis is zoomed on the result: the final
// interval takes a sixth of its height, with the reference in view; where
// the early curve leaves the axis, triangles along the edge mark the cut.
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
	p.Y.Tick.Marker = linearTicks{}
	p.Add(plotter.NewGrid())

	n := len(d.Rate)
	line := make(plotter.XYs, n)
	band := make(plotter.XYs, 2*n)
	last := d.Rate[n-1]
	for i, pt := range d.Rate {
		x := float64(pt.Boards)
		line[i] = plotter.XY{X: x, Y: 100 * pt.Rate}
		band[i] = plotter.XY{X: x, Y: 100 * pt.Hi}
		band[2*n-1-i] = plotter.XY{X: x, Y: 100 * pt.Lo}
	}
	ymin, ymax := rateRange(100*last.Lo, 100*last.Hi, 100*o.Reference)
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
	p.Legend.Add(fmt.Sprintf("running rate: %.2f%% after %s", 100*last.Rate, countOf(last.Boards, "board")), l)
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
	}
	// The curve where it leaves the axis (early on, when a few boards make
	// the rate jump): triangles along the edge say it was cut.
	above, below := clipMarks(line, ymin, ymax)
	for _, c := range []struct {
		pts   plotter.XYs
		glyph draw.GlyphDrawer
		label string
	}{
		{above, draw.PyramidGlyph{}, "running rate above the axis (cut)"},
		{below, invertedPyramid{}, "running rate below the axis (cut)"},
	} {
		if len(c.pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(c.pts)
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: clipColor, Radius: vg.Points(3), Shape: c.glyph}
		p.Add(sc)
		p.Legend.Add(c.label, sc)
	}
	p.X.Min, p.X.Max = 1, max(float64(last.Boards), 10)
	p.Y.Min, p.Y.Max = ymin, ymax
	// The legend goes where the result is not: at the top, unless the final
	// interval lies in the upper part of the axis (a rate near 100%).
	p.Legend.Top = (100*(last.Lo+last.Hi)/2-ymin)/(ymax-ymin) <= 0.55
	return p, nil
}

// rateRange is the y range of the rate plot (in percent) for a final
// interval [lo, hi] and a reference ref (0 for none): six times the
// interval's width around it, widened to show the reference, within
// [0, 100].
func rateRange(lo, hi, ref float64) (ymin, ymax float64) {
	span := max(6*(hi-lo), 1e-3)
	mid := (lo + hi) / 2
	ymin, ymax = mid-span/2, mid+span/2
	if ref > 0 {
		ymin, ymax = min(ymin, ref-span/12), max(ymax, ref+span/12)
	}
	if ymin < 0 {
		ymin, ymax = 0, ymax-ymin
	}
	if ymax > 100 {
		ymin, ymax = max(0, ymin-(ymax-100)), 100
	}
	return ymin, ymax
}

// clipMarks returns where to mark the points of line above ymax and below
// ymin: just inside the edge, at most one mark per quarter of a power of
// ten along the (log) x axis, so that the marks stay apart.
func clipMarks(line plotter.XYs, ymin, ymax float64) (above, below plotter.XYs) {
	inset := (ymax - ymin) / 60
	var lastAbove, lastBelow float64
	for _, pt := range line {
		switch {
		case pt.Y > ymax && pt.X >= 1.25*lastAbove:
			above = append(above, plotter.XY{X: pt.X, Y: ymax - inset})
			lastAbove = pt.X
		case pt.Y < ymin && pt.X >= 1.25*lastBelow:
			below = append(below, plotter.XY{X: pt.X, Y: ymin + inset})
			lastBelow = pt.X
		}
	}
	return above, below
}

// invertedPyramid is a filled triangle pointing down.
type invertedPyramid struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (invertedPyramid) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius * 1.25
	var p vg.Path
	p.Move(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r*0.866, Y: pt.Y + r/2})
	p.Line(vg.Point{X: pt.X + r*0.866, Y: pt.Y + r/2})
	p.Close()
	c.SetColor(sty.Color)
	c.Fill(p)
}
