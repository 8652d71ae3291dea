package solitaire

import (
	"fmt"

	"github.com/mjsolve/mjsolve/internal/input"
)

// RemovedError is a list of removed slots that no play could have left:
// a slot off the layout or removed twice, an odd number of a group's
// tiles, or a tile that was never free. Index is the position in the list
// of the slot at fault, or -1 when the fault is the whole list's (the odd
// count); Msg says what is wrong. It is the cause of an *[InputError].
type RemovedError struct {
	Index int
	Msg   string
}

func (e *RemovedError) Error() string { return e.Msg }

// removedErrorf is an *InputError whose cause is a *RemovedError about the
// slot at index k of the list.
func removedErrorf(k int, format string, args ...any) error {
	return input.Wrap("solitaire", "", &RemovedError{k, fmt.Sprintf(format, args...)})
}

// checkRemoved checks the removed slots of a board of faces against what
// needs only the faces: slots of the layout, each once, and pairs of each
// group. It returns an *InputError whose cause is a *RemovedError.
func checkRemoved(faces []Group, removed []int) error {
	var seen Set
	var odd [NumGroups]bool
	for k, s := range removed {
		switch {
		case s < 0 || s >= len(faces):
			return removedErrorf(k, "no slot %d on a layout of %d tiles", s, len(faces))
		case seen.Has(s):
			return removedErrorf(k, "slot %d removed twice", s)
		}
		seen.Add(s)
		odd[faces[s]] = !odd[faces[s]]
	}
	for g, o := range odd {
		if o {
			return removedErrorf(-1, "an odd number of %s tiles removed (tiles go in pairs)", Group(g))
		}
	}
	return nil
}

// RemoveTiles takes the removed slots off b if play could have removed
// them. It checks slots of the layout, each once, pairs of each group, and
// each free once the tiles still on the board are counted (tiles leave the
// board only when free, and never come back). A list that fails is an
// *InputError whose cause is a *RemovedError, and b is then unchanged.
func (b *Board) RemoveTiles(removed []int) error {
	if err := checkRemoved(b.Groups, removed); err != nil {
		return err
	}
	present := b.Present
	for _, s := range removed {
		present.Remove(s)
	}
	g := b.Geo
	for k, s := range removed {
		if c := g.Covers[s].And(present); !c.IsEmpty() {
			return removedErrorf(k, "slot %d cannot have been removed: slot %d above it is still on the board", s, c.First())
		}
		l, r := g.Left[s].And(present), g.Right[s].And(present)
		if !l.IsEmpty() && !r.IsEmpty() {
			return removedErrorf(k, "slot %d cannot have been removed: slots %d and %d beside it are still on the board",
				s, l.First(), r.First())
		}
	}
	b.Present = present
	return nil
}
