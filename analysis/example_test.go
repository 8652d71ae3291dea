package analysis_test

import (
	"context"
	"fmt"

	"github.com/mjsolve/mjsolve/analysis"
)

func ExampleRun() {
	// A stand-in for the solver: every 7th game is impossible.
	newWorker := func() analysis.Worker {
		return func(ctx context.Context, game uint64) analysis.Record {
			if game%7 == 0 {
				return analysis.Record{Verdict: analysis.Impossible, Method: "prune"}
			}
			return analysis.Record{Verdict: analysis.Winnable, Method: "random"}
		}
	}
	var last uint64
	cfg := analysis.Config{First: 1, Boards: 700, Workers: 4,
		OnRecord: func(r analysis.Record) error { last = r.Game; return nil }}
	s, err := analysis.Run(context.Background(), cfg, newWorker)
	if err != nil {
		fmt.Println(err)
		return
	}
	lo, hi := s.CI95()
	fmt.Printf("%d boards, %d impossible (%.1f%%, 95%% CI %.1f%% to %.1f%%), last record game %d\n",
		s.Boards, s.Impossible, 100*s.Rate(), 100*lo, 100*hi, last)
	for _, m := range s.MethodCounts() {
		fmt.Println(m.Method, m.Boards)
	}
	// Output:
	// 700 boards, 100 impossible (14.3%, 95% CI 11.9% to 17.1%), last record game 700
	// random 600
	// prune 100
}
