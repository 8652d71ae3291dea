package handlog

import (
	"fmt"
	"slices"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Build deals the hand of cfg (its Wall, or its Seed), plays the steps
// through the rules engine and returns the hand in event form. The header
// is h with what the game sets filled in: the schema, version and type, the
// dealer, round, rules, flowers and wall (h.Honors numbers the tile ids;
// "" is "icga"). A step that is not the decision of the seat to act or is
// not legal, or steps that end before the hand does, are an error.
func Build(h Header, cfg game.Config, steps []Step) (*Hand, error) {
	if h.Honors == "" {
		h.Honors = mjsolve.HonorsICGA.String()
	}
	o, err := mjsolve.ParseHonorOrder(h.Honors)
	if err != nil {
		return nil, fmt.Errorf("handlog: honors: %w", err)
	}
	g, err := game.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("handlog: %w", err)
	}
	h.Schema, h.Version, h.Type = Schema, Version, "hand"
	h.Dealer, h.Round = int(g.Dealer())+1, g.Round().String()
	h.Rules, h.Flowers = g.Rules().Name, g.Flowers()
	h.Wall, h.WallTIDs = tiles(g.Wall(), o)
	b := &builder{g: g, o: o, hand: &Hand{Header: h, Events: make([]Event, 0, 256)}, wallLeft: len(g.Wall()) - 65}
	for p := range game.Seat(4) {
		s := (g.Dealer() + p) & 3
		ts, tids := tiles(g.Dealt(s), o)
		b.add(Event{Type: EventDeal, Seat: int(s) + 1, Tiles: ts, TIDs: tids})
	}
	b.flush()
	for i, st := range steps {
		if err := b.step(&st); err != nil {
			return nil, &StepError{Step: i, Seat: st.Seat, What: describeStep(&st), Err: err}
		}
	}
	if !g.Over() {
		return nil, fmt.Errorf("handlog: the %d steps end before the hand (seat %d to act in the %s phase)", len(steps), g.ToAct()+1, g.Phase())
	}
	if b.wallLeft != g.WallLeft() {
		return nil, fmt.Errorf("handlog: %d cards left in the wall, %d by the draws", g.WallLeft(), b.wallLeft) // a bug
	}
	res := g.Result()
	b.add(Event{Type: EventEnd, Points: res.Points[:], Result: describe(res, o)})
	return b.hand, nil
}

// StepError is a step Build cannot play.
type StepError struct {
	Step int // its index in the steps
	// N is its event in a hand being verified (0 when there is none).
	N    int
	Seat game.Seat
	What string // the step: "discard 5p#2", "failure"
	Err  error  // why
}

func (e *StepError) Error() string {
	if e.N > 0 {
		return fmt.Sprintf("handlog: event %d (seat %d %s): %v", e.N, e.Seat+1, e.What, e.Err)
	}
	return fmt.Sprintf("handlog: step %d (seat %d %s): %v", e.Step+1, e.Seat+1, e.What, e.Err)
}

func (e *StepError) Unwrap() error { return e.Err }

// describeStep writes a step for an error message.
func describeStep(st *Step) string {
	if st.Failure != "" {
		return "failure"
	}
	return st.Action.String()
}

// builder writes down a hand as it is played.
type builder struct {
	g    *game.Game
	o    mjsolve.HonorOrder
	hand *Hand
	seen int // the game's events written down
	// failed says which seats' programs have failed: the dummy plays them.
	failed [4]bool
	// wallLeft counts the cards left in the wall: every draw takes one.
	wallLeft int
}

// add appends e, numbered and with the wall left after it.
func (b *builder) add(e Event) {
	e.N = len(b.hand.Events) + 1
	if e.Type == EventDraw {
		b.wallLeft--
	}
	e.WallLeft = b.wallLeft
	b.hand.Events = append(b.hand.Events, e)
}

// last returns the latest event written.
func (b *builder) last() *Event { return &b.hand.Events[len(b.hand.Events)-1] }

// flush writes down the game's events since the last flush.
func (b *builder) flush() {
	evs := b.g.Events()
	for ; b.seen < len(evs); b.seen++ {
		b.add(b.event(&evs[b.seen]))
	}
}

// step plays one step.
func (b *builder) step(st *Step) error {
	g := b.g
	if st.Seat > 3 {
		return fmt.Errorf("no seat %d", st.Seat+1)
	}
	if st.Failure != "" {
		if b.failed[st.Seat] {
			return fmt.Errorf("the program at seat %d has failed already", st.Seat+1)
		}
		b.failed[st.Seat] = true
		b.add(Event{Type: EventFailure, Seat: int(st.Seat) + 1, Why: st.Failure})
		return nil
	}
	if g.Over() {
		return fmt.Errorf("the hand is over")
	}
	if st.Seat != g.ToAct() {
		return fmt.Errorf("seat %d is to act", g.ToAct()+1)
	}
	switch {
	case st.Dummy && !b.failed[st.Seat]:
		return fmt.Errorf("a move of the dummy, but the program at seat %d has not failed", st.Seat+1)
	case !st.Dummy && b.failed[st.Seat]:
		return fmt.Errorf("a move of the program at seat %d after its failure, not of the dummy", st.Seat+1)
	case st.Dummy:
		if want := dummyAction(g); st.Action != want {
			return fmt.Errorf("the dummy plays %s", want)
		}
	}
	on := occasion(g)
	offered := offeredTypes(g.Actions())
	var passed game.Card = game.NoCard
	if evs := g.Events(); len(evs) > 0 {
		passed = evs[len(evs)-1].Card // the discard, or the added kong's card
	}
	if err := g.Apply(st.Action); err != nil {
		return err
	}
	if st.Action.Type == game.Pass {
		e := Event{Type: EventPass, Seat: int(st.Seat) + 1}
		if passed.Valid() {
			e.Tile, e.TID = passed.Tile().String(), passed.TID(b.o)
		}
		b.add(e)
	} else {
		evs := g.Events()
		if b.seen == len(evs) || evs[b.seen].Seat != st.Seat {
			return fmt.Errorf("the engine wrote no event of seat %d for it", st.Seat+1) // a bug
		}
		b.add(b.event(&evs[b.seen]))
		b.seen++
	}
	e := b.last()
	e.On, e.Offered, e.Took = on, offered, st.Took
	if st.Dummy {
		e.By = "dummy"
	}
	b.flush()
	return nil
}

// dummyAction is the move of the dummy that plays a failed program's seat,
// as the referee makes it: it discards the card it drew (its highest card,
// honors last, when it drew none: after a claim or the deal) and claims
// nothing.
func dummyAction(g *game.Game) game.Action {
	if g.Phase() != game.PhaseTurn {
		return game.Act(game.Pass)
	}
	s := g.ToAct()
	hand := g.Hand(s)
	c := hand[len(hand)-1]
	if evs := g.Events(); len(evs) > 0 {
		if e := evs[len(evs)-1]; e.Type == game.EventDraw && e.Seat == s && slices.Contains(hand, e.Card) {
			c = e.Card
		}
	}
	return game.Act(game.Discard, c)
}

// occasion names the decision the game waits for.
func occasion(g *game.Game) string {
	switch g.Phase() {
	case game.PhaseClaim:
		return [...]string{game.StageHu: OnHu, game.StagePong: OnPong, game.StageChow: OnChow}[g.Claim()]
	case game.PhaseRob:
		return OnRob
	}
	return OnTurn
}

// offeredTypes lists the types of acts in order, when there are more than
// one.
func offeredTypes(acts []game.Action) []string {
	var ts []string
	for _, a := range acts {
		if t := a.Type.String(); !slices.Contains(ts, t) {
			ts = append(ts, t)
		}
	}
	if len(ts) < 2 {
		return nil
	}
	return ts
}

// event writes down one event of the game.
func (b *builder) event(e *game.Event) Event {
	ev := Event{Seat: int(e.Seat) + 1}
	card := func() { ev.Tile, ev.TID = e.Card.Tile().String(), e.Card.TID(b.o) }
	meld := func() { ev.Tiles, ev.TIDs = tiles(e.Meld.Cards[:e.Meld.Size()], b.o) }
	switch e.Type {
	case game.EventDraw:
		ev.Type, ev.Replacement = EventDraw, e.Replacement
		card()
	case game.EventFlower:
		ev.Type = EventFlower
		card()
	case game.EventDiscard:
		ev.Type = EventDiscard
		card()
	case game.EventChow, game.EventPong, game.EventKong:
		ev.Type = map[game.EventType]string{game.EventChow: EventChow, game.EventPong: EventPong, game.EventKong: EventKong}[e.Type]
		ev.From = int(e.From) + 1
		card()
		meld()
	case game.EventConcealedKong:
		ev.Type = EventConcealedKong
		meld()
	case game.EventAddedKong:
		ev.Type = EventAddedKong
		card()
	case game.EventWin:
		ev.Type, ev.From, ev.SelfDrawn, ev.Robbed = EventWin, int(e.From)+1, e.From == e.Seat, e.Robbed
		card()
		res := b.g.Result()
		ev.Score = &Score{Tai: res.Score.Tai, Items: append([]tw16.Item{}, res.Score.Items...), Value: res.Score.Points}
		ev.Points = res.Points[:]
		rest := slices.Clone(b.g.Hand(e.Seat))
		if i := slices.Index(rest, e.Card); i >= 0 {
			rest = slices.Delete(rest, i, i+1)
		}
		ev.Tiles, ev.TIDs = tiles(rest, b.o)
	case game.EventExhausted:
		ev = Event{Type: EventExhausted, Points: []int{0, 0, 0, 0}}
	default:
		ev.Type = e.Type.String()
	}
	return ev
}

// tiles writes cards in compact notation and as tile ids.
func tiles(cs []game.Card, o mjsolve.HonorOrder) ([]string, []int) {
	ts, tids := make([]string, len(cs)), make([]int, len(cs))
	for i, c := range cs {
		ts[i], tids[i] = c.Tile().String(), c.TID(o)
	}
	return ts, tids
}

// describe writes the outcome of a hand for people.
func describe(r *game.Result, o mjsolve.HonorOrder) string {
	if r.Exhausted {
		return "drawn"
	}
	how := fmt.Sprintf("on the discard of seat %d", r.From+1)
	switch {
	case r.SelfDrawn:
		how = "self-drawn"
	case r.RobbedKong:
		how = fmt.Sprintf("robbing the kong of seat %d", r.From+1)
	}
	return fmt.Sprintf("seat %d wins %s on %s (%d), %d tai", r.Winner+1, how, r.Card.Tile(), r.Card.TID(o), r.Score.Tai)
}
