package plot

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
)

// playStats is the statistics of boards played by hand: won of boards,
// winnable of them with peeking (the rest impossible), every won board
// winnable.
func playStats(boards, won, winnable int64) *analysis.PlayStats {
	var p analysis.PlayStats
	for i := range boards {
		v := analysis.Impossible
		if i < winnable {
			v = analysis.Winnable
		}
		r := analysis.Record{Game: uint64(i + 1), Verdict: v, Played: true, Won: i < won, Moves: 72, PlayNS: 1000}
		if !r.Won {
			r.Moves, r.Left = 60, 24
		}
		p.Add(r)
	}
	return &p
}

func TestPlayRates(t *testing.T) {
	rows := []analysis.StrategyPlay{
		{Strategy: "random", Stats: playStats(1000, 20, 970)},
		{Strategy: "greedy", Stats: playStats(1000, 600, 970)},
		{Strategy: "lookahead", Stats: playStats(1000, 800, 970)},
		{Strategy: "none", Stats: &analysis.PlayStats{}}, // nothing played: left out
	}
	p, err := PlayRates(rows, "turtle")
	if err != nil {
		t.Fatal(err)
	}
	svg := svgText(t, p)
	// The first strategy at the top: in the SVG the labels come bottom-up.
	ip, il, ig, ir := strings.Index(svg, ">with peeking<"), strings.Index(svg, ">lookahead<"), strings.Index(svg, ">greedy<"), strings.Index(svg, ">random<")
	if ip < 0 || il < 0 || ig < 0 || ir < 0 || !(ip < il && il < ig && ig < ir) {
		t.Errorf("labels at %d %d %d %d, want with peeking, lookahead, greedy, random in order", ip, il, ig, ir)
	}
	for _, s := range []string{">97.0%<", ">2.0%<", ">60.0%<", ">80.0%<", "won without peeking", "winnable with peeking (exact solver, 1,000 boards)"} {
		if !strings.Contains(svg, s) {
			t.Errorf("no %q in the plot", s)
		}
	}
	if strings.Contains(svg, ">none<") {
		t.Error("a strategy without plays is drawn")
	}
	png, err := Render(p, 960, PlayRatesHeight(3), "png")
	if err != nil || len(png) < 1000 {
		t.Fatalf("png: %d bytes, %v", len(png), err)
	}
	if dir := os.Getenv("MJSOLVE_PLOT_DIR"); dir != "" {
		os.WriteFile(dir+"/play.png", png, 0o644)
	}
	if _, err := PlayRates(rows[3:], ""); !errors.Is(err, ErrNoPlays) {
		t.Errorf("no plays: %v", err)
	}
}

// TestPlayRatesNoBoardDecided: when the exact solver decided none of the boards
// played (every one ran out of time), the peeking rate is a rate of nothing: no
// bar, no "0.0%", no "exact solver, 0 boards" in the legend, but the row says
// so.
func TestPlayRatesNoBoardDecided(t *testing.T) {
	var p analysis.PlayStats
	for g := uint64(1); g <= 4; g++ {
		p.Add(analysis.Record{Game: g, Verdict: analysis.Unknown, Played: true, Won: g == 1, Left: map[bool]int{true: 0, false: 8}[g == 1]})
	}
	pl, err := PlayRates([]analysis.StrategyPlay{{Strategy: "greedy", Stats: &p}}, "t")
	if err != nil {
		t.Fatal(err)
	}
	svg := svgText(t, pl)
	for _, s := range []string{">25.0%<", ">with peeking: no board decided<"} {
		if !strings.Contains(svg, s) {
			t.Errorf("no %q in the plot", s)
		}
	}
	for _, s := range []string{">0.0%<", "0 boards", "winnable with peeking ("} {
		if strings.Contains(svg, s) {
			t.Errorf("%q in the plot", s)
		}
	}
}
