package review

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// worth is the fake rater's value of an action: a discard is worth its
// kind's number (0–33), a pass nothing, a claim, kong or win 100.
func worth(a game.Action) float64 {
	switch a.Type {
	case game.Discard:
		return float64(a.Cards[0].Kind())
	case game.Pass:
		return 0
	}
	return 100
}

// fakeEngine chooses the action worth most, the first of equal ones.
type fakeEngine struct{}

func (fakeEngine) Choose(_ *game.View, acts []game.Action, _ uint64) int {
	best := 0
	for i, a := range acts {
		if worth(a) > worth(acts[best]) {
			best = i
		}
	}
	return best
}

// fakeRater rates by worth, exactly: no noise. It remembers the samples
// it was asked for.
type fakeRater struct {
	calls   int
	samples int
}

func (f *fakeRater) Rate(_ *game.View, acts []game.Action, samples int, _ uint64, out []float64) ([]float64, error) {
	f.calls++
	f.samples = samples
	out = out[:0]
	for _, a := range acts {
		out = append(out, worth(a))
	}
	return out, nil
}

// firstAction plays the first legal action, writing down its steps.
type firstAction struct{ steps *[]handlog.Step }

func (firstAction) Begin(uint64) {}

func (p firstAction) Choose(v *game.View, acts []game.Action) int {
	*p.steps = append(*p.steps, handlog.Step{Seat: v.Seat, Action: acts[0]})
	return 0
}

// dummyAction is the referee's dummy: the card drawn (else the highest)
// on a turn, a pass else.
func dummyAction(g *game.Game) game.Action {
	if g.Phase() != game.PhaseTurn {
		return game.Act(game.Pass)
	}
	hand := g.Hand(g.ToAct())
	c := hand[len(hand)-1]
	if evs := g.Events(); len(evs) > 0 {
		if e := evs[len(evs)-1]; e.Type == game.EventDraw && e.Seat == g.ToAct() && slices.Contains(hand, e.Card) {
			c = e.Card
		}
	}
	return game.Act(game.Discard, c)
}

// playHand plays the hand of seed with every seat taking its first legal
// action, the program of seat failed (0–3; 4: none) failing before its
// decision number at (0: before any) and the dummy playing it after.
func playHand(t *testing.T, seed uint64, failed game.Seat, at int) *handlog.Hand {
	t.Helper()
	cfg := game.Config{Seed: seed, Dealer: game.Seat(seed % 4)}
	g, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Wall = slices.Clone(g.Wall())
	var steps []handlog.Step
	decided := 0
	if failed < 4 && at == 0 {
		steps = append(steps, handlog.Step{Seat: failed, Failure: "exited at once"})
	}
	for !g.Over() {
		s := g.ToAct()
		st := handlog.Step{Seat: s, Action: g.Actions()[0]}
		if s == failed {
			if decided == at && at > 0 {
				steps = append(steps, handlog.Step{Seat: s, Failure: "crashed"})
			}
			if decided >= at {
				st = handlog.Step{Seat: s, Action: dummyAction(g), Dummy: true}
			}
			decided++
		}
		if err := g.Apply(st.Action); err != nil {
			t.Fatal(err)
		}
		steps = append(steps, st)
	}
	hd := handlog.Header{Source: handlog.SourceReferee, Hand: int(seed) + 1}
	for s := range 4 {
		hd.Seats = append(hd.Seats, handlog.SeatInfo{Seat: s + 1, Player: s + 1, Name: []string{"north", "east", "south", "west"}[s]})
	}
	h, err := handlog.Build(hd, cfg, steps)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestReviewFakeRater reviews hands with a rater that knows every action's
// worth exactly: the engine's choice is the action worth most, the cost
// the difference, and the dummy's moves are counted, not rated.
func TestReviewFakeRater(t *testing.T) {
	f := &fakeRater{}
	r, err := NewWith(Options{Samples: 32}, fakeEngine{}, f)
	if err != nil {
		t.Fatal(err)
	}
	rep := &Report{Samples: 32, WorstN: 3}
	for seed := range uint64(6) {
		failed, at := game.Seat(seed%4), int(seed)*3
		h := playHand(t, seed, failed, at)
		hr, err := r.Hand(context.Background(), h, [4]bool{true, true, false, true})
		if err != nil {
			t.Fatal(err)
		}
		hr.File = "h" + string(rune('0'+seed))
		if len(hr.Seats) != 3 || hr.Seats[2].Seat != 4 || hr.Seats[2].Name != "west" {
			t.Fatalf("seats %+v", hr.Seats)
		}
		// Check every decision against a walk of the hand.
		var want []Decision
		var wantDummy [4]int
		err = handlog.Walk(h, nil, func(d *handlog.Decision) error {
			if d.Seat == 2 {
				return nil
			}
			if d.Dummy {
				wantDummy[d.Seat]++
				return nil
			}
			if len(d.Actions) < 2 {
				return nil
			}
			best := 0
			for i, a := range d.Actions {
				if worth(a) > worth(d.Actions[best]) {
					best = i
				}
			}
			want = append(want, Decision{N: d.Event.N, Seat: int(d.Seat) + 1, Chosen: describe(d.Actions[d.Chosen]), Best: describe(d.Actions[best]),
				Agree: best == d.Chosen, Cost: worth(d.Actions[best]) - worth(d.Actions[d.Chosen])})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(hr.Decisions) != len(want) {
			t.Fatalf("hand %d: %d decisions, want %d", seed, len(hr.Decisions), len(want))
		}
		for i, d := range hr.Decisions {
			w := want[i]
			if d.N != w.N || d.Seat != w.Seat || d.Chosen != w.Chosen || d.Best != w.Best || d.Agree != w.Agree || d.Cost != w.Cost || d.Hand != int(seed)+1 {
				t.Errorf("hand %d: decision %+v, want %+v", seed, d, w)
			}
		}
		for _, sr := range hr.Seats {
			s := sr.Seat - 1
			if sr.Dummy != wantDummy[s] || sr.Failed != (game.Seat(s) == failed) {
				t.Errorf("hand %d seat %d: %+v, want %d dummy moves, failed %v", seed, sr.Seat, sr, wantDummy[s], game.Seat(s) == failed)
			}
			if game.Seat(s) == failed && at == 0 && (sr.Decisions != 0 || sr.Dummy == 0) {
				t.Errorf("hand %d: seat %d failed at once but has %d decisions, %d dummy moves", seed, sr.Seat, sr.Decisions, sr.Dummy)
			}
		}
		rep.Add(hr)
	}
	var sum float64
	for _, p := range rep.Players {
		sum += p.Cost
		if p.Hands == 0 || p.CostPerHand != p.Cost/float64(p.Hands) || p.Agreement != float64(p.Agreed)/float64(p.Decisions) {
			t.Errorf("player %+v", p)
		}
	}
	if len(rep.Players) != 3 || rep.Players[0].Name != "east" || rep.Hands != 6 || sum <= 0 {
		t.Errorf("report %+v", rep)
	}
	if len(rep.Worst) != 3 || rep.Worst[0].Cost < rep.Worst[1].Cost || rep.Worst[1].Cost < rep.Worst[2].Cost || rep.Worst[0].File == "" {
		t.Errorf("worst %+v", rep.Worst)
	}
	if rep.Players[0].NoDecision+rep.Players[1].NoDecision+rep.Players[2].NoDecision == 0 {
		t.Error("no seat without a decision: the program failing at once")
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil || !strings.Contains(text.String(), "6 hands reviewed at 32 samples, seed 0\nthe 3 worst decisions:\n") {
		t.Errorf("text %q", text.String())
	}
}

// TestReviewReproducible reviews hands with the search evaluator twice,
// in another order and with other workers: the same figures; another seed
// gives other ones.
func TestReviewReproducible(t *testing.T) {
	hands := []*handlog.Hand{playHand(t, 1, 4, 0), playHand(t, 2, 1, 5)}
	run := func(seed uint64, workers int, order []int) string {
		rep, err := Run(context.Background(), RunOptions{
			Options: Options{Samples: 4, Seed: seed}, N: len(order), Workers: workers, WorstN: 5,
			Open:  func(i int) (*handlog.Hand, error) { return hands[order[i]], nil },
			Seats: func(*handlog.Hand) [4]bool { return [4]bool{true, true, true, true} },
		})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(rep)
		return string(b)
	}
	a := run(1, 1, []int{0, 1})
	if b := run(1, 2, []int{0, 1}); a != b {
		t.Errorf("with 2 workers:\n%s\n%s", a, b)
	}
	if b := run(7, 2, []int{0, 1}); a == b {
		t.Error("another seed gives the same review")
	}
	if !strings.Contains(a, `"hands":2`) || !strings.Contains(a, `"dummy":`) {
		t.Errorf("review %s", a)
	}
}

// TestReviewInterrupted stops a review: a hand under way is dropped, the
// hands done are kept, and the error is the context's.
func TestReviewInterrupted(t *testing.T) {
	h := playHand(t, 4, 4, 0)
	ctx, cancel := context.WithCancel(context.Background())
	r, _ := NewWith(Options{}, fakeEngine{}, &fakeRater{})
	calls := 0
	_, err := r.Hand(ctx, h, [4]bool{true, true, true, true})
	if err != nil {
		t.Fatal(err)
	}
	stopping := &stopRater{cancel: cancel, after: 3, calls: &calls}
	r2, _ := NewWith(Options{}, fakeEngine{}, stopping)
	if _, err := r2.Hand(ctx, h, [4]bool{true, true, true, true}); err != context.Canceled {
		t.Errorf("a hand cancelled under way: %v", err)
	}
	rep, err := Run(ctx, RunOptions{N: 5, Open: func(int) (*handlog.Hand, error) { return h, nil },
		Seats: func(*handlog.Hand) [4]bool { return [4]bool{true} }})
	if err != context.Canceled || rep == nil || rep.Hands != 0 {
		t.Errorf("a run cancelled before it starts: %v, %+v", err, rep)
	}
}

// stopRater cancels its context after some calls.
type stopRater struct {
	fakeRater
	cancel func()
	after  int
	calls  *int
}

func (s *stopRater) Rate(v *game.View, acts []game.Action, n int, seed uint64, out []float64) ([]float64, error) {
	if *s.calls++; *s.calls == s.after {
		s.cancel()
	}
	return s.fakeRater.Rate(v, acts, n, seed, out)
}

// TestReviewBudget: the cost of a disagreement is measured with half the
// samples for each action (at least one); a budget out of range is
// refused.
func TestReviewBudget(t *testing.T) {
	for _, c := range []struct{ samples, positions int }{{0, DefaultSamples / 2}, {1, 1}, {2, 1}, {64, 32}} {
		f := &fakeRater{}
		r, err := NewWith(Options{Samples: c.samples}, fakeEngine{}, f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Hand(context.Background(), playHand(t, 5, 4, 0), [4]bool{true, true, true, true}); err != nil {
			t.Fatal(err)
		}
		if f.calls == 0 || f.samples != c.positions {
			t.Errorf("%d samples: %d calls, the cost measured on %d positions, want %d", c.samples, f.calls, f.samples, c.positions)
		}
	}
	for _, n := range []int{-1, MaxSamples + 1} {
		if _, err := NewWith(Options{Samples: n}, fakeEngine{}, &fakeRater{}); err == nil {
			t.Errorf("%d samples accepted", n)
		}
		if _, err := New(Options{Samples: n}); err == nil {
			t.Errorf("New: %d samples accepted", n)
		}
	}
}

// TestCostInterval checks the 95% interval of the cost per hand against
// the textbook formulas: mean ± 1.96·s/√n for a player with one seat a
// hand, and the residuals of the ratio worked out hand by hand for a
// player holding two seats in some hands.
func TestCostInterval(t *testing.T) {
	one := []float64{10, 30, -5, 45, 0}
	two := [][]float64{{100}, {20, -40}, {0, 300}, {-50}, {75, 25}}
	rep := &Report{}
	for h := range one {
		hr := &HandReview{Hand: h + 1, Seats: []SeatReview{{Seat: 1, Name: "one", Cost: one[h]}}}
		for i, c := range two[h] {
			hr.Seats = append(hr.Seats, SeatReview{Seat: 2 + i, Name: "two", Cost: c})
		}
		rep.Add(hr)
	}
	rep.Add(&HandReview{Hand: 9, Seats: []SeatReview{{Seat: 4, Name: "once", Cost: 70}}})
	// 1.959964 is z for 95% to six decimals, so the tolerance is relative.
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-6*max(1, math.Abs(a)) }

	var mean, ss float64
	for _, c := range one {
		mean += c / 5
	}
	for _, c := range one {
		ss += (c - mean) * (c - mean)
	}
	half := 1.959964 * math.Sqrt(ss/4) / math.Sqrt(5)
	p := rep.Players[slices.IndexFunc(rep.Players, func(p PlayerSummary) bool { return p.Name == "one" })]
	if !near(p.CostPerHand, mean) || !near(p.CostCI95[0], mean-half) || !near(p.CostCI95[1], mean+half) {
		t.Errorf("one seat a hand: %v, %v; want %v ± %v", p.CostPerHand, p.CostCI95, mean, half)
	}

	var sum, seats float64
	for _, cs := range two {
		for _, c := range cs {
			sum += c
			seats++
		}
	}
	r := sum / seats
	var res float64
	for _, cs := range two {
		var c float64
		for _, x := range cs {
			c += x
		}
		e := c - r*float64(len(cs))
		res += e * e
	}
	half = 1.959964 * math.Sqrt(5.0/4*res) / seats
	p = rep.Players[slices.IndexFunc(rep.Players, func(p PlayerSummary) bool { return p.Name == "two" })]
	if p.Hands != 8 || !near(p.CostPerHand, r) || !near(p.CostCI95[0], r-half) || !near(p.CostCI95[1], r+half) {
		t.Errorf("two seats in some hands: %d seats, %v, %v; want %v ± %v", p.Hands, p.CostPerHand, p.CostCI95, r, half)
	}
	p = rep.Players[slices.IndexFunc(rep.Players, func(p PlayerSummary) bool { return p.Name == "once" })]
	if p.CostCI95 != [2]float64{70, 70} {
		t.Errorf("one hand: interval %v, want 70 … 70", p.CostCI95)
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil || !strings.Contains(text.String(), "95% interval") || !strings.Contains(text.String(), "70.0 … 70.0") {
		t.Errorf("text %q", text.String())
	}
}
