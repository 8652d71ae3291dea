package gamedeal

import (
	"fmt"

	"github.com/mjsolve/mjsolve/solitaire"
)

// xmahjongg deals as xmahjongg's SolvableMaker does (see doc.go).
type xmahjongg struct {
	t    *topology
	seed uint64
}

const xmahjonggStream = 0x786d61686a6f6e67 // "xmahjong"

func (d *xmahjongg) String() string { return fmt.Sprintf("xmahjongg seed %d", d.seed) }

// Deal implements solitaire.Dealer.
func (d *xmahjongg) Deal(game uint64, n int, dst []solitaire.Group) []solitaire.Group {
	if n != d.t.n {
		return dst[:0]
	}
	dst, _ = d.DealStats(game, dst)
	return dst
}

// xstate is one attempt of xmahjongg's generator, which builds the deal
// backwards: per position whether it is filled, how many positions under
// it are still empty, and its row marks (touched: its row has a filled
// position; invalid: it may not be filled now).
type xstate struct {
	t                *topology
	filled           []bool
	below            []int
	touched, invalid []bool
	r                *rng
	avail            []int
}

// DealStats implements Dealer.
func (d *xmahjongg) DealStats(game uint64, dst []solitaire.Group) ([]solitaire.Group, Stats) {
	t := d.t
	r := newRNG(d.seed, game, xmahjonggStream)
	// The order in which pairs get their faces: a shuffled list of pair
	// numbers (Fisher–Yates from the back).
	perm := make([]int, t.n/2)
	for i := range perm {
		perm[i] = i
	}
	for i := len(perm) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	dst = resize(dst, t.n)
	s := &xstate{t: t, r: r}
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		if s.attempt(perm, dst) {
			return dst, Stats{Attempts: attempt}
		}
	}
	return dst[:0], Stats{Attempts: maxAttempts}
}

// attempt fills the layout two positions at a time; false when no position
// can be filled.
func (s *xstate) attempt(perm []int, deal []solitaire.Group) bool {
	n := s.t.n
	s.filled = make([]bool, n)
	s.below = make([]int, n)
	s.touched = make([]bool, n)
	s.invalid = make([]bool, n)
	for p := range n {
		s.below[p] = len(s.t.under[p])
	}
	for i := range n / 2 {
		a := s.pick()
		if a < 0 {
			return false
		}
		b := s.pick()
		if b < 0 {
			return false
		}
		g := pairGroup(perm[i])
		deal[a], deal[b] = g, g
		s.unblockSides(a)
		s.unblockSides(b)
		for _, p := range [2]int{a, b} {
			for _, q := range s.t.over[p] {
				s.below[q]--
			}
		}
	}
	return true
}

// pick fills a position drawn uniformly from those that may be filled
// (empty, nothing empty under it, not invalid), or returns −1.
func (s *xstate) pick() int {
	s.avail = s.avail[:0]
	for p := range s.t.n {
		if !s.filled[p] && s.below[p] == 0 && !s.invalid[p] {
			s.avail = append(s.avail, p)
		}
	}
	if len(s.avail) == 0 {
		return -1
	}
	p := s.avail[s.r.intn(len(s.avail))]
	newRow := !s.touched[p]
	s.filled[p], s.touched[p], s.invalid[p] = true, false, false
	// Every empty position of its row, both ways, may not be filled now …
	s.blockRow(p, s.t.left)
	s.blockRow(p, s.t.right)
	if newRow {
		// … except right beside it, when it starts a row.
		s.unblockSides(p)
	}
	return p
}

// blockRow marks invalid the empty positions reached from p through side.
func (s *xstate) blockRow(p int, side [][]int) {
	for _, q := range side[p] {
		if !s.filled[q] && !s.invalid[q] {
			s.invalid[q], s.touched[q] = true, true
			s.blockRow(q, side)
		}
	}
}

// unblockSides lets the positions beside p be filled where that leaves no
// gap: on each of their sides, the next position is filled, or no filled
// position can be reached.
func (s *xstate) unblockSides(p int) {
	for _, side := range [2][][]int{s.t.left, s.t.right} {
		for _, q := range side[p] {
			if !s.filled[q] && s.invalid[q] && s.blank(q, s.t.left, true) <= 0 && s.blank(q, s.t.right, true) <= 0 {
				s.invalid[q] = false
			}
		}
	}
}

// blank is the distance from p along side to the nearest filled position
// (0: right beside it), the longest over the two neighbours of a position
// half a tile off; −1 when the row ends with no filled position.
func (s *xstate) blank(p int, side [][]int, first bool) int {
	if len(side[p]) == 0 {
		return -1
	}
	d := -1
	for _, q := range side[p] {
		v := 0
		if !s.filled[q] {
			v = s.blank(q, side, false)
		}
		d = max(d, v)
	}
	if first || d < 0 {
		return d
	}
	return d + 1
}
