package game

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
)

// Card is one physical tile: one of the four copies of a kind, or one of
// the eight flowers. Cards 0–135 are kind·4 + copy (kinds in the order of
// mjsolve.Kind), 136–143 are the flowers in the order of mjsolve.Bonus.
// The protocol calls tiles cards and numbers them with TIDs (see TID).
type Card uint8

// NoCard stands for no card, or for a card a player cannot see.
const NoCard Card = 255

// NumCards is the number of cards with flowers; without them the wall has
// the first NumKindCards.
const (
	NumKindCards = 4 * mjsolve.NumKinds
	NumCards     = NumKindCards + mjsolve.NumBonus
)

// KindCard returns copy c (0–3) of kind k.
func KindCard(k mjsolve.Kind, c int) Card { return Card(int(k)*4 + c) }

// FlowerCard returns the card of flower b.
func FlowerCard(b mjsolve.Bonus) Card { return Card(NumKindCards + int(b)) }

// Valid reports whether c is one of the 144 cards.
func (c Card) Valid() bool { return c < NumCards }

// IsFlower reports whether c is a flower.
func (c Card) IsFlower() bool { return c >= NumKindCards && c < NumCards }

// Kind returns the kind of c; meaningful only when c is not a flower.
func (c Card) Kind() mjsolve.Kind { return mjsolve.Kind(c >> 2) }

// Copy returns the copy number of c (0–3; 0 for a flower).
func (c Card) Copy() int {
	if c.IsFlower() {
		return 0
	}
	return int(c & 3)
}

// Bonus returns the flower of c; meaningful only when c is a flower.
func (c Card) Bonus() mjsolve.Bonus { return mjsolve.Bonus(c - NumKindCards) }

// Tile returns the tile c is a copy of.
func (c Card) Tile() mjsolve.Tile {
	if c.IsFlower() {
		return mjsolve.BonusTile(c.Bonus())
	}
	return mjsolve.KindTile(c.Kind())
}

// TID returns the protocol tile id of c under the honor order o (see
// mjsolve.TIDOf), or 0 for an invalid card.
func (c Card) TID(o mjsolve.HonorOrder) int {
	if !c.Valid() {
		return 0
	}
	tid, _ := mjsolve.TIDOf(c.Tile(), c.Copy(), o)
	return tid
}

// CardOfTID returns the card with protocol tile id tid under the honor
// order o.
func CardOfTID(tid int, o mjsolve.HonorOrder) (Card, error) {
	t, copy, err := mjsolve.TileOfTID(tid, o)
	if err != nil {
		return NoCard, fmt.Errorf("game: %w", err)
	}
	if t.IsBonus() {
		return FlowerCard(t.Bonus()), nil
	}
	return KindCard(t.Kind(), copy), nil
}

// String writes the card as its tile in compact notation and its copy:
// "5p#2", or "3f" for a flower, "-" for NoCard.
func (c Card) String() string {
	switch {
	case c == NoCard:
		return "-"
	case !c.Valid():
		return fmt.Sprintf("Card(%d)", uint8(c))
	case c.IsFlower():
		return c.Bonus().String()
	}
	return fmt.Sprintf("%s#%d", c.Kind(), c.Copy())
}

// Seat is a place at the table, 0–3. Play passes counter-clockwise: seat s
// is followed by seat s+1 (mod 4), which is the only seat that may chow s's
// discard. Seat 0 sits at the East position, 1 South, 2 West, 3 North; the
// protocol numbers the seats 1–4.
type Seat uint8

// Next returns the seat after s.
func (s Seat) Next() Seat { return (s + 1) & 3 }

// Wind is the seat's wind (門風): East for seat 0, and so on.
func (s Seat) Wind() Wind { return Wind(s & 3) }

// Wind is a wind as a round or a seat: East, South, West, North. It is
// the tile package's one wind type, shared with tw16/protocol.
type Wind = mjsolve.Wind

// The winds.
const (
	East  = mjsolve.EastWind
	South = mjsolve.SouthWind
	West  = mjsolve.WestWind
	North = mjsolve.NorthWind
)
