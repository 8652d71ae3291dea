package mjsolve

// Wind is a wind as the round of a game or the seat of a player: East,
// South, West or North, in playing order. The tw16 game (tw16/game) and its
// protocol (tw16/protocol) share this one type; its tile is [Wind.Kind].
type Wind uint8

// The winds in playing order.
const (
	EastWind Wind = iota
	SouthWind
	WestWind
	NorthWind
)

// Kind returns the wind's tile kind: East for EastWind, and so on.
func (w Wind) Kind() Kind { return East + Kind(w&3) }

// String returns "east", "south", "west" or "north".
func (w Wind) String() string {
	return [4]string{"east", "south", "west", "north"}[w&3]
}
