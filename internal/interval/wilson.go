package interval

import "math"

// Z95 is the two-sided 95% quantile of the standard normal distribution.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval for k successes in n trials at
// the normal quantile z (use [Z95] for 95%). For n = 0 it returns [0, 1].
// Unlike the normal approximation it stays inside [0, 1] and behaves well for
// k near 0 or n.
//
// The valid input is 0 ≤ k ≤ n and a finite z ≥ 0. Outside it (counts no
// experiment gives, such as more successes than trials) there is no
// interval: both ends are NaN.
func Wilson(k, n int64, z float64) (lo, hi float64) {
	if k < 0 || k > n || !(z >= 0) || math.IsInf(z, 1) {
		return math.NaN(), math.NaN()
	}
	if n == 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = center-half, center+half
	// Exact at the edges (the formula gives them up to rounding).
	if k <= 0 {
		lo = 0
	}
	if k >= n {
		hi = 1
	}
	return max(lo, 0), min(hi, 1)
}
