package plot_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/mjsolve/mjsolve/tw16/plot"
)

// The running mean score of two players over four hands, as a PNG picture
// of 480×300 pixels.
func ExampleRenderRunningMeans() {
	series := []plot.Series{
		{Name: "advice", Values: []float64{1500, -500, 2000, 0}},
		{Name: "random", Values: []float64{-1500, 500, -2000, 0}},
	}
	data, err := plot.RenderRunningMeans(series, plot.RunningMeanOptions{Title: "a match of four hands"}, 480, 300, "png")
	if err != nil {
		fmt.Println(err)
		return
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Bounds().Dx(), "×", img.Bounds().Dy())
	// Output:
	// 480 × 300
}
