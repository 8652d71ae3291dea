package game

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve/tw16"
)

// randomStrategy picks uniformly among the offered actions.
type randomStrategy struct{ r *rand.Rand }

func (s *randomStrategy) Begin(seed uint64)                 { s.r = rand.New(rand.NewPCG(seed, 1)) }
func (s *randomStrategy) Choose(v *View, acts []Action) int { return s.r.IntN(len(acts)) }

// greedy wins whenever it can, discards by tw16.Advise (choosing at random
// among copies) and claims at random: hands end by wins often enough.
type greedy struct{ randomStrategy }

func (s *greedy) Choose(v *View, acts []Action) int {
	for i, a := range acts {
		if a.Type == Hu {
			return i
		}
	}
	if acts[len(acts)-1].Type != Discard {
		return s.r.IntN(len(acts))
	}
	adv, err := tw16.Advise(v.Concealed, nil, nil)
	if err != nil {
		panic(err)
	}
	best := adv.Discards()[0].Kind
	for i, a := range acts {
		if a.Type == Discard && a.Cards[0].Kind() == best {
			return i
		}
	}
	panic("no discard of the advised kind")
}

// clone copies a game so that an action can be tried on it.
func clone(g *Game) *Game {
	c := *g
	c.events = append(make([]Event, 0, cap(g.events)), g.events...)
	return &c
}

// checkInvariants checks that every card is in exactly one place and that
// every hand has the right size.
func checkInvariants(t *testing.T, g *Game) {
	t.Helper()
	var where [NumCards]int
	put := func(c Card) {
		if !c.Valid() || int(c) >= g.nwall {
			t.Fatalf("card %s out of the wall's range", c)
		}
		where[c]++
	}
	for _, c := range g.wall[g.front:g.back] {
		put(c)
	}
	for s := range Seat(4) {
		h := &g.hands[s]
		var counts [34]uint8
		for i, c := range h.cards[:h.n] {
			put(c)
			if c.IsFlower() {
				t.Fatalf("seat %d holds the flower %s", s, c)
			}
			counts[c.Kind()]++
			if i > 0 && h.cards[i-1] >= c {
				t.Fatalf("seat %d's hand is not ascending", s)
			}
		}
		if counts != h.counts {
			t.Fatalf("seat %d's counts %v do not match its cards", s, h.counts)
		}
		for _, m := range h.melds[:h.nmelds] {
			for _, c := range m.Cards[:m.Size()] {
				put(c)
			}
		}
		for _, c := range h.flowers[:h.nflowers] {
			put(c)
		}
		size := h.n + 3*h.nmelds
		want := 16
		if g.phase == PhaseTurn && s == g.toAct {
			want = 17
		}
		if g.phase == PhaseOver && !g.result.Exhausted && s == g.result.Winner && g.result.SelfDrawn {
			want = 17
		}
		if size != want {
			t.Fatalf("seat %d has %d cards counting 3 per meld, want %d (phase %s)", s, size, want, g.phase)
		}
		// The winning kinds the engine keeps (remembered, or left from
		// before the draw) are those of the part computed afresh.
		part := *h
		switch {
		case g.phase == PhaseOver:
			continue
		case part.n%3 == 2 && s == g.toAct && g.drawn != NoCard:
			part.remove(g.drawn)
		case part.n%3 != 1:
			continue
		}
		part.updateWins(g.forms)
		if part.wins != h.wins {
			t.Fatalf("seat %d's winning kinds %v, want %v (phase %s)", s, h.wins, part.wins, g.phase)
		}
	}
	for _, d := range g.river[:g.nriv] {
		if !d.Claimed {
			put(d.Card)
		}
	}
	switch {
	case g.phase == PhaseRob && !g.robFlower:
		put(g.added)
	case g.phase == PhaseOver && !g.result.Exhausted && !g.result.SelfDrawn && !g.result.Card.IsFlower():
		put(g.result.Card)
	}
	for c, n := range where[:g.nwall] {
		if n != 1 {
			t.Fatalf("card %s is in %d places", Card(c), n)
		}
	}
}

// checkView checks a seat's view against the game.
func checkView(t *testing.T, g *Game, v *View) {
	t.Helper()
	s := v.Seat
	if got, want := v.Hand(), g.Hand(s); string(cardBytes(got)) != string(cardBytes(want)) {
		t.Fatalf("seat %d's view holds %v, the game %v", s, got, want)
	}
	if v.Concealed != g.Concealed(s) || v.WallLeft != g.WallLeft() {
		t.Fatalf("seat %d's view: counts or wall (%d) differ from the game's (%d)", s, v.WallLeft, g.WallLeft())
	}
	for o := range Seat(4) {
		if v.NMelds[o] != len(g.Melds(o)) || v.Flowers[o] != len(g.FlowersOf(o)) {
			t.Fatalf("seat %d's view of seat %d's melds or flowers differs from the game's", s, o)
		}
	}
	// Seen is at least the seat's own cards and at most everything.
	for k, n := range v.Seen {
		if n < v.Concealed[k] || n > 4 {
			t.Fatalf("seat %d has seen %d of kind %d", s, n, k)
		}
	}
}

func cardBytes(cs []Card) []byte {
	b := make([]byte, len(cs))
	for i, c := range cs {
		b[i] = byte(c)
	}
	return b
}

func TestRandomHandsKeepInvariants(t *testing.T) {
	var r randomStrategy
	var e greedy
	g, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	wins, drawn := 0, 0
	for i := range 300 {
		cfg := Config{Seed: uint64(i), Dealer: Seat(i % 4), Round: Wind(i / 4 % 4), Flowers: i%3 == 0}
		if err := g.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		r.Begin(uint64(i))
		e.Begin(uint64(i))
		var views [4]View
		for s := range Seat(4) {
			if err := views[s].Start(s, g.Dealer(), g.Round(), g.Flowers(), g.Dealt(s)); err != nil {
				t.Fatal(err)
			}
		}
		seen := 0
		for !g.Over() {
			for ; seen < len(g.Events()); seen++ {
				for s := range views {
					views[s].Apply(&g.Events()[seen])
				}
			}
			checkView(t, g, &views[g.ToAct()])
			checkInvariants(t, g)
			acts := g.Actions()
			if len(acts) == 0 {
				t.Fatalf("hand %d: no action offered in phase %s", i, g.phase)
			}
			for _, a := range acts {
				if err := clone(g).Apply(a); err != nil {
					t.Fatalf("hand %d: offered %s refused: %v", i, a, err)
				}
			}
			var a Action
			if i%2 == 0 {
				a = acts[r.Choose(&views[g.ToAct()], acts)]
			} else {
				a = acts[e.Choose(&views[g.ToAct()], acts)]
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		checkInvariants(t, g)
		res := g.Result()
		sum := 0
		for _, p := range res.Points {
			sum += p
		}
		if sum != 0 {
			t.Fatalf("hand %d: points %v sum to %d", i, res.Points, sum)
		}
		if res.Exhausted {
			drawn++
			if g.WallLeft() != DeadWall || res.Points != [4]int{} {
				t.Fatalf("hand %d drawn with %d cards left, points %v", i, g.WallLeft(), res.Points)
			}
		} else {
			wins++
			if res.Points[res.Winner] <= 0 {
				t.Fatalf("hand %d: winner %d got %d", i, res.Winner, res.Points[res.Winner])
			}
		}
		if err := g.Apply(Act(Pass)); !errors.Is(err, ErrOver) {
			t.Fatalf("hand %d: an action after the end: %v", i, err)
		}
	}
	t.Logf("%d wins, %d drawn hands", wins, drawn)
	if wins == 0 || drawn == 0 {
		t.Errorf("%d wins and %d drawn hands: want some of both", wins, drawn)
	}
}

// BenchmarkHand plays whole hands by the greedy test strategy: the engine's
// allocations per hand are those of the scoring (tw16.Score) of a win.
func BenchmarkHand(b *testing.B) {
	var players [4]Strategy
	for s := range players {
		players[s] = &greedy{}
	}
	var views [4]View
	g, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	moves := 0
	for i := 0; b.Loop(); i++ {
		if err := g.Reset(Config{Seed: uint64(i), Dealer: Seat(i % 4)}); err != nil {
			b.Fatal(err)
		}
		for s := range players {
			players[s].Begin(uint64(i*4 + s))
		}
		if err := Play(g, &players, &views); err != nil {
			b.Fatal(err)
		}
		moves += len(g.Events())
	}
	b.ReportMetric(float64(moves)/float64(b.N), "events/hand")
}

// BenchmarkHandPointsOnly is BenchmarkHand with Config.PointsOnly, as a
// search's playouts score: the engine allocates nothing in a hand; the 8
// allocations left are the test strategies' random sources (Begin).
func BenchmarkHandPointsOnly(b *testing.B) {
	var players [4]Strategy
	for s := range players {
		players[s] = &greedy{}
	}
	var views [4]View
	g, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := g.Reset(Config{Seed: uint64(i), Dealer: Seat(i % 4), PointsOnly: true}); err != nil {
			b.Fatal(err)
		}
		for s := range players {
			players[s].Begin(uint64(i*4 + s))
		}
		if err := Play(g, &players, &views); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoves plays random moves and reports the engine's allocations
// per move alone (no strategy, no scoring of a win: hands end drawn).
func BenchmarkMoves(b *testing.B) {
	g, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	var r rand.PCG
	b.ReportAllocs()
	hand := 0
	for b.Loop() {
		if g.Over() {
			hand++
			if err := g.Reset(Config{Seed: uint64(hand)}); err != nil {
				b.Fatal(err)
			}
		}
		acts := g.Actions()
		a := acts[r.Uint64()%uint64(len(acts))]
		if a.Type == Hu {
			a = acts[len(acts)-1]
		}
		if err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
}
