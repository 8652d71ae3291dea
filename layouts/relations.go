package layouts

// Relations is the pure geometry of a layout, per slot index: which slots
// cover a slot and which are its neighbours on its level. The solitaire
// package compiles these into bitsets.
type Relations struct {
	// Covers[i] lists the slots on any higher level that overlap slot i
	// (|dx| ≤ 1 and |dy| ≤ 1).
	Covers [][]int
	// Left[i] lists the slots on the same level at dx = −2 with |dy| ≤ 1;
	// Right[i] those at dx = +2 with |dy| ≤ 1.
	Left, Right [][]int
}

// Relations computes the relations of l. Each list is in increasing slot
// order.
func (l *Layout) Relations() Relations {
	n := len(l.Slots)
	r := Relations{Covers: make([][]int, n), Left: make([][]int, n), Right: make([][]int, n)}
	for i, a := range l.Slots {
		for j, b := range l.Slots {
			dx, dy := b.X-a.X, b.Y-a.Y
			if dy < -1 || dy > 1 {
				continue
			}
			switch {
			case b.Z > a.Z && dx >= -1 && dx <= 1:
				r.Covers[i] = append(r.Covers[i], j)
			case b.Z == a.Z && dx == -2:
				r.Left[i] = append(r.Left[i], j)
			case b.Z == a.Z && dx == 2:
				r.Right[i] = append(r.Right[i], j)
			}
		}
	}
	return r
}

// IsFree is the free-tile rule, written once. A tile can be played when no
// tile on the board covers it and it is not blocked on both sides, that is
// when a tile on the board lies on at most one of its left and its right.
// Package solitaire applies it to sets of present tiles; the solver's
// counters are checked against it in its tests.
func IsFree(covered, blockedLeft, blockedRight bool) bool {
	return !covered && !(blockedLeft && blockedRight)
}

// Free reports which slots are free when every tile is on the board
// ([IsFree] with the relations as they are at the start).
func (r Relations) Free() []bool {
	free := make([]bool, len(r.Covers))
	for i := range free {
		free[i] = IsFree(len(r.Covers[i]) > 0, len(r.Left[i]) > 0, len(r.Right[i]) > 0)
	}
	return free
}

// FreeAtStart returns the number of tiles that can be played before any is
// removed (35 for the classic turtle).
func (l *Layout) FreeAtStart() int {
	n := 0
	for _, f := range l.Relations().Free() {
		if f {
			n++
		}
	}
	return n
}
