package game

import (
	"encoding/binary"
	"math/bits"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// kongAllowed says a kong may be declared: its replacement draw must come
// from the live wall.
func (g *Game) kongAllowed() bool { return g.WallLeft() > DeadWall }

// startTurn gives the turn to s, who drew drawn (or was dealt, drawn
// NoCard) when drew, or claimed a discard.
func (g *Game) startTurn(s Seat, drew bool, drawn Card, replaced bool) {
	g.phase, g.toAct = PhaseTurn, s
	g.drew, g.drawn, g.replaced = drew, drawn, replaced
	h := &g.hands[s]
	g.huHand, g.huFlowers = false, false
	if drew {
		if drawn == NoCard {
			sh, err := g.forms.Shanten(h.counts)
			g.huHand = err == nil && sh == -1
		} else {
			g.huHand = h.wins.Has(drawn.Kind())
		}
		g.huFlowers = h.nflowers == mjsolve.NumBonus
	}
	g.canHu = g.huHand || g.huFlowers
	n := 0
	if g.canHu {
		g.acts[n] = Act(Hu)
		n++
	}
	if drew && g.kongAllowed() {
		// A count of 4 is the only one with bit 2 set: the kinds held 4
		// times, a word of eight counts at a time.
		for w := 0; w < mjsolve.NumKinds; w += 8 {
			var x uint64
			if w+8 <= mjsolve.NumKinds {
				x = binary.LittleEndian.Uint64(h.counts[w : w+8])
			} else {
				x = uint64(binary.LittleEndian.Uint16(h.counts[w : w+2]))
			}
			for x &= 0x0404040404040404; x != 0; x &= x - 1 {
				a := Act(ConcealedKong)
				h.lowest(mjsolve.Kind(w+bits.TrailingZeros64(x)/8), a.Cards[:4])
				g.acts[n] = a
				n++
			}
		}
		for _, m := range h.melds[:h.nmelds] {
			if k := m.Cards[0].Kind(); m.Type == tw16.Pong && h.counts[k] > 0 {
				a := Act(AddedKong)
				h.lowest(k, a.Cards[:1])
				g.acts[n] = a
				n++
			}
		}
	}
	for _, c := range h.cards[:h.n] {
		g.acts[n] = discardActs[c]
		n++
	}
	g.nacts = n
}

// draw gives s the next card of the wall (from the back for a replacement),
// setting flowers aside, and starts its turn; or ends the hand drawn.
func (g *Game) draw(s Seat, replacement bool) {
	for {
		if g.WallLeft() <= DeadWall {
			g.exhausted()
			return
		}
		var c Card
		if replacement {
			g.back--
			c = g.wall[g.back]
		} else {
			c = g.wall[g.front]
			g.front++
			g.hasDrawn[s] = true
		}
		g.events = append(g.events, Event{Type: EventDraw, Seat: s, From: s, Card: c, Replacement: replacement})
		if !c.IsFlower() {
			g.hands[s].add(c)
			g.startTurn(s, true, c, replacement)
			return
		}
		g.setFlower(s, c)
		for o := range Seat(4) {
			if o != s && g.hands[o].nflowers == mjsolve.NumBonus-1 {
				// o holds the other seven: it may rob this one (七搶一).
				g.robFlower, g.added, g.addedSeat = true, c, s
				g.robbers[0], g.nrob, g.irob = o, 1, 0
				g.phase, g.toAct = PhaseRob, o
				g.acts[0], g.acts[1], g.nacts = Act(Hu), Act(Pass), 2
				return
			}
		}
		replacement = true
	}
}

// exhausted ends the hand drawn.
func (g *Game) exhausted() {
	g.events = append(g.events, Event{Type: EventExhausted, Card: NoCard})
	g.phase, g.nacts = PhaseOver, 0
	g.result = Result{Exhausted: true, Winner: NoSeat, From: NoSeat, Card: NoCard}
}

func (g *Game) applyTurn(a Action) error {
	s := g.toAct
	h := &g.hands[s]
	switch a.Type {
	case Discard:
		if why := g.ownCards(&a, 1, mjsolve.NumKinds); why != "" {
			return g.illegal(a, why)
		}
		g.discardCard(s, a.Cards[0])
		return nil
	case Hu:
		if !g.canHu {
			return g.illegal(a, "the hand is not complete or was not drawn")
		}
		win := g.drawn
		if win == NoCard {
			win = h.cards[h.n-1]
		}
		if g.huFlowers {
			return g.flowerWin(s, s, h.flowers[h.nflowers-1], win)
		}
		return g.win(s, s, win, false)
	case ConcealedKong:
		if !g.drew || !g.kongAllowed() {
			return g.illegal(a, "a kong needs a draw this turn and a replacement left in the wall")
		}
		k := a.Cards[0].Kind()
		if why := g.ownCards(&a, 4, k); why != "" {
			return g.illegal(a, why)
		}
		m := Meld{Type: tw16.ConcealedKong, Cards: a.Cards, Claimed: NoCard, From: s}
		sortCards(&m.Cards)
		for _, c := range m.Cards {
			h.remove(c)
		}
		h.melds[h.nmelds] = m
		h.nmelds++
		g.interrupted = true
		h.updateWins(g.forms)
		g.events = append(g.events, Event{Type: EventConcealedKong, Seat: s, From: s, Card: NoCard, Meld: m})
		g.draw(s, true)
		return nil
	case AddedKong:
		if !g.drew || !g.kongAllowed() {
			return g.illegal(a, "a kong needs a draw this turn and a replacement left in the wall")
		}
		c := a.Cards[0]
		if why := g.ownCards(&a, 1, mjsolve.NumKinds); why != "" {
			return g.illegal(a, why)
		}
		i := h.pongOf(c.Kind())
		if i < 0 {
			return g.illegal(a, "no pong of "+c.Kind().String())
		}
		h.remove(c)
		g.interrupted = true
		h.updateWins(g.forms)
		m := h.melds[i]
		m.Type, m.Cards[3] = tw16.Kong, c
		sortCards(&m.Cards)
		g.events = append(g.events, Event{Type: EventAddedKong, Seat: s, From: s, Card: c, Meld: m})
		g.robFlower, g.added, g.addedSeat = false, c, s
		g.nrob, g.irob = 0, 0
		for i := Seat(1); i < 4; i++ {
			o := (s + i) & 3
			if g.hands[o].wins.Has(c.Kind()) {
				g.robbers[g.nrob] = o
				g.nrob++
			}
		}
		if g.nrob == 0 {
			g.completeAddedKong()
			return nil
		}
		g.phase, g.toAct = PhaseRob, g.robbers[0]
		g.acts[0], g.acts[1], g.nacts = Act(Hu), Act(Pass), 2
		return nil
	}
	return g.illegal(a, "not a turn action")
}

// completeAddedKong makes the pending added kong and draws its replacement.
func (g *Game) completeAddedKong() {
	s := g.addedSeat
	h := &g.hands[s]
	i := h.pongOf(g.added.Kind())
	m := &h.melds[i]
	m.Type, m.Cards[3] = tw16.Kong, g.added
	sortCards(&m.Cards)
	g.draw(s, true)
}

// sortCards sorts the cards of a meld ascending (NoCard last).
func sortCards(cs *[4]Card) {
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// discardActs holds the discard of each card, Act(Discard, c) at c.
var discardActs = func() (a [256]Action) {
	for c := range a {
		a[c] = Act(Discard, Card(c))
	}
	return a
}()
