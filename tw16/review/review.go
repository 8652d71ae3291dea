package review

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/bot"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// DefaultSamples is the budget by default: the positions of the engine's
// race per decision, and the playouts of its test and of the cost of a
// disagreement.
const DefaultSamples = 16

// MaxSamples bounds Options.Samples.
const MaxSamples = 100_000

// Options set a review up.
type Options struct {
	// Samples is the budget (DefaultSamples when 0): the engine races
	// every legal action over up to Samples sampled positions and tests
	// its leader against the advice engine's choice in Samples/2 more;
	// when it chooses otherwise than the player, the cost is measured in
	// Samples/2 more positions (Samples playouts).
	Samples int
	// Seed makes the estimates reproducible: a decision's samples depend
	// on it, the hand's number and the decision's move number only.
	Seed uint64
	// Tables are the shanten tables (nil: tw16.DefaultTables).
	Tables *tw16.TableSet
}

// Engine makes the engine's choice of a decision: the index of an action
// of acts, the same for the same seed. New's engine plays the advice
// engine's choice unless the search evaluator finds another action clearly
// better (see the package doc).
type Engine interface {
	Choose(v *game.View, acts []game.Action, seed uint64) int
}

// Rater estimates the points each legal action of a decision is worth to
// the seat to act, in the order of acts, over samples positions, the same
// for the same seed: the search strategy's evaluator (bot.Evaluator) in a
// Reviewer.
type Rater interface {
	Rate(v *game.View, acts []game.Action, samples int, seed uint64, out []float64) ([]float64, error)
}

// evaluator rates with bot.Evaluator.
type evaluator struct {
	e   *bot.Evaluator
	est []bot.Estimate
}

func (r *evaluator) Rate(v *game.View, acts []game.Action, samples int, seed uint64, out []float64) ([]float64, error) {
	var err error
	if r.est, err = r.e.Evaluate(v, acts, samples, seed, r.est); err != nil {
		return nil, err
	}
	out = out[:0]
	for _, e := range r.est {
		out = append(out, e.Mean)
	}
	return out, nil
}

// Reviewer rates the decisions of hands. It is not safe for concurrent
// use: review hands in parallel with one Reviewer each.
type Reviewer struct {
	o      Options
	engine Engine
	rater  Rater
	vals   []float64
	pair   [2]game.Action
}

// New returns a reviewer of a player's decisions. Its engine plays the
// advice engine's choice (bot.Advice) unless the search strategy's
// evaluator (bot.Evaluator) finds another action clearly better at
// Options.Samples positions, the costs measured by the same evaluator,
// under the competition's rules.
func New(o Options) (*Reviewer, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	ev := &evaluator{e: bot.NewEvaluator(o.Tables, tw16.Rules{})}
	return NewWith(o, newSearchEngine(o, ev), ev)
}

// NewWith returns a reviewer with the engine e and the rater r.
func NewWith(o Options, e Engine, r Rater) (*Reviewer, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	o.Samples = o.samples()
	return &Reviewer{o: o, engine: e, rater: r}, nil
}

// samples is the budget: Samples, or DefaultSamples when 0.
func (o *Options) samples() int {
	if o.Samples == 0 {
		return DefaultSamples
	}
	return o.Samples
}

// check checks the budget.
func (o *Options) check() error {
	if n := o.samples(); n < 1 || n > MaxSamples {
		return fmt.Errorf("review: %d samples: want 1 to %d", o.Samples, MaxSamples)
	}
	return nil
}

// Samples returns the budget the reviewer rates with.
func (r *Reviewer) Samples() int { return r.o.Samples }

// Decision is the review of one decision.
type Decision struct {
	// File names the hand's file (set from HandReview.File by
	// Report.Add); Hand is the hand's number in its match; N is the decision's event
	// (its move number in the hand); Seat is 1–4 and Name its player.
	File string `json:"file,omitempty"`
	Hand int    `json:"hand"`
	N    int    `json:"n"`
	Seat int    `json:"seat"`
	Name string `json:"name"`
	// On is the occasion (handlog.OnTurn …); Position is what the seat
	// held and saw: its concealed tiles (a tile just drawn among them),
	// the tile it drew or may claim, its melds and the wall left.
	On       string `json:"on"`
	Position string `json:"position"`
	// Chosen is the action taken and Best the engine's choice ("discard
	// 5p", "pong 55p", "pass", "hu"…), Actions the number of legal actions.
	Chosen  string `json:"chosen"`
	Best    string `json:"best"`
	Actions int    `json:"actions"`
	// Agree says Chosen is Best. Cost is the estimated points Best is
	// worth more than Chosen, measured on positions of its own (0 when
	// they agree; below zero when the action taken did better).
	Agree bool    `json:"agree"`
	Cost  float64 `json:"cost"`
}

// SeatReview sums up one seat of a hand.
type SeatReview struct {
	Seat   int    `json:"seat"`
	Player int    `json:"player"`
	Name   string `json:"name"`
	// Decisions are the decisions rated, Agreed those where the engine
	// chose the same, Cost the sum of their costs.
	Decisions int     `json:"decisions"`
	Agreed    int     `json:"agreed"`
	Cost      float64 `json:"cost"`
	// Failed says the seat's program failed; Dummy counts the decisions
	// the dummy made for it after that (not rated).
	Failed bool `json:"failed"`
	Dummy  int  `json:"dummy"`
	// Points are the seat's points in the hand.
	Points int `json:"points"`
}

// HandReview is the review of the chosen seats of one hand.
type HandReview struct {
	// File names where the hand came from (set by the caller).
	File      string       `json:"file,omitempty"`
	Hand      int          `json:"hand"`
	Seats     []SeatReview `json:"seats"`
	Decisions []Decision   `json:"decisions"`
}

// Hand reviews the decisions of the chosen seats in the hand h. The seats
// are seats[s] for seat s, 0–3; it reviews every decision with more than
// one legal action, made by the seat's program (the dummy's moves are
// counted, not rated). It stops between two decisions when ctx is done and
// returns ctx's error.
func (r *Reviewer) Hand(ctx context.Context, h *handlog.Hand, seats [4]bool) (*HandReview, error) {
	hr := &HandReview{Hand: h.Header.Hand}
	end := h.End()
	if end == nil {
		return nil, errors.New("review: the hand has no end")
	}
	index := [4]int{-1, -1, -1, -1}
	for _, si := range h.Header.Seats {
		s := si.Seat - 1
		if s < 0 || s > 3 || !seats[s] || index[s] >= 0 {
			continue
		}
		index[s] = len(hr.Seats)
		hr.Seats = append(hr.Seats, SeatReview{Seat: si.Seat, Player: si.Player, Name: si.Name, Points: end.Points[s]})
	}
	for _, e := range h.Events {
		if e.Type == handlog.EventFailure && e.Seat >= 1 && e.Seat <= 4 && index[e.Seat-1] >= 0 {
			hr.Seats[index[e.Seat-1]].Failed = true
		}
	}
	err := handlog.Walk(h, r.o.Tables, func(d *handlog.Decision) error {
		i := index[d.Seat]
		if i < 0 {
			return nil
		}
		sr := &hr.Seats[i]
		if d.Dummy {
			sr.Dummy++
			return nil
		}
		if len(d.Actions) < 2 {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		dec, err := r.decision(h, d)
		if err != nil {
			return fmt.Errorf("review: hand %d, event %d: %w", h.Header.Hand, d.Event.N, err)
		}
		dec.Name = sr.Name
		sr.Decisions++
		if dec.Agree {
			sr.Agreed++
		}
		sr.Cost += dec.Cost
		hr.Decisions = append(hr.Decisions, dec)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return hr, nil
}

// decision rates one decision: the engine chooses its action at the
// decision's seed; when it is not the action taken, both are played in
// CostPositions new positions, and the difference of their means is the
// cost (unbiased: the engine's choice did not see those positions).
func (r *Reviewer) decision(h *handlog.Hand, d *handlog.Decision) (Decision, error) {
	seed := game.Mix(r.o.Seed, uint64(h.Header.Hand)<<16|uint64(d.Event.N))
	best := r.engine.Choose(d.View, d.Actions, seed)
	if best < 0 || best >= len(d.Actions) {
		return Decision{}, fmt.Errorf("the engine chose action %d of %d", best, len(d.Actions))
	}
	dec := Decision{
		Hand: h.Header.Hand, N: d.Event.N, Seat: int(d.Seat) + 1, On: d.Event.On,
		Position: position(d), Chosen: describe(d.Actions[d.Chosen]), Best: describe(d.Actions[best]),
		Actions: len(d.Actions), Agree: sameChoice(d.Actions[best], d.Actions[d.Chosen]),
	}
	if dec.Agree {
		dec.Best = dec.Chosen
		return dec, nil
	}
	r.pair = [2]game.Action{d.Actions[best], d.Actions[d.Chosen]}
	var err error
	if r.vals, err = r.rater.Rate(d.View, r.pair[:], r.costPositions(), game.Mix(seed, 1<<40), r.vals); err != nil {
		return Decision{}, err
	}
	dec.Cost = r.vals[0] - r.vals[1]
	return dec, nil
}

// costPositions is the number of positions the cost of a disagreement is
// measured in: Samples playouts, half for each of the two actions.
func (r *Reviewer) costPositions() int { return max(1, r.o.Samples/2) }

// sameChoice reports whether a and b are the same choice: the same type
// and the same kinds of cards.
func sameChoice(a, b game.Action) bool {
	if a.Type != b.Type {
		return false
	}
	n := a.Type.CardsUsed()
	var ka, kb [4]int
	for i := range n {
		ka[i], kb[i] = key(a.Cards[i]), key(b.Cards[i])
	}
	slices.Sort(ka[:n])
	slices.Sort(kb[:n])
	return ka == kb
}

// key is a card's kind, or for a flower the flower itself.
func key(c game.Card) int {
	if c.IsFlower() {
		return 1000 + int(c)
	}
	return int(c.Kind())
}

// describe writes an action with the kinds of the seat's own tiles it
// uses: "discard 5p", "chow 46p", "pong 55p", "concealed-kong 5555p",
// "hu", "pass".
func describe(a game.Action) string {
	n := a.Type.CardsUsed()
	if n == 0 {
		return a.Type.String()
	}
	ts := make([]mjsolve.Tile, n)
	for i, c := range a.Cards[:n] {
		ts[i] = c.Tile()
	}
	return a.Type.String() + " " + mjsolve.FormatTiles(ts)
}

// position describes what the seat to act held and saw: "hand
// 123m456p789s11z drew 5p; melds 555s; 40 left", "hand … on 5p from seat
// 3 …".
func position(d *handlog.Decision) string {
	v := d.View
	var b strings.Builder
	hand := v.Hand()
	ts := make([]mjsolve.Tile, len(hand))
	for i, c := range hand {
		ts[i] = c.Tile()
	}
	b.WriteString("hand " + mjsolve.FormatTiles(ts))
	switch {
	case d.Event.On == handlog.OnTurn && v.Drawn.Valid():
		b.WriteString(" drew " + v.Drawn.Tile().String())
	case d.Event.On != handlog.OnTurn && v.Last.Card.Valid():
		b.WriteString(fmt.Sprintf(" on %s from seat %d", v.Last.Card.Tile(), v.Last.Seat+1))
	}
	if ms := v.MeldsOf(v.Seat); len(ms) > 0 {
		b.WriteString("; melds")
		for _, m := range ms {
			mt := make([]mjsolve.Tile, m.Size())
			for i, c := range m.Cards[:m.Size()] {
				mt[i] = c.Tile()
			}
			b.WriteString(" " + mjsolve.FormatTiles(mt))
		}
	}
	fmt.Fprintf(&b, "; %d left", v.WallLeft)
	return b.String()
}
