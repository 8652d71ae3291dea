package plot

import (
	"fmt"
	"image/color"

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
}

// Time draws a histogram of the time per board of d on a log axis, one
// series per method (overlaid outlines, or filled and stacked), with the
// mean, median and 99th percentile of all boards marked.
func Time(d *analysis.PlotData, o TimeOptions) (*gplot.Plot, error) {
	all := &d.Merge.Summary.Time
	if all.Count == 0 {
		return nil, fmt.Errorf("analysis: plot: no records in the files")
	}
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
	p.X.Label.Text = "time per board"
	p.Y.Label.Text = fmt.Sprintf("boards per bin (%d bins per decade)", o.PerDecade)
	p.X.Scale = gplot.LogScale{}
	p.X.Tick.Marker = durationTicks{}
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
		label := fmt.Sprintf("%s: %s boards, median %s", m.Method, groupDigits(m.Time.Count), formatNS(float64(m.Time.Quantile(0.5))))
		if o.Stacked {
			pts := steps(h, top)
			lower := steps(h, base)
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
		l, err := plotter.NewLine(steps(h, top))
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		l.Color = col
		l.Width = vg.Points(1.3)
		p.Add(l)
		p.Legend.Add(label, l)
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
		l, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: ymax * 1.05}})
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
	p.Y.Min, p.Y.Max = 0, max(ymax*1.4, 1) // headroom for the legend above the marks
	p.Legend.Top = true
	return p, nil
}

// steps outlines a histogram with heights ys on the bins of h, from 0 at
// the first edge to 0 at the last.
func steps(h *analysis.LogHistogram, ys []float64) plotter.XYs {
	pts := make(plotter.XYs, 0, 2*len(ys)+2)
	pts = append(pts, plotter.XY{X: h.Edge(0), Y: 0})
	for j, y := range ys {
		pts = append(pts, plotter.XY{X: h.Edge(j), Y: y}, plotter.XY{X: h.Edge(j + 1), Y: y})
	}
	return append(pts, plotter.XY{X: h.Edge(len(ys)), Y: 0})
}
