package plot

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	gplot "gonum.org/v1/plot"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/chart"
)

// Title names the experiment of d for a plot's title: layout, tiles,
// deal, seed and the number of boards read (with the decided ones when
// some are unknown).
func Title(d *analysis.PlotData) string {
	h, s := d.Merge.Header, d.Merge.Summary
	t := fmt.Sprintf("%s (%d tiles), deal %s, seed %d: %s", h.Layout, h.Tiles, h.Deal, h.Seed, countOf(s.Boards, "board"))
	if s.Unknown != 0 {
		t += fmt.Sprintf(" (%s decided)", groupDigits(s.Decided()))
	}
	return t
}

// Render renders p at w×h pixels (at 96 dots per inch, so w×h points
// times 4/3 for the vector formats) in format "png", "svg" or "pdf". Text
// and lines grow with the picture: a picture twice 960×600 each way draws
// everything twice as large, as if at 192 dots per inch (no smaller than
// 3/4 for small pictures).
func Render(p *gplot.Plot, w, h int, format string) ([]byte, error) {
	return chart.Render(p, w, h, format)
}

// formatNS formats a time in nanoseconds with three significant digits
// and a unit: 950ns, 1.5µs, 107µs, 13.6ms, 2s.
func formatNS(ns float64) string {
	switch {
	case ns < 1e3:
		return fmt.Sprintf("%.3gns", ns)
	case ns < 1e6:
		return fmt.Sprintf("%.3gµs", ns/1e3)
	case ns < 1e9:
		return fmt.Sprintf("%.3gms", ns/1e6)
	}
	return fmt.Sprintf("%.3gs", ns/1e9)
}

// countOf writes n as groupDigits does and the noun, with an s unless n
// is 1: every count a plot's title or legend gives.
func countOf(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return groupDigits(n) + " " + noun + "s"
}

// groupDigits writes n with commas between groups of three digits.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// formatCount formats a board count at a power of ten: 1, 10, 100, 1k, …,
// 1M, 10M, 100M, 1G.
func formatCount(x float64) string {
	switch {
	case x < 1e3:
		return fmt.Sprintf("%.0f", x)
	case x < 1e6:
		return fmt.Sprintf("%.0fk", x/1e3)
	case x < 1e9:
		return fmt.Sprintf("%.0fM", x/1e6)
	}
	return fmt.Sprintf("%.0fG", x/1e9)
}

// logTicks puts labelled ticks at the powers of ten in [min, max] and
// unlabelled ones at 2..9 times them; on a range that holds fewer than two
// powers of ten, 2 and 5 times them are labelled too.
func logTicks(lo, hi float64, label func(float64) string) []gplot.Tick {
	if !(lo > 0) || !(hi >= lo) {
		return nil
	}
	var ts []gplot.Tick
	labelled := 0
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		p := math.Pow(10, e)
		for m := 1.0; m < 10; m++ {
			v := m * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := gplot.Tick{Value: v}
			if m == 1 {
				t.Label = label(v)
				labelled++
			}
			ts = append(ts, t)
		}
	}
	if labelled < 2 {
		for i, t := range ts {
			if m := t.Value / math.Pow(10, math.Floor(math.Log10(t.Value)+1e-9)); math.Abs(m-2) < 1e-6 || math.Abs(m-5) < 1e-6 {
				ts[i].Label = label(t.Value)
			}
		}
	}
	return ts
}

// linearTicks labels a linear axis at 5 to 11 round values (1, 2 or 5
// times a power of ten apart), whole numbers with their digits grouped: 0,
// 2,000, 4,000, … for counts rather than 0.00, 2500.00; 1.5, 2.0, 2.5 for
// percentages.
type linearTicks struct{}

func (linearTicks) Ticks(lo, hi float64) []gplot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return nil
	}
	raw := (hi - lo) / 10
	step := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*step >= raw*(1-1e-9) {
			step *= m
			break
		}
	}
	decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
	var ts []gplot.Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi*(1+1e-9)+1e-12; k++ {
		v := k * step
		label := strconv.FormatFloat(v, 'f', decimals, 64)
		if decimals == 0 {
			label = groupDigits(int64(math.Round(v)))
		}
		ts = append(ts, gplot.Tick{Value: v, Label: label})
	}
	return ts
}

// logCountTicks labels a log axis of board counts at the powers of ten.
type logCountTicks struct{}

func (logCountTicks) Ticks(lo, hi float64) []gplot.Tick { return logTicks(lo, hi, formatCount) }

// countTicks labels a log axis of board counts.
type countTicks struct{}

func (countTicks) Ticks(lo, hi float64) []gplot.Tick { return logTicks(lo, hi, formatCount) }

// durationTicks labels a log axis of nanoseconds with units.
type durationTicks struct{}

func (durationTicks) Ticks(lo, hi float64) []gplot.Tick { return logTicks(lo, hi, formatNS) }
