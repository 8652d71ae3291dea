// Package solitaire plays Mahjong Solitaire on a compiled layout: bitsets of
// slots (Set), the geometry of a layout compiled once (Geometry), deals of
// the 36 groups of matching tiles (Dealer), boards with free tiles, legal
// matches, play and undo (Board), board files, and the check of a claimed
// solution (Verify).
//
// # Geometry
//
// Slots are the tiles of a layout in its order (file order for Xmahjongg
// files), at half-tile coordinates (x, y, z). A tile is covered when a tile
// on a higher level overlaps it (|dx| ≤ 1 and |dy| ≤ 1), blocked on the left
// (right) by a tile on its level at dx = −2 (+2) with |dy| ≤ 1, and free
// when it is not covered and not blocked on both sides.
//
// # Groups
//
// A full deck has 36 groups of four matching tiles: the 34 kinds in the
// order of package mjsolve, the flowers (34) and the seasons (35). A layout
// of n tiles uses groups 0..⌈n/4⌉−1; when n is 2 mod 4 the last one is a
// pair.
package solitaire
