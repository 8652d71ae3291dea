package game

import (
	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// hand is what one seat holds.
type hand struct {
	cards    [18]Card // concealed, ascending
	n        int
	counts   mjsolve.Counts
	melds    [tw16.MaxSets]Meld
	nmelds   int
	flowers  [mjsolve.NumBonus]Card
	nflowers int
	// wins are the kinds that complete the concealed part when it has
	// 3k+1 cards (empty unless tenpai).
	wins tw16.KindSet
}

// add puts c among the concealed cards.
func (h *hand) add(c Card) {
	i := h.n
	for i > 0 && h.cards[i-1] > c {
		h.cards[i] = h.cards[i-1]
		i--
	}
	h.cards[i] = c
	h.n++
	if !c.IsFlower() {
		h.counts[c.Kind()]++
	}
}

// has reports whether c is among the concealed cards.
func (h *hand) has(c Card) bool {
	for _, x := range h.cards[:h.n] {
		if x == c {
			return true
		}
	}
	return false
}

// remove takes c from the concealed cards; it must be there.
func (h *hand) remove(c Card) {
	i := 0
	for h.cards[i] != c {
		i++
	}
	copy(h.cards[i:h.n-1], h.cards[i+1:h.n])
	h.n--
	if !c.IsFlower() {
		h.counts[c.Kind()]--
	}
}

// lowest returns the lowest n copies of kind k held, into out.
func (h *hand) lowest(k mjsolve.Kind, out []Card) {
	j := 0
	for _, c := range h.cards[:h.n] {
		if j < len(out) && !c.IsFlower() && c.Kind() == k {
			out[j] = c
			j++
		}
	}
}

// updateWins recomputes the winning kinds of a concealed part of 3k+1,
// looked up with f.
func (h *hand) updateWins(f tw16.Forms) {
	h.wins = 0
	sh, err := f.Shanten(h.counts)
	if err != nil || sh != 0 {
		return
	}
	e, err := f.Effective(h.counts, nil, nil)
	if err == nil {
		h.wins = e.Kinds
	}
}

// pongOf returns the index of seat h's pong of kind k, or -1.
func (h *hand) pongOf(k mjsolve.Kind) int {
	for i, m := range h.melds[:h.nmelds] {
		if m.Type == tw16.Pong && m.Cards[0].Kind() == k {
			return i
		}
	}
	return -1
}
