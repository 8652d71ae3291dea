package plot

import (
	"image/color"

	"gonum.org/v1/plot/plotutil"

	"github.com/mjsolve/mjsolve/analysis"
)

// methodStyle is how the plots show the boards one method decided: the
// method's name as record files write it and its colour.
type methodStyle struct {
	method analysis.Method
	color  color.Color
}

// methodStyles is the one table of the solver's methods in the plots, so
// that a method looks the same in every plot. Other names take the palette
// after these, by their series index.
var methodStyles = []methodStyle{
	{"random", plotutil.Color(0)},
	{"search", plotutil.Color(1)},
	{"prune", plotutil.Color(2)},
	{"budget", plotutil.Color(3)},
}

// methodColor is the colour of the i-th series, for method m.
func methodColor(m analysis.Method, i int) color.Color {
	for _, s := range methodStyles {
		if s.method == m {
			return s.color
		}
	}
	return plotutil.Color(len(methodStyles) + i)
}

// The colours of the rate plot.
var (
	rateLineColor  = color.RGBA{B: 160, A: 255}
	rateBandColor  = color.RGBA{R: 160, G: 190, B: 230, A: 255}
	referenceColor = color.RGBA{R: 200, A: 255}
)

// markColor is the colour of the i-th statistic marked on the time plot
// (mean, median, p99).
func markColor(i int) color.Color { return color.Gray{Y: uint8(40 * i)} }
