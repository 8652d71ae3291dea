package runs

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/solver"
)

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
