package plot_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/analysis/plot"
)

// The bar chart of two strategies on 100 boards, 97 of them winnable with
// peeking: random won 5, greedy 12.
func ExampleRenderPlayRates() {
	plays := func(won uint64) *analysis.PlayStats {
		var p analysis.PlayStats
		for g := uint64(1); g <= 100; g++ {
			r := analysis.Record{Game: g, Verdict: analysis.Winnable, Played: true, Won: g <= won, Moves: 72}
			if g > 97 {
				r.Verdict = analysis.Impossible
			}
			if !r.Won {
				r.Moves, r.Left = 50, 44
			}
			p.Add(r)
		}
		return &p
	}
	rows := []analysis.StrategyPlay{{Strategy: "random", Stats: plays(5)}, {Strategy: "greedy", Stats: plays(12)}}
	svg, err := plot.RenderPlayRates(rows, "turtle: playing without peeking", "svg")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(svg) > 1000)
	// Output: true
}
