package answer_test

import (
	"fmt"
	"os"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/answer"
)

// Waits of a hand with three exposed melds, for people and in one line.
func Example() {
	hs, err := answer.NewHands(answer.HandQuery{Melds: "123p 456p 789p"})
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := hs.Parse("111s 23m 55z")
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := answer.Waits.Run(hs, &h)
	a.WriteText(os.Stdout)
	fmt.Printf("%s\n", a.AppendLine(nil))
	data, _ := answer.AppendJSON(nil, h.Concealed, &answer.ShantenAnswer{Shanten: 0})
	fmt.Print(string(data))
	// Output:
	// shanten: 0 (tenpai, 聽牌)
	// waits:   2 kinds, 8 tiles left; single wait (獨聽): no
	//   1m  4 left  two-sided  一萬 兩面
	//   4m  4 left  two-sided  四萬 兩面
	// 14m
	// {"hand":"23m111s55z","shanten":0}
}

// Score a hand won on a discard, with the text for people.
func ExampleScorer() {
	s, err := answer.NewScorer(answer.ScoreQuery{Rules: tw16.Competition(), Melds: "111p", Win: "7s", Seat: "E", Round: "E", Dealer: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := s.Score("456m 789p 234s 55s 89s")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s\n", res.AppendLine(nil))
	// Output:
	// 2 莊家1 獨聽1
}
