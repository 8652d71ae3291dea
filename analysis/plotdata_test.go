package analysis

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/internal/interval"
)

func TestRateGrid(t *testing.T) {
	for _, c := range []struct {
		n    int64
		per  int
		want []int64
	}{
		{0, 10, nil},
		{1, 10, []int64{1}},
		{5, 10, []int64{1, 2, 3, 4, 5}},
		{10, 10, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
		{100, 10, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100}},
		{1000, 1, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100, 1000}},
		{1001, 0, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100, 1000, 1001}},
	} {
		if got := RateGrid(c.n, c.per); !slices.Equal(got, c.want) {
			t.Errorf("RateGrid(%d, %d) = %v, want %v", c.n, c.per, got, c.want)
		}
	}
	// Ten million boards at 50 a decade: a few hundred points, increasing.
	g := RateGrid(10_000_000, 50)
	if len(g) < 300 || len(g) > 360 || g[len(g)-1] != 10_000_000 {
		t.Errorf("RateGrid(1e7, 50): %d points, last %d", len(g), g[len(g)-1])
	}
	for i := 1; i < len(g); i++ {
		if g[i] <= g[i-1] {
			t.Fatalf("grid not increasing at %d: %d, %d", i, g[i-1], g[i])
		}
	}
}

// TestRateGridHuge: a count past 10^18.96, whose next grid point does not
// fit an int64, ends the grid at n rather than looping for ever (the float
// to int64 conversion of such a point is negative).
func TestRateGridHuge(t *testing.T) {
	for _, n := range []int64{math.MaxInt64, math.MaxInt64 - 1, 9_200_000_000_000_000_000} {
		done := make(chan []int64, 1)
		go func() { done <- RateGrid(n, 10) }()
		var g []int64
		select {
		case g = <-done:
		case <-time.After(time.Minute):
			t.Fatalf("RateGrid(%d, 10) did not return", n)
		}
		// 1..10, then 10 a decade from 10^1.1 to 10^18.9, then n.
		if len(g) != 10+179+1 || g[len(g)-1] != n {
			t.Errorf("RateGrid(%d, 10): %d points, last %d", n, len(g), g[len(g)-1])
		}
		for i := 1; i < len(g); i++ {
			if g[i] <= g[i-1] {
				t.Fatalf("RateGrid(%d, 10) not increasing at %d: %d, %d", n, i, g[i-1], g[i])
			}
		}
	}
}

// plotRecords is a made-up experiment of games 1..n: game g is impossible
// when g%7 == 3 or g%11 == 5, unknown when g%13 == 0, else winnable;
// methods and times follow the game.
func plotRecords(first, n uint64) []Record {
	var out []Record
	for g := first; g < first+n; g++ {
		r := Record{Game: g, Verdict: Winnable, Method: "random", NS: int64(1000 + g%10*100)}
		switch {
		case g%13 == 0:
			r.Verdict, r.Method, r.NS = Unknown, "budget", 5_000_000
		case g%7 == 3 || g%11 == 5:
			r.Verdict, r.Method, r.NS = Impossible, "search", int64(100_000+g)
		}
		out = append(out, r)
	}
	return out
}

func writeRecords(t *testing.T, path string, h Header, recs []Record) {
	t.Helper()
	if err := os.WriteFile(path, encode(t, strings.HasSuffix(path, ".zst"), h, recs), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadPlotDataRate(t *testing.T) {
	dir := t.TempDir()
	all := plotRecords(1, 500)
	// Two files given in reverse game order, overlapping on games 201..300:
	// the rate must follow game order and count each game once.
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl.zst")
	writeRecords(t, a, testHeader(201, 300), all[200:])
	writeRecords(t, b, testHeader(1, 300), all[:300])
	d, err := ReadPlotData(context.Background(), []string{a, b}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if d.Merge.Duplicates != 100 || d.Merge.Summary.Boards != 500 {
		t.Fatalf("%d boards, %d duplicates", d.Merge.Summary.Boards, d.Merge.Duplicates)
	}
	// The running counts, directly.
	var want []RatePoint
	grid := RateGrid(d.Merge.Summary.Decided(), 10)
	var n, k int64
	for _, r := range all {
		if r.Verdict == Unknown {
			continue
		}
		n++
		if r.Verdict == Impossible {
			k++
		}
		if slices.Contains(grid, n) {
			lo, hi := interval.Wilson(k, n, interval.Z95)
			want = append(want, RatePoint{n, k, float64(k) / float64(n), lo, hi})
		}
	}
	if n != 500-38 || len(want) != len(grid) {
		t.Fatalf("decided %d, %d points for a grid of %d", n, len(want), len(grid))
	}
	if !slices.Equal(d.Rate, want) {
		t.Errorf("rate points\n got %v\nwant %v", d.Rate, want)
	}
	// A few values by hand: games 1..10 hold impossible games 3 and 5 and
	// 10 (10%7 == 3), none unknown.
	if p := d.Rate[9]; p.Boards != 10 || p.Impossible != 3 || p.Rate != 0.3 {
		t.Errorf("point 10: %+v", p)
	}
	// Wilson at 3 of 10 from the formula written out.
	z := interval.Z95
	c := (0.3 + z*z/20) / (1 + z*z/10)
	h := z / (1 + z*z/10) * math.Sqrt(0.3*0.7/10+z*z/400)
	if p := d.Rate[9]; math.Abs(p.Lo-(c-h)) > 1e-15 || math.Abs(p.Hi-(c+h)) > 1e-15 {
		t.Errorf("point 10 band [%v, %v], want [%v, %v]", p.Lo, p.Hi, c-h, c+h)
	}
	// Methods: random, search, budget by count, with their times.
	var got []string
	for _, m := range d.Methods {
		got = append(got, fmt.Sprintf("%s %d %d", m.Method, m.Time.Count, m.Time.Total))
	}
	var totals = map[string][2]int64{}
	for _, r := range all {
		v := totals[string(r.Method)]
		totals[string(r.Method)] = [2]int64{v[0] + 1, v[1] + r.NS}
	}
	var exp []string
	for _, m := range []string{"random", "search", "budget"} {
		exp = append(exp, fmt.Sprintf("%s %d %d", m, totals[m][0], totals[m][1]))
	}
	if !slices.Equal(got, exp) {
		t.Errorf("methods %q, want %q", got, exp)
	}
}

func TestReadPlotDataManyMethods(t *testing.T) {
	var recs []Record
	for g := uint64(1); g <= 40; g++ {
		recs = append(recs, Record{Game: g, Method: Method(fmt.Sprintf("m%02d", g%20)), NS: 10})
	}
	p := filepath.Join(t.TempDir(), "m.jsonl")
	writeRecords(t, p, testHeader(1, 40), recs)
	d, err := ReadPlotData(context.Background(), []string{p}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Methods) != maxPlotMethods {
		t.Fatalf("%d method series, want %d", len(d.Methods), maxPlotMethods)
	}
	var sum int64
	for _, m := range d.Methods {
		sum += m.Time.Count
		if m.Method == "other" && m.Time.Count != 2*(20-maxPlotMethods+1) {
			t.Errorf("other: %d boards", m.Time.Count)
		}
	}
	if sum != 40 {
		t.Errorf("%d boards in the series, want 40", sum)
	}
}

func TestReadPlotDataErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadPlotData(context.Background(), nil, 10); err == nil || err.Error() != "analysis: merge: no files" {
		t.Errorf("no files: %v", err)
	}
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	writeRecords(t, a, testHeader(1, 10), plotRecords(1, 10))
	hb := testHeader(1, 10)
	hb.Deal = "mjsolver"
	writeRecords(t, b, hb, plotRecords(1, 10))
	if _, err := ReadPlotData(context.Background(), []string{a, b}, 10); err == nil || !strings.Contains(err.Error(), b+" was written with deal mjsolver; "+a+" with deal pcg") {
		t.Errorf("mismatched files: %v", err)
	}
}

func TestLogHistogram(t *testing.T) {
	var ts TimeStats
	for _, c := range []struct{ ns, n int64 }{{5, 2}, {50, 3}, {1000, 4}, {1007, 1}, {3000, 5}, {3162, 7}} {
		for range c.n {
			ts.Add(c.ns, 0)
		}
	}
	h, err := ts.LogHistogram(10, 5, 3168)
	if err != nil {
		t.Fatal(err)
	}
	if h.First != 6 || len(h.Counts) != 35-6+1 {
		t.Fatalf("bins %d..%d", h.First, h.First+len(h.Counts)-1)
	}
	want := make([]float64, len(h.Counts))
	want[6-6] = 2  // 5 ns: 10^0.6 ≤ 5 < 10^0.7
	want[16-6] = 3 // 50 ns: 10^1.6 ≤ 50 < 10^1.7
	want[30-6] = 5 // 1000 and 1007 ns: fine bucket [1000, 1008)
	want[34-6] = 5 // 3000 ns: fine bucket [2976, 3008)
	// 3162 ns: fine bucket [3136, 3168) straddles the edge 10^3.5.
	f := math.Log(math.Pow(10, 3.5)/3136) / math.Log(3168.0/3136)
	want[34-6] += 7 * f
	want[35-6] = 7 * (1 - f)
	for i := range want {
		if math.Abs(h.Counts[i]-want[i]) > 1e-9 {
			t.Errorf("bin %d [%.1f, %.1f): %v, want %v", h.First+i, h.Edge(i), h.Edge(i+1), h.Counts[i], want[i])
		}
	}
	if _, err := ts.LogHistogram(0, 1, 10); err == nil {
		t.Errorf("0 bins per decade accepted")
	}
	if _, err := ts.LogHistogram(10, 0, 10); err == nil {
		t.Errorf("lo 0 accepted")
	}
}

// The histogram keeps every board, whatever its time, when the range spans
// the minimum and maximum.
func TestLogHistogramConserves(t *testing.T) {
	var ts TimeStats
	x := uint64(12345)
	for range 10000 {
		x = splitmix64(x)
		ts.Add(int64(x%(1<<30))>>(x>>60), 0)
	}
	for _, per := range []int{1, 7, 20, 100} {
		h, err := ts.LogHistogram(per, max(float64(ts.Min), 1), float64(ts.Max))
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, c := range h.Counts {
			sum += c
		}
		if math.Abs(sum-10000) > 1e-6 {
			t.Errorf("%d per decade: %v boards, want 10000", per, sum)
		}
	}
}

var plotSink *PlotData

// BenchmarkReadPlotData reads 100,000 records (a zstd file) into plot data;
// ns/op divided by 1e5 is the time per record.
func BenchmarkReadPlotData(b *testing.B) {
	p := filepath.Join(b.TempDir(), "r.jsonl.zst")
	if err := os.WriteFile(p, encode(b, true, testHeader(1, 100_000), plotRecords(1, 100_000)), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		d, err := ReadPlotData(context.Background(), []string{p}, 50)
		if err != nil {
			b.Fatal(err)
		}
		plotSink = d
	}
}
