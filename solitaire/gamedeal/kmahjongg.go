package gamedeal

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mjsolve/mjsolve/solitaire"
)

// kmahjongg deals as KMahjongg's generateSolvableGame does (see doc.go).
type kmahjongg struct {
	t    *topology
	seed uint64
}

const kmahjonggStream = 0x6b6d61686a6f6e67 // "kmahjong"

func (d *kmahjongg) String() string { return fmt.Sprintf("kmahjongg seed %d", d.seed) }

// Deal implements solitaire.Dealer.
func (d *kmahjongg) Deal(game uint64, n int, dst []solitaire.Group) []solitaire.Group {
	if n != d.t.n {
		return dst[:0]
	}
	dst, _ = d.DealStats(game, dst)
	return dst
}

// kstate is one attempt of KMahjongg's generator: the positions filled,
// and those it may fill next ("free").
type kstate struct {
	t            *topology
	order        []int // slots in KMahjongg's order: level, row, column
	filled, free []bool
	pairs        [solitaire.DeckTiles]solitaire.Group
	queue        []int
	r            *rng
	deal         []solitaire.Group
	bail         int
}

// DealStats implements Dealer.
func (d *kmahjongg) DealStats(game uint64, dst []solitaire.Group) ([]solitaire.Group, Stats) {
	t := d.t
	s := &kstate{t: t, r: newRNG(d.seed, game, kmahjonggStream), bail: t.n * t.n}
	s.order = make([]int, t.n)
	for i := range s.order {
		s.order[i] = i
	}
	// KMahjongg numbers positions by level, then row, then column.
	slices.SortStableFunc(s.order, func(a, b int) int {
		sa, sb := t.slots[a], t.slots[b]
		return cmp.Or(cmp.Compare(sa.Z, sb.Z), cmp.Compare(sa.Y, sb.Y), cmp.Compare(sa.X, sb.X))
	})
	dst = resize(dst, t.n)
	s.deal = dst
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		if s.attempt() {
			return dst, Stats{Attempts: attempt}
		}
	}
	return dst[:0], Stats{Attempts: maxAttempts}
}

// attempt is one run of the generator; false when it got stuck.
func (s *kstate) attempt() bool {
	n := s.t.n
	s.filled = make([]bool, n)
	s.free = make([]bool, n)
	// Mark positions on the table so that each row (a chain of left and
	// right neighbours) has one: random picks first, then every position
	// in order.
	for range n {
		cnt := 0
		p := -1
		for {
			p = s.order[s.r.intn(n)]
			if cnt++; cnt > s.bail {
				return false
			}
			if s.t.slots[p].Z == 0 {
				break
			}
		}
		if s.aloneInRow(p) {
			s.free[p] = true
		}
	}
	for _, p := range s.order {
		if s.t.slots[p].Z == 0 && s.aloneInRow(p) {
			s.free[p] = true
		}
	}
	last := -1
	for i := range n {
		if i%solitaire.DeckTiles == 0 {
			s.shufflePairs()
		}
		if i%2 == 0 {
			last = -1 // the first tile of a pair
		}
		p := s.selectPosition(last)
		if p < 0 {
			return false
		}
		if i < n-1 {
			// Two candidates; the higher is better.
			p2 := s.selectPosition(last)
			if p2 < 0 {
				return false
			}
			if s.t.slots[p2].Z > s.t.slots[p].Z {
				p = p2
			}
		}
		s.place(p, s.pairs[i%solitaire.DeckTiles])
		last = p
	}
	return true
}

// shufflePairs lays out a deck as 72 pairs (two of each group) and
// shuffles the pairs: 200 swaps of the pair at a cycling place with a
// random other pair. On a layout of fewer than 144 tiles the deck is the
// faces of the layout's deal (the first n/4 groups, as every deal of
// package solitaire), as pairs; KMahjongg takes the first n faces of its
// whole shuffled deck there, which leaves some groups a pair or none.
func (s *kstate) shufflePairs() {
	size := min(s.t.n, solitaire.DeckTiles)
	for i := range size {
		s.pairs[i] = solitaire.Group(i / 4)
	}
	if size < 4 {
		return
	}
	at := 0
	for range 200 {
		to := at
		for to == at {
			to = s.r.intn(size) &^ 1
		}
		s.pairs[at], s.pairs[to] = s.pairs[to], s.pairs[at]
		s.pairs[at+1], s.pairs[to+1] = s.pairs[to+1], s.pairs[at+1]
		if at += 2; at >= size {
			at = 0
		}
	}
}

// aloneInRow reports whether no position of p's row, from p leftwards and
// from p rightwards through neighbours, is filled or free.
func (s *kstate) aloneInRow(p int) bool {
	for _, side := range [2][][]int{s.t.left, s.t.right} {
		s.queue = append(s.queue[:0], p)
		seen := map[int]bool{p: true}
		for k := 0; k < len(s.queue); k++ {
			w := s.queue[k]
			if s.free[w] || s.filled[w] {
				return false
			}
			for _, x := range side[w] {
				if !seen[x] {
					seen[x] = true
					s.queue = append(s.queue, x)
				}
			}
		}
	}
	return true
}

// selectPosition draws free positions at random until one is neither on
// nor beside last (when last ≥ 0); −1 after n² draws.
func (s *kstate) selectPosition(last int) int {
	for cnt := 0; ; {
		p := -1
		for {
			p = s.r.intn(s.t.n)
			if cnt++; cnt > s.bail {
				return -1
			}
			if s.free[p] {
				break
			}
		}
		if last < 0 || !(slices.Contains(s.t.under[p], last) || slices.Contains(s.t.left[p], last) || slices.Contains(s.t.right[p], last)) {
			return p
		}
	}
}

// place puts a tile of group g at p and updates the positions above and
// beside it.
func (s *kstate) place(p int, g solitaire.Group) {
	s.deal[p] = g
	s.filled[p], s.free[p] = true, false
	for _, q := range s.t.over[p] {
		s.update(q)
	}
	for _, q := range s.t.left[p] {
		s.update(q)
	}
	for _, q := range s.t.right[p] {
		s.update(q)
	}
}

// update decides whether the empty position p may be filled: every
// position under it filled, and it alone in its row or with all its
// neighbours on one side filled.
func (s *kstate) update(p int) {
	if s.filled[p] {
		return
	}
	for _, q := range s.t.under[p] {
		if !s.filled[q] {
			return
		}
	}
	if s.aloneInRow(p) {
		s.free[p] = true
		return
	}
	all := func(l []int) bool {
		if len(l) == 0 {
			return false
		}
		for _, q := range l {
			if !s.filled[q] {
				return false
			}
		}
		return true
	}
	s.free[p] = all(s.t.left[p]) || all(s.t.right[p])
}
