package analysis_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve/analysis"
)

// The running rate of a million boards is kept at 10 points a decade.
func ExampleRateGrid() {
	fmt.Println(analysis.RateGrid(1_000_000, 2))
	// Output: [1 2 3 4 5 6 7 8 9 10 32 100 316 1000 3162 10000 31623 100000 316228 1000000]
}

// A histogram of times on 4 bins per power of ten, from 10 ns to 10 µs.
func ExampleTimeStats_LogHistogram() {
	var t analysis.TimeStats
	for _, ns := range []int64{20, 20, 30, 1000, 2500, 9000} {
		t.Add(ns, 0)
	}
	h, _ := t.LogHistogram(4, 10, 9999)
	for i, c := range h.Counts {
		if c != 0 {
			fmt.Printf("[%.0f, %.0f) ns: %g\n", h.Edge(i), h.Edge(i+1), c)
		}
	}
	// Output:
	// [18, 32) ns: 3
	// [1000, 1778) ns: 1
	// [1778, 3162) ns: 1
	// [5623, 10000) ns: 1
}
