package job_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/mjsolve/mjsolve/job"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// The main job as a library call: deal games 1..1000 of the turtle, decide
// each exactly on two workers, and summarise.
func Example() {
	l, _ := layouts.Builtin("turtle")
	j, err := job.Prepare(job.Spec{Layout: l, First: 1, Boards: 1000, Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := j.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	s := res.Summary
	lo, hi := s.CI95()
	fmt.Printf("%s games %d..%d: %d winnable, %d impossible, %d unknown\n",
		res.Header.Layout, res.Header.First, res.Header.Last(), s.Winnable, s.Impossible, s.Unknown)
	fmt.Printf("unwinnable %.2f%% (95%% CI %.2f%% to %.2f%%)\n", 100*s.Rate(), 100*lo, 100*hi)
	// Output:
	// turtle games 1..1000: 964 winnable, 36 impossible, 0 unknown
	// unwinnable 3.60% (95% CI 2.61% to 4.94%)
}

// A hint for a game in progress: the next pair to take.
func ExampleHint() {
	l, _ := layouts.Builtin("tiny8")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, 3)
	r, err := job.Hint(context.Background(), b, 0)
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
		r, err := job.HintWith(context.Background(), s, b, 0)
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

func ExampleParseShard() {
	sh, _ := job.ParseShard("2/3")
	first, boards := sh.Range(1, 100) // the second third of games 1..100
	fmt.Println(first, first+boards-1)
	// Output:
	// 34 66
}

// Which --layout values name several layouts (a survey) and which one.
func ExampleIsSelector() {
	for _, s := range []string{"turtle", "xmahjongg/ox", "all", "xmahjongg/*", "tiny8,ends10"} {
		fmt.Println(s, job.IsSelector(s))
	}
	// Output:
	// turtle false
	// xmahjongg/ox false
	// all true
	// xmahjongg/* true
	// tiny8,ends10 true
}

// A survey of two built-in layouts: one row each, beside the published
// rates where the paper gives one.
func ExampleSurvey() {
	f := &layouts.Finder{} // the built-ins only
	entries, err := job.SelectLayouts("tiny8,ends10", f.List(), f.Find)
	if err != nil {
		panic(err)
	}
	res, err := job.Survey(context.Background(), job.SurveySpec{Entries: entries,
		Spec: job.Spec{First: 1, Boards: 200, Workers: 2}})
	if err != nil {
		panic(err)
	}
	for _, r := range res.Rows {
		fmt.Printf("%s: %d of %d unwinnable\n", r.Name, r.Report.Impossible, r.Report.Boards)
	}
	// Output:
	// tiny8: 112 of 200 unwinnable
	// ends10: 122 of 200 unwinnable
}

// The text of "mjsolve solitaire hint" and "solve" for tiny8 game 3.
func ExampleHintText() {
	l, _ := layouts.Builtin("tiny8")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, 3)
	r, _ := job.Hint(context.Background(), b, 0)
	fmt.Print(job.HintText(b, r, 0))
	// Output:
	// winnable: 8 tiles left; take 2m at 10,0,0 and 2m at 7,0,1 (slots 5, 7)
}

// One board as "mjsolve solitaire show" chooses it: a deal, or a board
// file; a bad field is named.
func ExampleBoardChoice_Board() {
	f := &layouts.Finder{} // the built-ins only
	b, about, err := job.BoardChoice{Layout: "tiny8", Game: 3, Seed: 1}.Board(f)
	fmt.Println(b.Remaining(), "tiles,", about, err)
	_, _, err = job.BoardChoice{Layout: "tiny8", Deal: "mjsolver", Seed: 2, Given: []string{"deal", "seed"}}.Board(f)
	fe, _ := errors.AsType[*job.FieldError](err)
	fmt.Println(fe.Field, fe.Msg)
	_, _, err = job.BoardChoice{Deal: "mjsolver", Game: 1 << 32}.Board(f)
	fmt.Println(err)
	_, _, err = job.BoardChoice{File: "g1.board", Given: []string{"game"}}.Board(f)
	fmt.Println(err)
	// Output:
	// 8 tiles, game 3, deal pcg seed 1 <nil>
	// seed applies to the pcg dealer only
	// job: game: the mjsolver dealer has games 0 to 4294967295
	// job: file: cannot be combined with game
}

// How a run's deal and games are named in titles.
func ExampleSpec_DealText() {
	fmt.Println(job.Spec{Seed: 7, First: 1, Boards: 1000}.DealText())
	fmt.Println(job.Spec{Deal: "mjsolver", First: 0, Boards: 100}.DealText())
	// Output:
	// pcg, seed 7, games 1–1000
	// mjsolver, games 0–99
}

// The text of "mjsolve solitaire show" for tiny8 game 3 (after its
// heading), with faces and with slot numbers.
func ExampleShowText() {
	l, _ := layouts.Builtin("tiny8")
	b, about, _ := job.Deal(l, solitaire.PCG{Seed: 1}, 3)
	fmt.Println(about)
	fmt.Print(job.ShowText(b, false))
	fmt.Print(job.ShowText(b, true))
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

// Playing without peeking: every strategy plays the same boards of a
// layout, beside their exact verdicts with peeking. (The strategies' win
// rates are in the reports: Report.Play.)
func ExamplePlay() {
	l, _ := layouts.Builtin("ends10")
	sts, err := job.SelectStrategies("all")
	if err != nil {
		panic(err)
	}
	res, err := job.Play(context.Background(), job.PlaySpec{Strategies: sts,
		Spec: job.Spec{Layout: l, First: 1, Boards: 200, Workers: 2}})
	if err != nil {
		panic(err)
	}
	for _, r := range res.Rows {
		p := r.Report.Play
		fmt.Printf("%s: %d boards, %d winnable with peeking, won no more: %v\n", p.Strategy, p.Boards, p.Winnable, p.Won <= p.Winnable)
	}
	// Output:
	// random: 200 boards, 78 winnable with peeking, won no more: true
	// greedy: 200 boards, 78 winnable with peeking, won no more: true
	// lookahead: 200 boards, 78 winnable with peeking, won no more: true
}
