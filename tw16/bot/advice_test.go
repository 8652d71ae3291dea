package bot

import (
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// hand makes the cards of a compact hand, copies in order.
func hand(t *testing.T, s string) []game.Card {
	t.Helper()
	ks, err := mjsolve.ParseKinds(s)
	if err != nil {
		t.Fatal(err)
	}
	var next [mjsolve.NumKinds]int
	var out []game.Card
	for _, k := range ks {
		out = append(out, game.KindCard(k, next[k]))
		next[k]++
	}
	return out
}

func kindOf(t *testing.T, s string) mjsolve.Kind {
	t.Helper()
	ks, err := mjsolve.ParseKinds(s)
	if err != nil || len(ks) != 1 {
		t.Fatalf("bad kind %q", s)
	}
	return ks[0]
}

// view is seat 1's view with the given 16 cards, seat 0 dealing.
func view(t *testing.T, cards string) *game.View {
	t.Helper()
	var v game.View
	if err := v.Start(1, 0, game.East, false, hand(t, cards)); err != nil {
		t.Fatal(err)
	}
	return &v
}

func TestAdviceClaims(t *testing.T) {
	s := NewAdvice(Options{})
	// One from ready with two pairs: a pong of 5p makes it ready.
	v := view(t, "123p 456p 789m 55p 77s 23m 1z")
	acts := []game.Action{game.Act(game.Pong, game.KindCard(kindOf(t, "5p"), 0), game.KindCard(kindOf(t, "5p"), 1)), game.Act(game.Pass)}
	if got := s.Choose(v, acts); got != 0 {
		t.Errorf("a pong that makes the hand ready was refused")
	}
	// Ready with 55p as the pair (waiting on 3s): the pong keeps it ready
	// and no better.
	v = view(t, "123m 456m 789m 123p 55p 12s")
	if got := s.Choose(v, acts); got != 1 {
		t.Errorf("a pong that does not lower the shanten was made")
	}
	// A win is always taken.
	if got := s.Choose(v, []game.Action{game.Act(game.Hu), game.Act(game.Pass)}); got != 0 {
		t.Errorf("a win was passed")
	}
}

func TestAdviceDefends(t *testing.T) {
	s := NewAdvice(Options{})
	// Seat 1 is far from ready; seat 2 has three melds and has discarded
	// 9m: the safest discard is the 9m seat 1 holds.
	v := view(t, "19m 19p 19s 1234567z 258m")
	for _, k := range []string{"2s", "5s", "8p"} {
		// Seat 2 pongs seat 0's discards.
		c := func(i int) game.Card { return game.KindCard(kindOf(t, k), i) }
		meld := game.Meld{Type: tw16.Pong, Cards: [4]game.Card{c(0), c(1), c(2), game.NoCard}}
		v.Apply(&game.Event{Type: game.EventDiscard, Seat: 0, From: 0, Card: c(0)})
		v.Apply(&game.Event{Type: game.EventPong, Seat: 2, From: 0, Card: c(0), Meld: meld})
	}
	v.Apply(&game.Event{Type: game.EventDiscard, Seat: 2, From: 2, Card: game.KindCard(kindOf(t, "9m"), 3)})
	v.Apply(&game.Event{Type: game.EventDraw, Seat: 1, From: 1, Card: game.KindCard(kindOf(t, "4s"), 0)})
	if !s.threatened(v) {
		t.Fatalf("seat 2 with three melds does not look ready (readiness %.2f)", readiness(v, 2))
	}
	var acts []game.Action
	for _, c := range v.Hand() {
		acts = append(acts, game.Act(game.Discard, c))
	}
	a := acts[s.Choose(v, acts)]
	if a.Cards[0].Kind() != kindOf(t, "9m") {
		t.Errorf("discarded %s, want the 9m seat 2 discarded", a)
	}
	if r := risk(v, 2, kindOf(t, "9m")); r > 0.1 {
		t.Errorf("risk of 9m against seat 2 %.2f", r)
	}
	// Without defence the advice engine's choice stands.
	n := NewAdvice(Options{NoDefence: true})
	adv, _ := tw16.Advise(v.Concealed, &v.Seen, nil)
	if a := acts[n.Choose(v, acts)]; a.Cards[0].Kind() != adv.Discards()[0].Kind {
		t.Errorf("without defence: %s, the advice %s", a, adv.Discards()[0].Kind)
	}
	// Monte-Carlo: samples of seat 2's ready hands never wait on a kind
	// whose four copies are visible.
	m := NewAdvice(Options{MonteCarlo: 200})
	m.Begin(1)
	risks := m.sampleRisks(v)
	sum := 0.0
	for k, r := range risks[2] {
		if v.Seen[k] == 4 && r > 0 {
			t.Errorf("kind %s all seen but risk %.2f", mjsolve.Kind(k), r)
		}
		sum += r
	}
	if sum < 1 {
		t.Errorf("the samples wait on %.2f kinds on average", sum)
	}
	if a := acts[m.Choose(v, acts)]; m.danger(v, a.Cards[0].Kind(), risks) > m.danger(v, kindOf(t, "1z"), risks) {
		t.Errorf("Monte-Carlo defence discarded %s, more dangerous than 1z", a)
	}
}

func TestSampleReady(t *testing.T) {
	s := NewAdvice(Options{})
	s.Begin(3)
	var pool mjsolve.Counts
	for k := range pool {
		pool[k] = 4
	}
	pool[kindOf(t, "5m")] = 0
	for _, n := range []int{16, 13, 10, 7, 4, 1} {
		ready := 0
		for range 200 {
			h, ok := sampleReady(&s.r, &s.mc.cands, pool, n)
			if !ok {
				t.Fatalf("no sample of %d from a full pool", n)
			}
			if h.Total() != n || h[kindOf(t, "5m")] != 0 {
				t.Fatalf("sample %s of %d tiles", h, h.Total())
			}
			// Ready, unless it waits only on a fifth copy (a single
			// next to a triplet of its kind, 3333z): sampleRisks skips
			// those.
			sh, err := tw16.Shanten(h)
			if err != nil || sh > 1 {
				t.Fatalf("sample %s has shanten %d", h, sh)
			}
			if sh == 0 {
				ready++
			}
		}
		if ready < 180 {
			t.Errorf("%d of 200 samples of %d tiles ready", ready, n)
		}
	}
}

// checkingAdvice is the advice strategy that checks, before each choice,
// that tw16.BestDiscard gives what tw16.Advise ranks first for every part
// the strategy may rank: its concealed part on its turn, and the part
// left by each chow or pong it is offered.
type checkingAdvice struct {
	*Advice
	t      *testing.T
	checks *int
}

func (c checkingAdvice) Choose(v *game.View, acts []game.Action) int {
	check := func(part mjsolve.Counts) {
		for _, seen := range []*mjsolve.Counts{&v.Seen, nil} {
			adv, errA := tw16.Advise(part, seen, nil)
			sh, d, errB := tw16.BestDiscard(part, seen, nil)
			*c.checks++
			if (errA != nil) != (errB != nil) {
				c.t.Fatalf("%v (seen %v): Advise error %v, BestDiscard error %v", part, seen != nil, errA, errB)
			}
			if errA == nil && (sh != adv.Shanten || d != adv.Discards()[0]) {
				c.t.Fatalf("%v (seen %v): BestDiscard %d %+v, Advise %d %+v", part, seen != nil, sh, d, adv.Shanten, adv.Discards()[0])
			}
		}
	}
	if acts[len(acts)-1].Type == game.Discard {
		check(v.Concealed)
	}
	for i := range acts {
		if a := &acts[i]; a.Type == game.Pong || a.Type == game.Chow {
			check(without(v.Concealed, a, 2))
		}
	}
	return c.Advice.Choose(v, acts)
}

// TestBestDiscardAsAdvise: the advice bot ranks only the first discard
// (tw16.BestDiscard) where it needs no other; on every such decision of
// 400 self-play hands, with and without defence, that discard and its
// effective tiles are Advise's first, so the bot plays as it did when it
// ranked every discard.
func TestBestDiscardAsAdvise(t *testing.T) {
	p, err := newPlayer(SelfPlayOptions{Strategies: [4]string{"advice", "advice", "advice", "advice"}})
	if err != nil {
		t.Fatal(err)
	}
	checks := 0
	for i := range p.strats {
		p.strats[i] = &timed{s: checkingAdvice{NewAdvice(Options{NoDefence: i%2 == 1}), t, &checks}}
	}
	for i := range 400 {
		if err := p.play((game.Schedule{Seed: 7}).Hand(i), 7); err != nil {
			t.Fatal(err)
		}
	}
	if checks < 20000 {
		t.Errorf("only %d parts checked", checks)
	}
	t.Logf("%d parts checked", checks)
}
