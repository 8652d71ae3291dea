package answer

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// Solve decides one board, as "mjsolve solitaire solve" does: the solver's
// answer, with its solution checked by replaying it. It returns ctx's error
// when ctx was cancelled before an answer, and an error when a solution does
// not replay (a solver bug, never bad input).
func Solve(ctx context.Context, b *solitaire.Board, opt solver.Options) (solver.Result, error) {
	return SolveWith(ctx, solver.New(b.Geo), b, opt)
}

// SolveWith is [Solve] on s, a solver of b's geometry that a worker reuses
// board after board; Result.Moves is reused by s's next call.
func SolveWith(ctx context.Context, s *solver.Solver, b *solitaire.Board, opt solver.Options) (solver.Result, error) {
	r := s.Solve(ctx, b, opt)
	if r.Verdict == solver.Unknown && ctx.Err() != nil {
		return r, ctx.Err()
	}
	if r.Verdict == solver.Winnable {
		if err := solitaire.Verify(b, r.Moves); err != nil {
			return r, fmt.Errorf("answer: the solver's solution does not replay: %w", err)
		}
	}
	return r, nil
}

// HintMinLeftScans bounds the work [Hint] spends on the min-left count of
// an impossible position.
const HintMinLeftScans = 200000

// Hint answers a stuck player (as "mjsolve solitaire hint" does): can the
// position b still be cleared, and which pair to take next. The next pair
// is Result.Moves[0] for a winnable position (none when b is already
// clear). For an impossible one, Result.MinLeft is the fewest tiles that
// must remain, when found within [HintMinLeftScans] scans (−1 otherwise),
// and Result.Moves a play leaving them.
//
// It solves twice at most: first with the min-left count and its scan
// budget; when that budget (not the time) ran out, again without the count
// and without a budget, so the verdict is exact unless timeout (0: none)
// runs out or ctx is cancelled. Errors are those of [Solve].
func Hint(ctx context.Context, b *solitaire.Board, timeout time.Duration) (solver.Result, error) {
	return HintWith(ctx, solver.New(b.Geo), b, timeout)
}

// HintWith is [Hint] on s, a solver of b's geometry that a worker reuses
// board after board; Result.Moves is reused by s's next call.
func HintWith(ctx context.Context, s *solver.Solver, b *solitaire.Board, timeout time.Duration) (solver.Result, error) {
	r, err := SolveWith(ctx, s, b, solver.Options{MinLeft: true, MaxScans: HintMinLeftScans, Timeout: timeout})
	if err != nil {
		return r, err
	}
	if r.Verdict == solver.Unknown && r.Method == solver.Budget && timeout == 0 {
		// The scan budget is for the min-left count only: decide without it.
		return SolveWith(ctx, s, b, solver.Options{})
	}
	return r, nil
}

// ErrBadDeal marks a deal that is not a permutation of the layout's
// groups: a bug of its dealer, never bad input.
var ErrBadDeal = errors.New("the dealer dealt a bad board")

// Deal deals game of dealer on the layout l, as "mjsolve solitaire show",
// "solve" and "hint" do, and describes the deal ("game 7, deal pcg seed
// 1"). A game the dealer does not have is a *solitaire.GameRangeError.
func Deal(l *layouts.Layout, dealer solitaire.Dealer, game uint64) (*solitaire.Board, string, error) {
	if err := solitaire.CheckGame(dealer, game); err != nil {
		return nil, "", err
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		return nil, "", err
	}
	b, err := solitaire.DealBoard(g, dealer, game)
	if err != nil {
		return nil, "", fmt.Errorf("answer: game %d, deal %v: %w: %w", game, dealer, ErrBadDeal, err)
	}
	return b, fmt.Sprintf("game %d, deal %v", game, dealer), nil
}
