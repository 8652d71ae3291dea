package answer_test

import (
	"errors"
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

// A batch of hands answered line by line, as "mjsolve tw16 waits -" does,
// in its one-line form and as JSON; a bad hand is a *FieldError naming the
// field at fault. WriteAnswer writes the answer for people.
func ExampleHands_AppendAnswer() {
	hs, err := answer.NewHands(answer.HandQuery{Visible: "1m 1m"})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := hs.AppendAnswer(nil, answer.Waits, "123456789p111s23m55z", false)
	b, _ = hs.AppendAnswer(b, answer.Waits, "123456789p111s23m55z", true)
	fmt.Print(string(b))
	_, err = hs.AppendAnswer(nil, answer.Waits, "0m", false)
	fe, _ := errors.AsType[*answer.FieldError](err)
	fmt.Println(fe.Field == answer.FieldHand, err)
	hs.WriteAnswer(os.Stdout, answer.Shanten, "123456789p111s23m55z", false)
	// Output:
	// 14m
	// {"hand":"23m123456789p111s55z","shanten":0,"single":false,"remaining":6,"waits":[{"kind":"1m","chinese":"一萬","remaining":2,"shapes":["two-sided"]},{"kind":"4m","chinese":"四萬","remaining":4,"shapes":["two-sided"]}]}
	// true unknown tile "0m" in "0m"
	// shanten: 0 (tenpai, 聽牌)
}

// House rules: the common profile with 地聽 at 4 tai.
func ExampleRulesQuery() {
	q := answer.RulesQuery{Profile: "common", Tai: []string{"地聽=4"}, PingHuConcealed: true}
	r, err := q.Rules()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s%s\n", r.Name, answer.HouseRules(&r))
	q.Tai = []string{"bogus=1"}
	_, err = q.Rules()
	fe, _ := errors.AsType[*answer.FieldError](err)
	fmt.Println(fe.Field == answer.FieldRule, err)
	// Output:
	// common; 地聽 4, 平胡 門清 only
	// true unknown scoring item "bogus"
}

// The shanten tables built in memory, reported as "mjsolve tw16 tables
// --rebuild" reports them.
func ExampleTables() {
	a, err := answer.Tables(tw16.TableOptions{NoCache: true}, true, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Action, a.Info.FromCache)
	// Output:
	// rebuilt false
}

// Batch lines of "HAND WIN", scored as "mjsolve tw16 score -" does.
func ExampleScorer_AppendAnswer() {
	s, err := answer.NewScorer(answer.ScoreQuery{Rules: tw16.Competition(), Seat: "E", Round: "E"})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := s.AppendAnswer(nil, "123m456p789s234s11z55z 1z", false)
	fmt.Print(string(b))
	_, err = s.AppendAnswer(nil, "123m456p789s234s11z55z 0m", false)
	fe, _ := errors.AsType[*answer.FieldError](err)
	fmt.Println(fe.Field == answer.FieldWin, err)
	// Output:
	// 3 門清1 圈風台1 門風台1
	// true unknown tile "0m" in "0m"
}
