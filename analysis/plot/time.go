package plot

import (
	"fmt"
	"image/color"
	"math"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/mjsolve/mjsolve/analysis"
)

// TimeOptions are the options of [Time].
type TimeOptions struct {
	Title     string // "" for [Title]
	PerDecade int    // histogram bins per power of ten; 0 for 20
	Stacked   bool   // stack the methods' histograms instead of overlaying them
	LogY      bool   // a log scale for the counts, so that a method of few boards shows
}

// Time draws a histogram of the time per board of d on a log axis, one
// series per method (overlaid outlines, or filled and stacked), with the
// mean, median and 99th percentile of all boards marked. The count axis
// is linear, or with LogY logarithmic from half a board.
func Time(d *analysis.PlotData, o TimeOptions) (*gplot.Plot, error) {
	if d.Merge == nil || d.Merge.Summary == nil || d.Merge.Summary.Time.Count == 0 || len(d.Methods) == 0 {
		return nil, fmt.Errorf("analysis: plot: no records in the files")
	}
	all := &d.Merge.Summary.Time
	if o.PerDecade == 0 {
		o.PerDecade = 20
	}
	if o.PerDecade < 1 || o.PerDecade > 1000 {
		return nil, fmt.Errorf("analysis: plot: %d bins per decade is not between 1 and 1000", o.PerDecade)
	}
	lo, hi := max(float64(all.Min), 1), max(float64(all.Max), 1)
	p := gplot.New()
	p.Title.Text = o.Title
	if p.Title.Text == "" {
		p.Title.Text = Title(d)
	}
	p.X.Label.Text = "CPU time per board"
	p.Y.Label.Text = fmt.Sprintf("boards per bin (%d bins per decade)", o.PerDecade)
	p.X.Scale = gplot.LogScale{}
	p.X.Tick.Marker = durationTicks{}
	p.Y.Tick.Marker = linearTicks{}
	floor := 0.0 // where a bin of no boards is drawn
	if o.LogY {
		// Counts are fractions where a fine bucket straddles a bin edge;
		// less than half a board in a bin is drawn as half a board.
		floor = 0.5
		p.Y.Scale = gplot.LogScale{}
		p.Y.Tick.Marker = logCountTicks{}
	}
	p.Add(plotter.NewGrid())

	var hists []*analysis.LogHistogram
	for _, m := range d.Methods {
		h, err := m.Time.LogHistogram(o.PerDecade, lo, hi)
		if err != nil {
			return nil, err
		}
		hists = append(hists, h)
	}
	base := make([]float64, len(hists[0].Counts))
	ymax := 0.0
	for i, h := range hists {
		m := d.Methods[i]
		top := make([]float64, len(base))
		for j, c := range h.Counts {
			top[j] = c
			if o.Stacked {
				top[j] += base[j]
			}
			ymax = max(ymax, top[j])
		}
		col := methodColor(m.Method, i)
		label := fmt.Sprintf("%s: %s, median %s", m.Method, countOf(m.Time.Count, "board"), formatNS(float64(m.Time.Quantile(0.5))))
		if o.Stacked {
			pts := steps(h, top, floor)
			lower := steps(h, base, floor)
			for k := len(lower) - 1; k >= 0; k-- {
				pts = append(pts, lower[k])
			}
			poly, err := plotter.NewPolygon(pts)
			if err != nil {
				return nil, fmt.Errorf("analysis: plot: %w", err)
			}
			r, g, b, _ := col.RGBA()
			poly.Color = color.RGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 255}
			poly.LineStyle.Width = 0
			p.Add(poly)
			p.Legend.Add(label, poly)
			base = top
			continue
		}
		for k, run := range outlines(h, top, floor) {
			l, err := plotter.NewLine(run)
			if err != nil {
				return nil, fmt.Errorf("analysis: plot: %w", err)
			}
			l.Color = col
			l.Width = vg.Points(1.3)
			p.Add(l)
			if k == 0 {
				p.Legend.Add(label, l)
			}
		}
	}
	ymax = max(ymax, 1)
	// height is f times the highest bin; on a log axis, f times as many
	// decades above the floor.
	height := func(f float64) float64 {
		if !o.LogY {
			return ymax * f
		}
		return floor * math.Pow(ymax/floor, f)
	}
	marks := []struct {
		name string
		ns   float64
	}{
		{"mean", float64(all.Mean())},
		{"median", float64(all.Quantile(0.5))},
		{"p99", float64(all.Quantile(0.99))},
	}
	for i, mk := range marks {
		x := max(mk.ns, 1)
		l, err := plotter.NewLine(plotter.XYs{{X: x, Y: floor}, {X: x, Y: height(1.05)}})
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		l.Color = markColor(i)
		l.Width = vg.Points(1)
		l.Dashes = [][]vg.Length{{vg.Points(5), vg.Points(3)}, {vg.Points(2), vg.Points(2)}, {vg.Points(8), vg.Points(2), vg.Points(2), vg.Points(2)}}[i]
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s %s (all boards)", mk.name, formatNS(mk.ns)), l)
	}
	h0 := hists[0]
	p.X.Min, p.X.Max = h0.Edge(0), h0.Edge(len(h0.Counts))
	p.Y.Min, p.Y.Max = floor, height(1.4) // headroom for the legend above the marks
	p.Legend.Top = true
	return p, nil
}

// steps outlines a histogram with heights ys on the bins of h, from floor
// at the first edge to floor at the last; heights below floor are drawn at
// floor.
func steps(h *analysis.LogHistogram, ys []float64, floor float64) plotter.XYs {
	pts := make(plotter.XYs, 0, 2*len(ys)+2)
	pts = append(pts, plotter.XY{X: h.Edge(0), Y: floor})
	for j, y := range ys {
		y = max(y, floor)
		pts = append(pts, plotter.XY{X: h.Edge(j), Y: y}, plotter.XY{X: h.Edge(j + 1), Y: y})
	}
	return append(pts, plotter.XY{X: h.Edge(len(ys)), Y: floor})
}

// outlines outlines a histogram as steps does, but on a log axis (floor >
// 0) leaves out the runs of bins below the floor, so that a method's empty
// stretches do not draw a line along the bottom.
func outlines(h *analysis.LogHistogram, ys []float64, floor float64) []plotter.XYs {
	if floor == 0 {
		return []plotter.XYs{steps(h, ys, 0)}
	}
	var out []plotter.XYs
	var run plotter.XYs
	for j, y := range ys {
		if y < floor {
			if run != nil {
				out = append(out, append(run, plotter.XY{X: h.Edge(j), Y: floor}))
				run = nil
			}
			continue
		}
		if run == nil {
			run = plotter.XYs{{X: h.Edge(j), Y: floor}}
		}
		run = append(run, plotter.XY{X: h.Edge(j), Y: y}, plotter.XY{X: h.Edge(j + 1), Y: y})
	}
	if run != nil {
		out = append(out, append(run, plotter.XY{X: h.Edge(len(ys)), Y: floor}))
	}
	if out == nil { // nothing reaches the floor: a line along it for the legend
		out = append(out, steps(h, ys, floor))
	}
	return out
}
