package plot

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/chart"
)

func TestRunningMeans(t *testing.T) {
	series := []Series{{Name: "a", Values: []float64{1000, -500, 2000, 0}}, {Name: "b", Values: []float64{-1000, 500, -2000, 0}}}
	p, err := RunningMeans(series, RunningMeanOptions{Title: "t"})
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Min != 1 || p.X.Max != 4 || p.Y.Label.Text != "mean score per hand" {
		t.Errorf("axes %v–%v %q", p.X.Min, p.X.Max, p.Y.Label.Text)
	}
	for _, format := range []string{"png", "svg", "pdf"} {
		b, err := chart.Render(p, 400, 300, format)
		if err != nil || len(b) < 100 {
			t.Errorf("%s: %d bytes, %v", format, len(b), err)
		}
	}
	b, _ := chart.Render(p, 400, 300, "svg")
	for _, want := range []string{"a: 625.0 after 4", "b: -625.0 after 4"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the legend lacks %q", want)
		}
	}
	if _, err := RunningMeans([]Series{{Name: "empty"}}, RunningMeanOptions{}); err == nil {
		t.Error("no values: want an error")
	}
	// RenderRunningMeans is RunningMeans rendered by Render, byte for byte.
	if rb, err := RenderRunningMeans(series, RunningMeanOptions{Title: "t"}, 400, 300, "svg"); err != nil || !bytes.Equal(rb, b) {
		t.Errorf("RenderRunningMeans: %d bytes, %v; Render of RunningMeans: %d bytes", len(rb), err, len(b))
	}
	if _, err := RenderRunningMeans([]Series{{Name: "empty"}}, RunningMeanOptions{}, 400, 300, "svg"); err == nil {
		t.Error("no values rendered: want an error")
	}
}
