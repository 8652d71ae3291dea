package handlog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Steps recovers the steps of the hand from its decisions (the events
// with On) and failures, in order; Build plays them again.
func (h *Hand) Steps() ([]Step, error) {
	steps, _, err := h.steps()
	return steps, err
}

// steps returns the steps and, for each, the index of its event.
func (h *Hand) steps() ([]Step, []int, error) {
	o, err := h.Honors()
	if err != nil {
		return nil, nil, fmt.Errorf("handlog: honors: %w", err)
	}
	var steps []Step
	var at []int
	for i := range h.Events {
		e := &h.Events[i]
		if e.Type != EventFailure && e.On == "" {
			continue
		}
		if e.Seat < 1 || e.Seat > 4 {
			return nil, nil, fmt.Errorf("handlog: event %d: seat %d is not 1-4", e.N, e.Seat)
		}
		st := Step{Seat: game.Seat(e.Seat - 1), Failure: e.Why, Dummy: e.By == "dummy", Took: e.Took}
		if e.Type == EventFailure {
			if st.Failure == "" {
				st.Failure = "failed" // a failure is never without a why
			}
		} else if st.Action, err = action(e, o); err != nil {
			return nil, nil, fmt.Errorf("handlog: event %d: %w", e.N, err)
		}
		steps = append(steps, st)
		at = append(at, i)
	}
	return steps, at, nil
}

// action is the action of a decision event.
func action(e *Event, o mjsolve.HonorOrder) (game.Action, error) {
	card := func(tid int) (game.Card, error) {
		c, err := game.CardOfTID(tid, o)
		if err != nil {
			return c, fmt.Errorf("%s: %w", e.Type, err)
		}
		return c, nil
	}
	switch e.Type {
	case EventPass:
		return game.Act(game.Pass), nil
	case EventWin:
		return game.Act(game.Hu), nil
	case EventDiscard, EventAddedKong:
		c, err := card(e.TID)
		t := game.Discard
		if e.Type == EventAddedKong {
			t = game.AddedKong
		}
		return game.Act(t, c), err
	case EventChow, EventPong, EventKong, EventConcealedKong:
		t := map[string]game.ActionType{EventChow: game.Chow, EventPong: game.Pong, EventKong: game.Kong, EventConcealedKong: game.ConcealedKong}[e.Type]
		want := t.CardsUsed()
		var own []game.Card
		claimed := false
		for _, tid := range e.TIDs {
			if tid == e.TID && e.Type != EventConcealedKong && !claimed {
				claimed = true
				continue
			}
			c, err := card(tid)
			if err != nil {
				return game.Action{}, err
			}
			own = append(own, c)
		}
		if len(own) != want {
			return game.Action{}, fmt.Errorf("%s: %d tiles of the seat's own, want %d", e.Type, len(own), want)
		}
		return game.Act(t, own...), nil
	}
	return game.Action{}, fmt.Errorf("%q is no decision", e.Type)
}

// MismatchError is the first difference between a hand and the hand its
// steps build.
type MismatchError struct {
	N          int    // the event (0: the header)
	Want, Have string // the line the steps build, the line the hand has
}

func (e *MismatchError) Error() string {
	if e.N == 0 {
		return fmt.Sprintf("handlog: the header: want %s, have %s", e.Want, e.Have)
	}
	return fmt.Sprintf("handlog: event %d: want %s, have %s", e.N, e.Want, e.Have)
}

// Verify checks the hand against the rules engine: dealt from its wall and
// played with its decisions, the hand must be the one it records, event for
// event, points included (a *MismatchError at the first difference).
func Verify(h *Hand, tables *tw16.TableSet) error {
	cfg, err := h.Config(tables)
	if err != nil {
		return err
	}
	steps, at, err := h.steps()
	if err != nil {
		return err
	}
	b, err := Build(h.Header, cfg, steps)
	if se, ok := errors.AsType[*StepError](err); ok {
		se.N = h.Events[at[se.Step]].N
	}
	if err != nil {
		return err
	}
	line := func(v any) string {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(v)
		return string(bytes.TrimSpace(buf.Bytes()))
	}
	if want, have := line(&b.Header), line(&h.Header); want != have {
		return &MismatchError{Want: want, Have: have}
	}
	for i := range max(len(b.Events), len(h.Events)) {
		want, have := "the end of the hand", "the end of the hand"
		if i < len(b.Events) {
			want = line(&b.Events[i])
		}
		if i < len(h.Events) {
			have = line(&h.Events[i])
		}
		if want != have {
			return &MismatchError{N: i + 1, Want: want, Have: have}
		}
	}
	sum := 0
	for _, p := range h.End().Points {
		sum += p
	}
	if sum != 0 {
		return fmt.Errorf("handlog: the points %v do not sum to zero", h.End().Points)
	}
	return nil
}

// Decision is one decision of a hand, as Walk shows it.
type Decision struct {
	// Event is the decision's event (its N numbers the move in the hand).
	Event *Event
	Seat  game.Seat
	// View is what the seat knew; Actions are its legal actions and Chosen
	// the index of the one taken. Both are valid during the call only.
	View    *game.View
	Actions []game.Action
	Chosen  int
	// Dummy says the dummy decided, for a failed program.
	Dummy bool
}

// Walk deals the hand again and plays its steps, calling fn at each
// decision before it is played, with the view of the seat to act as it was
// then (game.View, built from the events as in game.Play). It stops at
// fn's first error and returns it. Walk checks that each decision is
// legal, not the rest of the hand: see Verify.
func Walk(h *Hand, tables *tw16.TableSet, fn func(*Decision) error) error {
	cfg, err := h.Config(tables)
	if err != nil {
		return err
	}
	steps, at, err := h.steps()
	if err != nil {
		return err
	}
	g, err := game.New(cfg)
	if err != nil {
		return fmt.Errorf("handlog: %w", err)
	}
	var views [4]game.View
	for s := range game.Seat(4) {
		if err := views[s].Start(s, g.Dealer(), g.Round(), g.Flowers(), g.Dealt(s)); err != nil {
			return fmt.Errorf("handlog: %w", err)
		}
	}
	seen := 0
	sync := func() {
		evs := g.Events()
		for ; seen < len(evs); seen++ {
			for s := range views {
				views[s].Apply(&evs[seen])
			}
		}
	}
	sync()
	for i, st := range steps {
		if st.Failure != "" {
			continue
		}
		e := &h.Events[at[i]]
		if g.Over() || st.Seat != g.ToAct() {
			return fmt.Errorf("handlog: event %d: seat %d is not to act", e.N, st.Seat+1)
		}
		acts := g.Actions()
		chosen := slices.IndexFunc(acts, func(a game.Action) bool { return sameAction(a, st.Action) })
		if chosen < 0 {
			return fmt.Errorf("handlog: event %d: %s is not among the legal actions", e.N, st.Action)
		}
		d := Decision{Event: e, Seat: st.Seat, View: &views[st.Seat], Actions: acts, Chosen: chosen, Dummy: st.Dummy}
		if err := fn(&d); err != nil {
			return err
		}
		if err := g.Apply(st.Action); err != nil {
			return fmt.Errorf("handlog: event %d: %w", e.N, err)
		}
		sync()
	}
	return nil
}

// sameAction reports whether a and b are the same choice: the same type
// and the same kinds of cards (the engine offers the lowest copies and
// accepts any).
func sameAction(a, b game.Action) bool {
	if a.Type != b.Type {
		return false
	}
	n := a.Type.CardsUsed()
	var ka, kb [4]int
	for i := range n {
		ka[i], kb[i] = cardKey(a.Cards[i]), cardKey(b.Cards[i])
	}
	slices.Sort(ka[:n])
	slices.Sort(kb[:n])
	return ka == kb
}

// cardKey is a card's kind, or for a flower the flower itself.
func cardKey(c game.Card) int {
	if c.IsFlower() {
		return 1000 + int(c)
	}
	return int(c.Kind())
}
