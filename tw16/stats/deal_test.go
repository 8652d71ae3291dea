package stats

import (
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// TestDealIsTheGameDeal checks Deal against the rules engine: the same
// seed gives each seat the hand and the flowers game.New deals it.
func TestDealIsTheGameDeal(t *testing.T) {
	var d Deal
	flowerDeals := 0
	for _, flowers := range []bool{false, true} {
		for i := range 300 {
			seed := DealSeed(7, i)
			d.Reset(seed, flowers)
			g, err := game.New(game.Config{Seed: seed, Flowers: flowers, Dealer: Dealer})
			if err != nil {
				t.Fatal(err)
			}
			dealt := 0
			for s := range game.Seat(4) {
				if got, want := d.Hands[s], g.Concealed(s); got != want {
					t.Fatalf("seed %d flowers %v seat %d: hand %s, the game deals %s", seed, flowers, s, got, want)
				}
				n := 16
				if s == Dealer {
					n = 17
				}
				if got := d.Hands[s].Total(); got != n {
					t.Fatalf("seed %d seat %d: %d tiles", seed, s, got)
				}
				dealt += len(g.FlowersOf(s))
				if d.Flowers[s] < len(g.FlowersOf(s)) {
					t.Fatalf("seed %d seat %d: %d flowers, the game sets %d aside at the deal", seed, s, d.Flowers[s], len(g.FlowersOf(s)))
				}
			}
			if dealt > 0 {
				flowerDeals++
			}
			// Without flowers the draws are the 55 tiles after the deal
			// but the last 16: 13 for the dealer, 14 for the others.
			if !flowers && d.NDraws != [4]int{13, 14, 14, 14} {
				t.Fatalf("seed %d: draws %v, want 13 14 14 14", seed, d.NDraws)
			}
		}
	}
	if flowerDeals < 250 {
		t.Errorf("only %d of 300 deals with flowers had a flower dealt", flowerDeals)
	}
}

// scripted plays one seat of a game by a trace of Player.play and the
// other seats as bystanders: they pass every claim, never win and discard
// the card they drew (the dealer its highest dealt card).
type scripted struct {
	t      *testing.T
	d      *Deal
	g      *game.Game
	seat   game.Seat
	tr     *trace
	o      Outcome
	seen   mjsolve.Counts // the tiles seat has held
	draws  int            // seat's draws so far
	next   int            // seat's next discard in tr
	drawn  [4]game.Card   // the card each seat drew last
	events int            // the events already read
}

// read follows the events since the last call.
func (p *scripted) read() {
	for _, e := range p.g.Events()[p.events:] {
		if e.Type == game.EventDraw && !e.Card.IsFlower() {
			p.drawn[e.Seat] = e.Card
			if e.Seat == p.seat {
				if p.draws >= p.d.NDraws[p.seat] || p.d.Draws[p.seat][p.draws] != e.Card.Kind() {
					p.t.Fatalf("seat %d draw %d: the game deals %s, the deal has %v", p.seat, p.draws, e.Card, p.d.Draws[p.seat][:p.d.NDraws[p.seat]])
				}
				p.seen[e.Card.Kind()]++
				p.draws++
			}
		}
	}
	p.events = len(p.g.Events())
}

// find returns the index of the action of type at (with card c when c is
// not NoCard), or fails.
func (p *scripted) find(at game.ActionType, c game.Card) int {
	for i, a := range p.g.Actions() {
		if a.Type == at && (c == game.NoCard || a.Cards[0] == c) {
			return i
		}
	}
	p.t.Fatalf("no action %v %s among %v", at, c, p.g.Actions())
	return -1
}

// step plays the action of the seat to act.
func (p *scripted) step() {
	p.t.Helper()
	s := p.g.ToAct()
	acts := p.g.Actions()
	i := 0
	switch {
	case p.g.Phase() != game.PhaseTurn:
		i = p.find(game.Pass, game.NoCard)
	case s != p.seat:
		c := p.drawn[s]
		if c == game.NoCard {
			c = p.g.Hand(s)[len(p.g.Hand(s))-1]
		}
		i = p.find(game.Discard, c)
		p.drawn[s] = game.NoCard
	case p.o.Win == p.draws:
		i = p.find(game.Hu, game.NoCard)
	default:
		// The discard is the advice engine's first for the hand and the
		// tiles it has seen.
		hand := p.g.Concealed(s)
		for k, n := range hand {
			if n > 4 || n > p.seen[k] {
				p.t.Fatalf("seat %d holds %d of %s, has seen %d", s, n, mjsolve.Kind(k), p.seen[k])
			}
		}
		a, err := tw16.Advise(hand, &p.seen, nil)
		if err != nil {
			p.t.Fatal(err)
		}
		if p.next >= p.tr.NDiscards {
			p.t.Fatalf("seat %d: draw %d beyond the %d discards of the trace", s, p.draws, p.tr.NDiscards)
		}
		k := p.tr.Discards[p.next]
		p.next++
		if want := a.Discards()[0].Kind; k != want {
			p.t.Fatalf("seat %d after draw %d: discards %s, the advice is %s", s, p.draws, k, want)
		}
		for j, x := range p.g.Hand(s) {
			if !x.IsFlower() && x.Kind() == k {
				i = j
				break
			}
		}
		i = p.find(game.Discard, p.g.Hand(s)[i])
	}
	if err := p.g.Apply(acts[i]); err != nil {
		p.t.Fatalf("seat %d: %v", s, err)
	}
}

// TestPlayRefereedByTheGame plays each seat's hand of many deals alone and
// replays it in the rules engine, the other seats standing by: the engine
// must accept every discard, deal the seat the draws of the Deal, and end
// the hand with the seat's win after as many draws, or drawn when the
// hand never won; every discard must be the advice engine's first, and the
// hand never holds a fifth copy or a tile it has not drawn.
func TestPlayRefereedByTheGame(t *testing.T) {
	p := NewPlayer(nil)
	var d Deal
	wins, tenpai := 0, 0
	for _, flowers := range []bool{false, true} {
		for i := range 60 {
			seed := DealSeed(3, i)
			d.Reset(seed, flowers)
			for seat := range 4 {
				var tr trace
				o, err := p.play(&d, seat, &tr)
				if err != nil {
					t.Fatal(err)
				}
				g, err := game.New(game.Config{Seed: seed, Flowers: flowers, Dealer: Dealer})
				if err != nil {
					t.Fatal(err)
				}
				sc := &scripted{t: t, d: &d, g: g, seat: game.Seat(seat), tr: &tr, o: o, seen: g.Concealed(game.Seat(seat))}
				for s := range sc.drawn {
					sc.drawn[s] = game.NoCard
				}
				sc.events = len(g.Events()) // the deal's flower replacements
				for !g.Over() {
					sc.step()
					sc.read()
				}
				r := g.Result()
				switch {
				case o.Win >= 0 && (r.Exhausted || r.Winner != game.Seat(seat) || sc.draws != o.Win):
					t.Fatalf("seed %d seat %d: won after %d draws, the game ended %+v after %d", seed, seat, o.Win, r, sc.draws)
				case o.Win < 0 && (!r.Exhausted || sc.draws != d.NDraws[seat] || o.Draws != d.NDraws[seat]):
					t.Fatalf("seed %d seat %d: never won in %d draws, the game ended %+v after %d", seed, seat, o.Draws, r, sc.draws)
				}
				if sc.next != tr.NDiscards {
					t.Fatalf("seed %d seat %d: %d discards played of %d", seed, seat, sc.next, tr.NDiscards)
				}
				if o.Win >= 0 {
					wins++
				}
				if o.Tenpai >= 0 {
					tenpai++
				}
			}
		}
	}
	if wins == 0 || tenpai <= wins {
		t.Errorf("%d hands won, %d tenpai: the test should see both", wins, tenpai)
	}
}
