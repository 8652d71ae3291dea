package game

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// Result is the outcome of a hand.
type Result struct {
	// Exhausted says the hand was drawn (流局): nobody won, nobody pays.
	Exhausted bool
	// Winner won on Card: self-drawn when From is Winner, else on From's
	// discard or, when RobbedKong, robbing From's added kong. Card is a
	// flower for a flower win: 八仙過海 (self-drawn) or 七搶一 (robbing the
	// flower From set aside).
	Winner, From Seat
	Card         Card
	SelfDrawn    bool
	RobbedKong   bool
	// Win is the situation as scored, Score the score (tw16.Score under
	// the game's rules).
	Win   tw16.Win
	Score tw16.Result
	// Points are what each seat won (negative: paid) in the hand; they sum
	// to zero.
	Points [4]int
}

// win ends the hand with s winning on c from seat from.
func (g *Game) win(s, from Seat, c Card, robbed bool) error {
	w, res, c, err := g.score(s, from, c, robbed)
	if err != nil {
		return err
	}
	g.settle(s, from, c, robbed, w, res)
	return nil
}

// flowerWin ends the hand with s winning on the flower f from seat from:
// 八仙過海 on its own turn (from = s; drawn is the card it drew, left out
// of the hand scored) or 七搶一, robbing f from seat from. On its turn,
// when its hand is complete too, the better of the two wins is taken.
func (g *Game) flowerWin(s, from Seat, f, drawn Card) error {
	h := &g.hands[s]
	selfDrawn := s == from
	w := tw16.Win{
		Concealed:         h.counts,
		Tile:              f.Tile(),
		SelfDrawn:         selfDrawn,
		Dealer:            s == g.cfg.Dealer,
		DiscarderIsDealer: !selfDrawn && from == g.cfg.Dealer,
		Seat:              s.Wind().Kind(),
		Round:             g.cfg.Round.Kind(),
	}
	if selfDrawn && drawn.Valid() && !drawn.IsFlower() {
		w.Concealed[drawn.Kind()]--
	}
	for i, m := range h.melds[:h.nmelds] {
		g.scratch[i] = m.Tw16()
	}
	w.Melds = g.scratch[:h.nmelds]
	n := 0
	for _, x := range h.flowers[:h.nflowers] {
		if x != f {
			g.fls7[n] = x.Bonus()
			n++
		}
	}
	w.Flowers = g.fls7[:n]
	res, err := g.scoreWin(&w)
	if err != nil {
		return fmt.Errorf("game: scoring seat %d's flower win on %s: %w", s, f, err)
	}
	if selfDrawn && g.huHand {
		if hw, hres, c, err := g.score(s, s, drawn, false); err == nil && hres.Tai > res.Tai {
			g.settle(s, s, c, false, hw, hres)
			return nil
		}
	}
	g.settle(s, from, f, false, w, res)
	return nil
}

// score builds and scores the win of s on the card c from seat from (s
// itself for a self-drawn win). For 天胡 it returns the card of the
// dealt hand taken as the winning tile.
func (g *Game) score(s, from Seat, c Card, robbed bool) (tw16.Win, tw16.Result, Card, error) {
	h := &g.hands[s]
	selfDrawn := s == from
	w := tw16.Win{
		Concealed:         h.counts,
		Tile:              c.Tile(),
		SelfDrawn:         selfDrawn,
		RobKong:           robbed,
		LastTile:          !robbed && g.WallLeft() <= DeadWall,
		AfterKong:         selfDrawn && g.replaced,
		Dealer:            s == g.cfg.Dealer,
		DiscarderIsDealer: !selfDrawn && from == g.cfg.Dealer,
		Seat:              s.Wind().Kind(),
		Round:             g.cfg.Round.Kind(),
	}
	if selfDrawn {
		w.Concealed[c.Kind()]--
	}
	if !selfDrawn || g.drawn != NoCard && c == g.drawn {
		// The waits kept of the part before the win (the hand without
		// the card just drawn on a self-drawn win).
		w.Waits = h.wins
	}
	for i, m := range h.melds[:h.nmelds] {
		g.scratch[i] = m.Tw16()
	}
	w.Melds = g.scratch[:h.nmelds]
	for i, f := range h.flowers[:h.nflowers] {
		g.fls[i] = f.Bonus()
	}
	w.Flowers = g.fls[:h.nflowers]
	if !g.interrupted {
		switch {
		case selfDrawn && w.Dealer && g.drawn == NoCard:
			w.FirstTurn = tw16.HeavenlyHand
		case selfDrawn && !w.Dealer && !g.discarded[s]:
			w.FirstTurn = tw16.EarthlyHand
		case !selfDrawn && !w.Dealer && !g.hasDrawn[s]:
			w.FirstTurn = tw16.HumanHand
		}
	}

	var res tw16.Result
	var err error
	if w.FirstTurn == tw16.HeavenlyHand {
		// The dealt hand has no last tile: every kind of it is tried as
		// the winning tile and the best score kept.
		res.Tai = -1
		full := h.counts
		for k, n := range full {
			if n == 0 {
				continue
			}
			w2 := w
			w2.Concealed = full
			w2.Concealed[k]--
			w2.Tile = mjsolve.KindTile(mjsolve.Kind(k))
			r, e := g.scoreWin(&w2)
			if e != nil {
				err = e
				break
			}
			if r.Tai > res.Tai {
				res, w = r, w2
			}
		}
		if err == nil && g.cfg.PointsOnly {
			res, err = g.scoreWin(&w) // the payments of the best
		}
		for _, x := range h.cards[:h.n] {
			if x.Kind() == w.Tile.Kind() {
				c = x
			}
		}
	} else {
		res, err = g.scoreWin(&w)
	}
	if err != nil {
		// Only a complete hand is offered a win, so this is a bug.
		return w, res, c, fmt.Errorf("game: scoring seat %d's win on %s: %w", s, c, err)
	}
	return w, res, c, nil
}

// scoreWin scores w under the game's rules: in full by tw16.Score, or with
// Config.PointsOnly its tai and payments alone, without allocating.
func (g *Game) scoreWin(w *tw16.Win) (tw16.Result, error) {
	if !g.cfg.PointsOnly {
		return tw16.Score(*w, g.rules)
	}
	tai, err := tw16.Tai(w, &g.rules)
	if err != nil {
		return tw16.Result{}, err
	}
	ps, n := tw16.Pay(w, &g.rules, tai)
	g.pays = ps
	res := tw16.Result{Rules: g.rules.Name, Tai: tai, Payments: g.pays[:n]}
	for _, p := range ps[:n] {
		res.Points += p.Count * p.Points
	}
	return res, nil
}

// settle ends the hand with the scored win of s on c from seat from.
func (g *Game) settle(s, from Seat, c Card, robbed bool, w tw16.Win, res tw16.Result) {
	var pts [4]int
	for _, p := range res.Payments {
		for o := range Seat(4) {
			if o == s || !pays(p.Payer, o, from, g.cfg.Dealer) {
				continue
			}
			pts[o] -= p.Points
			pts[s] += p.Points
		}
	}
	selfDrawn := s == from
	if !g.cfg.PointsOnly {
		w.Melds = append([]tw16.Meld(nil), w.Melds...)
		w.Flowers = append([]mjsolve.Bonus(nil), w.Flowers...)
	}
	g.result = Result{Winner: s, From: from, Card: c, SelfDrawn: selfDrawn, RobbedKong: robbed, Win: w, Score: res, Points: pts}
	g.events = append(g.events, Event{Type: EventWin, Seat: s, From: from, Card: c, Robbed: robbed})
	g.phase, g.nacts = PhaseOver, 0
}

// pays reports whether seat o is among the payers p of tw16.Payment.Payer
// ("discarder", "dealer", "each", "non-dealer") for a win from seat from.
func pays(p string, o, from, dealer Seat) bool {
	switch p {
	case "discarder":
		return o == from
	case "dealer":
		return o == dealer
	case "each":
		return true
	case "non-dealer":
		return o != dealer
	}
	return false
}
