package gamedeal

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mjsolve/mjsolve/solitaire"
)

// gnome deals as GNOME Mahjongg's generator does (see doc.go).
type gnome struct {
	t    *topology
	seed uint64
}

const gnomeStream = 0x676e6f6d656d6a67 // "gnomemjg"

// maxGnomeNodes bounds the depth-first search of one deal; past it the
// rest of the deal is paired as GNOME does when its search fails, without
// looking at which tiles are free.
const maxGnomeNodes = 1_000_000

func (d *gnome) String() string { return fmt.Sprintf("gnome seed %d", d.seed) }

// Deal implements solitaire.Dealer.
func (d *gnome) Deal(game uint64, n int, dst []solitaire.Group) []solitaire.Group {
	if n != d.t.n {
		return dst[:0]
	}
	dst, _ = d.DealStats(game, dst)
	return dst
}

// gstate is GNOME's search: the tiles still on the board (it plays the
// game forwards with blank tiles, then gives each pair played its faces).
type gstate struct {
	t        *topology
	order    []int // GNOME's tile order
	present  solitaire.Set
	pairs    []int // pair numbers in the order they are given
	deal     []solitaire.Group
	r        *rng
	nodes    int64
	fallback bool
}

// DealStats implements Dealer.
func (d *gnome) DealStats(game uint64, dst []solitaire.Group) ([]solitaire.Group, Stats) {
	t := d.t
	s := &gstate{t: t, r: newRNG(d.seed, game, gnomeStream), present: t.g.All}
	s.order = make([]int, t.n)
	for i := range s.order {
		s.order[i] = i
	}
	// GNOME sorts its slots by level, then along the diagonal from the top
	// right (x − y falling).
	slices.SortStableFunc(s.order, func(a, b int) int {
		sa, sb := t.slots[a], t.slots[b]
		return cmp.Or(cmp.Compare(sa.Z, sb.Z), cmp.Compare(sb.X-sb.Y, sa.X-sa.Y))
	})
	// Pair numbers 0, 2, 4, … shuffled (Fisher–Yates from the front).
	s.pairs = make([]int, t.n/2)
	for i := range s.pairs {
		s.pairs[i] = 2 * i
	}
	for i := range s.pairs {
		j := i + s.r.intn(len(s.pairs)-i)
		s.pairs[i], s.pairs[j] = s.pairs[j], s.pairs[i]
	}
	dst = resize(dst, t.n)
	s.deal = dst
	if !s.choose(0, true) {
		// Only when even the fallback fails (an odd layout): no deal.
		return dst[:0], Stats{Attempts: 1, Nodes: s.nodes, Fallback: s.fallback}
	}
	return dst, Stats{Attempts: 1, Nodes: s.nodes, Fallback: s.fallback}
}

// matches lists the pairs of tiles on the board that could be played
// (both free, unless free is false), in GNOME's order: by the first tile,
// then the second, in tile order.
func (s *gstate) matches(free bool) [][2]int {
	avail := s.present
	if free {
		avail = s.t.g.FreeIn(s.present)
	}
	var tiles []int
	for _, p := range s.order {
		if avail.Has(p) {
			tiles = append(tiles, p)
		}
	}
	var m [][2]int
	for i, a := range tiles {
		for _, b := range tiles[i+1:] {
			m = append(m, [2]int{a, b})
		}
	}
	return m
}

// choose plays pairs from depth on, depth first, each time starting at a
// random match and going on to the next ones after a dead end; it gives
// the pairs their faces on the way back. Past maxGnomeNodes, or when the
// whole search fails, it pairs tiles without looking at which are free.
func (s *gstate) choose(depth int, free bool) bool {
	if depth == len(s.pairs) {
		return true
	}
	s.nodes++
	if free && s.nodes > maxGnomeNodes {
		return false
	}
	m := s.matches(free)
	if len(m) == 0 {
		return false
	}
	n := s.r.intn(len(m))
	for i := 0; i < len(m); i++ {
		a, b := m[(n+i)%len(m)][0], m[(n+i)%len(m)][1]
		s.present.Remove(a)
		s.present.Remove(b)
		if s.choose(depth+1, free) {
			g := solitaire.Group(s.pairs[depth] / 4)
			s.deal[a], s.deal[b] = g, g
			return true
		}
		s.present.Add(a)
		s.present.Add(b)
		if free && s.nodes > maxGnomeNodes {
			break
		}
		if free && depth == 0 && i == len(m)-1 {
			break
		}
	}
	if free && depth == 0 {
		// No solvable arrangement found: pair the tiles regardless of
		// which are free.
		s.fallback = true
		return s.choose(0, false)
	}
	return false
}
