package solitaire

import (
	"errors"
	"math/bits"

	"github.com/mjsolve/mjsolve/layouts"
)

// MaxTiles is the largest layout the solitaire package plays: what
// layouts.Validate allows (254 tiles).
const MaxTiles = layouts.MaxTiles

// DeckTiles is the number of tiles of one full deck, 144: 36 groups of
// four. A layout of more tiles is dealt a full deck and pairs of a second
// one (see [CheckDeal]).
const DeckTiles = layouts.DeckTiles

// Geometry is a layout compiled once for play: for every slot, the slots
// that cover it and its left and right neighbours, as bitsets and as index
// lists. A Geometry is read-only after Compile and safe for concurrent use.
type Geometry struct {
	Layout *layouts.Layout
	N      int // number of slots
	All    Set // slots 0..N-1

	// Covers[i] holds the slots on a higher level that overlap slot i
	// (|dx| ≤ 1 and |dy| ≤ 1 in half-tile units); Left[i] and Right[i] the
	// slots on the same level at dx = −2 and dx = +2 with |dy| ≤ 1.
	Covers, Left, Right []Set
	// Under[i] holds the slots that slot i covers: i is in Covers[j] for
	// every j in Under[i].
	Under []Set

	// The same relations as sorted index lists.
	CoverList, LeftList, RightList, UnderList [][]int

	// masks holds Covers, Left and Right side by side for the hot loops.
	// (Adding up what each present tile blocks, from Under, Left and Right,
	// is branch-free but measured twice as slow on the turtle.)
	masks []slotMasks
}

type slotMasks struct{ cover, left, right Set }

// Compile checks that l can be played (an even number of tiles, at least 2
// and at most MaxTiles) and computes its relations.
func Compile(l *layouts.Layout) (*Geometry, error) {
	if l == nil {
		return nil, errors.New("solitaire: no layout")
	}
	n := len(l.Slots)
	// The name for errors only, from the layout itself (looking it up
	// again would read files).
	name := func() string {
		switch {
		case l.Name != "":
			return l.Name
		case l.Source != "":
			return l.Source
		}
		return "(unnamed)"
	}
	switch {
	case n == 0:
		return nil, inputErrorf("layout %s has no tiles", name())
	case n > MaxTiles:
		return nil, inputErrorf("layout %s has %d tiles, more than the %d supported", name(), n, MaxTiles)
	case n%2 != 0:
		return nil, inputErrorf("layout %s has an odd number of tiles (%d)", name(), n)
	}
	g := &Geometry{
		Layout:    l,
		N:         n,
		All:       FirstN(n),
		Covers:    make([]Set, n),
		Left:      make([]Set, n),
		Right:     make([]Set, n),
		Under:     make([]Set, n),
		CoverList: make([][]int, n),
		LeftList:  make([][]int, n),
		RightList: make([][]int, n),
		UnderList: make([][]int, n),
		masks:     make([]slotMasks, n),
	}
	rel := l.Relations()
	for i := range n {
		g.CoverList[i], g.LeftList[i], g.RightList[i] = rel.Covers[i], rel.Left[i], rel.Right[i]
		g.Covers[i] = SetOf(rel.Covers[i]...)
		g.Left[i] = SetOf(rel.Left[i]...)
		g.Right[i] = SetOf(rel.Right[i]...)
		for _, j := range rel.Covers[i] {
			g.Under[j].Add(i)
		}
		g.masks[i] = slotMasks{g.Covers[i], g.Left[i], g.Right[i]}
	}
	for i := range n {
		g.UnderList[i] = g.Under[i].AppendTo(nil)
	}
	return g, nil
}

// IsFree reports whether slot i can be played when the tiles in present are
// on the board: the rule of [layouts.IsFree] with the present tiles that
// cover it and lie on its left and right. Whether i itself is present does
// not matter.
func (g *Geometry) IsFree(i int, present Set) bool {
	m := &g.masks[i]
	return layouts.IsFree(m.cover.Intersects(present), m.left.Intersects(present), m.right.Intersects(present))
}

// FreeIn returns the present slots that are free.
func (g *Geometry) FreeIn(present Set) Set {
	var free Set
	masks := g.masks[:g.N]
	for w, x := range present {
		for x != 0 {
			i := w<<6 | bits.TrailingZeros64(x)
			x &= x - 1
			// The rule of layouts.IsFree, written out: calling it here
			// made Free four times slower (TestFreeInFollowsTheRule
			// checks this copy against it).
			m := &masks[i]
			if m.cover[0]&present[0]|m.cover[1]&present[1]|m.cover[2]&present[2]|m.cover[3]&present[3] != 0 {
				continue
			}
			if m.left[0]&present[0]|m.left[1]&present[1]|m.left[2]&present[2]|m.left[3]&present[3] != 0 &&
				m.right[0]&present[0]|m.right[1]&present[1]|m.right[2]&present[2]|m.right[3]&present[3] != 0 {
				continue
			}
			free[w] |= 1 << (uint(i) & 63)
		}
	}
	return free
}
