package stats_test

import (
	"context"
	"fmt"

	"github.com/mjsolve/mjsolve/tw16/stats"
)

// One deal played alone, seat by seat.
func ExamplePlayer() {
	var d stats.Deal
	d.Reset(stats.DealSeed(1, 0), false)
	p := stats.NewPlayer(nil)
	for s := range 4 {
		o, err := p.Play(&d, s)
		if err != nil {
			panic(err)
		}
		fmt.Printf("seat %d: %d tiles, shanten %d, %d draws, tenpai after %d, won after %d\n",
			s, d.Hands[s].Total(), o.Start, o.Draws, o.Tenpai, o.Win)
	}
	// Output:
	// seat 0: 17 tiles, shanten 4, 13 draws, tenpai after -1, won after -1
	// seat 1: 16 tiles, shanten 3, 14 draws, tenpai after 9, won after -1
	// seat 2: 16 tiles, shanten 5, 14 draws, tenpai after 5, won after 9
	// seat 3: 16 tiles, shanten 4, 14 draws, tenpai after 13, won after -1
}

// A run of a thousand deals: the shares of the dealer's hands and the
// others' that won alone, with their 95% intervals.
func ExampleRun() {
	r, err := stats.Run(context.Background(), stats.Options{Deals: 1000, Seed: 1})
	if err != nil {
		panic(err)
	}
	for _, g := range []*stats.Group{&r.Dealer, &r.NonDealer} {
		w := g.WinRate()
		fmt.Printf("%d hands, %d won: %.1f%% [%.1f%%, %.1f%%]\n", w.Of, w.Count, 100*w.Rate, 100*w.Lo, 100*w.Hi)
	}
	// Output:
	// 1000 hands, 75 won: 7.5% [6.0%, 9.3%]
	// 3000 hands, 226 won: 7.5% [6.6%, 8.5%]
}
