package runs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/interval"
	"github.com/mjsolve/mjsolve/solver"
)

// jsonLines decodes every line of data as a JSON object.
func jsonLines(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for sc := bufio.NewScanner(bytes.NewReader(data)); sc.Scan(); {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%v: %q", err, sc.Text())
		}
		out = append(out, m)
	}
	return out
}

// A survey's outcome written as a table and as JSON lines: a layout run
// (interrupted after 4 of its 5 boards: 3 winnable, 1 impossible, each
// taking 2ms of CPU time), an unusable layout and one not reached.
func TestSurveyOutcomeWrite(t *testing.T) {
	var s analysis.Summary
	for g, v := range []solver.Verdict{solver.Winnable, solver.Winnable, solver.Impossible, solver.Winnable} {
		m := analysis.Method("random")
		if v == solver.Impossible {
			m = "prune"
		}
		s.Add(analysis.Record{Game: uint64(g + 1), Verdict: v, Method: m, NS: 2e6, CPUNS: 2e6, Scans: 1})
	}
	h := analysis.Header{Layout: "xmahjongg/default", Tiles: 144, Deal: "pcg", Seed: 1, First: 1, Boards: 5}
	o := &SurveyOutcome{Interrupted: true, Rows: []SurveyRow{
		{Name: "xmahjongg/default", Source: "xmahjongg", Tiles: 144, Report: NewReport(h, &s, 1, 0, true)},
		{Name: "odd9", Source: "file", Tiles: 9, Unusable: "layout odd9 has an odd number of tiles (9)"},
		{Name: "turtle", Source: "builtin", Tiles: 144},
	}}
	var buf bytes.Buffer
	if err := o.Write(&buf, false); err != nil {
		t.Fatal(err)
	}
	lo, hi := interval.Wilson(1, 4, interval.Z95)
	if percent(lo) != "4.56%" || percent(hi) != "69.94%" {
		t.Fatalf("Wilson(1, 4) = %v, %v", lo, hi)
	}
	want := `layout             source     tiles  boards           unwinnable  95% CI        decided by            mean    p99     max     de Bondt
xmahjongg/default  xmahjongg  144    4 (interrupted)  25.00%      4.56%–69.94%  random 75% prune 25%  2.00ms  2.00ms  2.00ms  2.95%
odd9               file       9      -                -           -             -                     -       -       -       -  unusable: layout odd9 has an odd number of tiles (9)
turtle             builtin    144    -                -           -             -                     -       -       -       -  not run (interrupted)
`
	if buf.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", buf.String(), want)
	}

	buf.Reset()
	if err := o.Write(&buf, true); err != nil {
		t.Fatal(err)
	}
	rows := jsonLines(t, buf.Bytes())
	if len(rows) != 3 {
		t.Fatalf("%d JSON lines, want 3:\n%s", len(rows), buf.String())
	}
	r := rows[0]
	ci, _ := r["ci95"].([]any)
	if r["layout"] != "xmahjongg/default" || r["source"] != "xmahjongg" || r["tiles"] != 144.0 || r["boards"] != 4.0 ||
		r["requested"] != 5.0 || r["winnable"] != 3.0 || r["impossible"] != 1.0 || r["rate"] != 0.25 ||
		len(ci) != 2 || ci[0] != lo || ci[1] != hi || r["published_rate"] != 0.0295 || r["interrupted"] != true ||
		r["methods"].(map[string]any)["random"] != 3.0 || r["time"].(map[string]any)["mean_ns"] != 2e6 || r["unusable"] != nil {
		t.Errorf("run row %v", r)
	}
	// The rows without a report have only their name, source, tiles and,
	// for an unusable layout, the reason.
	for i, want := range []map[string]any{
		{"layout": "odd9", "source": "file", "tiles": 9.0, "unusable": "layout odd9 has an odd number of tiles (9)"},
		{"layout": "turtle", "source": "builtin", "tiles": 144.0},
	} {
		got := rows[i+1]
		if len(got) != len(want) {
			t.Errorf("row %d: %v, want %v", i+1, got, want)
			continue
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("row %d: %s %v, want %v", i+1, k, got[k], v)
			}
		}
	}
}

// A play's outcome written as a table and as JSON lines: a strategy that
// ran (the hand-made report: 10 boards, 5 won, 8 winnable) and one not
// reached.
func TestPlayOutcomeWrite(t *testing.T) {
	o := &PlayOutcome{Interrupted: true, Rows: []PlayRow{
		{Strategy: "greedy", Report: handMade("greedy")},
		{Strategy: "lookahead"},
	}}
	var buf bytes.Buffer
	if err := o.Write(&buf, false); err != nil {
		t.Fatal(err)
	}
	if want := greedyPlayTable; buf.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", buf.String(), want)
	}

	buf.Reset()
	if err := o.Write(&buf, true); err != nil {
		t.Fatal(err)
	}
	rows := jsonLines(t, buf.Bytes())
	if len(rows) != 1 {
		t.Fatalf("%d JSON lines, want 1 (the strategy not run has none):\n%s", len(rows), buf.String())
	}
	r := rows[0]
	p, _ := r["play"].(map[string]any)
	if r["layout"] != "turtle" || r["boards"] != 10.0 || r["winnable"] != 8.0 || r["impossible"] != 2.0 || r["rate"] != 0.2 || p == nil {
		t.Fatalf("row %v", r)
	}
	lo, hi := interval.Wilson(3, 8, interval.Z95)
	pci, _ := p["price_ci95"].([]any)
	if p["strategy"] != "greedy" || p["boards"] != 10.0 || p["won"] != 5.0 || p["win_rate"] != 0.5 || p["winnable"] != 8.0 ||
		p["peek_rate"] != 0.8 || p["winnable_lost"] != 3.0 || p["price"] != 0.375 || len(pci) != 2 || pci[0] != lo || pci[1] != hi ||
		p["mean_left_lost"] != 8.0 || p["time"].(map[string]any)["mean_ns"] != 1e6 {
		t.Errorf("play %v", p)
	}
}
