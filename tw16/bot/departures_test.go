package bot

import (
	"flag"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

var (
	departuresLogs = flag.String("departures.logs", "", "comma-separated `dirs` of selfplay --log hands whose search seats TestDepartures classifies")
	departuresName = flag.String("departures.name", "search:think=100ms", "the `strategy` (as selfplay names it) whose seats TestDepartures classifies")
)

// TestDepartures replays, with -departures.logs, the hands of selfplay
// logs decision by decision, asks the advice engine at every decision of
// the seats of -departures.name with a choice, and prints how often they
// departed from it and, for their discards, whether an opponent looked
// ready (advice's threat rule), how the discard compared with advice's by
// advice's danger estimate (more than 0.05 apart: riskier or safer), and
// how many were won on (docs/play.md, "Where the search deals in").
func TestDepartures(t *testing.T) {
	if *departuresLogs == "" {
		t.Skip("with -departures.logs")
	}
	adv := NewAdvice(Options{})
	type row struct{ n, dealtIn int }
	rows := map[string]*row{}
	decisions, departures, dealIns := 0, 0, 0
	for _, dir := range strings.Split(*departuresLogs, ",") {
		files, err := filepath.Glob(filepath.Join(dir, "hand-*.jsonl.zst"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no hands", dir)
		}
		for _, name := range files {
			h := readHandFile(t, name)
			var mine [4]bool
			for _, si := range h.Header.Seats {
				mine[si.Seat-1] = si.Name == *departuresName
			}
			var last [4]string // the class of each seat's last discard
			err = handlog.Walk(h, nil, func(d *handlog.Decision) error {
				if !mine[d.Seat] {
					return nil
				}
				if len(d.Actions) < 2 {
					if d.Actions[d.Chosen].Type == game.Discard {
						last[d.Seat] = "" // a discard without a choice
					}
					return nil
				}
				decisions++
				adv.Begin(1)
				a, c := d.Actions[adv.Choose(d.View, d.Actions)], d.Actions[d.Chosen]
				same := sameChoice(&a, &c)
				if !same {
					departures++
				}
				if c.Type != game.Discard {
					return nil
				}
				key := "nobody looked ready; "
				if adv.threatened(d.View) {
					key = "an opponent looked ready; "
				}
				switch dc := adv.danger(d.View, c.Cards[0].Kind(), nil); {
				case same:
					key += "advice's choice"
				case a.Type != game.Discard:
					key += "advice did not discard"
				case dc > adv.danger(d.View, a.Cards[0].Kind(), nil)+0.05:
					key += "riskier than advice's choice"
				default:
					key += "as risky or safer"
				}
				if rows[key] == nil {
					rows[key] = &row{}
				}
				rows[key].n++
				last[d.Seat] = key
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, e := range h.Events {
				if e.Type == handlog.EventWin && e.From != e.Seat && !e.Robbed && mine[e.From-1] {
					dealIns++
					if r := rows[last[e.From-1]]; r != nil {
						r.dealtIn++
					}
				}
			}
		}
	}
	t.Logf("%d decisions with a choice, %d departures from advice, %d deal-ins", decisions, departures, dealIns)
	for _, key := range slices.Sorted(maps.Keys(rows)) {
		t.Logf("%-55s %6d discards, %4d dealt in", key, rows[key].n, rows[key].dealtIn)
	}
	if decisions == 0 {
		t.Errorf("no decision of %q", *departuresName)
	}
}
