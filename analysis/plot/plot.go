package plot

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/mjsolve/mjsolve/analysis"
)

// Title names the experiment of d for a plot's title: layout, tiles,
// deal, seed and the number of boards read (with the decided ones when
// some are unknown).
func Title(d *analysis.PlotData) string {
	h, s := d.Merge.Header, d.Merge.Summary
	t := fmt.Sprintf("%s (%d tiles), deal %s, seed %d: %s boards", h.Layout, h.Tiles, h.Deal, h.Seed, groupDigits(s.Boards))
	if s.Unknown != 0 {
		t += fmt.Sprintf(" (%s decided)", groupDigits(s.Decided()))
	}
	return t
}

// Render renders p at w×h pixels (at 96 dots per inch, so w×h points
// times 4/3 for the vector formats) in format "png", "svg" or "pdf".
func Render(p *gplot.Plot, w, h int, format string) ([]byte, error) {
	switch format {
	case "png", "svg", "pdf":
	default:
		return nil, fmt.Errorf("analysis: plot: unknown format %q (want png, svg or pdf)", format)
	}
	if w < 16 || h < 16 || w > 20000 || h > 20000 {
		return nil, fmt.Errorf("analysis: plot: size %dx%d is not between 16 and 20000 pixels a side", w, h)
	}
	wt, err := p.WriterTo(vg.Length(w)*vg.Inch/96, vg.Length(h)*vg.Inch/96, format)
	if err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	return buf.Bytes(), nil
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
// unlabelled ones at 2..9 times them.
func logTicks(lo, hi float64, label func(float64) string) []gplot.Tick {
	if !(lo > 0) || !(hi >= lo) {
		return nil
	}
	var ts []gplot.Tick
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
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// countTicks labels a log axis of board counts.
type countTicks struct{}

func (countTicks) Ticks(lo, hi float64) []gplot.Tick { return logTicks(lo, hi, formatCount) }

// durationTicks labels a log axis of nanoseconds with units.
type durationTicks struct{}

func (durationTicks) Ticks(lo, hi float64) []gplot.Tick { return logTicks(lo, hi, formatNS) }
