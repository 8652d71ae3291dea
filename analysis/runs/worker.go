package runs

import (
	"context"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// BadDeal is the method of the record of a board its dealer got wrong (a
// deal that is not a permutation of the layout's groups): a bug, reported
// as an unknown board, never counted as decided.
const BadDeal solver.Method = "bad-deal"

// WorkerFactory makes the constructor of the workers of a run on geo with
// dealer and the solver options opt. [Workers] is the real one.
type WorkerFactory func(geo *solitaire.Geometry, dealer solitaire.Dealer, opt solver.Options) func() analysis.Worker

// Workers returns the constructor of the main job's workers.
//
// Each worker has its own solver and board, deals game k with dealer, solves it
// with opt and turns the result into a record (verdict, method, the solver's
// counts, and for an impossible board its min-left count when computed). A
// worker allocates nothing per board after the first.
func Workers(geo *solitaire.Geometry, dealer solitaire.Dealer, opt solver.Options) func() analysis.Worker {
	return func() analysis.Worker {
		s := solver.New(geo)
		groups := make([]solitaire.Group, 0, geo.N)
		var board *solitaire.Board
		return func(ctx context.Context, game uint64) analysis.Record {
			groups = dealer.Deal(game, geo.N, groups[:0])
			var err error
			if board == nil {
				board, err = solitaire.NewBoard(geo, groups)
			} else {
				err = board.Redeal(groups)
			}
			if err != nil {
				board = nil
				return analysis.Record{Verdict: solver.Unknown, Method: BadDeal}
			}
			return Record(s.Solve(ctx, board, opt))
		}
	}
}

// Record turns a solver result into a record.
//
// The record has no game or time, which [analysis.Run] fills in: it holds the
// verdict and method as they are, the solver's counts, and the min-left count
// of an impossible board when it was computed.
func Record(res solver.Result) analysis.Record {
	rec := analysis.Record{Verdict: res.Verdict, Method: res.Method,
		Scans: res.Stats.Scans, Random: res.Stats.RandomGames, Nodes: res.Stats.Nodes}
	if res.Verdict == solver.Impossible {
		rec.MinLeft = max(res.MinLeft, 0)
	}
	return rec
}
