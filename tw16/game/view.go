package game

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// View is what one seat knows of a hand: its own cards and everything
// shown at the table. It is built from the deal and the events (Start,
// Apply), in-process from the Game's events and over the protocol from the
// referee's messages, so that a strategy plays the same either way. It
// ignores what the seat could not see: other seats' draws and the cards of
// their concealed kongs.
type View struct {
	Seat, Dealer Seat
	Round        Wind
	// Cards are the seat's concealed cards, ascending (NHand of them), and
	// Concealed their kinds.
	Cards     [18]Card
	NHand     int
	Concealed mjsolve.Counts
	// Melds are every seat's declared melds; another seat's concealed kong
	// has Type ConcealedKong and NoCard cards.
	Melds  [4][tw16.MaxSets]Meld
	NMelds [4]int
	// Flowers counts the flowers each seat has set aside, and FlowerCards
	// are those flowers (NoCard where a protocol view was not told which);
	// FlowerWall says the wall has the eight flowers (144 cards).
	Flowers     [4]int
	FlowerCards [4][mjsolve.NumBonus]Card
	FlowerWall  bool
	// River is every discard in order, NRiver of them; Discards are the
	// kinds each seat has discarded (claimed or not).
	River    [NumCards]Discarded
	NRiver   int
	Discards [4]tw16.KindSet
	// Seen counts every card of each kind the seat has seen: its own
	// concealed cards and melds, every discard and every meld shown.
	Seen mjsolve.Counts
	// WallLeft is the number of cards left in the wall.
	WallLeft int
	// Drawn is the card the seat has just drawn, NoCard when its turn
	// follows a claim or the deal (or it is not its turn).
	Drawn Card
	// Last is the latest event.
	Last Event
}

// Hand returns the seat's concealed cards.
func (v *View) Hand() []Card { return v.Cards[:v.NHand] }

// MeldsOf returns seat s's declared melds.
func (v *View) MeldsOf(s Seat) []Meld { return v.Melds[s&3][:v.NMelds[s&3]] }

// Start begins the view of seat for a hand dealt with the given dealer and
// round; dealt are the seat's dealt cards (17 for the dealer, 16 else),
// flowers included; flowers says whether the wall has them (144 cards).
func (v *View) Start(seat, dealer Seat, round Wind, flowers bool, dealt []Card) error {
	want := 16
	if seat == dealer {
		want = 17
	}
	if len(dealt) != want {
		return fmt.Errorf("game: seat %d was dealt %d cards, not %d", seat, len(dealt), want)
	}
	*v = View{Seat: seat, Dealer: dealer, Round: round, Drawn: NoCard, FlowerWall: flowers}
	v.WallLeft = NumKindCards - 65
	if flowers {
		v.WallLeft = NumCards - 65
	}
	for _, c := range dealt {
		if !c.Valid() {
			return fmt.Errorf("game: dealt card %d is not a card", c)
		}
		v.add(c)
	}
	return nil
}

func (v *View) add(c Card) {
	if v.NHand == len(v.Cards) || !c.Valid() {
		return // a protocol view told of more cards than a hand holds
	}
	i := v.NHand
	for i > 0 && v.Cards[i-1] > c {
		v.Cards[i] = v.Cards[i-1]
		i--
	}
	v.Cards[i] = c
	v.NHand++
	if !c.IsFlower() {
		v.Concealed[c.Kind()]++
		v.Seen[c.Kind()]++
	}
}

// remove takes c from the hand, or when the seat does not hold c (a
// protocol view told of a card it never had), any card of its kind.
func (v *View) remove(c Card) {
	i := 0
	for i < v.NHand && v.Cards[i] != c {
		i++
	}
	if i == v.NHand {
		for i = 0; i < v.NHand && (v.Cards[i].IsFlower() != c.IsFlower() || v.Cards[i].Kind() != c.Kind()); i++ {
		}
		if i == v.NHand {
			return
		}
		c = v.Cards[i]
	}
	copy(v.Cards[i:v.NHand-1], v.Cards[i+1:v.NHand])
	v.NHand--
	if !c.IsFlower() {
		v.Concealed[c.Kind()]--
	}
}

// Apply follows one event of the hand.
func (v *View) Apply(e *Event) {
	v.Last = *e
	mine := e.Seat == v.Seat
	if e.Type != EventDraw {
		v.Drawn = NoCard
	}
	switch e.Type {
	case EventDraw:
		v.WallLeft--
		v.Drawn = NoCard
		if mine && e.Card.Valid() {
			v.add(e.Card)
			v.Drawn = e.Card
		}
	case EventFlower:
		if n := v.Flowers[e.Seat&3]; n < mjsolve.NumBonus {
			v.FlowerCards[e.Seat&3][n] = e.Card
			v.Flowers[e.Seat&3]++
		}
		if mine {
			v.remove(e.Card)
		}
	case EventDiscard:
		if mine {
			v.remove(e.Card)
		} else {
			v.see(e.Card)
		}
		if e.Card.Valid() && !e.Card.IsFlower() && v.NRiver < len(v.River) {
			v.River[v.NRiver] = Discarded{Seat: e.Seat, Card: e.Card}
			v.NRiver++
			v.Discards[e.Seat&3].Add(e.Card.Kind())
		}
	case EventChow, EventPong, EventKong:
		if v.NRiver > 0 {
			v.River[v.NRiver-1].Claimed = true
		}
		for _, c := range e.Meld.Cards[:e.Meld.Size()] {
			if c == e.Card || !c.Valid() {
				continue
			}
			if mine {
				v.remove(c)
			} else {
				v.see(c)
			}
		}
		v.addMeld(e.Seat, e.Meld)
	case EventConcealedKong:
		m := e.Meld
		if mine {
			for _, c := range m.Cards {
				v.remove(c)
			}
		} else {
			m.Cards = [4]Card{NoCard, NoCard, NoCard, NoCard}
		}
		v.addMeld(e.Seat, m)
	case EventAddedKong:
		if mine {
			v.remove(e.Card)
		} else {
			v.see(e.Card)
		}
		s := e.Seat & 3
		for i := range v.NMelds[s] {
			m := &v.Melds[s][i]
			if m.Type == tw16.Pong && e.Card.Valid() && !e.Card.IsFlower() && m.Cards[0].Kind() == e.Card.Kind() {
				m.Type, m.Cards[3] = tw16.Kong, e.Card
				sortCards(&m.Cards)
			}
		}
	}
}

// see counts a card of another seat now shown.
func (v *View) see(c Card) {
	if c.Valid() && !c.IsFlower() {
		v.Seen[c.Kind()]++
	}
}

func (v *View) addMeld(s Seat, m Meld) {
	if v.NMelds[s&3] < tw16.MaxSets {
		v.Melds[s&3][v.NMelds[s&3]] = m
		v.NMelds[s&3]++
	}
}

// Strategy chooses the actions of one player.
type Strategy interface {
	// Begin starts a new hand; seed makes the strategy's choices in it
	// reproducible.
	Begin(seed uint64)
	// Choose returns the index in actions (never empty) of the action to
	// take, given what the player sees.
	Choose(v *View, actions []Action) int
}

// Play plays the hand g to its end with the four strategies, seat s played
// by players[s], keeping views[s] up to date for it. It returns the error
// of a strategy that chooses an index out of range, or of the engine.
func Play(g *Game, players *[4]Strategy, views *[4]View) error {
	for s := range Seat(4) {
		if err := views[s].Start(s, g.Dealer(), g.Round(), g.Flowers(), g.Dealt(s)); err != nil {
			return err
		}
	}
	seen := 0
	for {
		evs := g.Events()
		for i := seen; i < len(evs); i++ {
			for s := range views {
				views[s].Apply(&evs[i])
			}
		}
		seen = len(evs)
		if g.Over() {
			return nil
		}
		s := g.ToAct()
		acts := g.Actions()
		i := players[s].Choose(&views[s], acts)
		if i < 0 || i >= len(acts) {
			return fmt.Errorf("game: seat %d chose action %d of %d", s, i, len(acts))
		}
		if err := g.Apply(acts[i]); err != nil {
			return err
		}
	}
}
