package nopeek

import (
	"math/bits"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve/solitaire"
)

// DefaultRollouts is the lookahead's default budget per move with a
// choice to make: the number of greedy playouts spread over the candidate
// moves.
const DefaultRollouts = 128

// winWeight is what a won playout adds to the number of tiles it
// cleared, in the value of a candidate move.
const winWeight = 144

// lookahead is the lookahead strategy's search: for a move with a choice,
// it deals the hidden tiles at random several times (worlds consistent
// with what the player sees), plays every candidate move in each world
// followed by greedy to the end, and picks the candidate with the best
// total.
type lookahead struct {
	gi       *geoInfo
	rollouts int

	cand  [solitaire.MaxMoves]solitaire.Move
	value [solitaire.MaxMoves]int
	world state // a deal of the hidden tiles
	sim   state // a playout in the world
	bag   [solitaire.MaxTiles]solitaire.Group
	rs    rand.PCG
}

func newLookahead(gi *geoInfo, rollouts int) *lookahead {
	if rollouts <= 0 {
		rollouts = DefaultRollouts
	}
	return &lookahead{gi: gi, rollouts: rollouts}
}

// choose returns the lookahead's move in v, which must have a match.
func (l *lookahead) choose(v *state, src *rand.PCG) (a, b uint8) {
	if a, b, ok := v.cleaning(); ok {
		return a, b
	}
	n := 0
	for o := v.open; o != 0; o &= o - 1 {
		g := bits.TrailingZeros64(o)
		c := int(v.cnt[g])
		for _, pr := range pairIdx {
			if int(pr[1]) < c {
				l.cand[n] = solitaire.Move{A: v.fl[g][pr[0]], B: v.fl[g][pr[1]]}
				n++
			}
		}
	}
	if n == 1 {
		return l.cand[0].A, l.cand[0].B
	}
	samples := max(1, l.rollouts/n)
	clear(l.value[:n])
	for range samples {
		l.deal(v, src)
		s1, s2 := src.Uint64(), src.Uint64()
		for k, m := range l.cand[:n] {
			l.sim = l.world
			l.sim.play(m.A, m.B, nil)
			l.rs.Seed(s1, s2) // the same random numbers for every candidate
			for l.sim.matches > 0 {
				x, y := greedy(&l.sim, &l.rs)
				l.sim.play(x, y, nil)
			}
			l.value[k] += l.gi.n - l.sim.left
			if l.sim.left == 0 {
				l.value[k] += winWeight
			}
		}
	}
	best := 0
	for k := 1; k < n; k++ {
		if l.value[k] > l.value[best] {
			best = k
		}
	}
	return l.cand[best].A, l.cand[best].B
}

// deal sets l.world to v with the hidden tiles dealt at random (dealHidden).
func (l *lookahead) deal(v *state, src *rand.PCG) {
	dealHidden(&l.world, v, l.gi.n, l.bag[:], src)
}

// dealHidden sets *w to v with the hidden tiles of its n slots dealt at
// random from the faces the player has not seen (those of the groups'
// tiles on the board that are not uncovered), in slot order of a uniform
// shuffle: every deal consistent with the view is equally likely. It uses
// only what v shows; bag is scratch space for the faces (MaxTiles long).
func dealHidden(w, v *state, n int, bag []solitaire.Group, src *rand.PCG) {
	*w = *v
	k := 0
	for g := range solitaire.NumGroups {
		for range v.rem[g] - v.vis[g] {
			bag[k] = solitaire.Group(g)
			k++
		}
	}
	bag = bag[:k]
	for i := len(bag) - 1; i > 0; i-- {
		j := below(src, i+1)
		bag[i], bag[j] = bag[j], bag[i]
	}
	for i := range n {
		if w.face[i] == hidden && w.present.Has(i) {
			w.face[i], bag = bag[0], bag[1:]
		}
	}
}
