package runs

import (
	"context"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/playout"
)

// MaxDifficulty bounds the playouts per board of [Spec.Difficulty].
const MaxDifficulty = 1_000_000

// difficultyStream separates the random playouts' PCG stream from the
// dealer's (same seed, another stream).
const difficultyStream = 0x6d63646f6e616c64 // "mcdonald"

// WithDifficulty adds McDonald's difficulty to the records of the workers
// made by mk.
//
// Every winnable board is played k times by uniformly random playouts (no
// cleaning, no peeking), and its record holds how many of them cleared it
// ([analysis.Record.Clear] of [analysis.Record.Playouts]). The
// playouts of game g are drawn from a PCG seeded with (seed, g) in a
// stream of their own, so a record is the same for any number of workers.
// The board's time includes them. A winnable board whose ctx is done
// before its playouts is returned unknown, as unfinished (analysis.Run
// drops it), so that every winnable record of the run holds k playouts.
func WithDifficulty(mk func() analysis.Worker, geo *solitaire.Geometry, dealer solitaire.Dealer, seed uint64, k int) func() analysis.Worker {
	return func() analysis.Worker {
		w := mk()
		pl := playout.NewRandom(geo)
		pcg := rand.NewPCG(0, 0)
		groups := make([]solitaire.Group, 0, geo.N)
		return func(ctx context.Context, game uint64) analysis.Record {
			rec := w(ctx, game)
			if rec.Verdict != analysis.Winnable {
				return rec
			}
			if ctx.Err() != nil {
				// Interrupted before its playouts: abandoned as
				// unfinished (an unknown record, which the runner drops),
				// never a winnable record without them.
				return analysis.Record{Game: game}
			}
			groups = dealer.Deal(game, geo.N, groups[:0])
			pcg.Seed(seed^difficultyStream, game)
			rec.Clear = int64(pl.Clears(groups, k, pcg))
			rec.Playouts = int64(k)
			return rec
		}
	}
}
