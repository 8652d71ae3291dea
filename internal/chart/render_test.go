package chart

import "testing"

// Text and lines grow with the picture as much as it grows in its tighter
// direction, no smaller than 3/4.
func TestDrawScale(t *testing.T) {
	for _, c := range []struct {
		w, h int
		want float64
	}{{960, 600, 1}, {1920, 1200, 2}, {1920, 600, 1}, {400, 250, 0.75}, {2880, 1200, 2}} {
		if got := drawScale(c.w, c.h); got != c.want {
			t.Errorf("drawScale(%d, %d) = %g, want %g", c.w, c.h, got, c.want)
		}
	}
}
