package plot_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/analysis/plot"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/layouts"
)

// writeRecords writes a record file of boards turtle boards in dir, every
// impossibleEvery-th impossible, and returns its path.
func writeRecords(dir string, boards, impossibleEvery uint64) (string, error) {
	path := filepath.Join(dir, "r.jsonl")
	w, err := analysis.CreateRecords(path, analysis.Header{Layout: "turtle", Tiles: 144, Deal: "pcg", Seed: 1, First: 1, Boards: boards})
	if err != nil {
		return "", err
	}
	for g := uint64(1); g <= boards; g++ {
		r := analysis.Record{Game: g, Verdict: analysis.Winnable, Method: "random", NS: 200_000 + int64(g)}
		if g%impossibleEvery == 0 {
			r.Verdict, r.Method = analysis.Impossible, "prune"
		}
		w.Write(r)
	}
	return path, w.Close()
}

// Draw the running unwinnable rate of a record file as a PNG picture.
func ExampleRate() {
	dir, err := os.MkdirTemp("", "plot")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	// A record file of 1,000 boards, every 40th impossible.
	path, err := writeRecords(dir, 1000, 40)
	if err != nil {
		fmt.Println(err)
		return
	}

	d, err := analysis.ReadPlotData(context.Background(), []string{path}, 50)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := plot.Rate(d, plot.RateOptions{Reference: 0.0295})
	if err != nil {
		fmt.Println(err)
		return
	}
	data, err := plot.Render(p, 640, 400, "png")
	if err != nil {
		fmt.Println(err)
		return
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Title.Text)
	fmt.Println(img.Bounds().Size())
	// Output:
	// turtle (144 tiles), deal pcg, seed 1: 1,000 boards
	// (640,400)
}

// Draw the plots of record files by kind, as "mjsolve analysis plot" does.
func ExampleFiles() {
	dir, err := os.MkdirTemp("", "plot")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path, err := writeRecords(dir, 500, 25)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, kind := range plot.Kinds {
		p, truncated, err := plot.Files(context.Background(), []string{path}, plot.FilesOptions{Kind: kind, PerDecade: 20})
		if err != nil {
			fmt.Println(kind+":", errors.Is(err, plot.ErrNoPlayouts) || errors.Is(err, analysis.ErrNoPlay))
			continue
		}
		fmt.Printf("%s: %q, %d truncated\n", kind, p.Title.Text, len(truncated))
	}
	// Output:
	// rate: "turtle (144 tiles), deal pcg, seed 1: 500 boards", 0 truncated
	// time: "turtle (144 tiles), deal pcg, seed 1: 500 boards", 0 truncated
	// difficulty: true
	// play: true
	// budget: true
}

// The bar chart of a survey of two built-in layouts, as "mjsolve solitaire
// --layout tiny8,ends10 --plot FILE" draws it.
func ExampleSurveyRates() {
	f := &layouts.Finder{} // the built-ins only
	entries, _ := runs.SelectLayouts("tiny8,ends10", f.List(), f.Find)
	spec := runs.Spec{First: 1, Boards: 200, Workers: 2}
	res, err := runs.Survey(context.Background(), runs.SurveySpec{Entries: entries, Spec: spec})
	if err != nil {
		fmt.Println(err)
		return
	}
	bars := plot.SurveyRates(res.Rows)
	for _, b := range bars {
		fmt.Printf("%s: %.0f%%\n", b.Name, 100*b.Rate)
	}
	p, err := plot.LayoutRates(bars, "Unwinnable boards (with peeking), deal "+spec.DealText())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Title.Text)
	// Output:
	// tiny8: 56%
	// ends10: 61%
	// Unwinnable boards (with peeking), deal pcg, seed 0, games 1–200
}

// A survey's bar chart in one call: the rows with decided boards, drawn
// and rendered; a survey with none has nothing to draw.
func ExampleRenderSurveyRates() {
	rep := &runs.Report{Winnable: 97, Impossible: 3, Rate: 0.03, CI95: [2]float64{0.01, 0.085}}
	rows := []runs.SurveyRow{{Name: "turtle", Report: rep}, {Name: "odd", Unusable: "an odd number of tiles"}}
	svg, err := plot.RenderSurveyRates(rows, "Unwinnable boards (with peeking)", "svg")
	fmt.Println(len(svg) > 1000, err)
	_, err = plot.RenderSurveyRates(rows[1:], "Unwinnable boards (with peeking)", "svg")
	fmt.Println(err)
	// Output:
	// true <nil>
	// no layout has decided boards to draw
}
