package interval

import (
	"math"
	"testing"
)

func TestWilsonKnownValues(t *testing.T) {
	// Computed independently from the other textbook form of the interval,
	// (k + z²/2 ± z·sqrt(k(n−k)/n + z²/4)) / (n + z²), z = 1.959964:
	// k = 0 gives hi = z²/(n+z²) (0.277533 for n = 10); k = n gives
	// lo = n/(n+z²) (0.206549 for n = 1); 3 of 100 is the often-quoted
	// [1.03%, 8.45%]; 295 of 10,000 is de Bondt's turtle rate of 2.95%.
	tests := []struct {
		k, n   int64
		lo, hi float64
	}{
		{0, 10, 0, 0.277533},
		{10, 10, 0.722467, 1},
		{5, 10, 0.236593, 0.763407},
		{1, 1, 0.206549, 1},
		{0, 1, 0, 0.793451},
		{295, 10000, 0.026360, 0.033001},
		{3, 100, 0.010255, 0.084519},
	}
	for _, tc := range tests {
		lo, hi := Wilson(tc.k, tc.n, Z95)
		if math.Abs(lo-tc.lo) > 1e-6 || math.Abs(hi-tc.hi) > 1e-6 {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestWilsonProperties(t *testing.T) {
	if lo, hi := Wilson(0, 0, Z95); lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = [%v, %v], want [0, 1]", lo, hi)
	}
	for n := int64(1); n <= 60; n++ {
		prevLo := -1.0
		for k := int64(0); k <= n; k++ {
			lo, hi := Wilson(k, n, Z95)
			p := float64(k) / float64(n)
			if !(0 <= lo && lo <= p && p <= hi && hi <= 1) {
				t.Fatalf("Wilson(%d, %d) = [%v, %v] does not contain %v inside [0,1]", k, n, lo, hi, p)
			}
			if lo <= prevLo && k > 0 {
				t.Fatalf("Wilson lower bound not increasing in k at (%d, %d)", k, n)
			}
			prevLo = lo
			// Symmetry: the interval of n−k is the mirror image.
			lo2, hi2 := Wilson(n-k, n, Z95)
			if math.Abs(lo-(1-hi2)) > 1e-12 || math.Abs(hi-(1-lo2)) > 1e-12 {
				t.Fatalf("Wilson(%d, %d) not symmetric with Wilson(%d, %d)", k, n, n-k, n)
			}
		}
	}
}

// TestWilsonInvalid checks that counts no experiment can give (k below 0
// or above n, n below 0) and a quantile that is not a finite z ≥ 0 give no
// interval (both ends NaN) rather than a half-computed one.
func TestWilsonInvalid(t *testing.T) {
	for _, tc := range []struct {
		k, n int64
		z    float64
	}{
		{5, 3, Z95}, {-1, 3, Z95}, {1, 0, Z95}, {0, -1, Z95}, {-2, -1, Z95},
		{1, 3, -Z95}, {1, 3, math.NaN()}, {1, 3, math.Inf(1)},
	} {
		if lo, hi := Wilson(tc.k, tc.n, tc.z); !math.IsNaN(lo) || !math.IsNaN(hi) {
			t.Errorf("Wilson(%d, %d, %v) = [%v, %v], want [NaN, NaN]", tc.k, tc.n, tc.z, lo, hi)
		}
	}
	// The edges of the valid range still give intervals.
	if lo, hi := Wilson(3, 3, 0); lo != 1 || hi != 1 {
		t.Errorf("Wilson(3, 3, 0) = [%v, %v], want [1, 1]", lo, hi)
	}
}
