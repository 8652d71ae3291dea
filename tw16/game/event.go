package game

import (
	"fmt"

	"github.com/mjsolve/mjsolve/tw16"
)

// EventType says what happened.
type EventType uint8

// The events a hand produces, in the order they happen. The hand begins
// with the deal (see Game.Dealt), which is not an event.
const (
	// EventDraw: Seat drew Card from the wall; Replacement says it came
	// from the back of the wall after a kong or a flower (嶺上牌).
	EventDraw EventType = iota
	// EventFlower: Seat set the flower Card aside (from the deal or just
	// drawn); an EventDraw with Replacement follows.
	EventFlower
	// EventDiscard: Seat discarded Card.
	EventDiscard
	// EventChow, EventPong, EventKong: Seat claimed Card, discarded by
	// From, into the meld Meld (its cards ascending; the claimed card is
	// among them). After EventKong a replacement EventDraw follows.
	EventChow
	EventPong
	EventKong
	// EventConcealedKong: Seat declared the concealed kong Meld (four
	// cards). Only Seat may see the cards; the protocol tells the others
	// that a concealed kong was made and nothing more. A replacement
	// EventDraw follows.
	EventConcealedKong
	// EventAddedKong: Seat added Card to its pong of that kind. The others
	// may rob it (EventWin with Robbed); otherwise a replacement EventDraw
	// follows.
	EventAddedKong
	// EventWin: Seat won on Card: self-drawn when From is Seat, else on
	// From's discard, or robbing From's added kong when Robbed. Game.Result
	// has the score.
	EventWin
	// EventExhausted: the hand is drawn (流局): a draw was due with 16
	// cards left in the wall.
	EventExhausted
)

var eventNames = [...]string{"draw", "flower", "discard", "chow", "pong", "kong", "concealed-kong", "added-kong", "win", "exhausted"}

// String names the event type.
func (t EventType) String() string {
	if int(t) < len(eventNames) {
		return eventNames[t]
	}
	return fmt.Sprintf("EventType(%d)", t)
}

// Event is one thing that happened in a hand.
type Event struct {
	Type EventType
	Seat Seat
	// From is the discarder for claims and wins on a discard, the seat
	// robbed for a robbed kong, and Seat itself otherwise.
	From Seat
	// Card is the card drawn, set aside, discarded, claimed, added or won
	// on (NoCard for EventConcealedKong and EventExhausted).
	Card Card
	// Meld is the meld made by a claim or a kong, with its cards.
	Meld Meld
	// Replacement marks a draw from the back of the wall.
	Replacement bool
	// Robbed marks a win robbing an added kong.
	Robbed bool
}

// String writes the event for people: "2 discard 5p#1".
func (e Event) String() string {
	s := fmt.Sprintf("%d %s", e.Seat, e.Type)
	switch e.Type {
	case EventDraw, EventFlower, EventDiscard, EventAddedKong:
		s += " " + e.Card.String()
	case EventChow, EventPong, EventKong:
		s += fmt.Sprintf(" %s from %d: %s", e.Card, e.From, e.Meld)
	case EventConcealedKong:
		s += " " + e.Meld.String()
	case EventWin:
		s += fmt.Sprintf(" on %s from %d", e.Card, e.From)
	}
	if e.Replacement {
		s += " (replacement)"
	}
	if e.Robbed {
		s += " (robbing the kong)"
	}
	return s
}

// Meld is a declared meld with its cards.
type Meld struct {
	Type tw16.MeldType
	// Cards are the meld's cards ascending; the fourth is NoCard unless
	// the meld is a kong.
	Cards [4]Card
	// Claimed is the card taken from another player (NoCard for a concealed
	// kong); From is that player.
	Claimed Card
	From    Seat
}

// Size returns the number of cards of the meld: 3, or 4 for a kong.
func (m Meld) Size() int {
	if m.Type.IsKong() {
		return 4
	}
	return 3
}

// Tw16 returns the meld as tw16 scores it.
func (m Meld) Tw16() tw16.Meld { return tw16.Meld{Type: m.Type, Kind: m.Cards[0].Kind()} }

// String writes the meld type and cards: "pong 5p#0 5p#1 5p#3".
func (m Meld) String() string {
	s := m.Type.String()
	for _, c := range m.Cards[:m.Size()] {
		s += " " + c.String()
	}
	return s
}
