package runs

import (
	"encoding/json"
	"math"
)

// Fraction is a rate in a [Report].
//
// It is a share in [0, 1], or NaN when it is a share of nothing (no board
// decided, played or winnable): a rate of nothing is not 0. Its JSON is
// the number, or null for NaN.
type Fraction float64

// fraction is k/n, or NaN for n = 0.
func fraction(k, n int64) Fraction {
	if n == 0 {
		return Fraction(math.NaN())
	}
	return Fraction(float64(k) / float64(n))
}

// Known reports whether f is a share of something (not NaN).
func (f Fraction) Known() bool { return !math.IsNaN(float64(f)) }

// MarshalJSON writes f as a JSON number, or null when it is not known.
func (f Fraction) MarshalJSON() ([]byte, error) {
	if !f.Known() {
		return []byte("null"), nil
	}
	return json.Marshal(float64(f))
}

// UnmarshalJSON reads a JSON number, or null as NaN.
func (f *Fraction) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*f = Fraction(math.NaN())
		return nil
	}
	var x float64
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	*f = Fraction(x)
	return nil
}
