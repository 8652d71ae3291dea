package analysis_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve/analysis"
)

// The price of not peeking from four records of boards played without
// peeking: three winnable boards (one lost), one impossible.
func ExamplePlayStats() {
	var s analysis.Summary
	for _, r := range []analysis.Record{
		{Game: 1, Verdict: analysis.Winnable, Method: "random", Played: true, Won: true, Moves: 72},
		{Game: 2, Verdict: analysis.Winnable, Method: "random", Played: true, Won: true, Moves: 72},
		{Game: 3, Verdict: analysis.Winnable, Method: "search", Played: true, Moves: 60, Left: 24},
		{Game: 4, Verdict: analysis.Impossible, Method: "prune", Played: true, Moves: 68, Left: 8},
	} {
		s.Add(r)
	}
	p := &s.Play
	won, _, _ := p.WinRate()
	peek, _, _ := p.PeekRate()
	price, lo, hi := p.Price()
	fmt.Printf("won %.0f%%, winnable %.0f%%, price of not peeking %.0f%% (95%% CI %.0f%% to %.0f%%), %.0f tiles left on lost boards\n",
		100*won, 100*peek, 100*price, 100*lo, 100*hi, p.MeanLeftLost())
	// Output: won 50%, winnable 75%, price of not peeking 33% (95% CI 6% to 79%), 16 tiles left on lost boards
}
