package game

import "fmt"

// HandsPerCycle is the number of hands of one fair cycle of the schedule:
// 6 seatings × 2 Jongs × 16 hands.
const HandsPerCycle = 192

// Seatings are the six seatings of four players A, B, C, D (0–3) around the
// table, as the framework paper lists them: A keeps seat 0 and the others
// take every order. Seatings[p][s] is the player at seat s.
var Seatings = [6][4]int{
	{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
}

// Schedule orders the hands of a match between four players fairly, as the
// framework paper and the MJTalk thesis describe the competitions:
//
//   - every seating of the four players (Seatings) plays two Jongs (將) of
//     16 hands: four rounds (East, South, West, North), each of four hands
//     dealt in turn by seats 0, 1, 2, 3 — no consecutive dealing;
//   - the four hands of a round use the same wall, rotated: dealt from the
//     dealer, so each player receives each of its four starting hands once;
//   - the first Jong of all six seatings uses the same four walls, and the
//     second Jong four new ones (換一組牌再打), so each seating meets the same
//     deals;
//
// which makes 192 hands; more hands repeat the cycle with new walls. Hand i
// of the cycle has Jong i/96, seating (i%96)/16, round (i%16)/4 and dealer
// i%4.
type Schedule struct {
	// Seed chooses the walls.
	Seed uint64
}

// Scheduled is one hand of a schedule.
type Scheduled struct {
	// Index is the hand's number in the schedule, from 0.
	Index int
	// Cycle, Jong (0 or 1), Seating (0–5 into Seatings) and Hand (0–3)
	// place it in the schedule.
	Cycle, Jong, Seating, Hand int
	// Players[s] is the player (0–3) at seat s.
	Players [4]int
	// Dealer, Round and WallSeed set up the hand (see Config).
	Dealer   Seat
	Round    Wind
	WallSeed uint64
}

// Hand returns the hand numbered i (from 0).
func (s Schedule) Hand(i int) Scheduled {
	c, j := i/HandsPerCycle, i%HandsPerCycle
	h := Scheduled{Index: i, Cycle: c, Jong: j / 96, Seating: j % 96 / 16, Hand: j % 4}
	h.Players = Seatings[h.Seating]
	h.Dealer = Seat(j % 4)
	h.Round = Wind(j % 16 / 4)
	wall := uint64(c)*8 + uint64(h.Jong)*4 + uint64(h.Round)
	h.WallSeed = mix(s.Seed ^ mix(wall+1))
	return h
}

// Config returns the configuration of the hand, with flowers or not.
func (h Scheduled) Config(flowers bool) Config {
	return Config{Seed: h.WallSeed, Flowers: flowers, Dealer: h.Dealer, Round: h.Round}
}

// SeatOf returns the seat of player p in the hand.
func (h Scheduled) SeatOf(p int) Seat {
	for s, q := range h.Players {
		if q == p {
			return Seat(s)
		}
	}
	panic(fmt.Sprintf("game: no player %d", p))
}

// mix is the SplitMix64 finaliser: it spreads the bits of x.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Mix derives a seed from a seed and a number (a hand, a seat), so that
// related seeds give unrelated streams.
func Mix(seed, n uint64) uint64 { return mix(seed ^ mix(n)) }
