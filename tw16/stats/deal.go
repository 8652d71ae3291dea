package stats

import (
	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Dealer is the seat that deals: it holds 17 tiles and discards first.
const Dealer = 0

// MaxDraws bounds the draws of one seat: with flowers, when no flower is
// drawn from the live wall, 144 − 65 dealt − 16 left = 63 turns, 16 for
// each of the three seats after the dealer.
const MaxDraws = 16

// Deal is one random start of a hand, as the game deals it (tw16/game). It
// holds the wall shuffled from a seed, 17 tiles to the dealer (seat 0) and
// 16 to each other seat from the front, the flowers (with Flowers) set
// aside and replaced from the back of the wall, seat after seat from the
// dealer; and the tiles each seat would draw in a four-player hand in which
// nobody claims a discard or declares a kong: seats 1, 2, 3, 0, 1, … draw
// in turn from the front, a flower drawn is set aside and replaced from the
// back at once, and the hand ends when a draw is due with game.DeadWall
// (16) tiles left. With no claims the draws do not depend on the discards,
// so each seat can play its hand alone against them.
type Deal struct {
	// Hands are the concealed hands after the flowers of the deal are
	// replaced.
	Hands [4]mjsolve.Counts
	// Draws[s][:NDraws[s]] are the kinds seat s draws, in order (a flower
	// drawn and its replacement count as one draw: the replacement).
	Draws  [4][MaxDraws]mjsolve.Kind
	NDraws [4]int
	// Flowers counts the flowers each seat sets aside, dealt or drawn.
	Flowers [4]int

	wall [game.NumCards]game.Card
}

// Reset deals d from seed, with the eight flowers (144 tiles) or without
// (136), without allocating. The wall is game.Shuffle's, so that a deal
// from seed is the deal of game.Config{Seed: seed, Flowers: flowers,
// Dealer: 0}.
func (d *Deal) Reset(seed uint64, flowers bool) {
	n := game.NumKindCards
	if flowers {
		n = game.NumCards
	}
	w := d.wall[:n]
	game.Shuffle(w, seed)
	d.Hands = [4]mjsolve.Counts{}
	d.NDraws = [4]int{}
	d.Flowers = [4]int{}
	front, back := 0, n
	var dealt [4]int // flowers dealt to each seat
	for s := range 4 {
		size := 16
		if s == Dealer {
			size = 17
		}
		for _, c := range w[front : front+size] {
			if c.IsFlower() {
				dealt[s]++
			} else {
				d.Hands[s][c.Kind()]++
			}
		}
		front += size
	}
	// The flowers of the deal, replaced seat after seat from the dealer;
	// a replacement that is a flower is replaced in turn.
	for s := range 4 {
		for dealt[s] > 0 {
			dealt[s]--
			d.Flowers[s]++
			back--
			if c := w[back]; c.IsFlower() {
				dealt[s]++
			} else {
				d.Hands[s][c.Kind()]++
			}
		}
	}
	// The draws: the dealer has its dealt 17 and discards first.
	for s := (Dealer + 1) % 4; ; s = (s + 1) % 4 {
		replacement := false
		for {
			if back-front <= game.DeadWall {
				return
			}
			var c game.Card
			if replacement {
				back--
				c = w[back]
			} else {
				c = w[front]
				front++
			}
			if !c.IsFlower() {
				d.Draws[s][d.NDraws[s]] = c.Kind()
				d.NDraws[s]++
				break
			}
			d.Flowers[s]++
			replacement = true
		}
	}
}
