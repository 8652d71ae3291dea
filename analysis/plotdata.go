package analysis

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/mjsolve/mjsolve/internal/interval"
)

// PlotData is what the plots of record files need, gathered in one pass by
// [ReadPlotData]. Its size does not grow with the number of records: the
// running rate is kept on a log-spaced grid of board counts, and the time
// per board in one fixed [TimeStats] per method.
type PlotData struct {
	// Merge is the result of reading the files as [MergeFiles] does.
	Merge *MergeResult
	// Rate is the running unwinnable rate over the decided boards taken in
	// game order, at the board counts of [RateGrid].
	Rate []RatePoint
	// Methods is the time per board of each method, most boards first (ties
	// by name). Beyond maxPlotMethods methods the rest are counted under
	// "other".
	Methods []MethodTimes
}

// RatePoint is the running rate after the first Boards decided boards (in
// game order): Impossible of them are impossible, Rate = Impossible/Boards,
// and [Lo, Hi] is its 95% Wilson interval.
type RatePoint struct {
	Boards     int64
	Impossible int64
	Rate       float64
	Lo, Hi     float64
}

// MethodTimes is the time per board of the boards one method decided: CPU
// time ([Record.CPU]; the wall time of a record without one).
type MethodTimes struct {
	Method Method
	Time   *TimeStats
}

// maxPlotMethods bounds the number of per-method histograms (32 KiB each).
const maxPlotMethods = 16

// RateGrid returns the board counts at which the running rate is kept. For
// n decided boards they are every count up to 10, then perDecade counts per
// power of ten, equally spaced on a log scale (rounded, duplicates
// dropped), and n itself last. It is empty for n ≤ 0; perDecade < 1 counts
// as 1.
func RateGrid(n int64, perDecade int) []int64 {
	if n <= 0 {
		return nil
	}
	perDecade = max(perDecade, 1)
	var out []int64
	for k := int64(1); k <= min(n, 10); k++ {
		out = append(out, k)
	}
	for i := perDecade + 1; ; i++ {
		// Compared as a float first: a point past the largest int64 does
		// not convert (it would come out negative and never end the loop).
		f := math.Round(math.Pow(10, float64(i)/float64(perDecade)))
		if f >= float64(n) {
			break
		}
		v := int64(f)
		if v >= n {
			break
		}
		if v > out[len(out)-1] {
			out = append(out, v)
		}
	}
	if out[len(out)-1] != n {
		out = append(out, n)
	}
	return out
}

// ReadPlotData gathers the plot data of the record files of one experiment.
// It reads them as [MergeFiles] does (same checks, same errors; a game
// found twice counts once) and gathers the running rate at the counts of
// [RateGrid](decided, perDecade), and the time per board of each method.
//
// It stops when ctx is done, with an error wrapping ctx.Err().
func ReadPlotData(ctx context.Context, paths []string, perDecade int) (*PlotData, error) {
	var seen gameSet
	times := map[Method]*TimeStats{} // by record method, at most maxPlotMethods entries
	var methods []MethodTimes
	var other *TimeStats
	m, err := mergeFiles(ctx, paths, &seen, func(r *Record) {
		t := times[r.Method]
		if t == nil {
			switch {
			case len(methods) < maxPlotMethods-1:
				t = new(TimeStats)
				methods = append(methods, MethodTimes{r.Method, t})
				times[r.Method] = t
			default:
				if other == nil {
					other = new(TimeStats)
					methods = append(methods, MethodTimes{"other", other})
				}
				t = other
			}
		}
		t.Add(r.CPU(), r.Game)
	})
	if err != nil {
		return nil, err
	}
	d := &PlotData{Merge: m, Methods: methods}
	d.Rate = runningRate(&seen, RateGrid(m.Summary.Decided(), perDecade))
	slices.SortFunc(d.Methods, func(a, b MethodTimes) int {
		// Most boards first, then by name.
		return cmp.Or(cmp.Compare(b.Time.Count, a.Time.Count), cmp.Compare(a.Method, b.Method))
	})
	return d, nil
}

// runningRate walks the games of seen in increasing order and returns the
// running rate over the decided ones at each count of grid.
func runningRate(seen *gameSet, grid []int64) []RatePoint {
	out := make([]RatePoint, 0, len(grid))
	if len(grid) == 0 {
		return out
	}
	keys := make([]uint64, 0, len(seen.pages))
	for k := range seen.pages {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var n, k int64
	for _, key := range keys {
		for _, b := range seen.pages[key] {
			for ; b != 0; b >>= 2 {
				switch Verdict(b&3) - 1 {
				case Winnable:
					n++
				case Impossible:
					n++
					k++
				default:
					continue
				}
				if n == grid[len(out)] {
					lo, hi := interval.Wilson(k, n, interval.Z95)
					out = append(out, RatePoint{n, k, float64(k) / float64(n), lo, hi})
					if len(out) == len(grid) {
						return out
					}
				}
			}
		}
	}
	return out
}

// LogHistogram is a histogram of times on bins of equal width on a log
// scale: bin i holds the times in [Edge(i), Edge(i+1)), where Edge(i) =
// 10^((First+i)/PerDecade) ns.
type LogHistogram struct {
	PerDecade int
	First     int
	Counts    []float64
}

// Edge is the lower edge of bin i in nanoseconds.
func (h *LogHistogram) Edge(i int) float64 {
	return math.Pow(10, float64(h.First+i)/float64(h.PerDecade))
}

// logIndex is the bin of x on a grid of perDecade bins per power of ten;
// the small tolerance keeps powers of ten in the bin they start.
func logIndex(x float64, perDecade int) int {
	return int(math.Floor(math.Log10(x)*float64(perDecade) + 1e-9))
}

// LogHistogram re-bins the fine histogram of t onto perDecade bins per
// power of ten, from the bin holding lo to the one holding hi (both in ns,
// at least 1; lo ≤ hi). Times below 1 ns count as 1 ns. A fine bucket (at
// most 1.6% wide) that straddles a bin edge is split between the two bins
// in proportion to the log-width on each side; a time below 64 ns is exact.
func (t *TimeStats) LogHistogram(perDecade int, lo, hi float64) (*LogHistogram, error) {
	if perDecade < 1 || !(lo >= 1) || !(hi >= lo) || math.IsInf(hi, 0) {
		return nil, fmt.Errorf("analysis: bad log histogram: %d bins per decade from %g to %g ns", perDecade, lo, hi)
	}
	first, last := logIndex(lo, perDecade), logIndex(hi, perDecade)
	h := &LogHistogram{PerDecade: perDecade, First: first, Counts: make([]float64, last-first+1)}
	add := func(i int, c float64) {
		if i >= first && i <= last {
			h.Counts[i-first] += c
		}
	}
	for b, c := range t.hist {
		if c == 0 {
			continue
		}
		blo, bhi := bucketRange(b)
		if blo == bhi {
			add(logIndex(max(blo, 1), perDecade), float64(c))
			continue
		}
		i, j := logIndex(blo, perDecade), logIndex(bhi, perDecade)
		if i == j {
			add(i, float64(c))
			continue
		}
		total := math.Log(bhi / blo)
		for k := i; k <= j; k++ {
			a := max(blo, h.Edge(k-first))
			z := min(bhi, h.Edge(k-first+1))
			if z > a {
				add(k, float64(c)*math.Log(z/a)/total)
			}
		}
	}
	return h, nil
}
