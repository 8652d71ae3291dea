package solver

import (
	"time"

	"github.com/mjsolve/mjsolve/solitaire"
)

// Options tune one Solve call. The zero value solves exactly with no limit.
type Options struct {
	// MaxScans bounds the number of prune scans (0: no limit). When it is
	// exceeded the verdict is Unknown with method Budget.
	MaxScans int64
	// Timeout bounds the wall time of the call (0: none).
	Timeout time.Duration
	// Seed is mixed with a hash of the board to seed the randomness (search
	// order, rotations, random games). It only changes the speed, never the
	// verdict.
	Seed uint64
	// MinLeft asks, for impossible boards, for the smallest number of tiles
	// that must remain (Result.MinLeft) and a play reaching it (Result.Moves).
	MinLeft bool
}

// Stats counts the work of one Solve call.
type Stats struct {
	// Scans counts the prune scans (relaxed or exact greedy plays),
	// counting scans continued from a saved state, and those the
	// look-ahead settled for the next step of the descent (not run again).
	Scans       int64
	RandomGames int64         // random games played
	Nodes       int64         // nodes of the pairing search
	Duration    time.Duration // wall time
}

// Result is the answer for one board.
type Result struct {
	Verdict Verdict
	Method  Method
	// Moves is a solution when the verdict is Winnable (it replays under
	// solitaire.Verify from the position solved). With Options.MinLeft and
	// an Impossible verdict it is a play leaving MinLeft tiles, when found.
	// It is owned by the caller (a fresh slice per call of the package-level
	// Solve; reused by the next call of the same Solver otherwise).
	Moves []solitaire.Move
	// MinLeft is the smallest number of tiles that must remain: 0 for a
	// winnable board, computed for impossible boards only with
	// Options.MinLeft (−1 when not computed or when the budget ran out).
	MinLeft int
	Stats   Stats
}
