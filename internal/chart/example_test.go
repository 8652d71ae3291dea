package chart_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve/internal/chart"
)

// The format and size of a picture as a command line gives them.
func ExampleFormat() {
	format, err := chart.Format("rates.SVG")
	fmt.Println(format, err)
	w, h, err := chart.ParseSize("1920x1200")
	fmt.Println(w, h, err)
	_, err = chart.Format("rates.gif")
	fmt.Println(err)
	// Output:
	// svg <nil>
	// 1920 1200 <nil>
	// analysis: plot: unknown extension .gif (want .png, .svg or .pdf)
}
