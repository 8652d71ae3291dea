package tw16_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// A concealed hand self-drawn on a dragon: the winner is South, the dealer
// East pays one tai more.
func ExampleScore() {
	res, err := tw16.Score(tw16.Win{
		Concealed: mjsolve.MustParseCounts("123m 789m 789s 11z 555z 66z"),
		Tile:      mjsolve.KindTile(mjsolve.Green),
		SelfDrawn: true,
		Seat:      mjsolve.South,
		Round:     mjsolve.East,
	}, tw16.Competition())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range res.Items {
		fmt.Printf("%s %d (%s)\n", it.Name(), it.Tai, it.ID.English())
	}
	fmt.Println("tai:", res.Tai)
	for _, p := range res.Payments {
		fmt.Printf("%s ×%d pays %d\n", p.Payer, p.Count, p.Points)
	}
	fmt.Println("wait:", res.Arrangement.Wait.Chinese())
	// Output:
	// 門清自摸 3 (concealed hand, self-drawn)
	// 三元台 2 (dragon triplet)
	// tai: 5
	// dealer ×1 pays 4000
	// non-dealer ×2 pays 3500
	// wait: 雙碰
}

func ExampleDecompose() {
	for _, d := range tw16.Decompose(mjsolve.MustParseCounts("111222333m 11p")) {
		fmt.Println(d)
	}
	// Output:
	// 123m 123m 123m 11p
	// 111m 222m 333m 11p
}

func ExampleParseMelds() {
	melds, err := tw16.ParseMelds("123m 555p, 7777s EEE")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range melds {
		fmt.Println(m, m.Type)
	}
	_, err = tw16.ParseMelds("124m")
	fmt.Println(err)
	// Output:
	// 123m chow
	// 555p pong
	// 7777s kong
	// 111z pong
	// tw16: bad meld "124m": not a chow, pong or kong
}

// House rules: with 門清自摸 out of play a concealed self-drawn hand scores
// 門清 and 自摸 apart, here with 自摸 at 2 tai.
func ExampleRules_SetTai() {
	r := tw16.Competition()
	r.SetTai(tw16.ItemConcealedSelfDrawn, 0)
	r.SetTai(tw16.ItemSelfDrawn, 2)
	res, err := tw16.Score(tw16.Win{
		Concealed: mjsolve.MustParseCounts("123m 456m 789p 234s 55s 67s"),
		Tile:      mjsolve.KindTile(mjsolve.NewKind(mjsolve.Sou, 8)),
		SelfDrawn: true,
		Seat:      mjsolve.South,
		Round:     mjsolve.East,
	}, r)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Items, res.Tai)
	// Output:
	// [自摸 2 門清 1] 3
}

// The first-turn situations by the names ParseFirstTurn takes.
func ExampleFirstTurnNames() {
	for _, n := range tw16.FirstTurnNames() {
		f, _ := tw16.ParseFirstTurn(n)
		fmt.Println(n, f.String() == n)
	}
	// Output:
	// tianhu true
	// dihu true
	// renhu true
	// diting true
}
