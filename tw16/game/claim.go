package game

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// claimSlot is one seat asked at one stage of a claim window.
type claimSlot struct {
	seat  Seat
	stage Stage
}

// discardCard plays s's discard of c and opens the claim window.
func (g *Game) discardCard(s Seat, c Card) {
	h := &g.hands[s]
	h.remove(c)
	if g.drawn == NoCard || g.drawn.Kind() != c.Kind() {
		// Discarding the kind just drawn leaves the hand it held before
		// the draw, whose winning kinds h.wins still are (startTurn
		// offers a self-drawn win from them).
		g.updateWins(h)
	}
	g.discarded[s] = true
	g.river[g.nriv] = Discarded{Seat: s, Card: c}
	g.nriv++
	g.events = append(g.events, Event{Type: EventDiscard, Seat: s, From: s, Card: c})
	g.discard, g.discarder = c, s
	n := g.claimQueue(s, c.Kind())
	g.nq, g.qi = n, 0
	if n == 0 {
		g.draw(s.Next(), false)
		return
	}
	g.askClaim()
}

// claimQueue fills the claim queue for a discard of kind k by s and
// returns its length.
func (g *Game) claimQueue(s Seat, k mjsolve.Kind) int {
	n := 0
	for i := Seat(1); i < 4; i++ {
		o := (s + i) & 3
		if g.hands[o].wins.Has(k) {
			g.queue[n] = claimSlot{o, StageHu}
			n++
		}
	}
	for i := Seat(1); i < 4; i++ {
		o := (s + i) & 3
		if g.hands[o].counts[k] >= 2 {
			g.queue[n] = claimSlot{o, StagePong}
			n++
			break
		}
	}
	if next := s.Next(); g.canChow(next, k) {
		g.queue[n] = claimSlot{next, StageChow}
		n++
	}
	return n
}

// chowShapes are the offsets of the two own kinds of a chow from the
// claimed kind.
var chowShapes = [3][2]int{{-2, -1}, {-1, 1}, {1, 2}}

// chowKinds returns the two own kinds of chow shape i on k, if the shape
// stays within k's suit.
func chowKinds(k mjsolve.Kind, i int) (a, b mjsolve.Kind, ok bool) {
	if k.IsHonor() {
		return 0, 0, false
	}
	n := k.Number()
	lo, hi := n+chowShapes[i][0], n+chowShapes[i][1]
	if lo < 1 || hi > 9 {
		return 0, 0, false
	}
	return k + mjsolve.Kind(chowShapes[i][0]), k + mjsolve.Kind(chowShapes[i][1]), true
}

// canChow reports whether seat s holds a chow on kind k.
func (g *Game) canChow(s Seat, k mjsolve.Kind) bool {
	c := &g.hands[s].counts
	for i := range chowShapes {
		if a, b, ok := chowKinds(k, i); ok && c[a] > 0 && c[b] > 0 {
			return true
		}
	}
	return false
}

// askClaim offers the current seat of the claim window its actions.
func (g *Game) askClaim() {
	q := g.queue[g.qi]
	g.phase, g.toAct = PhaseClaim, q.seat
	h := &g.hands[q.seat]
	k := g.discard.Kind()
	n := 0
	switch q.stage {
	case StageHu:
		g.acts[n] = Act(Hu)
		n++
	case StagePong:
		a := Act(Pong)
		h.lowest(k, a.Cards[:2])
		g.acts[n] = a
		n++
		if h.counts[k] == 3 && q.seat != g.discarder.Next() && g.kongAllowed() {
			a := Act(Kong)
			h.lowest(k, a.Cards[:3])
			g.acts[n] = a
			n++
		}
	case StageChow:
		for i := range chowShapes {
			x, y, ok := chowKinds(k, i)
			if ok && h.counts[x] > 0 && h.counts[y] > 0 {
				a := Act(Chow)
				h.lowest(x, a.Cards[:1])
				h.lowest(y, a.Cards[1:2])
				g.acts[n] = a
				n++
			}
		}
	}
	g.acts[n] = Act(Pass)
	g.nacts = n + 1
}

func (g *Game) applyClaim(a Action) error {
	s, q := g.toAct, g.queue[g.qi]
	k := g.discard.Kind()
	switch {
	case a.Type == Pass:
		g.qi++
		if g.qi < g.nq {
			g.askClaim()
		} else {
			g.draw(g.discarder.Next(), false)
		}
		return nil
	case a.Type == Hu && q.stage == StageHu:
		g.river[g.nriv-1].Claimed = true
		return g.win(s, g.discarder, g.discard, false)
	case a.Type == Pong && q.stage == StagePong:
		if why := g.ownCards(&a, 2, k); why != "" {
			return g.illegal(a, why)
		}
		g.claim(s, a, tw16.Pong, 2)
		g.startTurn(s, false, NoCard, false)
		return nil
	case a.Type == Kong && q.stage == StagePong:
		switch {
		case s == g.discarder.Next():
			return g.illegal(a, "no exposed kong on the previous player's discard")
		case !g.kongAllowed():
			return g.illegal(a, "no replacement left in the wall")
		}
		if why := g.ownCards(&a, 3, k); why != "" {
			return g.illegal(a, why)
		}
		g.claim(s, a, tw16.Kong, 3)
		g.hands[s].updateWins(g.forms)
		g.draw(s, true)
		return nil
	case a.Type == Chow && q.stage == StageChow:
		if why := g.ownCards(&a, 2, mjsolve.NumKinds); why != "" {
			return g.illegal(a, why)
		}
		x, y := a.Cards[0].Kind(), a.Cards[1].Kind()
		if x > y {
			x, y = y, x
		}
		ok := false
		for i := range chowShapes {
			p, r, fits := chowKinds(k, i)
			ok = ok || fits && p == x && r == y
		}
		if !ok {
			return g.illegal(a, fmt.Sprintf("%s and %s make no sequence with %s", a.Cards[0], a.Cards[1], g.discard))
		}
		g.claim(s, a, tw16.Chow, 2)
		g.startTurn(s, false, NoCard, false)
		return nil
	}
	return g.illegal(a, fmt.Sprintf("the %s stage of the claim on %s", q.stage, g.discard))
}

// claim makes seat s's meld of type t from the discard and n own cards.
func (g *Game) claim(s Seat, a Action, t tw16.MeldType, n int) {
	h := &g.hands[s]
	m := Meld{Type: t, Cards: [4]Card{NoCard, NoCard, NoCard, NoCard}, Claimed: g.discard, From: g.discarder}
	copy(m.Cards[:], a.Cards[:n])
	m.Cards[n] = g.discard
	sortCards(&m.Cards)
	for _, c := range a.Cards[:n] {
		h.remove(c)
	}
	h.melds[h.nmelds] = m
	h.nmelds++
	g.river[g.nriv-1].Claimed = true
	g.interrupted = true
	et := [...]EventType{tw16.Chow: EventChow, tw16.Pong: EventPong, tw16.Kong: EventKong}[t]
	g.events = append(g.events, Event{Type: et, Seat: s, From: g.discarder, Card: g.discard, Meld: m})
}

func (g *Game) applyRob(a Action) error {
	switch a.Type {
	case Pass:
		g.irob++
		if g.irob < g.nrob {
			g.toAct = g.robbers[g.irob]
			return nil
		}
		if g.robFlower {
			g.robFlower = false
			g.draw(g.addedSeat, true)
			return nil
		}
		g.completeAddedKong()
		return nil
	case Hu:
		if g.robFlower {
			return g.flowerWin(g.toAct, g.addedSeat, g.added, NoCard)
		}
		return g.win(g.toAct, g.addedSeat, g.added, true)
	}
	return g.illegal(a, "only hu or pass on an added kong")
}
