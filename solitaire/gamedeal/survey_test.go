package gamedeal_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mjsolve/mjsolve/internal/interval"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/gamedeal"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
	"github.com/mjsolve/mjsolve/solitaire/winnable"
	"github.com/mjsolve/mjsolve/solver"
)

var (
	survey       = flag.Int("survey", 0, "TestSurvey: deals per dealer (0: skip)")
	surveyLayout = flag.String("survey-layout", "turtle", "TestSurvey: the layout")
	surveyLook   = flag.Int("survey-lookahead", 1000, "TestSurvey: winnable deals per dealer the lookahead plays")
)

// surveyRow is what TestSurvey measures of one dealer.
type surveyRow struct {
	name            string
	deals, winnable int
	attempts        int64
	bands           [4]int
	scores          []float64
	won             [3]int // random, greedy, lookahead wins on winnable deals
	played          [3]int
}

// TestSurvey measures the games' dealers against uniform deals on one
// layout: the winnable share of their deals, the difficulty bands of their
// winnable deals (the bands of the layout's uniform winnable deals) and the
// no-peek strategies' win rates on them. It runs only with -survey N:
//
//	go test ./solitaire/gamedeal -run TestSurvey -survey 10000 -v -timeout 0
//
// and prints a Markdown table (docs/job.md has the turtle's).
func TestSurvey(t *testing.T) {
	if *survey == 0 {
		t.Skip("-survey N measures N deals per dealer")
	}
	g := geometry(t, *surveyLayout)
	ctx := context.Background()
	m0, err := winnable.NewMeasure(g, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	bands, err := winnable.Calibrate(ctx, g, m0, 0)
	if err != nil {
		t.Fatal(err)
	}
	dealers := []solitaire.Dealer{solitaire.PCG{Seed: 1}}
	for _, name := range gamedeal.Names {
		d, err := gamedeal.New(name, g, 1)
		if err != nil {
			t.Fatal(err)
		}
		dealers = append(dealers, d)
	}
	var rows []*surveyRow
	for _, d := range dealers {
		row := &surveyRow{name: fmt.Sprint(d)}
		if _, ok := d.(solitaire.PCG); ok {
			row.name = "uniform (pcg)"
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		const workers = 2
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := solver.New(g)
				m, _ := winnable.NewMeasure(g, 0, 1)
				var players [3]*nopeek.Player
				for i, st := range []string{"random", "greedy", "lookahead"} {
					players[i], _ = nopeek.NewPlayer(g, st)
				}
				src := rand.NewPCG(0, 0)
				b := &solitaire.Board{Geo: g, Groups: make([]solitaire.Group, g.N)}
				for game := uint64(1 + w); game <= uint64(*survey); game += workers {
					var deal []solitaire.Group
					attempts := 1
					if gd, ok := d.(gamedeal.Dealer); ok {
						var st gamedeal.Stats
						deal, st = gd.DealStats(game, nil)
						attempts = st.Attempts
					} else {
						deal = d.Deal(game, g.N, nil)
					}
					if err := b.Redeal(deal); err != nil {
						t.Errorf("%s game %d: %v", row.name, game, err)
						return
					}
					r := s.Solve(ctx, b, solver.Options{})
					var won [3]bool
					var diff winnable.Difficulty
					var look bool
					if r.Verdict == solver.Winnable {
						diff = m.Measure(deal, game)
						for i := range 2 {
							src.Seed(game, uint64(i))
							won[i] = players[i].Play(deal, src).Won
						}
						mu.Lock()
						look = row.played[2] < *surveyLook
						if look {
							row.played[2]++
						}
						mu.Unlock()
						if look {
							src.Seed(game, 2)
							won[2] = players[2].Play(deal, src).Won
						}
					}
					mu.Lock()
					row.deals++
					row.attempts += int64(attempts)
					if r.Verdict == solver.Winnable {
						row.winnable++
						row.bands[bands.Of(diff)]++
						row.scores = append(row.scores, float64(diff.Clears)/float64(diff.Playouts))
						for i := range 3 {
							if won[i] {
								row.won[i]++
							}
						}
						row.played[0]++
						row.played[1]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		rows = append(rows, row)
		t.Logf("%s done", row.name)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%s, %d deals per dealer; bands of the layout's uniform winnable deals (hard ≤ %.2f%%, easy > %.2f%% of %d playouts clearing)\n\n",
		*surveyLayout, *survey, 100*bands.Hard, 100*bands.Easy, bands.Playouts)
	sb.WriteString("| dealer | winnable | attempts | easy | medium | hard | median clears | random wins | greedy wins | lookahead wins |\n")
	sb.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	pct := func(k, n int) string {
		if n == 0 {
			return "-"
		}
		lo, hi := interval.Wilson(int64(k), int64(n), interval.Z95)
		return fmt.Sprintf("%.1f%% (%.1f–%.1f)", 100*float64(k)/float64(n), 100*lo, 100*hi)
	}
	for _, r := range rows {
		sort.Float64s(r.scores)
		med := 0.0
		if len(r.scores) > 0 {
			med = r.scores[len(r.scores)/2]
		}
		fmt.Fprintf(&sb, "| %s | %s | %.2f | %.1f%% | %.1f%% | %.1f%% | %.2f%% | %s | %s | %s of %d |\n",
			r.name, pct(r.winnable, r.deals), float64(r.attempts)/float64(r.deals),
			100*float64(r.bands[winnable.Easy])/float64(r.winnable), 100*float64(r.bands[winnable.Medium])/float64(r.winnable),
			100*float64(r.bands[winnable.Hard])/float64(r.winnable), 100*med,
			pct(r.won[0], r.played[0]), pct(r.won[1], r.played[1]), pct(r.won[2], r.played[2]), r.played[2])
	}
	t.Log(sb.String())
}
