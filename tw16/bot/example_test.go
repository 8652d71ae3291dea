package bot_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/mjsolve/mjsolve/tw16/bot"
)

// A match of the advice bot against three random players, in-process.
func ExampleSelfPlay() {
	tab, err := bot.SelfPlay(context.Background(), bot.SelfPlayOptions{
		Strategies: [4]string{"advice", "random", "random", "random"},
		Hands:      96,
		Seed:       1,
	})
	if err != nil {
		panic(err)
	}
	m, lo, _ := tab.Margin(0, 1)
	fmt.Println(tab.Hands(), "hands; advice wins", tab.Player(0).Wins, "of them")
	fmt.Println("advice beats random:", m > 0 && lo > 0)
	// Output:
	// 96 hands; advice wins 53 of them
	// advice beats random: true
}

// The advice bot answering the referee's questions over the protocol.
func ExampleServe() {
	in := strings.NewReader(`/start MJ 2 bot
/initGame EAST EAST 1 1 0
/initCard 110 111 112 120 130 140 150 160 170 210 220 230 240 250 260 290
/throw 1 410
/ask pong
/mo 113
/ask gong
`)
	if err := bot.Serve(context.Background(), in, os.Stdout, bot.ServeOptions{Strategy: bot.NewAdvice(bot.Options{}), Seed: 1}); err != nil {
		panic(err)
	}
	// Output:
	// /pass
	// /gong 0 110 111 112 113
}
