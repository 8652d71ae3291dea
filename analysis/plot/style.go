package plot

import (
	"image/color"

	"github.com/mjsolve/mjsolve/solver"
)

// The Okabe–Ito palette (Okabe and Ito, "Color Universal Design", 2002):
// colours that stay apart for readers with the common forms of colour
// blindness (protanopia, deuteranopia, tritanopia), unlike the red against
// green of a default palette.
var (
	black         = color.RGBA{0, 0, 0, 255}
	orange        = color.RGBA{230, 159, 0, 255}
	skyBlue       = color.RGBA{86, 180, 233, 255}
	bluishGreen   = color.RGBA{0, 158, 115, 255}
	blue          = color.RGBA{0, 114, 178, 255}
	vermillion    = color.RGBA{213, 94, 0, 255}
	reddishPurple = color.RGBA{204, 121, 167, 255}
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
	{solver.Random, blue},
	{solver.Search, orange},
	{solver.PruneTop, skyBlue},
	{solver.Budget, black},
}

// otherColors colour the series of other methods (such as "empty", or
// "other" for the many beyond the plot's limit), by series index. Yellow is
// left out: it is hard to see on white.
var otherColors = []color.Color{bluishGreen, reddishPurple, vermillion}

// seriesColors colour plots of other series (the players of a tournament
// in RunningMeans), in order: the method colours first, then the rest.
var seriesColors = []color.Color{blue, orange, skyBlue, black, bluishGreen, reddishPurple, vermillion}

// seriesColor is the colour of the i-th series of a plot of series.
func seriesColor(i int) color.Color { return seriesColors[i%len(seriesColors)] }

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
	rateLineColor  color.Color = blue
	rateBandColor  color.Color = color.RGBA{178, 212, 232, 255} // blue at 30% on white
	referenceColor color.Color = vermillion
	clipColor      color.Color = blue
)

// markColor is the colour of the i-th statistic marked on the time plot
// (mean, median, p99).
func markColor(i int) color.Color { return color.Gray{Y: uint8(40 * i)} }
