package interval_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve/internal/interval"
)

func ExampleWilson() {
	// de Bondt found 2.95% of turtle deals unwinnable; with 295 of 10,000
	// boards the 95% interval is:
	lo, hi := interval.Wilson(295, 10000, interval.Z95)
	fmt.Printf("%.2f%% to %.2f%%\n", 100*lo, 100*hi)
	// Output: 2.64% to 3.30%
}
