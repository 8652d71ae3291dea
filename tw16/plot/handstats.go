package plot

import (
	"fmt"
	"image/color"
	"strconv"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/mjsolve/mjsolve/internal/chart"
	"github.com/mjsolve/mjsolve/tw16/stats"
)

// The colours of the hand statistics: the dealer's hands in blue, the
// others' in orange (the pair of the Okabe–Ito palette furthest apart in
// every form of colour blindness).
var (
	dealerColor    color.Color = chart.Blue
	nonDealerColor color.Color = chart.Orange
)

// HandStats draws the hand statistics of r as a grid of six plots.
//
// The dealer's hands are in blue and the others' in orange, shares in
// percent with their 95% intervals as whiskers: the starting shanten; the
// share of hands tenpai and won by each draw (cumulative); the wait shapes
// and 獨聽 at the first tenpai; the draw of the first tenpai; the number of
// winning kinds and the winning tiles left at the first tenpai.
// [RenderHandStats] draws and renders them (1680×960 pixels suit it).
func HandStats(r *stats.Report) ([][]*gplot.Plot, error) {
	if r.Deals == 0 {
		return nil, fmt.Errorf("analysis: plot: no deals to plot")
	}
	groups := [2]*stats.Group{&r.Dealer, &r.NonDealer}
	names := [2]string{"dealer (17 tiles)", "non-dealer (16 tiles)"}
	colors := [2]color.Color{dealerColor, nonDealerColor}
	// hist makes the bars of a histogram of each group over its
	// values lo..hi (indexes lo-offset..hi-offset), as shares of of(g).
	hist := func(h func(g *stats.Group) []int64, of func(g *stats.Group) int64, offset int) ([]string, [2]barSeries) {
		lo, hi := -1, -1
		for _, g := range groups {
			for i, c := range h(g) {
				if c > 0 {
					if lo < 0 || i < lo {
						lo = i
					}
					hi = max(hi, i)
				}
			}
		}
		var labels []string
		var series [2]barSeries
		for j, g := range groups {
			series[j] = barSeries{name: names[j], color: colors[j]}
			for i := lo; i <= hi && lo >= 0; i++ {
				series[j].add(stats.RateOf(h(g)[i], of(g)))
			}
		}
		for i := lo; i <= hi && lo >= 0; i++ {
			labels = append(labels, strconv.Itoa(i+offset))
		}
		return labels, series
	}
	hands := func(g *stats.Group) int64 { return g.Hands }
	waits := func(g *stats.Group) int64 { return g.Waits }

	labels, series := hist(func(g *stats.Group) []int64 { return g.Start[:] }, hands, -1)
	start, err := groupedBars("Starting shanten", "shanten as dealt", "hands (%)", labels, series[:])
	if err != nil {
		return nil, err
	}
	byDraw, err := reachedByDraw(groups, names, colors)
	if err != nil {
		return nil, err
	}
	var shapes [2]barSeries
	shapeLabels := []string{"1 kind"}
	for j, g := range groups {
		shapes[j] = barSeries{name: names[j], color: colors[j]}
		shapes[j].add(stats.RateOf(g.Single, g.Waits))
		for i := range stats.Shapes {
			shapes[j].add(stats.RateOf(g.Shape[i], g.Waits))
		}
	}
	for _, s := range stats.Shapes {
		shapeLabels = append(shapeLabels, s.String())
	}
	waitShapes, err := groupedBars("Waits at the first tenpai", "one winning kind (single wait) and wait shapes", "tenpai hands (%)", shapeLabels, shapes[:])
	if err != nil {
		return nil, err
	}
	labels, series = hist(func(g *stats.Group) []int64 { return g.Tenpai[:] }, hands, 0)
	firstTenpai, err := groupedBars("Draw of the first tenpai", "draws", "hands (%)", labels, series[:])
	if err != nil {
		return nil, err
	}
	labels, series = hist(func(g *stats.Group) []int64 { return g.WaitKinds[:] }, waits, 0)
	kinds, err := groupedBars("Winning kinds at the first tenpai", "winning kinds", "tenpai hands (%)", labels, series[:])
	if err != nil {
		return nil, err
	}
	labels, series = hist(func(g *stats.Group) []int64 { return g.WaitLeft[:] }, waits, 0)
	left, err := groupedBars("Winning tiles left at the first tenpai", "copies not seen by the hand", "tenpai hands (%)", labels, series[:])
	if err != nil {
		return nil, err
	}
	return [][]*gplot.Plot{{start, byDraw, waitShapes}, {firstTenpai, kinds, left}}, nil
}

// RenderHandStats draws [HandStats] of r and renders the grid at w×h
// pixels in format ("png", "svg" or "pdf"; see [RenderGrid]).
func RenderHandStats(r *stats.Report, w, h int, format string) ([]byte, error) {
	grid, err := HandStats(r)
	if err != nil {
		return nil, err
	}
	return chart.RenderGrid(grid, w, h, format)
}

// barSeries is one series of a grouped bar chart: shares with their
// intervals, one per label.
type barSeries struct {
	name   string
	color  color.Color
	values []stats.Rate
}

func (s *barSeries) add(r stats.Rate) { s.values = append(s.values, r) }

// groupedBars draws the series side by side at each label, in percent,
// with their intervals as whiskers.
func groupedBars(title, xlabel, ylabel string, labels []string, series []barSeries) (*gplot.Plot, error) {
	p := gplot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Y.Min = 0
	p.Y.Tick.Marker = plainTicks{}
	grid := plotter.NewGrid()
	grid.Vertical.Width = 0
	p.Add(grid)
	const groupWidth = 0.8
	w := groupWidth / float64(len(series))
	for j, s := range series {
		var whiskers yErrors
		for i, r := range s.values {
			x0 := float64(i) - groupWidth/2 + float64(j)*w
			y := 100 * r.Rate
			bar, err := plotter.NewPolygon(plotter.XYs{{X: x0, Y: 0}, {X: x0 + w, Y: 0}, {X: x0 + w, Y: y}, {X: x0, Y: y}})
			if err != nil {
				return nil, fmt.Errorf("analysis: plot: %w", err)
			}
			bar.Color = s.color
			bar.LineStyle.Width = 0
			p.Add(bar)
			if i == 0 {
				p.Legend.Add(s.name, bar)
			}
			whiskers = append(whiskers, yError{x: x0 + w/2, y: y, lo: y - 100*r.Lo, hi: 100*r.Hi - y})
		}
		if len(whiskers) > 0 {
			eb, err := plotter.NewYErrorBars(whiskers)
			if err != nil {
				return nil, fmt.Errorf("analysis: plot: %w", err)
			}
			eb.LineStyle.Width = vg.Points(0.8)
			eb.CapWidth = vg.Points(3)
			p.Add(eb)
		}
	}
	// Room above the highest whisker for the legend.
	top := 0.0
	for _, s := range series {
		for _, r := range s.values {
			top = max(top, 100*r.Hi)
		}
	}
	p.Y.Max = max(1, top*1.3)
	p.X.Min, p.X.Max = -0.5, float64(max(len(labels), 1))-0.5
	p.X.Tick.Marker = nominalTicks(labels)
	p.Legend.Top = true
	p.Legend.Left = false
	return p, nil
}

// yError is one whisker: at (x, y), lo below and hi above.
type yError struct{ x, y, lo, hi float64 }

// yErrors are whiskers for plotter.NewYErrorBars.
type yErrors []yError

func (e yErrors) Len() int                        { return len(e) }
func (e yErrors) XY(i int) (float64, float64)     { return e[i].x, e[i].y }
func (e yErrors) YError(i int) (float64, float64) { return e[i].lo, e[i].hi }

// nominalTicks label the integer positions 0, 1, … with the labels, every
// one of them up to 12 labels, then every k-th so that about 12 show.
type nominalTicks []string

func (n nominalTicks) Ticks(lo, hi float64) []gplot.Tick {
	every := max(1, (len(n)+11)/12)
	var ts []gplot.Tick
	for i, l := range n {
		if i%every != 0 {
			l = ""
		}
		ts = append(ts, gplot.Tick{Value: float64(i), Label: l})
	}
	return ts
}

// reachedByDraw draws the share of each group's hands tenpai (solid) and
// won (dashed) by each draw n (the intervals, a fraction of a percent at
// 100,000 deals, are left out).
func reachedByDraw(groups [2]*stats.Group, names [2]string, colors [2]color.Color) (*gplot.Plot, error) {
	p := gplot.New()
	p.Title.Text = "Hands tenpai and won by draw n"
	p.X.Label.Text = "draws"
	p.Y.Label.Text = "hands (%)"
	p.Y.Min = 0
	p.X.Tick.Marker = plainTicks{}
	p.Y.Tick.Marker = plainTicks{}
	p.Add(plotter.NewGrid())
	last := 0
	for _, g := range groups {
		for i, c := range g.Allowed {
			if c > 0 {
				last = max(last, i)
			}
		}
	}
	for _, what := range []struct {
		name   string
		h      func(g *stats.Group) []int64
		dashes []vg.Length
	}{
		{"tenpai", func(g *stats.Group) []int64 { return g.Tenpai[:] }, nil},
		{"won", func(g *stats.Group) []int64 { return g.Win[:] }, []vg.Length{vg.Points(5), vg.Points(3)}},
	} {
		for j, g := range groups {
			xys := make(plotter.XYs, last+1)
			var cum int64
			for n := range xys {
				cum += what.h(g)[n]
				xys[n] = plotter.XY{X: float64(n), Y: 100 * stats.RateOf(cum, g.Hands).Rate}
			}
			l, pts, err := plotter.NewLinePoints(xys)
			if err != nil {
				return nil, fmt.Errorf("analysis: plot: %w", err)
			}
			l.Color, pts.Color = colors[j], colors[j]
			l.Width = vg.Points(1.5)
			l.Dashes = what.dashes
			pts.Radius = vg.Points(1.5)
			p.Add(l, pts)
			p.Legend.Add(what.name+", "+names[j], l)
		}
	}
	p.X.Min, p.X.Max = 0, float64(max(last, 1))
	p.Legend.Top = true
	p.Legend.Left = true
	return p, nil
}
