package nopeek

import (
	"math/bits"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve/solitaire"
)

// greedy returns the greedy strategy's move in s, which must have a match
// (the rule is in the package documentation):
//
//  1. a cleaning move: the best pair of a group whose tiles on the board
//     are all free, else the best pair of a group with three free tiles
//     that leaves out one that blocks nothing; the lowest such group;
//  2. otherwise the match of the highest score (see score), ties drawn
//     uniformly from src.
//
// It reads the faces of uncovered tiles only, and how many tiles of each
// group are on the board.
func greedy(s *state, src *rand.PCG) (a, b uint8) {
	if a, b, ok := s.cleaning(); ok {
		return a, b
	}
	a, b, _ = s.bestMatches(src, nil, false)
	return a, b
}

// greedyBest appends to dst the moves among which greedy draws in s: the
// cleaning move when there is one, else every match of the highest score.
func greedyBest(s *state, dst []solitaire.Move) []solitaire.Move {
	if a, b, ok := s.cleaning(); ok {
		return append(dst, solitaire.Move{A: min(a, b), B: max(a, b)})
	}
	_, _, dst = s.bestMatches(nil, dst, true)
	return dst
}

// bestMatches scans the matches of s for the highest score (see score),
// in the order of the groups and of pairIdx. With src, it returns one of
// the matches of that score drawn uniformly: each tie replaces the match
// kept so far with probability 1/ties, so greedy's draws are the same
// whatever else the scan does. With collect, it appends every match of
// that score to dst.
func (s *state) bestMatches(src *rand.PCG, dst []solitaire.Move, collect bool) (a, b uint8, _ []solitaire.Move) {
	best, ties, start := -1, 0, len(dst)
	for o := s.open; o != 0; o &= o - 1 {
		g := bits.TrailingZeros64(o)
		f := &s.fl[g]
		c := int(s.cnt[g])
		for _, pr := range pairIdx {
			if int(pr[1]) >= c {
				continue
			}
			x, y := f[pr[0]], f[pr[1]]
			sc := s.score(solitaire.Group(g), x, y)
			if sc > best {
				best, ties, a, b = sc, 0, x, y
				dst = dst[:start]
			}
			if sc == best {
				if ties++; ties > 1 && src != nil && below(src, ties) == 0 {
					a, b = x, y
				}
				if collect {
					dst = append(dst, solitaire.Move{A: min(x, y), B: max(x, y)})
				}
			}
		}
	}
	return a, b, dst
}

// cleaning returns a cleaning move of s, if it has one: in the lowest
// group whose tiles on the board are all free, the pair of the highest
// score; else in the lowest group with three free tiles (of four on the
// board) of which one blocks nothing, the pair of the highest score that
// leaves such a tile out. Neither can spoil a game (de Bondt, section 3:
// playing them now is never worse than later).
func (s *state) cleaning() (a, b uint8, ok bool) {
	for o := s.open; o != 0; o &= o - 1 {
		g := bits.TrailingZeros64(o)
		c := s.cnt[g]
		switch {
		case c == s.rem[g]:
			return s.bestPair(g, 0)
		case c == 3:
			var skip uint8 // bit k: fl[g][k] blocks nothing
			for k, t := range s.fl[g][:3] {
				if !s.blocks(t) {
					skip |= 1 << k
				}
			}
			if skip != 0 {
				return s.bestPair(g, skip)
			}
		}
	}
	return 0, 0, false
}

// bestPair returns the pair of free tiles of group g with the highest
// score (the first of equals); with a nonzero mask, only pairs that leave
// out a tile fl[g][k] with bit k of mask set (three free tiles).
func (s *state) bestPair(g int, mask uint8) (a, b uint8, ok bool) {
	f := &s.fl[g]
	c := int(s.cnt[g])
	best := -1
	for _, pr := range pairIdx {
		if int(pr[1]) >= c {
			continue
		}
		if mask != 0 && mask&(7^(1<<pr[0]|1<<pr[1])) == 0 {
			continue
		}
		if sc := s.score(solitaire.Group(g), f[pr[0]], f[pr[1]]); sc > best {
			best, a, b = sc, f[pr[0]], f[pr[1]]
		}
	}
	return a, b, best >= 0
}

// blocks reports whether tile t holds back a tile on the board: it covers
// one, or has one beside it.
func (s *state) blocks(t uint8) bool {
	for _, j := range s.gi.near[t] {
		if s.present.Has(int(j)) {
			return true
		}
	}
	return false
}

// score rates the match of free tiles a and b of group g: 32 for each
// match it makes (a tile it frees whose face shows and matches a free
// tile), 16 for each tile it frees, 1 for each tile it uncovers (removes
// the last tile on top of it, so its face shows), and 1 for each tile
// lying under a or b (directly or under those, down to the ground).
func (s *state) score(g solitaire.Group, a, b uint8) int {
	gi := s.gi
	p := s.present
	p.Remove(int(a))
	p.Remove(int(b))
	sc := int(gi.beneath[a]) + int(gi.beneath[b])
	var seen solitaire.Set
	var freed [8]solitaire.Group
	nf := 0
	for _, t := range [2]uint8{a, b} {
		for _, j := range gi.near[t] {
			if !p.Has(int(j)) || seen.Has(int(j)) {
				continue
			}
			seen.Add(int(j))
			m := &gi.masks[j]
			if m.cover[0]&p[0]|m.cover[1]&p[1]|m.cover[2]&p[2] != 0 {
				continue // still covered
			}
			if s.cover[j] != 0 {
				sc++ // uncovered now
			}
			if s.free.Has(int(j)) || !m.isFree(p) {
				continue
			}
			sc += 16
			h := s.face[j]
			if h == hidden {
				continue // its face shows only when it is uncovered
			}
			c := int(s.cnt[h])
			if h == g {
				c -= 2
			}
			for _, e := range freed[:nf] {
				if e == h {
					c++
				}
			}
			sc += 32 * c
			if nf < len(freed) {
				freed[nf] = h
				nf++
			}
		}
	}
	return sc
}
