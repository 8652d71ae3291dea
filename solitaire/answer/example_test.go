package answer_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
	"github.com/mjsolve/mjsolve/solver"
)

// A hint for a game in progress: the next pair to take.
func ExampleHint() {
	l, _ := layouts.Builtin("tiny8")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, 3)
	r, err := answer.Hint(context.Background(), b, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := r.Moves[0]
	fmt.Printf("%v: take %s and %s (slots %d, %d)\n", r.Verdict, b.Groups[m.A], b.Groups[m.B], m.A, m.B)
	// Output:
	// winnable: take 2m and 2m (slots 5, 7)
}

// One solver reused for hint after hint, as each worker of a server keeps
// one: follow the hints of turtle game 3 for five moves.
func ExampleHintWith() {
	l, _ := layouts.Builtin("turtle")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, 3)
	s := solver.New(g)
	for range 5 {
		r, err := answer.HintWith(context.Background(), s, b, 0)
		if err != nil {
			fmt.Println(err)
			return
		}
		m := r.Moves[0]
		fmt.Printf("%d tiles, %v: take %s (slots %d, %d)\n", b.Remaining(), r.Verdict, b.Groups[m.A], m.A, m.B)
		b.Play(m)
	}
	// Output:
	// 144 tiles, winnable: take 3s (slots 42, 143)
	// 142 tiles, winnable: take N (slots 66, 93)
	// 140 tiles, winnable: take N (slots 134, 135)
	// 138 tiles, winnable: take 1m (slots 65, 131)
	// 136 tiles, winnable: take 2s (slots 130, 139)
}

// The text of "mjsolve solitaire hint" and "solve" for tiny8 game 3.
func ExampleHintText() {
	l, _ := layouts.Builtin("tiny8")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, 3)
	r, _ := answer.Hint(context.Background(), b, 0)
	fmt.Print(answer.HintText(b, r, 0))
	// Output:
	// winnable: 8 tiles left; take 2m at 10,0,0 and 2m at 7,0,1 (slots 5, 7)
}

// One board as "mjsolve solitaire show" chooses it: a deal, or a board
// file; a bad field is named.
func ExampleBoardChoice_Board() {
	f := &layouts.Finder{} // the built-ins only
	b, about, err := answer.BoardChoice{Layout: "tiny8", Game: 3, Seed: 1}.Board(f)
	fmt.Println(b.Remaining(), "tiles,", about, err)
	_, _, err = answer.BoardChoice{Layout: "tiny8", Deal: "mjsolver", Seed: 2, Given: []string{"deal", "seed"}}.Board(f)
	fe, _ := errors.AsType[*solitaire.InputError](err)
	fmt.Println(fe.Field, fe.Msg)
	_, _, err = answer.BoardChoice{Deal: "mjsolver", Game: 1 << 32}.Board(f)
	fmt.Println(err)
	_, _, err = answer.BoardChoice{File: "g1.board", Given: []string{"game"}}.Board(f)
	fmt.Println(err)
	// Output:
	// 8 tiles, game 3, deal pcg seed 1 <nil>
	// seed applies to the pcg dealer only
	// solitaire: game: the mjsolver dealer has games 0 to 4294967295
	// solitaire: file: cannot be combined with game
}

// The text of "mjsolve solitaire show" for tiny8 game 3 (after its
// heading), with faces and with slot numbers.
func ExampleShowText() {
	l, _ := layouts.Builtin("tiny8")
	b, about, _ := answer.Deal(l, solitaire.PCG{Seed: 1}, 3)
	fmt.Println(about)
	fmt.Print(answer.ShowText(b, false))
	fmt.Print(answer.ShowText(b, true))
	// Output:
	// game 3, deal pcg seed 1
	// 8 tiles on the board, 4 free, 3 matches; free tiles are in [brackets]
	// level 0: 6 tiles, 6 on the board, 2 free
	// [1m] 1m  1m  1m  2m [2m]
	// level 1: 2 tiles, 2 on the board, 2 free
	//       [2m]    [2m]
	// 8 tiles on the board, 4 free, 3 matches; free tiles are in [brackets]
	// level 0: 6 tiles, 6 on the board, 2 free
	// [ 0]  1   2   3   4 [ 5]
	// level 1: 2 tiles, 2 on the board, 2 free
	//       [ 6]    [ 7]
}

// The fair hint: the pair a player who does not look under the tiles
// would take, with how the deals of the hidden faces judge the position
// (here one pair was ahead after 32 deals, so the others were dropped).
func ExampleFairHint() {
	l, _ := layouts.Builtin("turtle40")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, 5)
	adv, err := answer.FairHint(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(answer.FairHintText(b, adv))
	// Output:
	// fair hint (from what a player sees, without looking under the tiles): take 6m at 2,0,0 and 6m at 7,3,3 (slots 0, 39)
	// of 32 random deals of the 29 hidden faces, 11 can still be cleared, 11 after this move
}
