package stats

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/mjsolve/mjsolve/tw16/game"
)

// WriteText writes the report for people. It gives the run, then tables
// with one column for the dealer's hands and one for the others' — the
// starting shanten, how many hands reached tenpai and won and after how
// many draws (cumulative by draw), and the waits at the first tenpai —
// every share with its 95% interval, every mean with its interval and the
// median.
func (r *Report) WriteText(w io.Writer) error {
	var b bytes.Buffer
	flowers := "no flowers (136 tiles)"
	if r.Flowers {
		flowers = "flowers (144 tiles)"
	}
	deals := fmt.Sprintf("%d %s", r.Deals, plural(int64(r.Deals), "deal", "deals"))
	if r.Interrupted() {
		deals += fmt.Sprintf(" of %d (interrupted)", r.Requested)
	}
	fmt.Fprintf(&b, "%s, seed %d, %s: %s (17 tiles), %s (16 tiles)\n",
		deals, r.Seed, flowers, hands(r.Dealer.Hands, "dealer"), hands(r.NonDealer.Hands, "non-dealer"))
	fmt.Fprintf(&b, "each hand played alone: draw, discard by the advice engine, no claims, no kongs, win on a self-drawn tile\n")
	fmt.Fprintf(&b, "draws a hand gets (four players, no claims, until %d tiles are left): dealer %s, non-dealer %s\n",
		game.DeadWall, drawsAllowed(r.Dealer.Allowed[:]), drawsAllowed(r.NonDealer.Allowed[:]))
	groups := [2]*Group{&r.Dealer, &r.NonDealer}

	b.WriteString("\nstarting shanten\n")
	tw := newTable(&b)
	fmt.Fprintf(tw, "shanten\tdealer\t\tnon-dealer\t\t\n")
	lo, hi := len(r.Dealer.Start), 0
	for _, g := range groups {
		for i, c := range g.Start {
			if c > 0 {
				lo, hi = min(lo, i), max(hi, i)
			}
		}
	}
	for i := lo; i <= hi; i++ {
		fmt.Fprintf(tw, "%d", i-1)
		for _, g := range groups {
			fmt.Fprintf(tw, "\t%s", shareCells(RateOf(g.Start[i], g.Hands)))
		}
		fmt.Fprintf(tw, "\t\n")
	}
	fmt.Fprintf(tw, "all")
	for _, g := range groups {
		fmt.Fprintf(tw, "\t%s", meanCells(MeanOf(g.Start[:], -1)))
	}
	fmt.Fprintf(tw, "\t\n")
	if err := tw.Flush(); err != nil {
		return err
	}

	b.WriteString("\nreaching tenpai and winning (self-drawn)\n")
	tw = newTable(&b)
	fmt.Fprintf(tw, "\tdealer\t\tnon-dealer\t\t\n")
	for _, row := range []struct {
		name string
		h    func(g *Group) []int64
	}{{"tenpai", func(g *Group) []int64 { return g.Tenpai[:] }}, {"win", func(g *Group) []int64 { return g.Win[:] }}} {
		fmt.Fprintf(tw, "reached %s", row.name)
		for _, g := range groups {
			fmt.Fprintf(tw, "\t%s", shareCells(RateOf(reached(row.h(g)), g.Hands)))
		}
		fmt.Fprintf(tw, "\t\n  draws to %s", row.name)
		for _, g := range groups {
			fmt.Fprintf(tw, "\t%s", meanCells(MeanOf(row.h(g), 0)))
		}
		fmt.Fprintf(tw, "\t\n")
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	b.WriteString("\nshare of hands tenpai and won by draw n\n")
	tw = newTable(&b)
	fmt.Fprintf(tw, "n\ttenpai, dealer\tnon-dealer\twon, dealer\tnon-dealer\t\n")
	last := 0
	for _, g := range groups {
		for i, c := range g.Allowed {
			if c > 0 {
				last = max(last, i)
			}
		}
	}
	var cum [4]int64
	for n := 0; n <= last; n++ {
		fmt.Fprintf(tw, "%d", n)
		for j, h := range [4][]int64{r.Dealer.Tenpai[:], r.NonDealer.Tenpai[:], r.Dealer.Win[:], r.NonDealer.Win[:]} {
			cum[j] += h[n]
			fmt.Fprintf(tw, "\t%s", percent(RateOf(cum[j], groups[j%2].Hands).Rate))
		}
		fmt.Fprintf(tw, "\t\n")
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintf(&b, "\nat the first tenpai (16 tiles): %s, %s\n", hands(r.Dealer.Waits, "dealer"), hands(r.NonDealer.Waits, "non-dealer"))
	tw = newTable(&b)
	fmt.Fprintf(tw, "\tdealer\t\tnon-dealer\t\t\n")
	fmt.Fprintf(tw, "winning kinds")
	for _, g := range groups {
		fmt.Fprintf(tw, "\t%s", meanCells(MeanOf(g.WaitKinds[:], 0)))
	}
	fmt.Fprintf(tw, "\t\nwinning tiles left")
	for _, g := range groups {
		fmt.Fprintf(tw, "\t%s", meanCells(MeanOf(g.WaitLeft[:], 0)))
	}
	fmt.Fprintf(tw, "\t\nsingle wait")
	for _, g := range groups {
		fmt.Fprintf(tw, "\t%s", shareCells(RateOf(g.Single, g.Waits)))
	}
	// The Chinese names last: a tabwriter counts a wide character as one
	// column.
	fmt.Fprintf(tw, "\t獨聽\n")
	for i, s := range Shapes {
		fmt.Fprintf(tw, "%s", s)
		for _, g := range groups {
			fmt.Fprintf(tw, "\t%s", shareCells(RateOf(g.Shape[i], g.Waits)))
		}
		fmt.Fprintf(tw, "\t%s\n", s.Chinese())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	b.WriteString("\nwinning kinds at the first tenpai\n")
	tw = newTable(&b)
	fmt.Fprintf(tw, "kinds\tdealer\t\tnon-dealer\t\t\n")
	for i := range r.Dealer.WaitKinds {
		if r.Dealer.WaitKinds[i] == 0 && r.NonDealer.WaitKinds[i] == 0 {
			continue
		}
		fmt.Fprintf(tw, "%d", i)
		for _, g := range groups {
			fmt.Fprintf(tw, "\t%s", shareCells(RateOf(g.WaitKinds[i], g.Waits)))
		}
		fmt.Fprintf(tw, "\t\n")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	b.WriteString("(a hand's waits can have several shapes: the shape shares add up to more than 100%)\n")
	// The tables' cells end with a tab; drop the padding that leaves at
	// the end of the lines.
	var out bytes.Buffer
	for line := range bytes.Lines(b.Bytes()) {
		out.Write(bytes.TrimRight(line, " \n"))
		out.WriteByte('\n')
	}
	_, err := w.Write(out.Bytes())
	return err
}

// newTable returns a tabwriter for a table of the report into b.
func newTable(b *bytes.Buffer) *tabwriter.Writer {
	return tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
}

// shareCells is a share and its interval as two cells.
func shareCells(r Rate) string {
	return fmt.Sprintf("%s\t[%s, %s]", percent(r.Rate), percent(r.Lo), percent(r.Hi))
}

// meanCells is a mean with its interval and the median as two cells.
func meanCells(m Mean) string {
	if m.N == 0 {
		return "-\t"
	}
	return fmt.Sprintf("mean %.2f [%.2f, %.2f]\tmedian %d", m.Mean, m.Lo, m.Hi, m.Median)
}

// percent formats a share as a percentage with two decimals, or two
// significant digits below 0.1% so that a rare value does not show as 0.
func percent(x float64) string {
	if pc := 100 * x; pc > 0 && pc < 0.1 {
		return strconv.FormatFloat(pc, 'f', int(math.Ceil(-math.Log10(pc)))+1, 64) + "%"
	}
	return fmt.Sprintf("%.2f%%", 100*x)
}

// drawsAllowed describes a histogram of the draws hands get: "14", or
// "12 to 16 (mean 14.3)".
func drawsAllowed(h []int64) string {
	m := MeanOf(h, 0)
	var vals []string
	for i, c := range h {
		if c > 0 {
			vals = append(vals, fmt.Sprint(i))
		}
	}
	switch len(vals) {
	case 0:
		return "-"
	case 1:
		return vals[0]
	}
	return fmt.Sprintf("%s to %s (mean %.2f)", vals[0], vals[len(vals)-1], m.Mean)
}

// plural is one for n == 1, else many.
func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// hands is "n seat hands", singular for one.
func hands(n int64, seat string) string {
	return fmt.Sprintf("%d %s %s", n, seat, plural(n, "hand", "hands"))
}
