package plot

import (
	"image/color"

	"github.com/mjsolve/mjsolve/internal/chart"
	"github.com/mjsolve/mjsolve/solver"
)

// methodStyle is how the plots show the boards one method decided: the
// method (its name in the legend is the one record files write) and its
// colour.
type methodStyle struct {
	method solver.Method
	color  color.Color
}

// methodStyles is the one table of the solver's methods in the plots, so
// that a method looks the same in every plot. Random and search, most of
// the boards, are blue and orange, the pair that stays furthest apart in
// every form of colour blindness; the four colours differ pairwise by at
// least 25 CIELAB units for protanopes, deuteranopes and tritanopes
// (TestMethodColorsColourBlindSafe).
var methodStyles = []methodStyle{
	{solver.Random, chart.Blue},
	{solver.Search, chart.Orange},
	{solver.PruneTop, chart.SkyBlue},
	{solver.Budget, chart.Black},
}

// otherColors colour the series of other methods (such as "empty", or
// "other" for the many beyond the plot's limit), by series index. Yellow is
// left out: it is hard to see on white.
var otherColors = []color.Color{chart.BluishGreen, chart.ReddishPurple, chart.Vermillion}

// methodColor is the colour of the i-th series, for method m.
func methodColor(m solver.Method, i int) color.Color {
	for _, s := range methodStyles {
		if s.method == m {
			return s.color
		}
	}
	return otherColors[i%len(otherColors)]
}

// The colours of the rate plot: the curve in blue over a light tint of it
// for the interval, the reference in vermillion.
var (
	rateLineColor  color.Color = chart.Blue
	rateBandColor  color.Color = color.RGBA{178, 212, 232, 255} // blue at 30% on white
	referenceColor color.Color = chart.Vermillion
	clipColor      color.Color = chart.Blue
)

// markColor is the colour of the i-th statistic marked on the time plot
// (mean, median, p99).
func markColor(i int) color.Color { return color.Gray{Y: uint8(40 * i)} }
