package analysis

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// PlotTitle names the experiment of d for a plot's title: layout, tiles,
// deal, seed and the number of boards read (with the decided ones when
// some are unknown).
func PlotTitle(d *PlotData) string {
	h, s := d.Merge.Header, d.Merge.Summary
	t := fmt.Sprintf("%s (%d tiles), deal %s, seed %d: %s boards", h.Layout, h.Tiles, h.Deal, h.Seed, groupDigits(s.Boards))
	if s.Unknown != 0 {
		t += fmt.Sprintf(" (%s decided)", groupDigits(s.Decided()))
	}
	return t
}

// RatePlotOptions are the options of [RatePlot].
type RatePlotOptions struct {
	Title     string  // "" for [PlotTitle]
	Reference float64 // a rate (0.0295 for 2.95%) drawn as a horizontal line; 0 for none
}

// RatePlot draws the running unwinnable rate of d (in percent) against the
// number of decided boards on a log axis, with its 95% Wilson band and an
// optional reference line. The y range shows the band from 100 boards on
// (earlier points, with bands near [0, 100%], are cut at the top).
func RatePlot(d *PlotData, o RatePlotOptions) (*plot.Plot, error) {
	if len(d.Rate) == 0 {
		return nil, fmt.Errorf("analysis: plot: no decided boards in the files")
	}
	if o.Reference < 0 || o.Reference > 1 || math.IsNaN(o.Reference) {
		return nil, fmt.Errorf("analysis: plot: reference rate %g is not between 0 and 1", o.Reference)
	}
	p := plot.New()
	p.Title.Text = o.Title
	if p.Title.Text == "" {
		p.Title.Text = PlotTitle(d)
	}
	p.X.Label.Text = "decided boards (in game order)"
	p.Y.Label.Text = "unwinnable (%)"
	p.X.Scale = plot.LogScale{}
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
	poly.Color = color.RGBA{R: 160, G: 190, B: 230, A: 255}
	poly.LineStyle.Width = 0
	l, err := plotter.NewLine(line)
	if err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	l.Color = color.RGBA{B: 160, A: 255}
	l.Width = vg.Points(1.5)
	p.Add(poly, l)
	p.Legend.Add(fmt.Sprintf("running rate: %.2f%% after %s boards", 100*last.Rate, groupDigits(last.Boards)), l)
	p.Legend.Add(fmt.Sprintf("95%% Wilson interval: %.2f%% to %.2f%%", 100*last.Lo, 100*last.Hi), poly)
	if o.Reference > 0 {
		ref, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 100 * o.Reference}, {X: float64(last.Boards), Y: 100 * o.Reference}})
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		ref.Color = color.RGBA{R: 200, A: 255}
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

// TimePlotOptions are the options of [TimePlot].
type TimePlotOptions struct {
	Title     string // "" for [PlotTitle]
	PerDecade int    // histogram bins per power of ten; 0 for 20
	Stacked   bool   // stack the methods' histograms instead of overlaying them
}

// TimePlot draws a histogram of the time per board of d on a log axis, one
// series per method (overlaid outlines, or filled and stacked), with the
// mean, median and 99th percentile of all boards marked.
func TimePlot(d *PlotData, o TimePlotOptions) (*plot.Plot, error) {
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
	p := plot.New()
	p.Title.Text = o.Title
	if p.Title.Text == "" {
		p.Title.Text = PlotTitle(d)
	}
	p.X.Label.Text = "time per board"
	p.Y.Label.Text = fmt.Sprintf("boards per bin (%d bins per decade)", o.PerDecade)
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = durationTicks{}
	p.Add(plotter.NewGrid())

	var hists []*LogHistogram
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
		l.Color = color.Gray{Y: uint8(40 * i)}
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

// methodColors fixes the colours of the solver's methods, so that a method
// looks the same in every plot; other names take the palette from index 4.
var methodColors = map[string]int{"random": 0, "search": 1, "prune": 2, "budget": 3}

// methodColor is the colour of the i-th series, for method m.
func methodColor(m string, i int) color.Color {
	if c, ok := methodColors[m]; ok {
		return plotutil.Color(c)
	}
	return plotutil.Color(len(methodColors) + i)
}

// steps outlines a histogram with heights ys on the bins of h, from 0 at
// the first edge to 0 at the last.
func steps(h *LogHistogram, ys []float64) plotter.XYs {
	pts := make(plotter.XYs, 0, 2*len(ys)+2)
	pts = append(pts, plotter.XY{X: h.Edge(0), Y: 0})
	for j, y := range ys {
		pts = append(pts, plotter.XY{X: h.Edge(j), Y: y}, plotter.XY{X: h.Edge(j + 1), Y: y})
	}
	return append(pts, plotter.XY{X: h.Edge(len(ys)), Y: 0})
}

// formatNS formats a time in nanoseconds with three significant digits
// and a unit: 950ns, 1.5µs, 107µs, 13.6ms, 2s.
func formatNS(ns float64) string {
	switch {
	case ns < 1e3:
		return fmt.Sprintf("%.3gns", ns)
	case ns < 1e6:
		return fmt.Sprintf("%.3gµs", ns/1e3)
	case ns < 1e9:
		return fmt.Sprintf("%.3gms", ns/1e6)
	}
	return fmt.Sprintf("%.3gs", ns/1e9)
}

// groupDigits writes n with commas between groups of three digits.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// formatCount formats a board count at a power of ten: 1, 10, 100, 1k, …,
// 1M, 10M, 100M, 1G.
func formatCount(x float64) string {
	switch {
	case x < 1e3:
		return fmt.Sprintf("%.0f", x)
	case x < 1e6:
		return fmt.Sprintf("%.0fk", x/1e3)
	case x < 1e9:
		return fmt.Sprintf("%.0fM", x/1e6)
	}
	return fmt.Sprintf("%.0fG", x/1e9)
}

// logTicks puts labelled ticks at the powers of ten in [min, max] and
// unlabelled ones at 2..9 times them.
func logTicks(lo, hi float64, label func(float64) string) []plot.Tick {
	if !(lo > 0) || !(hi >= lo) {
		return nil
	}
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		p := math.Pow(10, e)
		for m := 1.0; m < 10; m++ {
			v := m * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 {
				t.Label = label(v)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// countTicks labels a log axis of board counts.
type countTicks struct{}

func (countTicks) Ticks(lo, hi float64) []plot.Tick { return logTicks(lo, hi, formatCount) }

// durationTicks labels a log axis of nanoseconds with units.
type durationTicks struct{}

func (durationTicks) Ticks(lo, hi float64) []plot.Tick { return logTicks(lo, hi, formatNS) }

// WritePlot renders p at w×h pixels (at 96 dots per inch, so w×h points
// times 4/3 for the vector formats) in format "png", "svg" or "pdf".
func WritePlot(p *plot.Plot, w, h int, format string) ([]byte, error) {
	switch format {
	case "png", "svg", "pdf":
	default:
		return nil, fmt.Errorf("analysis: plot: unknown format %q (want png, svg or pdf)", format)
	}
	if w < 16 || h < 16 || w > 20000 || h > 20000 {
		return nil, fmt.Errorf("analysis: plot: size %dx%d is not between 16 and 20000 pixels a side", w, h)
	}
	wt, err := p.WriterTo(vg.Length(w)*vg.Inch/96, vg.Length(h)*vg.Inch/96, format)
	if err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	return buf.Bytes(), nil
}
