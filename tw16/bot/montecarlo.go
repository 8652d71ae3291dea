package bot

import (
	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// mcState holds the Monte-Carlo defence's estimates, kept in the strategy
// so that sampling allocates nothing.
type mcState struct {
	risks [4][mjsolve.NumKinds]float64
	cands [96]uint8
}

// sampleRisks estimates, for each opponent that may be ready, how often a
// discard of each kind would complete its hand: it samples ready hands of
// the opponent's size from the tiles this seat has not seen, as the
// shanten thesis does (chapter 3: sets drawn only among those the unseen
// tiles still allow, table 3-2), and counts the samples waiting on each
// kind. A sample waiting on a kind the opponent has discarded counts less
// (a player rarely throws away its own wait, though no furiten forbids it).
func (s *Advice) sampleRisks(v *game.View) *[4][mjsolve.NumKinds]float64 {
	r := &s.mc.risks
	*r = [4][mjsolve.NumKinds]float64{}
	var pool mjsolve.Counts
	for k := range pool {
		pool[k] = uint8(max(0, 4-int(v.Seen[k])))
	}
	for i := game.Seat(1); i < 4; i++ {
		o := (v.Seat + i) & 3
		if readiness(v, o) < 0.2 {
			continue
		}
		n := 16 - 3*v.NMelds[o]
		total := 0.0
		for range s.o.MonteCarlo {
			h, ok := sampleReady(&s.r, &s.mc.cands, pool, n)
			if !ok {
				continue
			}
			e, err := s.forms.Effective(h, nil, nil)
			if err != nil || e.Shanten != 0 {
				continue
			}
			w := 1.0
			if e.Kinds&v.Discards[o] != 0 {
				w = 0.3
			}
			total += w
			for _, k := range kindsOf(e.Kinds) {
				r[o][k] += w
			}
		}
		if total > 0 {
			for k := range r[o] {
				r[o][k] /= total
			}
		}
	}
	return r
}

// kindsOf lists the kinds of a set without allocating (into a fixed array).
func kindsOf(s tw16.KindSet) []mjsolve.Kind {
	var out [mjsolve.NumKinds]mjsolve.Kind
	n := 0
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if s.Has(k) {
			out[n] = k
			n++
		}
	}
	return out[:n]
}

// sampleReady draws a ready hand of n = 3m+1 tiles from pool: m−1 sets, a
// pair and a partial set (three times in four), or m sets and a single
// tile.
func sampleReady(r *rng, cands *[96]uint8, pool mjsolve.Counts, n int) (mjsolve.Counts, bool) {
	var h mjsolve.Counts
	m := (n - 1) / 3
	single := r.intN(4) == 0 || m == 0
	sets := m
	if !single {
		sets = m - 1
	}
	for range sets {
		if !drawSet(r, cands, &pool, &h) {
			return h, false
		}
	}
	if single {
		return h, drawGroup(r, cands, &pool, &h, 1)
	}
	if !drawGroup(r, cands, &pool, &h, 2) {
		return h, false
	}
	return h, drawPartial(r, cands, &pool, &h)
}

// drawSet moves a random set (a triplet or a sequence) the pool allows
// from pool to h.
func drawSet(r *rng, cands *[96]uint8, pool, h *mjsolve.Counts) bool {
	n := 0
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if pool[k] >= 3 {
			cands[n] = uint8(k)
			n++
		}
		if !k.IsHonor() && k.Number() <= 7 && pool[k] > 0 && pool[k+1] > 0 && pool[k+2] > 0 {
			cands[n] = uint8(k) + 64
			n++
		}
	}
	if n == 0 {
		return false
	}
	c := cands[r.intN(n)]
	if c < 64 {
		pool[c] -= 3
		h[c] += 3
		return true
	}
	for k := c - 64; k < c-61; k++ {
		pool[k]--
		h[k]++
	}
	return true
}

// drawGroup moves n copies of a random kind the pool has n of.
func drawGroup(r *rng, cands *[96]uint8, pool, h *mjsolve.Counts, n uint8) bool {
	c := 0
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if pool[k] >= n {
			cands[c] = uint8(k)
			c++
		}
	}
	if c == 0 {
		return false
	}
	k := cands[r.intN(c)]
	pool[k] -= n
	h[k] += n
	return true
}

// drawPartial moves a random partial set (two neighbours, two a gap apart,
// or a pair) from pool to h.
func drawPartial(r *rng, cands *[96]uint8, pool, h *mjsolve.Counts) bool {
	n := 0
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if pool[k] >= 2 {
			cands[n] = uint8(k)
			n++
		}
		if k.IsHonor() || pool[k] == 0 {
			continue
		}
		if k.Number() <= 8 && pool[k+1] > 0 {
			cands[n] = uint8(k) + 64
			n++
		}
		if k.Number() <= 7 && pool[k+2] > 0 {
			cands[n] = uint8(k) + 128
			n++
		}
	}
	if n == 0 {
		return false
	}
	c := cands[r.intN(n)]
	switch {
	case c < 64:
		pool[c] -= 2
		h[c] += 2
	case c < 128:
		k := c - 64
		pool[k]--
		pool[k+1]--
		h[k]++
		h[k+1]++
	default:
		k := c - 128
		pool[k]--
		pool[k+2]--
		h[k]++
		h[k+2]++
	}
	return true
}
