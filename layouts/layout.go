package layouts

// Slot is the position of one tile in a layout, in half-tile units: the tile
// at (X, Y, Z) covers cells X..X+1 and Y..Y+1 on level Z. X grows to the
// right, Y grows downwards, Z grows upwards (0 is the table).
type Slot struct {
	X, Y, Z int
}

// Layout is the geometry of a Mahjong Solitaire game: where the tiles lie.
// Slots are kept in the order of the file they were read from (file order
// for Xmahjongg files), which is the order deals and move lists refer to.
type Layout struct {
	Name   string // short name, e.g. "turtle", "xmahjongg/ox"
	Title  string // display name, e.g. from a KMahjongg .desktop file; may equal Name
	Source string // "builtin", or the file the layout was read from
	Slots  []Slot
}
