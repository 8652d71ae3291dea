package layouts

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"slices"
)

// DeckTiles is the number of tiles of one full deck: 36 groups of four.
// Layouts of more tiles are dealt with faces from a second deck (see
// package solitaire).
const DeckTiles = 144

// MaxTiles is the largest number of tiles a layout may have: 254, so that a
// slot number fits in a byte with one value to spare. KMahjongg's largest
// layouts have 228 tiles.
const MaxTiles = 254

// Limits on coordinates, far beyond any real layout; they keep a bad file
// from making the pictures or grids allocate without bound.
const (
	MaxX     = 255 // largest X (and Y) of a slot, in half-tile units
	MaxY     = 255
	MaxLevel = 63 // largest Z
)

// Slot is the position of one tile in a layout, in half-tile units. The
// tile at (X, Y, Z) covers cells X..X+1 and Y..Y+1 on level Z. X grows to
// the right, Y grows downwards, Z grows upwards (0 is the table).
type Slot struct {
	X, Y, Z int
}

// String formats s as "x=4 y=2 z=0".
func (s Slot) String() string { return fmt.Sprintf("x=%d y=%d z=%d", s.X, s.Y, s.Z) }

// Overlaps reports whether s and t occupy a common cell when they lie on
// the same level (|dx| ≤ 1 and |dy| ≤ 1); Z is not compared.
func (s Slot) Overlaps(t Slot) bool {
	dx, dy := s.X-t.X, s.Y-t.Y
	return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
}

// Layout is the geometry of a Mahjong Solitaire game: where the tiles lie.
// Slots are kept in the order of the file they were read from (file order
// for Xmahjongg files), which is the order deals and move lists refer to.
type Layout struct {
	Name   string // short name, e.g. "turtle", "xmahjongg/ox"
	Title  string // display name, e.g. from a KMahjongg .desktop file; may equal Name
	Source string // "builtin", or the file the layout was read from
	Slots  []Slot

	// Notes are remarks of the reader where the file differs from what
	// its game expects but can still be read (e.g. a KMahjongg tile drawn
	// with wrong marks); they are not errors.
	Notes []string
}

// Len returns the number of tiles of l.
func (l *Layout) Len() int { return len(l.Slots) }

// Levels returns the number of levels of l: one more than the highest Z
// (0 for an empty layout).
func (l *Layout) Levels() int {
	n := 0
	for _, s := range l.Slots {
		n = max(n, s.Z+1)
	}
	return n
}

// TilesPerLevel returns the number of tiles on each level, from level 0 up
// (slots below level 0, which Validate refuses, are not counted).
func (l *Layout) TilesPerLevel() []int {
	per := make([]int, l.Levels())
	for _, s := range l.Slots {
		if s.Z >= 0 {
			per[s.Z]++
		}
	}
	return per
}

// Clone returns a deep copy of l.
func (l *Layout) Clone() *Layout {
	c := *l
	c.Slots = slices.Clone(l.Slots)
	c.Notes = slices.Clone(l.Notes)
	return &c
}

// label names l in messages: its name, else its source.
func (l *Layout) label() string {
	switch {
	case l.Name != "":
		return l.Name
	case l.Source != "":
		return l.Source
	}
	return "layout"
}

// Validate checks that l can be played: between 2 and MaxTiles tiles, an
// even number of them, coordinates within bounds, and no two tiles
// overlapping on a level. Tiles that float (see Floating) are allowed: some
// real games' files have them.
func (l *Layout) Validate() error {
	n := len(l.Slots)
	switch {
	case n == 0:
		return inputErrorf("%s has no tiles", l.label())
	case n > MaxTiles:
		return inputErrorf("%s has %d tiles; at most %d are supported", l.label(), n, MaxTiles)
	case n%2 != 0:
		return inputErrorf("%s has an odd number of tiles (%d)", l.label(), n)
	}
	if err := checkSlots(l.Slots); err != nil {
		return inputErrorf("%s: %w", l.label(), err)
	}
	return nil
}

// slotError is a problem with one slot of a layout, by index, so that
// readers can name the line the slot came from.
type slotError struct {
	i, j int // the slot at fault and, for an overlap, the earlier slot it overlaps (else -1)
	msg  string
}

func (e *slotError) Error() string { return e.msg }

// checkSlots checks bounds and overlaps; it returns a *slotError.
func checkSlots(slots []Slot) error {
	for i, s := range slots {
		if err := checkBounds(s); err != "" {
			return &slotError{i, -1, fmt.Sprintf("tile %d (%v) %s", i, s, err)}
		}
	}
	// Sort indices by (Z, Y) so overlap candidates are near each other.
	idx := make([]int, len(slots))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		sa, sb := slots[a], slots[b]
		return cmp.Or(cmp.Compare(sa.Z, sb.Z), cmp.Compare(sa.Y, sb.Y), cmp.Compare(a, b))
	})
	var first *slotError
	for k, a := range idx {
		sa := slots[a]
		for _, b := range idx[k+1:] {
			sb := slots[b]
			if sb.Z != sa.Z || sb.Y > sa.Y+1 {
				break
			}
			if sa.Overlaps(sb) {
				i, j := max(a, b), min(a, b)
				if first == nil || i < first.i {
					first = &slotError{i, j, fmt.Sprintf("tile %d (%v) overlaps tile %d (%v)", i, slots[i], j, slots[j])}
				}
			}
		}
	}
	if first != nil {
		return first
	}
	return nil
}

// checkBounds returns why s is out of bounds, or "".
func checkBounds(s Slot) string {
	switch {
	case s.X < 0 || s.Y < 0 || s.Z < 0:
		return "has a negative coordinate"
	case s.X > MaxX || s.Y > MaxY:
		return fmt.Sprintf("lies too far out (x and y must be at most %d)", MaxX)
	case s.Z > MaxLevel:
		return fmt.Sprintf("lies too high (z must be at most %d)", MaxLevel)
	}
	return ""
}

// Floating returns the indices of the tiles above level 0 that do not rest
// on any tile of the level below (no tile on level Z−1 overlaps them).
// Validate allows them; callers report them.
func (l *Layout) Floating() []int {
	var out []int
	for i, s := range l.Slots {
		if s.Z == 0 {
			continue
		}
		supported := false
		for _, t := range l.Slots {
			if t.Z == s.Z-1 && s.Overlaps(t) {
				supported = true
				break
			}
		}
		if !supported {
			out = append(out, i)
		}
	}
	return out
}

// Normalize returns a copy of l translated so that the smallest X, Y and Z
// are 0, with the slots sorted by (Z, Y, X). Two layouts have the same
// geometry exactly when their normalised slots are equal.
func (l *Layout) Normalize() *Layout {
	c := l.Clone()
	lo := corner(c.Slots)
	for i := range c.Slots {
		c.Slots[i].X -= lo.X
		c.Slots[i].Y -= lo.Y
		c.Slots[i].Z -= lo.Z
	}
	slices.SortFunc(c.Slots, compareSlots)
	return c
}

// corner returns the smallest X, Y and Z of the slots (zero when there are
// none).
func corner(slots []Slot) Slot {
	if len(slots) == 0 {
		return Slot{}
	}
	lo := slots[0]
	for _, s := range slots {
		lo.X, lo.Y, lo.Z = min(lo.X, s.X), min(lo.Y, s.Y), min(lo.Z, s.Z)
	}
	return lo
}

// compareSlots orders slots by level, then row, then column: reading order.
func compareSlots(a, b Slot) int {
	return cmp.Or(cmp.Compare(a.Z, b.Z), cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X))
}

// SameGeometry reports whether a and b place their tiles the same way up to
// a translation, whatever the order of their slots.
func SameGeometry(a, b *Layout) bool {
	if len(a.Slots) != len(b.Slots) {
		return false
	}
	return slices.Equal(a.Normalize().Slots, b.Normalize().Slots)
}

// Fingerprint identifies the layout's geometry: FNV-1a of its slots in
// order, translated so that the smallest x, y and z are 0. Board files and
// record files keep it so that they are never read onto another layout (an
// edited layout file, or a name that now finds another layout): the same
// slots in the same order give the same fingerprint, and moving the whole
// layout does not change it.
func (l *Layout) Fingerprint() uint64 {
	if len(l.Slots) == 0 {
		return 0
	}
	lo := corner(l.Slots)
	h := fnv.New64a()
	var buf []byte
	for _, s := range l.Slots {
		buf = fmt.Appendf(buf[:0], "%d,%d,%d;", s.X-lo.X, s.Y-lo.Y, s.Z-lo.Z)
		h.Write(buf)
	}
	return h.Sum64()
}
