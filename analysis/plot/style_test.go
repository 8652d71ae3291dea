package plot

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/mjsolve/mjsolve/internal/chart"
	"gonum.org/v1/plot/plotutil"
)

// Colour-vision deficiency simulation matrices in linear RGB (Machado,
// Oliveira and Fernandes 2009, severity 1).
var deficiencies = []struct {
	name string
	m    [3][3]float64
}{
	{"protanopia", [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
	{"normal", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
}

func linear(c uint32) float64 {
	v := float64(c) / 0xffff
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

// lab converts linear RGB to CIELAB (D65).
func lab(r, g, b float64) [3]float64 {
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// seen is c as a reader with deficiency m sees it, in CIELAB.
func seen(c color.Color, m [3][3]float64) [3]float64 {
	r, g, b, _ := c.RGBA()
	in := [3]float64{linear(r), linear(g), linear(b)}
	var out [3]float64
	for i := range 3 {
		for j := range 3 {
			out[i] += m[i][j] * in[j]
		}
		out[i] = min(max(out[i], 0), 1)
	}
	return lab(out[0], out[1], out[2])
}

func deltaE(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// minDelta is the smallest colour difference between any two of cs for a
// reader with each deficiency (and normal vision).
func minDelta(cs []color.Color) (float64, string) {
	best, why := math.Inf(1), ""
	for _, d := range deficiencies {
		for i := range cs {
			for j := i + 1; j < len(cs); j++ {
				if e := deltaE(seen(cs[i], d.m), seen(cs[j], d.m)); e < best {
					best, why = e, fmt.Sprintf("%s: colours %d and %d", d.name, i, j)
				}
			}
		}
	}
	return best, why
}

// The methods' colours stay apart for colour-blind readers (red against green
// for random and search was not): every pair differs by at least 20 CIELAB
// units under protanopia, deuteranopia and tritanopia as simulated by Machado
// et al.
func TestMethodColorsColourBlindSafe(t *testing.T) {
	var cs []color.Color
	for _, s := range methodStyles {
		cs = append(cs, s.color)
	}
	if d, why := minDelta(cs); d < 20 {
		t.Errorf("method colours too close for colour-blind readers: ΔE %.1f (%s)", d, why)
	}
	// Four players of a tournament (RunningMeans).
	if d, why := minDelta(chart.SeriesColors[:4]); d < 20 {
		t.Errorf("series colours too close: ΔE %.1f (%s)", d, why)
	}
	// The rate plot: curve, band and reference apart from each other.
	if d, why := minDelta([]color.Color{rateLineColor, rateBandColor, referenceColor}); d < 20 {
		t.Errorf("rate plot colours too close: ΔE %.1f (%s)", d, why)
	}
	// The check itself tells the old default palette's red and green apart
	// poorly for deuteranopes.
	if d, _ := minDelta([]color.Color{plotutil.Color(0), plotutil.Color(1)}); d >= 20 {
		t.Errorf("the check passes the default red and green (ΔE %.1f)", d)
	}
}
