package runs

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/plural"
)

// PlayReport is the part of a [Report] about a play without peeking.
//
// For the records of "mjsolve solitaire play" it gives the strategy's win
// rate, the winnable rate of
// the same boards with peeking, and the price of not peeking — the share
// of the winnable boards the strategy lost — each with its 95% Wilson
// interval. A rate of nothing (no board played, decided or winnable) is
// NaN, null in JSON, with the interval [0, 1].
type PlayReport struct {
	Strategy     string     `json:"strategy"`
	Boards       int64      `json:"boards"`        // boards played
	Won          int64      `json:"won"`           // boards won without peeking
	WinRate      Fraction   `json:"win_rate"`      // Won / Boards
	WinCI95      [2]float64 `json:"win_ci95"`      //
	Winnable     int64      `json:"winnable"`      // boards played that are winnable with peeking
	Impossible   int64      `json:"impossible"`    // boards played that are impossible even with peeking
	PeekRate     Fraction   `json:"peek_rate"`     // Winnable / (Winnable + Impossible)
	PeekCI95     [2]float64 `json:"peek_ci95"`     //
	WinnableLost int64      `json:"winnable_lost"` // winnable boards lost without peeking
	Price        Fraction   `json:"price"`         // WinnableLost / Winnable: the price of not peeking
	PriceCI95    [2]float64 `json:"price_ci95"`    //
	MeanLeftLost float64    `json:"mean_left_lost"`
	// Time is the CPU time of the play per board (without the deal and the
	// exact solve, which the report's Time includes).
	Time          TimeReport `json:"time"`
	NoTime        int64      `json:"no_time,omitempty"`        // plays without a CPU time
	WonImpossible int64      `json:"won_impossible,omitempty"` // never, unless a strategy or the solver is wrong
}

func newPlayReport(strategy string, p *analysis.PlayStats) *PlayReport {
	r := &PlayReport{Strategy: strategy, Boards: p.Boards, Won: p.Won, Winnable: p.Winnable, Impossible: p.Impossible,
		WinnableLost: p.WinnableLost, MeanLeftLost: p.MeanLeftLost(), Time: timeReport(&p.Time),
		NoTime: p.NoTime, WonImpossible: p.WonImpossible}
	_, r.WinCI95[0], r.WinCI95[1] = p.WinRate()
	_, r.PeekCI95[0], r.PeekCI95[1] = p.PeekRate()
	_, r.PriceCI95[0], r.PriceCI95[1] = p.Price()
	r.WinRate = fraction(p.Won, p.Boards)
	r.PeekRate = fraction(p.Winnable, p.Winnable+p.Impossible)
	r.Price = fraction(p.WinnableLost, p.Winnable)
	return r
}

// writeText writes the play's lines of a report, labels padded to 12.
func (p *PlayReport) writeText(line func(label, format string, args ...any)) {
	line("strategy", "%s, playing without peeking (sees only the uncovered tiles)", p.Strategy)
	if p.WinRate.Known() {
		line("won", "%d of %d: %s (95%% CI %s)", p.Won, p.Boards, percent(float64(p.WinRate)), ci(p.WinCI95))
	} else {
		line("won", "no board played")
	}
	if p.PeekRate.Known() {
		line("peeking", "%d of %d decided winnable: %s (95%% CI %s)", p.Winnable, p.Winnable+p.Impossible,
			percent(float64(p.PeekRate)), ci(p.PeekCI95))
	} else {
		line("peeking", "no board decided")
	}
	if p.Price.Known() {
		line("price", "%d of %s lost without peeking: %s (95%% CI %s)", p.WinnableLost, plural.Count(p.Winnable, "winnable board"),
			percent(float64(p.Price)), ci(p.PriceCI95))
	} else {
		line("price", "no winnable board decided")
	}
	if p.Boards > p.Won {
		line("left", "%.1f tiles on average on the %s", p.MeanLeftLost, plural.Count(p.Boards-p.Won, "lost board"))
	} else {
		line("left", "no board lost")
	}
	if p.Time.TotalNS > 0 {
		line("play/board", "mean %s, p99 %s, max %s (game %d) of CPU time", fmtDur(p.Time.MeanNS),
			fmtDur(p.Time.P99NS), fmtDur(p.Time.MaxNS), p.Time.MaxGame)
	}
	if p.WonImpossible > 0 {
		line("WRONG", "%s won without peeking that the solver found impossible: a bug", plural.Count(p.WonImpossible, "board"))
	}
}

// WritePlayJSON writes the report of every strategy that ran as one line
// of JSON (the main job's fields, with "play").
func WritePlayJSON(w io.Writer, rows []PlayRow) error {
	for _, r := range rows {
		if r.Report == nil {
			continue
		}
		if err := writeJSONLine(w, r.Report); err != nil {
			return err
		}
	}
	return nil
}

// writeJSONLine writes v as one line of JSON (a survey's or a play's
// rows).
func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf(errPrefix+"%w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Write writes the rows: one JSON object per strategy that ran with
// asJSON ([WritePlayJSON]), else the table of [WritePlayText].
func (o *PlayOutcome) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		return WritePlayJSON(w, o.Rows)
	}
	return WritePlayText(w, o.Rows)
}

// ci formats an interval "a–b" in percent.
func ci(c [2]float64) string { return percent(c[0]) + "–" + percent(c[1]) }

// rateCell is a table's cell of rate f in percent, "-" when f is a rate
// of nothing.
func rateCell(f Fraction) string {
	if !f.Known() {
		return "-"
	}
	return percent(float64(f))
}

// ciCell is a table's cell of the interval c of rate f, "-" when f is a
// rate of nothing.
func ciCell(f Fraction, c [2]float64) string {
	if !f.Known() {
		return "-"
	}
	return ci(c)
}

// timeCell is a table's cell of the mean of t over n timed boards, "-"
// when none was timed.
func timeCell(t TimeReport, n int64) string {
	if n <= 0 {
		return "-"
	}
	return fmtDur(t.MeanNS)
}

// WritePlayText writes the rows of a play as one table, a strategy per
// line.
//
// The columns are the boards, the no-peek win rate with its 95% interval, the
// winnable rate with peeking of the same boards with its interval, the price of
// not peeking (the share of winnable boards lost) with its interval, the mean
// tiles left on lost boards, and the mean CPU time per board of the play and of
// the whole board (deal, exact solve and play), "-" where there is nothing to
// count (no board, or no play with a CPU time). A first line names the layout,
// deal and games; strategies not reached (after an interruption) say so.
func WritePlayText(w io.Writer, rows []PlayRow) error {
	for _, r := range rows {
		if rep := r.Report; rep != nil {
			deal := rep.Deal
			if deal == "pcg" {
				deal += fmt.Sprintf(", seed %d", rep.Seed)
			}
			if _, err := fmt.Fprintf(w, "%s (%d tiles), deal %s, games %d..%d\n", rep.Layout, rep.Tiles, deal, rep.First, rep.Last); err != nil {
				return err
			}
			break
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "strategy\tboards\twon (no peeking)\t95% CI\twinnable (peeking)\t95% CI\tprice of not peeking\t95% CI\tleft on lost\tplay CPU/board\tCPU/board")
	var wrong []string
	for _, r := range rows {
		rep := r.Report
		if rep == nil || rep.Play == nil {
			fmt.Fprintf(tw, "%s\tnot run (interrupted)\n", r.Strategy)
			continue
		}
		p := rep.Play
		boards := strconv.FormatInt(p.Boards, 10)
		if rep.Interrupted {
			boards += " (interrupted)"
		}
		left := "-"
		if p.Boards > p.Won {
			left = strconv.FormatFloat(p.MeanLeftLost, 'f', 1, 64)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Strategy, boards,
			rateCell(p.WinRate), ciCell(p.WinRate, p.WinCI95), rateCell(p.PeekRate), ciCell(p.PeekRate, p.PeekCI95),
			rateCell(p.Price), ciCell(p.Price, p.PriceCI95), left, timeCell(p.Time, p.Boards-p.NoTime), timeCell(rep.Time, rep.Boards))
		if p.WonImpossible > 0 {
			wrong = append(wrong, fmt.Sprintf("%s won %s the solver found impossible: a bug", r.Strategy, plural.Count(p.WonImpossible, "board")))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(wrong) > 0 {
		_, err := fmt.Fprintf(w, "WRONG: %s\n", strings.Join(wrong, "; "))
		return err
	}
	return nil
}
