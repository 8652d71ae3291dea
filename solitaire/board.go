package solitaire

import (
	"errors"
	"math/bits"
)

// Board is a deal on a compiled layout and the tiles still on it.
// Play and Undo change Present only; Groups never change during a game, so
// copying a Board value (b2 := *b) is a cheap snapshot of the position.
type Board struct {
	Geo     *Geometry
	Groups  []Group // group of each slot, len Geo.N
	Present Set     // slots whose tile is still on the board, within Geo.All
}

// NewBoard returns the board with all tiles present for a deal that assigns
// groups[i] to slot i. It checks the deal with [CheckDeal]. The groups are
// copied.
func NewBoard(g *Geometry, groups []Group) (*Board, error) {
	if g == nil {
		return nil, errors.New("solitaire: no geometry")
	}
	b := &Board{Geo: g, Groups: make([]Group, g.N)}
	if err := b.Redeal(groups); err != nil {
		return nil, err
	}
	return b, nil
}

// Redeal replaces the deal of b by groups (checked as in NewBoard) and puts
// all tiles back. It does not allocate.
func (b *Board) Redeal(groups []Group) error {
	if err := CheckDeal(groups, b.Geo.N); err != nil {
		return err
	}
	if len(b.Groups) != b.Geo.N {
		b.Groups = make([]Group, b.Geo.N)
	}
	copy(b.Groups, groups)
	b.Present = b.Geo.All
	return nil
}

// CheckDeal checks that groups is a deal of n tiles: n groups, each of the
// GroupsFor(n) groups used GroupSize times when n ≤ DeckTiles. A deal of
// more tiles has a full deck and (n−DeckTiles)/2 pairs of a second deck,
// as KMahjongg deals its large layouts: each of the 36 groups has 4, 6 or
// 8 tiles.
func CheckDeal(groups []Group, n int) error {
	if len(groups) != n {
		return inputErrorf("deal has %d tiles, layout has %d", len(groups), n)
	}
	var count [256]int
	for _, g := range groups {
		count[g]++
	}
	if n > DeckTiles {
		for g := range count {
			switch c := count[g]; {
			case g >= NumGroups && c > 0:
				return inputErrorf("deal of %d tiles uses %s, beyond the %d groups", n, Group(g), NumGroups)
			case g < NumGroups && (c < 4 || c > MaxGroupTiles || c%2 != 0):
				return inputErrorf("deal has %d tiles of %s, want 4, 6 or 8 (a full deck and pairs of a second)", c, Group(g))
			}
		}
		return nil
	}
	// The groups of the deal each with its size add up to n = len(groups):
	// then no tile is of another group. Otherwise look at every group, in
	// order, for the first that is wrong.
	ok := true
	for g := range min(GroupsFor(n), len(count)) {
		ok = ok && count[g] == GroupSize(Group(g), n)
	}
	if ok {
		return nil
	}
	for g := range count {
		if want := GroupSize(Group(g), n); count[g] != want {
			if want == 0 {
				return inputErrorf("deal of %d tiles uses %s, beyond its %d groups", n, Group(g), GroupsFor(n))
			}
			return inputErrorf("deal has %d tiles of %s, want %d", count[g], Group(g), want)
		}
	}
	return nil
}

// Remaining returns the number of tiles on the board.
func (b *Board) Remaining() int { return b.Present.Count() }

// Free returns the present tiles that can be played.
func (b *Board) Free() Set { return b.Geo.FreeIn(b.Present) }

// IsFree reports whether the tile in slot i is on the board and free.
func (b *Board) IsFree(i int) bool { return b.Present.Has(i) && b.Geo.IsFree(i, b.Present) }

// Matches appends the legal moves (pairs of free tiles of the same group) to
// dst and returns it, ordered by B, then A. It does not allocate when dst
// has room for MaxMoves more moves.
func (b *Board) Matches(dst []Move) []Move {
	var seen [NumGroups][MaxGroupTiles]uint8
	var count [NumGroups]uint8
	free := b.Free()
	groups := b.Groups
	for w, x := range free {
		for x != 0 {
			i := w<<6 | bits.TrailingZeros64(x)
			x &= x - 1
			g := groups[i]
			c := count[g]
			if int(g) >= NumGroups || c >= MaxGroupTiles {
				continue // not a valid deal; checked by NewBoard
			}
			for _, j := range seen[g][:c] {
				dst = append(dst, Move{j, uint8(i)})
			}
			seen[g][c] = uint8(i)
			count[g] = c + 1
		}
	}
	return dst
}

// Play takes the two tiles of m off the board. It does not check that the
// move is legal (see Matches and Verify).
func (b *Board) Play(m Move) {
	b.Present.Remove(int(m.A))
	b.Present.Remove(int(m.B))
}

// Undo puts the two tiles of m back, undoing Play(m).
func (b *Board) Undo(m Move) {
	b.Present.Add(int(m.A))
	b.Present.Add(int(m.B))
}

// Clone returns a copy of b that shares the geometry but not the deal.
func (b *Board) Clone() *Board {
	c := *b
	c.Groups = append([]Group(nil), b.Groups...)
	return &c
}

// Tiles returns the slots of group g (present or not).
func (b *Board) Tiles(g Group) Set {
	var s Set
	for i, h := range b.Groups {
		if h == g {
			s.Add(i)
		}
	}
	return s
}

// CheckMove reports why m cannot be played on b, or nil when it can: both
// tiles on the board, free, distinct and of the same group. Its error is an
// *InputError.
func (b *Board) CheckMove(m Move) error {
	a, c := int(m.A), int(m.B)
	n := b.Geo.N
	switch {
	case a >= n || c >= n:
		return inputErrorf("no slot %d on a layout of %d tiles", max(a, c), n)
	case a == c:
		return inputErrorf("both tiles are slot %d", a)
	case !b.Present.Has(a):
		return inputErrorf("tile %d is already removed", a)
	case !b.Present.Has(c):
		return inputErrorf("tile %d is already removed", c)
	case b.Groups[a] != b.Groups[c]:
		return inputErrorf("tiles %d (%s) and %d (%s) do not match", a, b.Groups[a], c, b.Groups[c])
	case !b.Geo.IsFree(a, b.Present):
		return inputErrorf("tile %d (%s) is not free", a, b.Groups[a])
	case !b.Geo.IsFree(c, b.Present):
		return inputErrorf("tile %d (%s) is not free", c, b.Groups[c])
	}
	return nil
}
