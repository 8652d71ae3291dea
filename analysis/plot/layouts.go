package plot

import (
	"errors"
	"fmt"
	"math"
	"slices"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/internal/chart"
	"github.com/mjsolve/mjsolve/solver"
)

// LayoutRate is one bar of [LayoutRates]: a layout's unwinnable rate with
// its 95% interval (fractions) and the published rate (NaN for none).
type LayoutRate struct {
	Name      string
	Rate      float64
	Lo, Hi    float64
	Published float64
}

// SurveyRates are the bars of a survey's rows ([runs.Survey]) that have
// decided boards, with de Bondt's rate from [solver.Published] where he
// published one.
func SurveyRates(rows []runs.SurveyRow) []LayoutRate {
	var bars []LayoutRate
	for _, r := range rows {
		rep := r.Report
		if rep == nil || rep.Winnable+rep.Impossible == 0 {
			continue
		}
		pub, ok := solver.Published[r.Name]
		if !ok {
			pub = math.NaN()
		}
		bars = append(bars, LayoutRate{Name: r.Name, Rate: float64(rep.Rate), Lo: rep.CI95[0], Hi: rep.CI95[1], Published: pub})
	}
	return bars
}

// ErrNoRates is the error of [RenderSurveyRates] when no row has decided
// boards.
var ErrNoRates = errors.New("no layout has decided boards to draw")

// RenderSurveyRates draws the rates of a survey's layouts as a picture. It
// draws [LayoutRates] of the rows that have decided boards ([SurveyRates])
// at 960 pixels wide and a height that fits them ([LayoutRatesHeight]), as
// format ("png", "svg" or "pdf"; see [Render]); with no such row it returns
// [ErrNoRates].
func RenderSurveyRates(rows []runs.SurveyRow, title, format string) ([]byte, error) {
	bars := SurveyRates(rows)
	if len(bars) == 0 {
		return nil, ErrNoRates
	}
	p, err := LayoutRates(bars, title)
	if err != nil {
		return nil, err
	}
	return Render(p, 960, LayoutRatesHeight(len(bars)), format)
}

// LayoutRates draws the unwinnable rates of several layouts side by side.
// Each is a horizontal bar, sorted from the highest rate (at the top) to
// the lowest, each with its 95% interval as a whisker, and the published
// rate, where there is one, as a vermillion diamond.
func LayoutRates(rows []LayoutRate, title string) (*gplot.Plot, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("analysis: plot: no layouts with decided boards")
	}
	for _, r := range rows {
		if !(r.Rate >= 0 && r.Rate <= 1 && r.Lo >= 0 && r.Lo <= r.Rate && r.Hi >= r.Rate && r.Hi <= 1) {
			return nil, fmt.Errorf("analysis: plot: layout %s: rate %g with interval %g–%g is not a rate", r.Name, r.Rate, r.Lo, r.Hi)
		}
	}
	rows = slices.Clone(rows)
	// Sorted ascending: bar 0 is drawn at the bottom, so the highest rate
	// is at the top.
	slices.SortStableFunc(rows, func(a, b LayoutRate) int {
		switch {
		case a.Rate < b.Rate:
			return -1
		case a.Rate > b.Rate:
			return 1
		}
		return 0
	})
	p := percentBars(title, "unwinnable boards (%), with 95% interval")

	vals := make(plotter.Values, len(rows))
	names := make([]string, len(rows))
	whiskers := make(xErrors, len(rows))
	var pub plotter.XYs
	for i, r := range rows {
		vals[i] = 100 * r.Rate
		names[i] = r.Name
		whiskers[i] = xError{x: 100 * r.Rate, y: float64(i), lo: 100 * (r.Rate - r.Lo), hi: 100 * (r.Hi - r.Rate)}
		if !math.IsNaN(r.Published) {
			pub = append(pub, plotter.XY{X: 100 * r.Published, Y: float64(i)})
		}
	}
	bars, err := rateBars(vals, vg.Points(11))
	if err != nil {
		return nil, err
	}
	p.Add(bars)
	if err := addWhiskers(p, whiskers); err != nil {
		return nil, err
	}
	if len(pub) > 0 {
		sc, err := plotter.NewScatter(pub)
		if err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: referenceColor, Radius: vg.Points(5), Shape: draw.PyramidGlyph{}}
		p.Add(sc)
		p.Legend.Add("published (de Bondt)", sc)
		p.Legend.Top = false
		p.Legend.Left = false
	}
	p.NominalY(names...)
	p.Y.Padding = vg.Points(6)
	return p, nil
}

// LayoutRatesHeight is a picture height in pixels that gives each of n
// bars room for its label.
func LayoutRatesHeight(n int) int { return max(240, 120+24*n) }

// percentBars is a plot of horizontal bars against percentages (0 to 100,
// vertical grid lines), its axis labelled xLabel.
func percentBars(title, xLabel string) *gplot.Plot {
	p := gplot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.X.Min, p.X.Max = 0, 100
	p.X.Tick.Marker = linearTicks{}
	grid := plotter.NewGrid()
	grid.Horizontal.Width = 0
	p.Add(grid)
	return p
}

// rateBars are the horizontal bars of rates vals (in percent; bar i at
// y = i), width wide, in the colours of a rate.
func rateBars(vals plotter.Values, width vg.Length) (*plotter.BarChart, error) {
	bars, err := plotter.NewBarChart(vals, width)
	if err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	bars.Horizontal = true
	bars.Color, bars.LineStyle.Color, bars.LineStyle.Width = rateBandColor, rateLineColor, vg.Points(0.5)
	return bars, nil
}

// addWhiskers adds the intervals of bars to p, in black.
func addWhiskers(p *gplot.Plot, whiskers xErrors) error {
	eb, err := plotter.NewXErrorBars(whiskers)
	if err != nil {
		return fmt.Errorf("analysis: plot: %w", err)
	}
	eb.LineStyle.Color, eb.LineStyle.Width, eb.CapWidth = chart.Black, vg.Points(1), vg.Points(6)
	p.Add(eb)
	return nil
}

// xError is one whisker: a point with its distance to the interval's ends.
type xError struct{ x, y, lo, hi float64 }

// xErrors implement plotter.XYer and plotter.XErrorer.
type xErrors []xError

func (e xErrors) Len() int                        { return len(e) }
func (e xErrors) XY(i int) (float64, float64)     { return e[i].x, e[i].y }
func (e xErrors) XError(i int) (float64, float64) { return e[i].lo, e[i].hi }
