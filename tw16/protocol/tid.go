package protocol

import (
	"strconv"

	"github.com/mjsolve/mjsolve"
)

// TID is a protocol tile id: 110–193 wan, 210–293 tiao, 310–393 tong,
// 410–473 honors (copy in the last digit), 10–80 the bonus tiles. A parsed
// message holds only valid TIDs.
type TID uint16

// Valid reports whether t names a tile.
func (t TID) Valid() bool {
	if t >= 10 && t <= 80 {
		return t%10 == 0
	}
	suit, n, c := t/100, t/10%10, t%10
	switch {
	case c > 3 || n == 0:
		return false
	case suit >= 1 && suit <= 3:
		return true
	case suit == 4:
		return n <= 7
	}
	return false
}

// Tile returns the tile t names and its copy number (0–3) under the honor
// numbering o; ok is false when t is not valid.
func (t TID) Tile(o mjsolve.HonorOrder) (tile mjsolve.Tile, copy int, ok bool) {
	if !t.Valid() {
		return 0, 0, false
	}
	tile, copy, err := mjsolve.TileOfTID(int(t), o)
	return tile, copy, err == nil
}

// Of returns the TID of a tile and copy number (0–3; 0 for a bonus tile)
// under the honor numbering o, or false when there is none.
func Of(tile mjsolve.Tile, copy int, o mjsolve.HonorOrder) (TID, bool) {
	n, err := mjsolve.TIDOf(tile, copy, o)
	return TID(n), err == nil
}

// Kind is the tile ignoring the copy: t/10 for numbered tiles and honors
// (11–19 wan, 21–29 tiao, 31–39 tong, 41–47 honors), t itself for bonus
// tiles. Two TIDs are copies of one kind when their Kinds are equal.
func (t TID) Kind() int {
	if t <= 80 {
		return int(t)
	}
	return int(t / 10)
}

// String is the decimal TID.
func (t TID) String() string { return strconv.Itoa(int(t)) }

// numbered reports whether t is a wan, tiao or tong tile, and its suit
// (1–3) and number (1–9).
func (t TID) numbered() (suit, n int, ok bool) {
	s := int(t / 100)
	return s, int(t / 10 % 10), t >= 110 && s <= 3
}
