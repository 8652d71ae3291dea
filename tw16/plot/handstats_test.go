package plot_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"sync"
	"testing"

	"github.com/mjsolve/mjsolve/internal/chart"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/plot"
	"github.com/mjsolve/mjsolve/tw16/stats"
)

// handStats is a small run's report, with tables built in memory (no cache
// file written).
var handStats = sync.OnceValues(func() (*stats.Report, error) {
	return stats.Run(context.Background(), stats.Options{Deals: 200, Seed: 1, Tables: tw16.LoadTables(tw16.TableOptions{NoCache: true})})
})

func TestHandStats(t *testing.T) {
	r, err := handStats()
	if err != nil {
		t.Fatal(err)
	}
	grid, err := plot.HandStats(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(grid) != 2 || len(grid[0]) != 3 || len(grid[1]) != 3 {
		t.Fatalf("grid of %d rows", len(grid))
	}
	want := []string{"Starting shanten", "Hands tenpai and won by draw n", "Waits at the first tenpai",
		"Draw of the first tenpai", "Winning kinds at the first tenpai", "Winning tiles left at the first tenpai"}
	for i, p := range append(grid[0], grid[1]...) {
		if p.Title.Text != want[i] {
			t.Errorf("plot %d is %q, want %q", i, p.Title.Text, want[i])
		}
	}
	for _, format := range []string{"svg", "pdf"} {
		data, err := chart.RenderGrid(grid, 1680, 960, format)
		if err != nil || len(data) < 1000 {
			t.Errorf("%s: %d bytes, %v", format, len(data), err)
		}
	}
	// RenderHandStats is HandStats rendered by RenderGrid, byte for byte.
	direct, err := chart.RenderGrid(grid, 840, 480, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if data, err := plot.RenderHandStats(r, 840, 480, "svg"); err != nil || !bytes.Equal(data, direct) {
		t.Errorf("RenderHandStats: %d bytes, %v; RenderGrid of HandStats: %d bytes", len(data), err, len(direct))
	}
	if _, err := plot.HandStats(&stats.Report{}); err == nil {
		t.Error("a report of no deals plotted")
	}
	if _, err := plot.RenderHandStats(&stats.Report{}, 840, 480, "svg"); err == nil {
		t.Error("a report of no deals rendered")
	}
	if _, err := chart.RenderGrid(nil, 100, 100, "png"); err == nil {
		t.Error("an empty grid rendered")
	}
	if _, err := chart.RenderGrid(grid, 1680, 960, "gif"); err == nil {
		t.Error("format gif rendered")
	}
}

// Draw the statistics of 200 deals as a PNG picture.
func ExampleHandStats() {
	r, err := handStats()
	if err != nil {
		fmt.Println(err)
		return
	}
	grid, err := plot.HandStats(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	data, err := chart.RenderGrid(grid, 1680, 960, "png")
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
	// 1680 × 960
}

// Draw and render the statistics of 200 deals in one call.
func ExampleRenderHandStats() {
	r, err := handStats()
	if err != nil {
		fmt.Println(err)
		return
	}
	data, err := plot.RenderHandStats(r, 840, 480, "png")
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
	// 840 × 480
}
