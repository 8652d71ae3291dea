package job_test

import (
	"context"
	"fmt"

	"github.com/mjsolve/mjsolve/job"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
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

func ExampleParseShard() {
	sh, _ := job.ParseShard("2/3")
	first, boards := sh.Range(1, 100) // the second third of games 1..100
	fmt.Println(first, first+boards-1)
	// Output:
	// 34 66
}
