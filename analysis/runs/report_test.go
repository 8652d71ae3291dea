package runs

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/golden"
	"github.com/mjsolve/mjsolve/internal/interval"
	"github.com/mjsolve/mjsolve/solver"
)

func TestReport(t *testing.T) {
	var s analysis.Summary
	// CPU time 1, 3 and 6µs; the wall times differ, the slowest by the
	// wall clock (game 1: a loaded machine) is not the slowest by CPU.
	s.Add(analysis.Record{Game: 1, Verdict: solver.Winnable, Method: "random", NS: 9000, CPUNS: 1000, Scans: 40})
	s.Add(analysis.Record{Game: 2, Verdict: solver.Impossible, Method: "prune", NS: 3100, CPUNS: 3000, Scans: 1})
	s.Add(analysis.Record{Game: 4, Verdict: solver.Unknown, Method: "budget", NS: 6200, CPUNS: 6000, Scans: 900, Nodes: 7})
	s.Solved, s.Wall = 3, 5*time.Millisecond
	h := analysis.Header{Layout: "tiny8", Tiles: 8, Deal: "pcg", Seed: 3, First: 1, Boards: 4}
	r := NewReport(h, &s, 2, 0, false)
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	lo, hi := interval.Wilson(1, 2, interval.Z95)
	if lo < 0.09 || lo > 0.1 || hi < 0.9 || hi > 0.91 {
		t.Fatalf("Wilson(1, 2) = %v, %v", lo, hi) // 9.45% to 90.55%
	}
	// The median is read from the time histogram: its bucket's midpoint, 2.99µs
	// for 3µs (within 0.8%).
	golden.Check(t, "report-text", b.String())
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	json.Unmarshal(data, &back)
	if back["rate"] != 0.5 || back["boards"] != 3.0 || back["requested"] != 4.0 || back["methods"].(map[string]any)["prune"] != 1.0 ||
		back["boards_per_second"] != 600.0 || back["interrupted"] != false ||
		back["time"].(map[string]any)["max_ns"] != 6000.0 || back["wall_time"].(map[string]any)["max_ns"] != 9000.0 ||
		back["hardest"].([]any)[0].(map[string]any)["game"] != 4.0 || back["no_cpu"] != nil {
		t.Errorf("JSON %s", data)
	}
}

// A method name with a newline (from a worker: files cannot hold one) adds no
// line to the summary, and huge times give no negative mean and shares that add
// up (the sums saturate at 292 years).
func TestReportOddMethodAndHugeTimes(t *testing.T) {
	var s analysis.Summary
	s.Add(analysis.Record{Game: 1, Verdict: solver.Winnable, Method: "a\nb", NS: 1 << 62})
	for g := range uint64(3) {
		s.Add(analysis.Record{Game: 2 + g, Verdict: solver.Winnable, Method: "random", NS: 1 << 62})
	}
	h := analysis.Header{Layout: "tiny8", Tiles: 8, Deal: "pcg", Seed: 3, First: 1, Boards: 4}
	var b strings.Builder
	if err := NewMergeReport(&analysis.MergeResult{Header: h, Summary: &s, Files: 1}).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, `decided by  random 3 (67% of the time), "a\nb" 1 (33%)`+"\n") {
		t.Errorf("methods line:\n%s", out)
	}
	if !strings.Contains(out, "time/board  mean 4611686018s, median") || strings.Contains(out, "-") {
		t.Errorf("times:\n%s", out)
	}
}

// Every count in a report takes the singular for 1: one board solved on
// one worker, with one scan, one node, one playout, one board lost without
// peeking; a merge of files with one duplicate record and one game of the
// range missing ("mjsolve solitaire --boards 1" printed "1 boards solved",
// "1 scans").
func TestReportCountsOfOne(t *testing.T) {
	var s analysis.Summary
	s.Add(analysis.Record{Game: 1, Verdict: solver.Winnable, Method: "search", NS: 3000, Scans: 1, Nodes: 1,
		Clear: 1, Playouts: 1, Played: true, Moves: 1, Left: 2})
	s.Solved, s.Wall = 1, time.Millisecond
	h := analysis.Header{Layout: "tiny8", Tiles: 8, Deal: "pcg", Seed: 3, First: 1, Boards: 1, Strategy: "greedy"}
	var b strings.Builder
	if err := NewReport(h, &s, 1, 0, false).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"\nprice       1 of 1 winnable board lost without peeking: 100.00%",
		"\nleft        2.0 tiles on average on the 1 lost board\n",
		"\ndifficulty  1 random playout on 1 winnable board cleared 100.00% of it;",
		", 0 never cleared\n",
		"(game 1) of wall time (no CPU time recorded)\n",
		"\nhardest     game 1 (1 scan, 1 node, search)\n",
		"\nspeed       1000 boards/s on 1 worker (1 board solved in this run)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}

	// One board without a CPU time among two; one won that the solver found
	// impossible (a bug the report must show).
	s = analysis.Summary{}
	s.Add(analysis.Record{Game: 1, Verdict: solver.Impossible, Method: "prune", NS: 3000, Scans: 1, Played: true, Won: true, Moves: 4})
	s.Add(analysis.Record{Game: 2, Verdict: solver.Winnable, Method: "random", NS: 3000, CPUNS: 2000, Scans: 2})
	h = analysis.Header{Layout: "tiny8", Tiles: 8, Deal: "pcg", Seed: 3, First: 1, Boards: 3, Strategy: "greedy"}
	b.Reset()
	if err := NewMergeReport(&analysis.MergeResult{Header: h, Summary: &s, Files: 2, Duplicates: 1}).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out = b.String()
	for _, want := range []string{
		"\nboards      2 (1 game of the range missing)\n",
		"(game 1) of CPU time (wall time for 1 board without)\n",
		"\nWRONG       1 board won without peeking that the solver found impossible: a bug\n",
		"\nfiles       2, 1 duplicate record skipped\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	var rows strings.Builder
	if err := WritePlayText(&rows, []PlayRow{{Strategy: "greedy", Report: NewMergeReport(&analysis.MergeResult{Header: h, Summary: &s, Files: 1})}}); err != nil {
		t.Fatal(err)
	}
	if want := "WRONG: greedy won 1 board the solver found impossible: a bug\n"; !strings.HasSuffix(rows.String(), want) {
		t.Errorf("play table:\n%s\nwant it to end with %q", rows.String(), want)
	}
}

// TestPlayTableNoTime: the play table's time cells show "-", as its other
// cells do for no data, when no play recorded a CPU time (old files, or
// no thread clock) and when no board was played; never a mean of "0ns".
func TestPlayTableNoTime(t *testing.T) {
	h := analysis.Header{Layout: "tiny8", Tiles: 8, Deal: "pcg", Seed: 3, First: 1, Boards: 2, Strategy: "greedy"}
	var s analysis.Summary
	s.Add(analysis.Record{Game: 1, Verdict: solver.Winnable, Method: "random", NS: 3000, CPUNS: 2000, Played: true, Won: true})
	s.Add(analysis.Record{Game: 2, Verdict: solver.Impossible, Method: "prune", NS: 5000, CPUNS: 4000, Played: true, Left: 4})
	for _, c := range []struct {
		s    *analysis.Summary
		want []string // the last two cells: play CPU/board, CPU/board
	}{
		{&s, []string{"-", fmtDur(3000)}},
		{&analysis.Summary{}, []string{"-", "-"}},
	} {
		var b strings.Builder
		if err := WritePlayText(&b, []PlayRow{{Strategy: "greedy", Report: NewMergeReport(&analysis.MergeResult{Header: h, Summary: c.s, Files: 1})}}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(b.String()), "\n")
		cells := strings.Fields(lines[len(lines)-1])
		if got := cells[len(cells)-2:]; cells[0] != "greedy" || !slices.Equal(got, c.want) {
			t.Errorf("%d boards: time cells %q, want %q in:\n%s", c.s.Boards, got, c.want, b.String())
		}
	}
}

// undecided is a report of boards that all ran out of time: no board
// decided, none won without peeking (a play of strategy when not "").
func undecided(strategy string) *Report {
	var s analysis.Summary
	for g := uint64(1); g <= 3; g++ {
		s.Add(analysis.Record{Game: g, Verdict: solver.Unknown, Method: "budget", NS: 1000, CPUNS: 1000, Scans: 1,
			Played: strategy != "", Won: strategy != "" && g == 1, Left: map[bool]int{true: 0, false: 4}[g == 1]})
	}
	h := analysis.Header{Layout: "tiny8", Tiles: 8, Deal: "pcg", Seed: 1, First: 1, Boards: 3, Strategy: strategy}
	return NewReport(h, &s, 1, 0, false)
}

// TestNoBoardDecided: a rate of nothing is not 0.00%. With no board decided the
// text says so, the tables show "-", and the JSON rates are null (the intervals
// [0, 1]: nothing known).
func TestNoBoardDecided(t *testing.T) {
	r := undecided("")
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "unwinnable  no board decided\n") || strings.Contains(b.String(), "0.00%") {
		t.Errorf("text:\n%s", b.String())
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"unknown":3,"rate":null,"ci95":[0,1],`)) {
		t.Errorf("JSON %s", data)
	}
	var back Report
	if err := json.Unmarshal(data, &back); err != nil || back.Unknown != 3 {
		t.Errorf("JSON does not read back: %v", err)
	}

	b.Reset()
	if err := WriteSurveyText(&b, []SurveyRow{{Name: "tiny8", Source: "built-in", Tiles: 8, Report: r}}); err != nil {
		t.Fatal(err)
	}
	if row := strings.Fields(strings.Split(b.String(), "\n")[1]); strings.Join(row[3:7], " ") != "3 - - budget" {
		t.Errorf("survey table:\n%s", b.String())
	}
	row := SurveyRow{Name: "tiny8", Source: "built-in", Tiles: 8, Report: r}
	data, err = json.Marshal(row.JSON())
	if err != nil || !bytes.Contains(data, []byte(`"rate":null`)) || !bytes.Contains(data, []byte(`"layout":"tiny8","source":"built-in"`)) {
		t.Errorf("survey JSON %s (%v)", data, err)
	}

	// A play: one won of three, none decided with peeking, so no winnable
	// board whose loss is a price.
	p := undecided("greedy")
	b.Reset()
	if err := p.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"won         1 of 3: 33.33% (95% CI ",
		"peeking     no board decided\n",
		"price       no winnable board decided\n",
		"left        4.0 tiles on average on the 2 lost boards\n",
	} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("play report lacks %q:\n%s", line, b.String())
		}
	}
	data, err = json.Marshal(p)
	if err != nil || !bytes.Contains(data, []byte(`"peek_rate":null,"peek_ci95":[0,1],`)) ||
		!bytes.Contains(data, []byte(`"price":null,"price_ci95":[0,1],`)) || !bytes.Contains(data, []byte(`"win_rate":0.333`)) {
		t.Errorf("play JSON %s (%v)", data, err)
	}
	b.Reset()
	if err := WritePlayText(&b, []PlayRow{{Strategy: "greedy", Report: p}}); err != nil {
		t.Fatal(err)
	}
	if row := strings.Fields(strings.Split(b.String(), "\n")[2]); strings.Join(row[4:9], " ") != "- - - - 4.0" {
		t.Errorf("play table:\n%s", b.String())
	}

	// A play whose every board was won leaves no lost board to average.
	var s analysis.Summary
	s.Add(analysis.Record{Game: 1, Verdict: solver.Winnable, Method: "random", Played: true, Won: true})
	w := NewReport(analysis.Header{Layout: "tiny8", Tiles: 8, Deal: "pcg", Seed: 1, First: 1, Boards: 1, Strategy: "greedy"}, &s, 1, 0, false)
	b.Reset()
	w.WriteText(&b)
	if !strings.Contains(b.String(), "left        no board lost\n") {
		t.Errorf("report of a play won on every board:\n%s", b.String())
	}
}
