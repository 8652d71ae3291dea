package mjsolve

import "fmt"

// Bonus is one of the eight bonus tiles (flowers). They are the four
// flowers plum, orchid, chrysanthemum, bamboo (梅蘭菊竹, written 1f–4f) and the
// four seasons spring, summer, autumn, winter (春夏秋冬, written 5f–8f).
type Bonus uint8

// The bonus tiles.
const (
	Plum Bonus = iota
	Orchid
	Chrysanthemum
	Bamboo
	Spring
	Summer
	Autumn
	Winter
)

// NumBonus is the number of bonus tiles.
const NumBonus = 8

var chineseBonus = [NumBonus]string{"梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"}

// Valid reports whether b is one of the eight bonus tiles.
func (b Bonus) Valid() bool { return b < NumBonus }

// String returns b in compact notation, "1f" … "8f".
func (b Bonus) String() string {
	if !b.Valid() {
		return fmt.Sprintf("Bonus(%d)", uint8(b))
	}
	return string([]byte{byte('1' + b), 'f'})
}

// Chinese returns the Chinese name of b: 梅 蘭 菊 竹 春 夏 秋 冬.
func (b Bonus) Chinese() string {
	if !b.Valid() {
		return b.String()
	}
	return chineseBonus[b]
}

// IsSeason reports whether b is one of the four seasons.
func (b Bonus) IsSeason() bool { return b >= Spring && b < NumBonus }

// Seat returns the seat (East = 1, South = 2, West = 3, North = 4) whose own
// flower (正花) b is: plum and spring belong to East, and so on.
func (b Bonus) Seat() int { return int(b%4) + 1 }
