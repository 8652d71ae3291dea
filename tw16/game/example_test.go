package game_test

import (
	"fmt"
	"os"

	"github.com/mjsolve/mjsolve/tw16/game"
)

// first always takes the first action offered: it wins when it can, else
// claims the first claim offered, else discards its lowest card.
type first struct{}

func (first) Begin(uint64)                                {}
func (first) Choose(v *game.View, acts []game.Action) int { return 0 }

// A hand played in-process by four strategies, and its events.
func ExamplePlay() {
	g, err := game.New(game.Config{Seed: 64, Dealer: 0, Round: game.East})
	if err != nil {
		panic(err)
	}
	players := [4]game.Strategy{first{}, first{}, first{}, first{}}
	var views [4]game.View
	if err := game.Play(g, &players, &views); err != nil {
		panic(err)
	}
	evs := g.Events()
	fmt.Println(evs[0])
	fmt.Println(evs[len(evs)-1])
	r := g.Result()
	for _, it := range r.Score.Items {
		fmt.Println(it)
	}
	fmt.Println("tai", r.Score.Tai, "points", r.Points)
	// Output:
	// 0 discard 5m#3
	// 3 win on 1z#3 from 3
	// 自摸 1
	// 三元台 1
	// 獨聽 1
	// tai 3 points [-3000 -2500 -2500 8000]
}

// Two matches of the same deals compared hand by hand: a strategy "new"
// against "old" in one match, "new" replaced by "base" in the other, the
// same players seated alike on the same walls.
func ExamplePaired() {
	p, err := game.NewPaired([4]string{"new", "old", "new", "old"}, [4]string{"base", "old", "base", "old"})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := game.Schedule{Seed: 1}.Hand(0)
	deals := [][2][4]int{ // per deal: the seats' points in each match
		{{3000, -1000, -1000, -1000}, {-1500, 1500, 0, 0}},
		{{0, 0, 0, 0}, {0, 0, 0, 0}},
		{{-2000, 0, 2000, 0}, {-2000, 2000, 0, 0}},
	}
	for _, d := range deals {
		if err := p.Add(h, &game.Result{Points: d[0]}, h, &game.Result{Points: d[1]}); err != nil {
			fmt.Println(err)
			return
		}
	}
	p.Write(os.Stdout)
	// Output:
	// paired by deal, 3 hands:
	// new - old: 666.7 per hand per seat; against, base - old: -1166.7; difference 1833.3, 95% interval -153.7 … 3820.3
}
