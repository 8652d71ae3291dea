package mjsolve

// Tile is either one of the 34 kinds (values 0–33) or a bonus tile (34 +
// the Bonus). It is what a notation string or a protocol TID names.
type Tile uint8

// NumTiles is the number of distinct tiles: 34 kinds and 8 bonus tiles.
const NumTiles = NumKinds + NumBonus

// KindTile returns the tile of kind k.
func KindTile(k Kind) Tile { return Tile(k) }

// BonusTile returns the tile of bonus b.
func BonusTile(b Bonus) Tile { return Tile(NumKinds + int(b)) }

// Valid reports whether t is a kind or a bonus tile.
func (t Tile) Valid() bool { return t < NumTiles }

// IsBonus reports whether t is a bonus tile.
func (t Tile) IsBonus() bool { return t >= NumKinds && t < NumTiles }

// Kind returns the kind of t; meaningful only when t is not a bonus tile.
func (t Tile) Kind() Kind { return Kind(t) }

// Bonus returns the bonus of t; meaningful only when t is a bonus tile.
func (t Tile) Bonus() Bonus { return Bonus(t - NumKinds) }

// String returns t in compact notation ("5p", "3f").
func (t Tile) String() string {
	if t.IsBonus() {
		return t.Bonus().String()
	}
	return t.Kind().String()
}

// Chinese returns the Chinese name of t.
func (t Tile) Chinese() string {
	if t.IsBonus() {
		return t.Bonus().Chinese()
	}
	return t.Kind().Chinese()
}
