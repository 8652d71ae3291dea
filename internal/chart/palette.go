package chart

import "image/color"

// The Okabe–Ito palette keeps colours apart for colour-blind readers. Its
// colours (Okabe and Ito, "Color Universal Design", 2002) stay apart for
// readers with the common forms of colour blindness (protanopia,
// deuteranopia, tritanopia), unlike the red against green of a default
// palette.
var (
	Black         = color.RGBA{0, 0, 0, 255}
	Orange        = color.RGBA{230, 159, 0, 255}
	SkyBlue       = color.RGBA{86, 180, 233, 255}
	BluishGreen   = color.RGBA{0, 158, 115, 255}
	Blue          = color.RGBA{0, 114, 178, 255}
	Vermillion    = color.RGBA{213, 94, 0, 255}
	ReddishPurple = color.RGBA{204, 121, 167, 255}
)

// SeriesColors colour the series of a plot that are not the solver's
// methods (the players of a match, say), in order: the colours of the
// Solitaire plots' methods first, then the rest.
var SeriesColors = []color.Color{Blue, Orange, SkyBlue, Black, BluishGreen, ReddishPurple, Vermillion}

// SeriesColor is the colour of the i-th series of a plot of series.
func SeriesColor(i int) color.Color { return SeriesColors[i%len(SeriesColors)] }
