package referee_test

import (
	"context"
	"fmt"
	"time"

	"github.com/mjsolve/mjsolve/tw16/referee"
)

// A match of two hands between four copies of a shell script that
// discards every tile it draws (testdata/draw-discard.sh): nobody wins.
func ExampleRun() {
	o := referee.Options{Hands: 2, Seed: 1, MoveTime: 5 * time.Second}
	for p := range o.Players {
		o.Players[p] = referee.Player{Name: fmt.Sprintf("dd%d", p+1), Command: "testdata/draw-discard.sh"}
	}
	tab, err := referee.Run(context.Background(), o)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tab.Hands(), "hands")
	for p := range 4 {
		st := tab.Player(p)
		fmt.Println(st.Name, st.Score, st.Wins, st.Drawn, st.Failures)
	}
	// Output:
	// 2 hands
	// dd1 0 0 2 0
	// dd2 0 0 2 0
	// dd3 0 0 2 0
	// dd4 0 0 2 0
}
