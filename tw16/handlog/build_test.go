package handlog

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// greedy plays every win and claim it is offered and otherwise a random
// action, writing down its steps, so that kongs, robbed kongs and claims
// all turn up.
type greedy struct {
	r     *rand.Rand
	seat  game.Seat
	steps *[]Step
}

func (p *greedy) Begin(uint64) {}

func (p *greedy) Choose(v *game.View, acts []game.Action) int {
	i := p.r.IntN(len(acts))
	if acts[0].Type == game.Discard || p.r.IntN(4) > 0 {
		// Mostly the advice's discard, so that hands get ready and win.
		if _, d, err := tw16.BestDiscard(v.Concealed, &v.Seen, nil); err == nil {
			for j, a := range acts {
				if a.Type == game.Discard && a.Cards[0].Kind() == d.Kind {
					i = j
				}
			}
		}
	}
	for j, a := range acts {
		if a.Type == game.Hu || a.Type != game.Discard && a.Type != game.Pass && p.r.IntN(2) == 0 {
			i = j
			break
		}
	}
	*p.steps = append(*p.steps, Step{Seat: v.Seat, Action: acts[i], Took: float64(p.r.IntN(1000)) / 1000})
	return i
}

// playRandom plays the hand of seed with greedy players and returns its
// configuration, steps and game.
func playRandom(t testing.TB, seed uint64, flowers bool) (game.Config, []Step, *game.Game) {
	t.Helper()
	cfg := game.Config{Seed: seed, Flowers: flowers, Dealer: game.Seat(seed % 4), Round: game.Wind(seed / 4 % 4)}
	g, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Wall = append([]game.Card(nil), g.Wall()...)
	var steps []Step
	r := rand.New(rand.NewPCG(seed, 7))
	var players [4]game.Strategy
	for s := range players {
		players[s] = &greedy{r: r, seat: game.Seat(s), steps: &steps}
	}
	var views [4]game.View
	if err := game.Play(g, &players, &views); err != nil {
		t.Fatal(err)
	}
	return cfg, steps, g
}

// TestBuildRoundTrip plays hands of greedy players, with and without
// flowers, and checks that each built hand has the game's result, writes
// and reads back the same, verifies, gives back its steps, and walks its
// decisions with the views of the seats to act; the rarer events all turn
// up.
func TestBuildRoundTrip(t *testing.T) {
	const hands = 400
	types := map[string]int{}
	for i := range hands {
		flowers := i%2 == 1
		cfg, steps, g := playRandom(t, uint64(i), flowers)
		// A failure in the middle, and the dummy's moves after it, are
		// steps like the others.
		if i%8 == 2 {
			steps, g = withFailure(t, cfg, steps, 5)
		}
		h, err := Build(Header{Source: SourceSelfPlay, Hand: i + 1, Seats: []SeatInfo{{Seat: 1, Name: "a"}}}, cfg, steps)
		if err != nil {
			t.Fatalf("hand %d: %v", i, err)
		}
		end := h.End()
		if end == nil || !reflect.DeepEqual(end.Points, g.Result().Points[:]) {
			t.Fatalf("hand %d: end %+v, the game's points %v", i, end, g.Result().Points)
		}
		for j, e := range h.Events {
			types[e.Type]++
			if e.N != j+1 {
				t.Fatalf("hand %d: event %d numbered %d", i, j+1, e.N)
			}
			if e.Type == EventWin {
				if e.Score == nil || e.Score.Tai != g.Result().Score.Tai || len(e.Score.Items) != len(g.Result().Score.Items) || e.SelfDrawn != g.Result().SelfDrawn {
					t.Errorf("hand %d: win %+v, result %+v", i, e, g.Result().Score)
				}
				if e.Robbed {
					types["robbed"]++
				}
			}
		}
		var buf bytes.Buffer
		if _, err := h.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(buf.String(), "\n"); n != len(h.Events)+1 {
			t.Fatalf("hand %d: %d lines for %d events", i, n, len(h.Events))
		}
		back, err := Read(&buf)
		if err != nil {
			t.Fatalf("hand %d: %v", i, err)
		}
		if !reflect.DeepEqual(back, h) {
			t.Fatalf("hand %d: read back differs", i)
		}
		if err := Verify(back, nil); err != nil {
			t.Fatalf("hand %d: %v", i, err)
		}
		got, err := back.Steps()
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(steps) {
			t.Fatalf("hand %d: %d steps back, want %d", i, len(got), len(steps))
		}
		for j := range got {
			if got[j].Seat != steps[j].Seat || got[j].Failure != steps[j].Failure || got[j].Took != steps[j].Took ||
				got[j].Failure == "" && !sameAction(got[j].Action, steps[j].Action) {
				t.Fatalf("hand %d: step %d is %+v, want %+v", i, j, got[j], steps[j])
			}
		}
		steps = got
		k := 0
		err = Walk(back, nil, func(d *Decision) error {
			for steps[k].Failure != "" {
				k++
			}
			want := steps[k]
			k++
			if d.Seat != want.Seat || d.View.Seat != want.Seat || !sameAction(d.Actions[d.Chosen], want.Action) {
				return errors.New("the decision is not the step")
			}
			if d.Event.On == "" || d.Event.Seat != int(d.Seat)+1 {
				return errors.New("the decision's event is not a decision of its seat")
			}
			if d.Actions[d.Chosen].Type == game.Discard && d.View.NHand%3 != 2 {
				return errors.New("a discard from a hand of 3k+1")
			}
			return nil
		})
		if err != nil || k != len(steps) {
			t.Fatalf("hand %d: walk: %v after %d of %d steps", i, err, k, len(steps))
		}
	}
	t.Logf("events: %v", types)
	for _, ty := range []string{EventDeal, EventDraw, EventFlower, EventDiscard, EventChow, EventPong, EventKong,
		EventConcealedKong, EventAddedKong, EventPass, EventWin, EventExhausted, EventFailure, EventEnd, "robbed"} {
		if types[ty] == 0 {
			t.Errorf("no %s event in %d hands", ty, hands)
		}
	}
}

// withFailure returns the steps of the hand of cfg with the program of
// the seat of step i failing just before it, and the dummy's moves for
// that seat from then on (the other seats play the same when they can, or
// else their first legal action).
func withFailure(t testing.TB, cfg game.Config, steps []Step, i int) ([]Step, *game.Game) {
	t.Helper()
	g, err := game.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	failed := steps[i].Seat
	out := append([]Step(nil), steps[:i]...)
	for _, st := range out {
		if err := g.Apply(st.Action); err != nil {
			t.Fatal(err)
		}
	}
	out = append(out, Step{Seat: failed, Failure: "crashed"})
	j := i
	for !g.Over() {
		s := g.ToAct()
		st := Step{Seat: s, Action: g.Actions()[0]}
		switch {
		case s == failed:
			st = Step{Seat: s, Action: dummyAction(g), Dummy: true}
		case j < len(steps) && steps[j].Seat == s && g.Apply(steps[j].Action) == nil:
			out = append(out, steps[j])
			j++
			continue
		}
		if err := g.Apply(st.Action); err != nil {
			t.Fatal(err)
		}
		out = append(out, st)
	}
	return out, g
}

// builtHand plays and builds one hand.
func builtHand(t testing.TB, seed uint64) *Hand {
	t.Helper()
	cfg, steps, _ := playRandom(t, seed, false)
	h, err := Build(Header{Source: SourceReferee, Hand: 1}, cfg, steps)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestVerifyMismatch changes one thing at a time in a built hand: each is
// found, at the right event.
func TestVerifyMismatch(t *testing.T) {
	h := builtHand(t, 3)
	var disc int
	for i, e := range h.Events {
		if e.Type == EventDiscard && disc == 0 && i > 10 {
			disc = i
		}
	}
	for _, c := range []struct {
		name   string
		change func(h *Hand)
		n      int
	}{
		{"a draw's tile", func(h *Hand) { h.Events[5].Tile = "9z" }, 6},
		{"a discard's occasion", func(h *Hand) { h.Events[disc].On = OnHu }, disc + 1},
		{"the end's points", func(h *Hand) { h.End().Points = []int{1, -1, 0, 0} }, len(h.Events)},
		{"the wall left", func(h *Hand) { h.Events[0].WallLeft++ }, 1},
		{"the header's wall", func(h *Hand) { h.Header.Wall[0] = "9z" }, 0},
	} {
		var buf bytes.Buffer
		h.WriteTo(&buf)
		bad, err := Read(&buf)
		if err != nil {
			t.Fatal(err)
		}
		c.change(bad)
		err = Verify(bad, nil)
		var m *MismatchError
		if !errors.As(err, &m) || m.N != c.n {
			t.Errorf("%s: %v, want a mismatch at event %d", c.name, err, c.n)
		}
	}
	if err := Verify(h, nil); err != nil {
		t.Fatal(err)
	}
}
