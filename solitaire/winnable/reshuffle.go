package winnable

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// DefaultReshuffleTries is the number of uniformly random rearrangements
// Reshuffle tries before it builds one.
const DefaultReshuffleTries = 100

// maxBlankNodes bounds the search for a way to clear the tiles left when
// every tile matches every other.
const maxBlankNodes = 2_000_000

// ErrNoRearrangement is returned by Reshuffle for a position that no
// rearrangement of its tiles makes winnable: the tiles left cannot be
// cleared even if every tile matched every other.
var ErrNoRearrangement = errors.New("winnable: no rearrangement of the tiles left is winnable")

// ErrReshuffleGaveUp is returned by Reshuffle when its search for a way to
// clear the tiles left ran out of its budget (or ctx was done) before it
// found one or proved there is none.
var ErrReshuffleGaveUp = errors.New("winnable: gave up looking for a winnable rearrangement")

// ReshuffleOptions tune Reshuffle.
type ReshuffleOptions struct {
	Seed    uint64        // the random rearrangements' seed (with a hash of the position)
	Tries   int           // uniformly random rearrangements tried (0: DefaultReshuffleTries)
	Timeout time.Duration // bounds each solve (0: none)
}

// Reshuffled is a winnable rearrangement of a position.
type Reshuffled struct {
	Board *solitaire.Board // the position rearranged: a board of its own
	Moves []solitaire.Move // a solution from it
	// Uniform is true when the rearrangement was drawn uniformly among
	// the winnable ones (a random rearrangement the solver proved
	// winnable); false when it was built from a way to clear the tiles.
	Uniform bool
	Tries   int // random rearrangements solved
}

// Reshuffle rearranges the faces of the tiles on b over their slots so
// that the position is winnable; the removed tiles stay as they are. It
// first draws up to opt.Tries uniformly random rearrangements and keeps the
// first the solver proves winnable (rejection: uniform among the winnable
// rearrangements). Failing that it looks for an order in which the tiles
// left can be cleared if every tile matched every other, and gives the
// pairs of that order the faces left, pair by pair at random: winnable by
// construction, though not uniform. A position whose tiles cannot be
// cleared even then has no winnable rearrangement: ErrNoRearrangement.
// b is not changed.
func Reshuffle(ctx context.Context, b *solitaire.Board, opt ReshuffleOptions) (Reshuffled, error) {
	tries := opt.Tries
	if tries <= 0 {
		tries = DefaultReshuffleTries
	}
	present := b.Present.And(b.Geo.All)
	slots := present.AppendTo(nil)
	count := map[solitaire.Group]int{}
	for _, i := range slots {
		count[b.Groups[i]]++
	}
	for _, c := range count {
		if c%2 != 0 {
			return Reshuffled{}, ErrNoRearrangement // tiles leave in pairs
		}
	}
	out := b.Clone()
	out.Present = present
	if len(slots) == 0 {
		return Reshuffled{Board: out, Uniform: true}, nil
	}
	var src rand.PCG
	src.Seed(positionHash(b)^opt.Seed, 0x7265736875666c65) // "reshufle"
	r := rand.New(&src)
	faces := make([]solitaire.Group, len(slots))
	for k, i := range slots {
		faces[k] = b.Groups[i]
	}
	s := solver.New(b.Geo)
	for t := 1; t <= tries; t++ {
		if err := ctx.Err(); err != nil {
			return Reshuffled{}, err
		}
		r.Shuffle(len(faces), func(i, j int) { faces[i], faces[j] = faces[j], faces[i] })
		for k, i := range slots {
			out.Groups[i] = faces[k]
		}
		res := s.Solve(ctx, out, solver.Options{Timeout: opt.Timeout})
		if res.Verdict == solver.Winnable {
			return Reshuffled{Board: out, Moves: slices.Clone(res.Moves), Uniform: true, Tries: t}, nil
		}
	}
	// Build one: clear the tiles as if all matched, then face the pairs.
	pairs, err := clearBlank(ctx, b.Geo, present, r)
	if err != nil {
		return Reshuffled{}, err
	}
	var facePairs []solitaire.Group
	for g, c := range count {
		for range c / 2 {
			facePairs = append(facePairs, g)
		}
	}
	slices.Sort(facePairs) // map order is random; the draw below is the seeded one
	r.Shuffle(len(facePairs), func(i, j int) { facePairs[i], facePairs[j] = facePairs[j], facePairs[i] })
	moves := make([]solitaire.Move, len(pairs))
	for k, p := range pairs {
		out.Groups[p.A], out.Groups[p.B] = facePairs[k], facePairs[k]
		moves[k] = p
	}
	return Reshuffled{Board: out, Moves: moves, Tries: tries}, nil
}

// positionHash mixes the deal and the tiles on board into a seed.
func positionHash(b *solitaire.Board) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i, g := range b.Groups {
		if b.Present.Has(i) {
			h ^= uint64(g) + 1
		} else {
			h ^= 0xff
		}
		h *= 0x100000001b3
	}
	return h
}

// clearBlank looks for an order in which the tiles of present can be
// taken off two free tiles at a time (every tile matching every other):
// a depth-first search over the pairs of free tiles, pairs that free more
// tiles first, remembering positions known to be lost. It returns the
// pairs in order, ErrNoRearrangement when there is no such order, or
// ErrReshuffleGaveUp past its budget.
func clearBlank(ctx context.Context, g *solitaire.Geometry, present solitaire.Set, r *rand.Rand) ([]solitaire.Move, error) {
	lost := map[solitaire.Set]bool{}
	var path []solitaire.Move
	nodes := 0
	var dfs func(on solitaire.Set) (bool, error)
	dfs = func(on solitaire.Set) (bool, error) {
		if on.IsEmpty() {
			return true, nil
		}
		if lost[on] {
			return false, nil
		}
		if nodes++; nodes > maxBlankNodes || (nodes&1023 == 0 && ctx.Err() != nil) {
			return false, ErrReshuffleGaveUp
		}
		free := g.FreeIn(on).AppendTo(nil)
		type cand struct {
			m     solitaire.Move
			freed int
			key   uint32
		}
		var cands []cand
		for x, a := range free {
			for _, b := range free[x+1:] {
				next := on
				next.Remove(a)
				next.Remove(b)
				cands = append(cands, cand{solitaire.Move{A: uint8(a), B: uint8(b)}, g.FreeIn(next).Count(), r.Uint32()})
			}
		}
		slices.SortFunc(cands, func(x, y cand) int {
			if x.freed != y.freed {
				return y.freed - x.freed
			}
			return int(int64(x.key) - int64(y.key))
		})
		for _, c := range cands {
			next := on
			next.Remove(int(c.m.A))
			next.Remove(int(c.m.B))
			path = append(path, c.m)
			ok, err := dfs(next)
			if ok || err != nil {
				return ok, err
			}
			path = path[:len(path)-1]
		}
		lost[on] = true
		return false, nil
	}
	ok, err := dfs(present)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, ErrNoRearrangement
	}
	return path, nil
}
