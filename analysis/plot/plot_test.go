package plot

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
)

func testHeader(first, boards uint64) analysis.Header {
	return analysis.Header{Layout: "fake", Tiles: 8, Geometry: "0123456789abcdef", Deal: "pcg", Seed: 1, First: first, Boards: boards}
}

// plotRecords is a made-up experiment of games 1..n: game g is impossible
// when g%7 == 3 or g%11 == 5, unknown when g%13 == 0, else winnable;
// methods and times follow the game.
func plotRecords(first, n uint64) []analysis.Record {
	var out []analysis.Record
	for g := first; g < first+n; g++ {
		r := analysis.Record{Game: g, Verdict: analysis.Winnable, Method: "random", NS: int64(1000 + g%10*100)}
		switch {
		case g%13 == 0:
			r.Verdict, r.Method, r.NS = analysis.Unknown, "budget", 5_000_000
		case g%7 == 3 || g%11 == 5:
			r.Verdict, r.Method, r.NS = analysis.Impossible, "search", int64(100_000+g)
		}
		out = append(out, r)
	}
	return out
}

// writeRecords writes a record file of header h and records recs.
func writeRecords(t *testing.T, path string, h analysis.Header, recs []analysis.Record) {
	t.Helper()
	var buf bytes.Buffer
	w, err := analysis.NewRecordWriter(&buf, strings.HasSuffix(path, ".zst"), h)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPlotsRender(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.jsonl")
	writeRecords(t, p, testHeader(1, 500), plotRecords(1, 500))
	d, err := analysis.ReadPlotData([]string{p}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Title(d), "fake (8 tiles), deal pcg, seed 1: 500 boards (462 decided)"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	rp, err := Rate(d, RateOptions{Reference: 0.0295})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := Time(d, TimeOptions{Stacked: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, pl := range []struct {
		name string
		data func() ([]byte, error)
	}{
		{"rate", func() ([]byte, error) { return Render(rp, 300, 200, "png") }},
		{"time", func() ([]byte, error) { return Render(tp, 300, 200, "png") }},
	} {
		b, err := pl.data()
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", pl.name, err)
		}
		if s := img.Bounds().Size(); s.X != 300 || s.Y != 200 {
			t.Errorf("%s: %v pixels, want 300x200", pl.name, s)
		}
	}
	if _, err := Render(rp, 300, 200, "gif"); err == nil {
		t.Errorf("gif accepted")
	}
	if _, err := Rate(d, RateOptions{Reference: 2.95}); err == nil {
		t.Errorf("reference 2.95 accepted")
	}
}

func TestFormatNS(t *testing.T) {
	for ns, want := range map[float64]string{1: "1ns", 950: "950ns", 1500: "1.5µs", 107e3: "107µs", 13.6e6: "13.6ms", 2e9: "2s"} {
		if got := formatNS(ns); got != want {
			t.Errorf("formatNS(%v) = %q, want %q", ns, got, want)
		}
	}
}

func TestGroupDigits(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 123456: "123,456", 10_000_000: "10,000,000", -1234: "-1,234"} {
		if got := groupDigits(n); got != want {
			t.Errorf("groupDigits(%d) = %q, want %q", n, got, want)
		}
	}
}

// Small and degenerate inputs still draw (or give a plain error).
func TestPlotsEdgeCases(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		recs             []analysis.Record
		rateErr, timeErr string
	}{
		{nil, "analysis: plot: no decided boards in the files", "analysis: plot: no records in the files"},
		{[]analysis.Record{{Game: 1, Verdict: analysis.Unknown, Method: "budget", NS: 7}}, "analysis: plot: no decided boards in the files", ""},
		{[]analysis.Record{{Game: 1, Verdict: analysis.Impossible, Method: "prune"}}, "", ""},
		{[]analysis.Record{{Game: 1, Verdict: analysis.Winnable, Method: "random", NS: 0}, {Game: 2, Verdict: analysis.Winnable, Method: "random", NS: 0}}, "", ""},
		{[]analysis.Record{{Game: 1, Verdict: analysis.Winnable, Method: "random", NS: 1 << 62}, {Game: 5, Verdict: analysis.Impossible, Method: "search", NS: 1}}, "", ""},
	} {
		p := filepath.Join(dir, fmt.Sprintf("%d.jsonl", i))
		writeRecords(t, p, testHeader(1, 5), c.recs)
		d, err := analysis.ReadPlotData([]string{p}, 50)
		if err != nil {
			t.Fatal(err)
		}
		rp, rerr := Rate(d, RateOptions{Reference: 0.5})
		tp, terr := Time(d, TimeOptions{})
		for _, x := range []struct {
			kind string
			err  error
			want string
			draw func() ([]byte, error)
		}{
			{"rate", rerr, c.rateErr, func() ([]byte, error) { return Render(rp, 200, 100, "png") }},
			{"time", terr, c.timeErr, func() ([]byte, error) { return Render(tp, 200, 100, "svg") }},
		} {
			if x.want != "" {
				if x.err == nil || x.err.Error() != x.want {
					t.Errorf("case %d %s: error %v, want %q", i, x.kind, x.err, x.want)
				}
				continue
			}
			if x.err != nil {
				t.Errorf("case %d %s: %v", i, x.kind, x.err)
				continue
			}
			if b, err := x.draw(); err != nil || len(b) == 0 {
				t.Errorf("case %d %s: drawing: %v", i, x.kind, err)
			}
		}
	}
}

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
		b, err := Render(p, 400, 300, format)
		if err != nil || len(b) < 100 {
			t.Errorf("%s: %d bytes, %v", format, len(b), err)
		}
	}
	b, _ := Render(p, 400, 300, "svg")
	for _, want := range []string{"a: 625.0 after 4", "b: -625.0 after 4"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the legend lacks %q", want)
		}
	}
	if _, err := RunningMeans([]Series{{Name: "empty"}}, RunningMeanOptions{}); err == nil {
		t.Error("no values: want an error")
	}
}
