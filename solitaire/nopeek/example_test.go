package nopeek_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
)

// Play a hundred turtle boards without peeking with each strategy, one player
// per strategy (one per goroutine when playing in parallel).
func ExamplePlayer_Play() {
	l, _ := layouts.Builtin("turtle")
	geo, err := solitaire.Compile(l)
	if err != nil {
		fmt.Println(err)
		return
	}
	dealer := solitaire.PCG{Seed: 1}
	for _, name := range nopeek.Strategies()[:2] {
		p, err := nopeek.NewPlayer(geo, name)
		if err != nil {
			fmt.Println(err)
			return
		}
		won, left := 0, 0
		for game := uint64(1); game <= 100; game++ {
			r := p.Play(dealer.Deal(game, geo.N, nil), rand.NewPCG(game, 0))
			if r.Won {
				won++
			}
			left += r.Left
		}
		fmt.Printf("%s: %d of 100 won, %.1f tiles left on average\n", name, won, float64(left)/100)
	}
	_, err = nopeek.NewPlayer(geo, "smart")
	fmt.Println(err)
	// Output:
	// random: 7 of 100 won, 49.8 tiles left on average
	// greedy: 12 of 100 won, 36.5 tiles left on average
	// nopeek: unknown strategy "smart" (want random, greedy, lookahead, hindsight)
}

// Trace returns the moves of the game too; they replay on a
// solitaire.Board.
func ExamplePlayer_Trace() {
	l, _ := layouts.Builtin("tiny8")
	geo, err := solitaire.Compile(l)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := nopeek.NewPlayer(geo, "greedy")
	if err != nil {
		fmt.Println(err)
		return
	}
	groups := solitaire.PCG{Seed: 1}.Deal(3, geo.N, nil)
	moves, r := p.Trace(groups, rand.NewPCG(3, 0), nil)
	b, _ := solitaire.NewBoard(geo, groups)
	for _, m := range moves {
		if err := b.CheckMove(m); err != nil {
			fmt.Println(err)
		}
		b.Play(m)
	}
	fmt.Println(solitaire.FormatMoves(moves))
	fmt.Printf("won %v, %d moves, %d tiles left\n", r.Won, r.Moves, b.Remaining())
	// Output:
	// 5-7 4-6 0-3 1-2
	// won true, 4 moves, 0 tiles left
}

// A record of games names the version of the strategy that played them;
// the lookahead's budget is part of it when not the default.
func ExampleVersion() {
	for _, opt := range []nopeek.Options{{}, {Rollouts: 256}} {
		v, err := nopeek.Version("lookahead", opt)
		if err != nil {
			panic(err)
		}
		fmt.Println(v)
	}
	// Output:
	// 1
	// 1+rollouts=256
}
