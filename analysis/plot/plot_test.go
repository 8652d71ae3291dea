package plot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

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
	d, err := analysis.ReadPlotData(context.Background(), []string{p}, 10)
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
		d, err := analysis.ReadPlotData(context.Background(), []string{p}, 50)
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

// readRecords writes recs to a record file and reads it back as plot data.
func readRecords(t *testing.T, recs []analysis.Record) *analysis.PlotData {
	t.Helper()
	p := filepath.Join(t.TempDir(), "r.jsonl.zst")
	writeRecords(t, p, testHeader(1, uint64(len(recs))), recs)
	d, err := analysis.ReadPlotData(context.Background(), []string{p}, 50)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// turtleLike is n boards of which about 3% are impossible (decided by
// search or, one in five, by prune), the rest winnable at random: the shape
// of a turtle run.
func turtleLike(n uint64) []analysis.Record {
	var out []analysis.Record
	x := uint64(7)
	for g := uint64(1); g <= n; g++ {
		x = x*6364136223846793005 + 1442695040888963407
		r := analysis.Record{Game: g, Verdict: analysis.Winnable, Method: "random", NS: int64(20_000 + x>>40%200_000)}
		if x>>33%1000 < 30 {
			r.Verdict, r.Method, r.NS = analysis.Impossible, "search", int64(300_000+x>>40%3_000_000)
			if x>>20%5 == 0 {
				r.Method, r.NS = "prune", int64(5_000+x>>50%5_000)
			}
		}
		out = append(out, r)
	}
	return out
}

// The rate plot's y axis is zoomed on the final interval, which takes a sixth
// of its height, with the reference in view; the early curve that leaves the
// axis is marked as cut, not cut silently.
func TestRatePlotZoom(t *testing.T) {
	d := readRecords(t, turtleLike(20_000))
	last := d.Rate[len(d.Rate)-1]
	for _, ref := range []float64{0, 0.0295, 0.05} {
		p, err := Rate(d, RateOptions{Reference: ref})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := 100*last.Lo, 100*last.Hi
		if p.Y.Min > lo || p.Y.Max < hi || p.Y.Min < 0 {
			t.Errorf("reference %g: y axis %.3f..%.3f does not hold the interval %.3f..%.3f", ref, p.Y.Min, p.Y.Max, lo, hi)
		}
		if ref > 0 && (p.Y.Min > 100*ref || p.Y.Max < 100*ref) {
			t.Errorf("reference %g: y axis %.3f..%.3f leaves the reference out", ref, p.Y.Min, p.Y.Max)
		}
		if f := (hi - lo) / (p.Y.Max - p.Y.Min); ref != 0.05 && math.Abs(f-1.0/6) > 1e-9 {
			t.Errorf("reference %g: the interval takes %.3f of the axis, want 1/6", ref, f)
		}
		// The first boards' rate (0% or far above 3%) is off the axis: the
		// legend says so.
		above, below := clipMarks(plotterLine(d), p.Y.Min, p.Y.Max)
		svg := svgText(t, p)
		if len(above)+len(below) == 0 {
			t.Errorf("reference %g: the curve never leaves the axis", ref)
		}
		if (len(above) > 0) != strings.Contains(svg, "running rate above the axis (cut)") ||
			(len(below) > 0) != strings.Contains(svg, "running rate below the axis (cut)") {
			t.Errorf("reference %g: %d marks above, %d below, legend: %v", ref, len(above), len(below), strings.Contains(svg, "(cut)"))
		}
	}
	// Marks are kept apart on the log axis and lie inside it.
	line := plotterLine(d)
	above, below := clipMarks(line, 2, 4)
	for _, m := range append(above, below...) {
		if m.Y <= 2 || m.Y >= 4 {
			t.Errorf("mark at %v outside the axis", m)
		}
	}
	for i := 1; i < len(above); i++ {
		if above[i].X < 1.25*above[i-1].X {
			t.Errorf("marks %v and %v too close", above[i-1], above[i])
		}
	}
}

// The count axis of the time plot has 5 to 11 labels at round whole numbers,
// never "2500.00".
func TestTimePlotCountTicks(t *testing.T) {
	d := readRecords(t, turtleLike(2_000))
	p, err := Time(d, TimeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for m := 10.0; m < 1e7; m *= 1.07 {
		var labels []string
		for _, tk := range p.Y.Tick.Marker.Ticks(0, m) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if len(labels) < 5 || len(labels) > 11 {
			t.Errorf("0..%.0f: %d labels %q", m, len(labels), labels)
		}
		for _, l := range labels {
			if strings.Contains(l, ".") {
				t.Errorf("0..%.0f: label %q", m, l)
			}
		}
	}
	var got []string
	for _, tk := range p.Y.Tick.Marker.Ticks(0, 2758) {
		got = append(got, tk.Label)
	}
	if want := "0 500 1,000 1,500 2,000 2,500"; strings.Join(got, " ") != want {
		t.Errorf("0..2758: %q, want %s", got, want)
	}
	// Percentages on the rate axis: 1.5, 2.0, ….
	got = got[:0]
	for _, tk := range (linearTicks{}).Ticks(1.4, 4.15) {
		got = append(got, tk.Label)
	}
	if want := "1.5 2.0 2.5 3.0 3.5 4.0"; strings.Join(got, " ") != want {
		t.Errorf("1.4..4.15: %q, want %s", got, want)
	}
}

// --log-y: counts on a log axis from half a board, so that a method of a few
// boards among thousands shows.
func TestTimePlotLogY(t *testing.T) {
	d := readRecords(t, turtleLike(20_000))
	for _, stacked := range []bool{false, true} {
		p, err := Time(d, TimeOptions{LogY: true, Stacked: stacked})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := p.Y.Scale.(gplot.LogScale); !ok || p.Y.Min != 0.5 || p.Y.Max < 1000 {
			t.Errorf("stacked %v: y axis %T %g..%g, want log from 0.5", stacked, p.Y.Scale, p.Y.Min, p.Y.Max)
		}
		var labels []string
		for _, tk := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if !strings.HasPrefix(strings.Join(labels, " "), "1 10 100 1k") {
			t.Errorf("stacked %v: labels %q", stacked, labels)
		}
		if _, err := Render(p, 480, 300, "png"); err != nil {
			t.Error(err)
		}
	}
	// On a log axis the empty stretches of a method are not drawn along
	// the bottom: prune's outline is in pieces, each rising from the floor.
	h, err := d.Methods[2].Time.LogHistogram(20, 1000, 1e7)
	if err != nil {
		t.Fatal(err)
	}
	runs := outlines(h, h.Counts, 0.5)
	for _, r := range runs {
		if r[0].Y != 0.5 || r[len(r)-1].Y != 0.5 {
			t.Errorf("run %v does not rise from the floor", r)
		}
	}
	if d.Methods[2].Method != "prune" || len(runs) < 1 {
		t.Errorf("%s: %d runs", d.Methods[2].Method, len(runs))
	}
}

// ink is the share of pixels of a PNG that are not white.
func ink(t *testing.T, data []byte) float64 {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r&g&bl < 0xf000 {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}

// Text and lines grow with the picture: at twice the size each way the share of
// inked pixels stays near the same, where text and lines of a fixed size leave
// it at less than half.
func TestRenderScalesWithSize(t *testing.T) {
	d := readRecords(t, turtleLike(2_000))
	p, err := Time(d, TimeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var shares []float64
	for _, s := range [][2]int{{960, 600}, {1920, 1200}} {
		b, err := Render(p, s[0], s[1], "png")
		if err != nil {
			t.Fatal(err)
		}
		shares = append(shares, ink(t, b))
	}
	// (Sharper edges at the higher resolution leave fewer grey pixels: 0.74
	// here; text and lines of a fixed size give 0.43.)
	if r := shares[1] / shares[0]; r < 0.6 || r > 1.25 {
		t.Errorf("ink at 1920x1200 is %.2f of that at 960x600 (%.4f, %.4f), want about 1", r, shares[1], shares[0])
	}
	// The vector formats scale the same way and keep the size asked for.
	b, err := Render(p, 1920, 1200, "svg")
	if err != nil || !bytes.Contains(b, []byte(`width="1440pt" height="900pt"`)) || !bytes.Contains(b, []byte("scale(2")) {
		t.Errorf("svg at 1920x1200: %v\n%.300s", err, b)
	}
}

// svgText renders p as SVG, where the legend's texts are text.
func svgText(t *testing.T, p *gplot.Plot) string {
	t.Helper()
	b, err := Render(p, 960, 600, "svg")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// plotterLine is the running rate of d in percent, as Rate draws it.
func plotterLine(d *analysis.PlotData) plotter.XYs {
	var line plotter.XYs
	for _, pt := range d.Rate {
		line = append(line, plotter.XY{X: float64(pt.Boards), Y: 100 * pt.Rate})
	}
	return line
}

// A log axis spanning less than two powers of ten is labelled at 2 and 5
// times them too, so that it has more than one label.
func TestLogTicksShortRange(t *testing.T) {
	label := func(ts []gplot.Tick) string {
		var out []string
		for _, tk := range ts {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return strings.Join(out, " ")
	}
	if got, want := label((durationTicks{}).Ticks(1200, 52_000)), "2µs 5µs 10µs 20µs 50µs"; got != want {
		t.Errorf("1.2 to 52 µs: %q, want %q", got, want)
	}
	if got, want := label((countTicks{}).Ticks(1, 20_000)), "1 10 100 1k 10k"; got != want {
		t.Errorf("1 to 20,000: %q, want %q", got, want)
	}
}

// The rate plot's legend leaves the result in view: at the top, or at the
// bottom when the rate is near 100%.
func TestRatePlotLegendPlace(t *testing.T) {
	for _, c := range []struct {
		impossible func(g uint64) bool
		top        bool
	}{
		{func(g uint64) bool { return g%30 == 0 }, true},
		{func(g uint64) bool { return g%2 == 0 }, true},
		{func(g uint64) bool { return g%30 != 0 }, false},
	} {
		var recs []analysis.Record
		for g := uint64(1); g <= 300; g++ {
			r := analysis.Record{Game: g, Verdict: analysis.Winnable, Method: "random", NS: 1000}
			if c.impossible(g) {
				r.Verdict, r.Method = analysis.Impossible, "prune"
			}
			recs = append(recs, r)
		}
		p, err := Rate(readRecords(t, recs), RateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if p.Legend.Top != c.top {
			t.Errorf("rate %.2f: legend at the top %v, want %v (y axis %.1f..%.1f)", p.Y.Max, p.Legend.Top, c.top, p.Y.Min, p.Y.Max)
		}
	}
}

func TestDifficultyCumulative(t *testing.T) {
	// 10 boards at K = 100: 4 never cleared, 3 at 1/100, 2 at 3/100, 1 at
	// 100/100. The curve starts at the never cleared (40%), has 70% of
	// the boards below the edge after 1% and 90% below the edge after
	// 3%, stays flat in between, and ends at 100% at f = 1.
	var d analysis.DifficultyStats
	for _, x := range []int64{0, 0, 0, 0, 1, 1, 1, 3, 3, 100} {
		d.Add(analysis.Record{Verdict: analysis.Winnable, Clear: x, Playouts: 100})
	}
	p, err := Difficulty([]DifficultySeries{{Name: "fake", Stats: &d}}, "t")
	if err != nil {
		t.Fatal(err)
	}
	pts := difficultyCurve(&d, analysis.DifficultyBin(0.01))
	at := func(f float64) float64 { // the curve's value at the edge f
		for _, q := range pts {
			if math.Abs(q.X/f-1) < 1e-9 {
				return q.Y
			}
		}
		t.Fatalf("no point at %g in %v", f, pts)
		return 0
	}
	edge := func(k int) float64 { return math.Pow(10, float64(k)/10) } // 10^(k/10)
	for _, c := range []struct{ f, want float64 }{
		{edge(-20), 40}, {edge(-19), 70}, {edge(-17), 70}, {edge(-16), 70}, {edge(-15), 90}, {edge(-1), 90}, {1, 90},
	} {
		if got := at(c.f); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("at %.4g: %.1f%%, want %.1f%%", c.f, got, c.want)
		}
	}
	if last := pts[len(pts)-1]; last.X != 1 || last.Y != 100 || pts[0].Y != 40 {
		t.Errorf("curve from %v to %v", pts[0], last)
	}
	for i := 1; i < len(pts); i++ {
		if pts[i].Y < pts[i-1].Y || pts[i].X < pts[i-1].X {
			t.Errorf("not cumulative at %v after %v", pts[i], pts[i-1])
		}
	}
	if p.Y.Min != 0 || p.Y.Max != 100 {
		t.Errorf("y axis %g..%g", p.Y.Min, p.Y.Max)
	}
}

// The plots of one board count it in the singular: the title, the rate's
// and time's legends, the difficulty's and the play's ("1 boards" before).
func TestPlotsCountOneBoard(t *testing.T) {
	d := readRecords(t, []analysis.Record{{Game: 1, Verdict: analysis.Winnable, Method: "random", NS: 1000}})
	if got, want := Title(d), "fake (8 tiles), deal pcg, seed 1: 1 board"; got != want {
		t.Errorf("Title = %q, want %q", got, want)
	}
	rate, err := Rate(d, RateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := Time(d, TimeOptions{PerDecade: 20})
	if err != nil {
		t.Fatal(err)
	}
	var ds analysis.DifficultyStats
	ds.Add(analysis.Record{Verdict: analysis.Winnable, Clear: 1, Playouts: 2})
	dp, err := Difficulty([]DifficultySeries{{Name: "fake", Stats: &ds}}, "t")
	if err != nil {
		t.Fatal(err)
	}
	pp, err := PlayRates([]analysis.StrategyPlay{{Strategy: "greedy", Stats: playStats(1, 1, 1)}}, "t")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    *gplot.Plot
		want string
	}{
		{rate, "running rate: 0.00% after 1 board<"},
		{tp, "random: 1 board, median"},
		{dp, "fake: 1 board, 0.0% never cleared"},
		{pp, "winnable with peeking (exact solver, 1 board)"},
	} {
		if svg := svgText(t, c.p); !strings.Contains(svg, c.want) {
			t.Errorf("no %q in the plot", c.want)
		}
	}
}

// TestDifficultyNilStats: a series without stats (a layout with no
// playouts) is left out of the plot, as one with no boards is, rather
// than a nil dereference; with nothing else to draw it is ErrNoPlayouts.
func TestDifficultyNilStats(t *testing.T) {
	var d analysis.DifficultyStats
	for _, x := range []int64{0, 1, 3, 100} {
		d.Add(analysis.Record{Verdict: analysis.Winnable, Clear: x, Playouts: 100})
	}
	p, err := Difficulty([]DifficultySeries{{Name: "nostats"}, {Name: "fake", Stats: &d}}, "t")
	if err != nil || p == nil {
		t.Fatalf("Difficulty with a nil series = %v, %v", p != nil, err)
	}
	svg, err := Render(p, 400, 300, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("fake: 4 boards")) || bytes.Contains(svg, []byte("nostats")) {
		t.Errorf("legend: want the series with stats only")
	}
	if _, err := Difficulty([]DifficultySeries{{Name: "nostats"}}, "t"); !errors.Is(err, ErrNoPlayouts) {
		t.Errorf("Difficulty of a nil series alone: %v, want ErrNoPlayouts", err)
	}
}

// TestTimeEmptyData checks that Time refuses data with nothing to draw,
// as Rate does, instead of panicking: a zero PlotData (no Merge) and one
// whose boards carry no method times.
func TestTimeEmptyData(t *testing.T) {
	const want = "analysis: plot: no records in the files"
	withBoards := &analysis.PlotData{Merge: &analysis.MergeResult{Summary: &analysis.Summary{}}}
	withBoards.Merge.Summary.Time.Add(5, 1)
	for i, d := range []*analysis.PlotData{{}, withBoards} {
		p, err := Time(d, TimeOptions{})
		if err == nil || err.Error() != want || p != nil {
			t.Errorf("case %d: Time = %v, %v; want nil, %q", i, p, err, want)
		}
	}
	if _, err := Rate(&analysis.PlotData{}, RateOptions{}); err == nil {
		t.Error("Rate of no data: no error")
	}
}
