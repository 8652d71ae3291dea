package runs_test

import (
	"context"
	"fmt"

	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/layouts"
)

// The main job as a library call: deal games 1..1000 of the turtle, decide
// each exactly on two workers, and summarise.
func Example() {
	l, _ := layouts.Builtin("turtle")
	j, err := runs.Prepare(runs.Spec{Layout: l, First: 1, Boards: 1000, Workers: 2})
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

func ExampleParseShard() {
	sh, _ := runs.ParseShard("2/3")
	first, boards := sh.Range(1, 100) // the second third of games 1..100
	fmt.Println(first, first+boards-1)
	// Output:
	// 34 66
}

// Which --layout values name several layouts (a survey) and which one.
func ExampleIsSelector() {
	for _, s := range []string{"turtle", "xmahjongg/ox", "all", "xmahjongg/*", "tiny8,ends10"} {
		fmt.Println(s, runs.IsSelector(s))
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
	entries, err := runs.SelectLayouts("tiny8,ends10", f.List(), f.Find)
	if err != nil {
		panic(err)
	}
	res, err := runs.Survey(context.Background(), runs.SurveySpec{Entries: entries,
		Spec: runs.Spec{First: 1, Boards: 200, Workers: 2}})
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

// How a run's deal and games are named in titles.
func ExampleSpec_DealText() {
	fmt.Println(runs.Spec{Seed: 7, First: 1, Boards: 1000}.DealText())
	fmt.Println(runs.Spec{Deal: "mjsolver", First: 0, Boards: 100}.DealText())
	// Output:
	// pcg, seed 7, games 1–1000
	// mjsolver, games 0–99
}

// Playing without peeking: every strategy plays the same boards of a
// layout, beside their exact verdicts with peeking. (The strategies' win
// rates are in the reports: Report.Play.)
func ExamplePlay() {
	l, _ := layouts.Builtin("ends10")
	sts, err := runs.SelectStrategies("all")
	if err != nil {
		panic(err)
	}
	res, err := runs.Play(context.Background(), runs.PlaySpec{Strategies: sts,
		Spec: runs.Spec{Layout: l, First: 1, Boards: 200, Workers: 2}})
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
	// hindsight: 200 boards, 78 winnable with peeking, won no more: true
}
