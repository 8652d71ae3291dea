package game

import (
	"errors"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// stack builds a wall: hands[p] (compact notation) are dealt to the seat p
// places after the dealer (17 tiles for the dealer; a hand given short is
// filled from the rest), front are the next draws from the front, back
// the replacement draws from the back (first one first); the cards left
// fill the middle in a fixed shuffled order. Copies of a kind are used in
// order: the first named is copy 0. Flowers are written 1f–8f.
func stack(t *testing.T, flowers bool, hands [4]string, front, back string) []Card {
	t.Helper()
	n := NumKindCards
	if flowers {
		n = NumCards
	}
	var used [NumCards]bool
	var next [mjsolve.NumKinds]int
	take := func(s string) []Card {
		var out []Card
		for _, part := range strings.Fields(s) {
			if strings.HasSuffix(part, "f") {
				for _, d := range part[:len(part)-1] {
					c := FlowerCard(mjsolve.Bonus(d - '1'))
					if used[c] {
						t.Fatalf("flower %s twice", c)
					}
					used[c] = true
					out = append(out, c)
				}
				continue
			}
			ks, err := mjsolve.ParseKinds(part)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range ks {
				if next[k] == 4 {
					t.Fatalf("a fifth %s", k)
				}
				c := KindCard(k, next[k])
				next[k]++
				used[c] = true
				out = append(out, c)
			}
		}
		return out
	}
	var dealt [4][]Card
	for p, h := range hands {
		dealt[p] = take(h)
	}
	fr, bk := take(front), take(back)
	var rest []Card
	var order [NumCards]Card
	Shuffle(order[:n], 99)
	for _, c := range order[:n] {
		if !used[c] {
			rest = append(rest, c)
		}
	}
	var w []Card
	for p := range 4 {
		want := 16
		if p == 0 {
			want = 17
		}
		if len(dealt[p]) > want {
			t.Fatalf("hand %d has %d tiles", p, len(dealt[p]))
		}
		for i := 0; len(dealt[p]) < want; {
			if rest[i].IsFlower() { // hands are filled without flowers
				i++
				continue
			}
			dealt[p] = append(dealt[p], rest[i])
			rest = append(rest[:i], rest[i+1:]...)
		}
		w = append(w, dealt[p]...)
	}
	w = append(w, fr...)
	for i := len(bk) - 1; i >= 0; i-- {
		rest = append(rest, bk[i])
	}
	return append(w, rest...)
}

// card returns copy c of the kind written s.
func card(t *testing.T, s string, c int) Card {
	t.Helper()
	ks, err := mjsolve.ParseKinds(s)
	if err != nil || len(ks) != 1 {
		t.Fatalf("bad kind %q", s)
	}
	return KindCard(ks[0], c)
}

// expect checks the seat to act, the phase and the offered actions
// (written with String, without discards when skipDiscards).
func expect(t *testing.T, g *Game, seat Seat, phase Phase, want ...string) {
	t.Helper()
	if g.ToAct() != seat || g.Phase() != phase {
		t.Fatalf("seat %d in phase %s to act, want seat %d in phase %s", g.ToAct(), g.Phase(), seat, phase)
	}
	var got []string
	for _, a := range g.Actions() {
		if a.Type != Discard {
			got = append(got, a.String())
		}
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Fatalf("seat %d offered %q, want %q", seat, got, want)
	}
}

func mustApply(t *testing.T, g *Game, a Action) {
	t.Helper()
	if err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
}

func mustRefuse(t *testing.T, g *Game, a Action, why string) {
	t.Helper()
	before := len(g.Events())
	seat, phase := g.ToAct(), g.Phase()
	err := g.Apply(a)
	if !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), why) {
		t.Fatalf("%s: got %v, want an illegal action error saying %q", a, err, why)
	}
	if len(g.Events()) != before || g.ToAct() != seat || g.Phase() != phase {
		t.Fatalf("a refused %s changed the game", a)
	}
}

func newStacked(t *testing.T, cfg Config, hands [4]string, front, back string) *Game {
	t.Helper()
	cfg.Wall = stack(t, cfg.Flowers, hands, front, back)
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// claimTable: the dealer (seat 0) discards 5m; seats 1 and 3 both win on
// it, seat 2 can pong it, seat 1 can chow it.
var claimTable = [4]string{
	"5m 19m 19p 19s 1234567z 28p 7s",
	"46m 123p 456p 789p 111s 22s",
	"55m 28m 37p 46s 58s 2z 3z 4z 9m 6z 7z",
	"34m 234p 567p 789s 111z 55z",
}

func TestClaimOrder(t *testing.T) {
	g := newStacked(t, Config{}, claimTable, "", "")
	five := card(t, "5m", 0)
	expect(t, g, 0, PhaseTurn)
	mustApply(t, g, Act(Discard, five))
	// Both winners first, counter-clockwise from the discarder; then the
	// pong; the chow last, by the next seat only (seat 3 holds 34m too).
	expect(t, g, 1, PhaseClaim, "hu", "pass")
	if g.Claim() != StageHu {
		t.Fatalf("stage %s", g.Claim())
	}
	mustRefuse(t, g, Act(Chow, card(t, "4m", 0), card(t, "6m", 0)), "hu stage")
	mustApply(t, g, Act(Pass))
	expect(t, g, 3, PhaseClaim, "hu", "pass")
	mustApply(t, g, Act(Pass))
	expect(t, g, 2, PhaseClaim, "pong 5m#1 5m#2", "pass")
	mustRefuse(t, g, Act(Kong, card(t, "5m", 1), card(t, "5m", 2), card(t, "5m", 3)), "not in the hand")
	mustApply(t, g, Act(Pass))
	expect(t, g, 1, PhaseClaim, "chow 4m#0 6m#0", "pass")
	mustRefuse(t, g, Act(Chow, card(t, "4m", 0), card(t, "4m", 1)), "not in the hand")
	mustRefuse(t, g, Act(Pong, card(t, "4m", 0), card(t, "6m", 0)), "the chow stage")
	mustApply(t, g, Act(Chow, card(t, "6m", 0), card(t, "4m", 0))) // any order
	expect(t, g, 1, PhaseTurn)                                     // a chow is followed by a discard only
	ev := g.Events()[len(g.Events())-1]
	if ev.Type != EventChow || ev.Seat != 1 || ev.From != 0 || ev.Card != five ||
		ev.Meld.Cards != [4]Card{card(t, "4m", 0), five, card(t, "6m", 0), NoCard} {
		t.Fatalf("chow event %v", ev)
	}
	if d := g.Discards(); len(d) != 1 || !d[0].Claimed {
		t.Fatalf("discards %v", d)
	}
	checkInvariants(t, g)
}

func TestSeveralHuFirstTakesIt(t *testing.T) {
	for _, tc := range []struct {
		passFirst bool
		winner    Seat
	}{{false, 1}, {true, 3}} {
		g := newStacked(t, Config{}, claimTable, "", "")
		mustApply(t, g, Act(Discard, card(t, "5m", 0)))
		if tc.passFirst {
			mustApply(t, g, Act(Pass))
		}
		mustApply(t, g, Act(Hu))
		r := g.Result()
		if !g.Over() || r.Winner != tc.winner || r.From != 0 || r.SelfDrawn || r.Card != card(t, "5m", 0) {
			t.Fatalf("result %+v", r)
		}
		// The dealer discarded: it pays the hand's tai and 1 more (莊家).
		pay := 1000 + 500*(r.Score.Tai+1)
		want := [4]int{}
		want[0], want[tc.winner] = -pay, pay
		if r.Points != want {
			t.Errorf("winner %d: points %v, want %v (tai %d)", tc.winner, r.Points, want, r.Score.Tai)
		}
		checkInvariants(t, g)
	}
}

func TestNoExposedKongOnPreviousDiscard(t *testing.T) {
	// Seat 1 (after the dealer) and seat 2 each hold three of a kind the
	// dealer discards.
	hands := [4]string{"9m 1z", "999m", "111p", ""}
	g := newStacked(t, Config{}, hands, "", "9s")
	mustApply(t, g, Act(Discard, card(t, "9m", 0)))
	for g.ToAct() != 1 || g.Claim() != StagePong {
		mustApply(t, g, Act(Pass))
	}
	expect(t, g, 1, PhaseClaim, "pong 9m#1 9m#2", "pass")
	mustRefuse(t, g, Act(Kong, card(t, "9m", 1), card(t, "9m", 2), card(t, "9m", 3)), "previous player's discard")

	g = newStacked(t, Config{Dealer: 3}, [4]string{"1p 1z", "", "", "111p"}, "", "9s")
	// Seat 3 deals; seat 2 is three seats on and may kong.
	mustApply(t, g, Act(Discard, card(t, "1p", 0)))
	for g.ToAct() != 2 || g.Claim() != StagePong {
		mustApply(t, g, Act(Pass))
	}
	expect(t, g, 2, PhaseClaim, "pong 1p#1 1p#2", "kong 1p#1 1p#2 1p#3", "pass")
	left := g.WallLeft()
	mustApply(t, g, Act(Kong, card(t, "1p", 3), card(t, "1p", 1), card(t, "1p", 2)))
	evs := g.Events()
	kong, draw := evs[len(evs)-2], evs[len(evs)-1]
	if kong.Type != EventKong || kong.Meld.Type != tw16.Kong || kong.Meld.Cards[3] != card(t, "1p", 3) {
		t.Fatalf("kong event %v", kong)
	}
	if draw.Type != EventDraw || !draw.Replacement || draw.Card != card(t, "9s", 0) || g.WallLeft() != left-1 {
		t.Fatalf("replacement %v, wall %d → %d", draw, left, g.WallLeft())
	}
	if g.ToAct() != 2 || g.Phase() != PhaseTurn || g.Hand(2)[len(g.Hand(2))-1] < 0 {
		t.Fatalf("after the kong: seat %d %s", g.ToAct(), g.Phase())
	}
	checkInvariants(t, g)
}

func TestConcealedKongAndReplacement(t *testing.T) {
	g := newStacked(t, Config{}, [4]string{"7777p", "", "", ""}, "", "2z 3z")
	expect(t, g, 0, PhaseTurn, "concealed-kong 7p#0 7p#1 7p#2 7p#3")
	mustRefuse(t, g, Act(ConcealedKong, card(t, "7p", 0), card(t, "7p", 1), card(t, "7p", 2), card(t, "7p", 2)), "named twice")
	mustApply(t, g, Act(ConcealedKong, card(t, "7p", 0), card(t, "7p", 1), card(t, "7p", 2), card(t, "7p", 3)))
	evs := g.Events()
	if e := evs[len(evs)-1]; e.Type != EventDraw || !e.Replacement || e.Card != card(t, "2z", 0) {
		t.Fatalf("replacement %v", e)
	}
	if e := evs[len(evs)-2]; e.Type != EventConcealedKong || e.Meld.Type != tw16.ConcealedKong {
		t.Fatalf("kong %v", e)
	}
	if len(g.Hand(0)) != 14 || len(g.Melds(0)) != 1 {
		t.Fatalf("hand %d cards, %d melds", len(g.Hand(0)), len(g.Melds(0)))
	}
	checkInvariants(t, g)
}

// robTable: seat 2 holds 55p and pongs the dealer's 5p; seat 3 waits on
// 5p (46p); seat 2 draws the fourth 5p three draws later.
var robTable = [4]string{
	"5p 19m 19s 1234567z 28m 7s 3m 9p",
	"",
	"55p",
	"46p 123m 456s 789s 111z 22s",
}

func TestRobbingAKong(t *testing.T) {
	g := newStacked(t, Config{}, robTable, "1m 9m 1s 5p", "")
	mustApply(t, g, Act(Discard, card(t, "5p", 0)))
	for g.ToAct() != 2 || g.Claim() != StagePong {
		mustApply(t, g, Act(Pass)) // seat 3 passes the win
	}
	mustApply(t, g, Act(Pong, card(t, "5p", 1), card(t, "5p", 2)))
	// Seat 2 discards a card nobody wants, the others draw and discard
	// their draws until seat 2 draws the fourth 5p.
	for {
		if g.Phase() == PhaseClaim {
			mustApply(t, g, Act(Pass))
			continue
		}
		if g.ToAct() == 2 && g.drawn == card(t, "5p", 3) {
			break
		}
		c := g.drawn
		if c == NoCard {
			c = g.Hand(g.ToAct())[0]
		}
		mustApply(t, g, Act(Discard, c))
	}
	expect(t, g, 2, PhaseTurn, "added-kong 5p#3")
	mustApply(t, g, Act(AddedKong, card(t, "5p", 3)))
	if e := g.Events()[len(g.Events())-1]; e.Type != EventAddedKong || e.Card != card(t, "5p", 3) {
		t.Fatalf("added kong event %v", e)
	}
	expect(t, g, 3, PhaseRob, "hu", "pass")
	mustRefuse(t, g, Act(Pong, card(t, "4p", 0), card(t, "6p", 0)), "only hu or pass")
	mustApply(t, g, Act(Hu))
	r := g.Result()
	if r.Winner != 3 || r.From != 2 || !r.RobbedKong || r.Card != card(t, "5p", 3) {
		t.Fatalf("result %+v", r)
	}
	robbed := false
	for _, it := range r.Score.Items {
		robbed = robbed || it.ID == tw16.ItemRobKong
	}
	if !robbed {
		t.Errorf("items %v lack 搶槓", r.Score.Items)
	}
	pay := 1000 + 500*r.Score.Tai
	if r.Points != [4]int{0, 0, -pay, pay} {
		t.Errorf("points %v, want seat 2 to pay %d", r.Points, pay)
	}
	checkInvariants(t, g)

	// Not robbed: the kong stands and seat 2 draws from the back.
	g = newStacked(t, Config{}, robTable, "1m 9m 1s 5p", "8p")
	mustApply(t, g, Act(Discard, card(t, "5p", 0)))
	for g.ToAct() != 2 || g.Claim() != StagePong {
		mustApply(t, g, Act(Pass))
	}
	mustApply(t, g, Act(Pong, card(t, "5p", 1), card(t, "5p", 2)))
	for g.ToAct() != 2 || g.drawn != card(t, "5p", 3) {
		if g.Phase() == PhaseClaim {
			mustApply(t, g, Act(Pass))
			continue
		}
		c := g.drawn
		if c == NoCard {
			c = g.Hand(g.ToAct())[0]
		}
		mustApply(t, g, Act(Discard, c))
	}
	mustApply(t, g, Act(AddedKong, card(t, "5p", 3)))
	mustApply(t, g, Act(Pass))
	if e := g.Events()[len(g.Events())-1]; e.Type != EventDraw || !e.Replacement || e.Seat != 2 || e.Card != card(t, "8p", 0) {
		t.Fatalf("replacement %v", e)
	}
	if m := g.Melds(2)[0]; m.Type != tw16.Kong || m.Cards[3] != card(t, "5p", 3) {
		t.Fatalf("meld %v", m)
	}
	checkInvariants(t, g)
}

func TestDrawnHandAtSixteen(t *testing.T) {
	g, err := New(Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	draws := 0
	for !g.Over() {
		if g.Phase() != PhaseTurn {
			mustApply(t, g, Act(Pass))
			continue
		}
		c := g.drawn
		if c == NoCard {
			c = g.Hand(g.ToAct())[0]
		}
		mustApply(t, g, Act(Discard, c))
	}
	for _, e := range g.Events() {
		if e.Type == EventDraw {
			draws++
		}
	}
	r := g.Result()
	if !r.Exhausted || g.WallLeft() != DeadWall || draws != NumKindCards-65-DeadWall || r.Points != [4]int{} {
		t.Errorf("exhausted %v, wall %d, %d draws, points %v", r.Exhausted, g.WallLeft(), draws, r.Points)
	}
	if e := g.Events()[len(g.Events())-1]; e.Type != EventExhausted {
		t.Errorf("last event %v", e)
	}
}

func TestNoKongWithoutReplacement(t *testing.T) {
	// The 55th and last draw (seat 3's, all passing) completes four 8s;
	// no kong is offered, since no replacement could be drawn.
	g := newStacked(t, Config{}, [4]string{"1m", "", "", "888s"}, "", "")
	// Move the fourth 8s to the last drawable place.
	w := g.Wall()
	last := NumKindCards - DeadWall - 1
	for i, c := range w {
		if c == card(t, "8s", 3) {
			w[i], w[last] = w[last], w[i]
		}
	}
	cfg := Config{Wall: append([]Card(nil), w...)}
	if err := g.Reset(cfg); err != nil {
		t.Fatal(err)
	}
	reached := false
	for !g.Over() {
		if g.Phase() != PhaseTurn {
			mustApply(t, g, Act(Pass))
			continue
		}
		if g.drawn == card(t, "8s", 3) {
			reached = true
			if g.WallLeft() != DeadWall {
				t.Fatalf("drew the fourth 8s with %d left", g.WallLeft())
			}
			for _, a := range g.Actions() {
				if a.Type == ConcealedKong {
					t.Fatalf("kong offered with no replacement left")
				}
			}
			mustRefuse(t, g, Act(ConcealedKong, card(t, "8s", 0), card(t, "8s", 1), card(t, "8s", 2), card(t, "8s", 3)), "replacement")
		}
		c := g.drawn
		if c == NoCard {
			c = g.Hand(g.ToAct())[0]
		}
		mustApply(t, g, Act(Discard, c))
	}
	if !reached || g.ToAct() != 3 {
		t.Errorf("seat 3 never drew the fourth 8s last")
	}
}

func TestHeavenlyHand(t *testing.T) {
	g := newStacked(t, Config{}, [4]string{"123m 456m 789m 123p 456p 55s", "", "", ""}, "", "")
	expect(t, g, 0, PhaseTurn, "hu")
	mustApply(t, g, Act(Hu))
	r := g.Result()
	if r.Win.FirstTurn != tw16.HeavenlyHand || !r.SelfDrawn || r.Winner != 0 {
		t.Fatalf("result %+v", r)
	}
	pay := 1000 + 500*r.Score.Tai
	if r.Points != [4]int{3 * pay, -pay, -pay, -pay} || r.Score.Tai < 16 {
		t.Errorf("points %v for %d tai", r.Points, r.Score.Tai)
	}
}

func TestSelfDrawnPaidByAll(t *testing.T) {
	// Seat 1 (not the dealer) is ready on 5p and draws it first.
	g := newStacked(t, Config{}, [4]string{"1z 9m", "46p 123m 456s 789s 111z 22s", "", ""}, "5p", "")
	mustApply(t, g, Act(Discard, card(t, "1z", 0)))
	for g.Phase() == PhaseClaim {
		mustApply(t, g, Act(Pass))
	}
	expect(t, g, 1, PhaseTurn, "hu")
	mustApply(t, g, Act(Hu))
	r := g.Result()
	if !r.SelfDrawn || r.Winner != 1 || r.Win.FirstTurn != tw16.EarthlyHand {
		t.Fatalf("result %+v", r)
	}
	p := 1000 + 500*r.Score.Tai
	if r.Points != [4]int{-(p + 500), 3*p + 500, -p, -p} {
		t.Errorf("points %v for %d tai: the dealer pays one tai more", r.Points, r.Score.Tai)
	}
}

func TestFlowersReplaced(t *testing.T) {
	// The dealer is dealt two flowers, seat 1 draws one.
	g := newStacked(t, Config{Flowers: true}, [4]string{"15f", "", "", ""}, "3f", "2z 3z 4z")
	evs := g.Events()
	want := []string{"0 flower 5f", "0 draw 2z#0 (replacement)", "0 flower 1f", "0 draw 3z#0 (replacement)"}
	var got []string
	for _, e := range evs {
		got = append(got, e.String())
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("events %q, want %q", got, want)
	}
	if len(g.FlowersOf(0)) != 2 || len(g.Hand(0)) != 17 {
		t.Fatalf("flowers %v, hand %d", g.FlowersOf(0), len(g.Hand(0)))
	}
	mustApply(t, g, Act(Discard, g.Hand(0)[0]))
	for g.Phase() == PhaseClaim {
		mustApply(t, g, Act(Pass))
	}
	evs = g.Events()
	tail := evs[len(evs)-3:]
	if tail[0].String() != "1 draw 3f" || tail[1].String() != "1 flower 3f" || tail[2].String() != "1 draw 4z#0 (replacement)" {
		t.Fatalf("events %v", tail)
	}
	checkInvariants(t, g)
}

func TestIllegalActions(t *testing.T) {
	g := newStacked(t, Config{}, claimTable, "", "")
	mustRefuse(t, g, Act(Discard, card(t, "5m", 1)), "not in the hand")
	mustRefuse(t, g, Act(Discard, NoCard), "not in the hand")
	mustRefuse(t, g, Act(Hu), "not complete")
	mustRefuse(t, g, Act(Pass), "not a turn action")
	mustRefuse(t, g, Act(Pong, card(t, "1z", 0), card(t, "1z", 1)), "not a turn action")
	mustRefuse(t, g, Act(AddedKong, card(t, "1z", 0)), "no pong")
	mustRefuse(t, g, Act(ActionType(200)), "not a turn action")
}

func TestBadConfigs(t *testing.T) {
	for _, cfg := range []Config{
		{Dealer: 4},
		{Round: 7},
		{Wall: []Card{1, 2, 3}},
		{Wall: make([]Card, NumKindCards)}, // all card 0
		{Flowers: false, Rules: tw16.Common()},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
}

// flowerTable: seat 1 is dealt seven flowers; the eighth is the second
// draw of the hand (seat 2's) or, with eight, the first (seat 1's).
func flowerGame(t *testing.T, front string) *Game {
	t.Helper()
	g := newStacked(t, Config{Flowers: true}, [4]string{"1z", "1234567f", "", ""}, front, "")
	if len(g.FlowersOf(1)) != 7 {
		t.Fatalf("seat 1 set aside %v", g.FlowersOf(1))
	}
	mustApply(t, g, Act(Discard, card(t, "1z", 0)))
	for g.Phase() == PhaseClaim {
		mustApply(t, g, Act(Pass))
	}
	return g
}

func TestSevenRobOne(t *testing.T) {
	g := flowerGame(t, "9p 8f")
	mustApply(t, g, Act(Discard, g.drawn)) // seat 1 discards its draw
	for g.Phase() == PhaseClaim {
		mustApply(t, g, Act(Pass))
	}
	// Seat 2 draws the eighth flower: seat 1 may rob it.
	expect(t, g, 1, PhaseRob, "hu", "pass")
	checkInvariants(t, g)
	mustApply(t, g, Act(Hu))
	r := g.Result()
	eighth := FlowerCard(mjsolve.Winter)
	if r.Winner != 1 || r.From != 2 || r.SelfDrawn || r.Card != eighth || len(r.Score.Items) != 1 || r.Score.Items[0].ID != tw16.ItemSevenRobOne {
		t.Fatalf("result %+v, items %v", r, r.Score.Items)
	}
	if r.Points != [4]int{0, 5000, -5000, 0} {
		t.Errorf("points %v, want seat 2 to pay 1000 + 8×500", r.Points)
	}
	checkInvariants(t, g)

	// Passed: seat 2 draws its replacement and plays on.
	g = flowerGame(t, "9p 8f")
	mustApply(t, g, Act(Discard, g.drawn))
	for g.Phase() == PhaseClaim {
		mustApply(t, g, Act(Pass))
	}
	mustApply(t, g, Act(Pass))
	if e := g.Events()[len(g.Events())-1]; e.Type != EventDraw || !e.Replacement || e.Seat != 2 || g.ToAct() != 2 || g.Phase() != PhaseTurn {
		t.Fatalf("after the pass: %v, seat %d %s", e, g.ToAct(), g.Phase())
	}
	checkInvariants(t, g)
}

func TestEightFlowers(t *testing.T) {
	g := flowerGame(t, "8f")
	// Seat 1 drew the eighth flower and its replacement: it may win.
	if g.ToAct() != 1 || g.Phase() != PhaseTurn || g.Actions()[0].Type != Hu {
		t.Fatalf("seat %d %s, actions %v", g.ToAct(), g.Phase(), g.Actions()[:1])
	}
	mustApply(t, g, Act(Hu))
	r := g.Result()
	if r.Winner != 1 || !r.SelfDrawn || !r.Card.IsFlower() || r.Score.Items[0].ID != tw16.ItemEightFlowers {
		t.Fatalf("result %+v, items %v", r, r.Score.Items)
	}
	// Paid like a self-draw: the dealer 8+1 tai, the others 8.
	if r.Points != [4]int{-5500, 15500, -5000, -5000} {
		t.Errorf("points %v", r.Points)
	}
	checkInvariants(t, g)
}
