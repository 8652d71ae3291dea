package referee

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// wire is the referee's link to the four seats of one hand: the running
// programs (writing the transcript) or, for a replay, the transcript itself
// (checking every line the referee would send against it). Seats are 0–3;
// the protocol's positions are seat+1.
type wire interface {
	// send writes a line to the program at seat s. An error means the
	// program failed (or, in a replay, is a *MismatchError).
	send(s game.Seat, line []byte) error
	// recv reads the program's reply, as send.
	recv(s game.Seat) ([]byte, error)
	// note records a failure ('!') or the dummy's move for a failed seat
	// ('='); a replay checks it.
	note(s game.Seat, dir byte, text string) error
	// quit ends the program at seat s after its /exit.
	quit(s game.Seat)
}

// fatal reports whether err stops the hand instead of failing a program: a
// replay mismatch or an interruption.
func fatal(err error) bool {
	var m *MismatchError
	return errors.As(err, &m) || errors.Is(err, ErrInterrupted)
}

// ErrInterrupted is returned when the context of a match is done.
var ErrInterrupted = errors.New("referee: interrupted")

// hand plays one hand of g over w, speaking the protocol for the engine.
type hand struct {
	g     *game.Game
	w     wire
	o     mjsolve.HonorOrder
	paths [4]string // the /start path of each seat
	// absent says why a seat has no program at all this hand ("" when it
	// has one): the dummy plays it from the start.
	absent [4]string
	failed [4]bool
	// drawn is the card each seat drew this turn, for the dummy.
	drawn [4]game.Card
	seen  int
	buf   []byte
	// acted, when set, is told of every decision played: the program's
	// (dummy false) or the dummy's.
	acted func(s game.Seat, a game.Action, dummy bool)
	// asks, think and longest are each seat's questions answered, the
	// time from each question to its reply and the longest.
	asks           [4]int
	think, longest [4]time.Duration
}

// play plays the hand to its end: the deal, every decision, the /exit.
func (h *hand) play() error {
	g := h.g
	h.drawn = [4]game.Card{game.NoCard, game.NoCard, game.NoCard, game.NoCard}
	for s := range game.Seat(4) {
		if h.absent[s] != "" {
			if err := h.w.note(s, '!', h.absent[s]); err != nil {
				return err
			}
			h.failed[s] = true
		}
	}
	for s := range game.Seat(4) {
		if err := h.send(s, protocol.Message{Op: protocol.OpStart, Seat: uint8(s) + 1, Path: h.paths[s]}); err != nil {
			return err
		}
	}
	init := protocol.Message{Op: protocol.OpInitGame, Wind: g.Round(), Game: g.Dealer().Wind(),
		Open: uint8(g.Dealer()) + 1, Dealer: uint8(g.Dealer()) + 1}
	for s := range game.Seat(4) {
		if err := h.send(s, init); err != nil {
			return err
		}
	}
	for s := range game.Seat(4) {
		m := protocol.Message{Op: protocol.OpInitCard}
		m.N = uint8(len(g.Dealt(s)))
		for i, c := range g.Dealt(s) {
			m.Tiles[i] = h.tid(c)
		}
		slices.Sort(m.Tiles[:m.N])
		if err := h.send(s, m); err != nil {
			return err
		}
	}
	for {
		if err := h.events(); err != nil {
			return err
		}
		if g.Over() {
			break
		}
		if err := h.decide(); err != nil {
			return err
		}
	}
	exit := protocol.Message{Op: protocol.OpExit, HasScores: true, Scores: g.Result().Points}
	for s := range game.Seat(4) {
		if err := h.send(s, exit); err != nil {
			return err
		}
	}
	return nil
}

func (h *hand) tid(c game.Card) protocol.TID { return protocol.TID(c.TID(h.o)) }

// send formats m and sends it to seat s unless s has failed; a program
// that cannot take it fails.
func (h *hand) send(s game.Seat, m protocol.Message) error {
	if h.failed[s] {
		return nil
	}
	var err error
	if h.buf, err = m.Append(h.buf[:0]); err != nil {
		return fmt.Errorf("referee: formatting %v: %w", m, err) // a bug: the engine made it
	}
	if err := h.w.send(s, h.buf); err != nil {
		if fatal(err) {
			return err
		}
		return h.fail(s, err.Error())
	}
	return nil
}

// broadcast sends m to every seat.
func (h *hand) broadcast(m protocol.Message) error {
	for s := range game.Seat(4) {
		if err := h.send(s, m); err != nil {
			return err
		}
	}
	return nil
}

// fail records why the program at seat s failed, sends it /exit and ends
// it; a dummy plays the seat for the rest of the hand.
func (h *hand) fail(s game.Seat, why string) error {
	if h.failed[s] {
		return nil
	}
	if err := h.w.note(s, '!', why); err != nil {
		return err
	}
	h.failed[s] = true
	if err := h.w.send(s, []byte("/exit")); fatal(err) {
		return err
	}
	h.w.quit(s)
	return nil
}

// events turns the engine's new events into messages.
func (h *hand) events() error {
	g := h.g
	for evs := g.Events(); h.seen < len(evs); h.seen++ {
		e := &evs[h.seen]
		pos := uint8(e.Seat) + 1
		if e.Type != game.EventDraw && int(e.Seat) < 4 {
			h.drawn[e.Seat] = game.NoCard
		}
		var err error
		switch e.Type {
		case game.EventDraw:
			h.drawn[e.Seat] = e.Card
			m := protocol.Message{Op: protocol.OpMo}
			m.SetCards(h.tid(e.Card))
			err = h.send(e.Seat, m)
		case game.EventFlower:
			return fmt.Errorf("referee: the protocol has no message for a flower (%v)", e)
		case game.EventDiscard:
			m := protocol.Message{Op: protocol.OpThrow, Seat: pos}
			m.SetCards(h.tid(e.Card))
			err = h.broadcast(m)
		case game.EventChow:
			var own [2]protocol.TID
			n := 0
			for _, c := range e.Meld.Cards[:3] {
				if c != e.Card {
					own[n] = h.tid(c)
					n++
				}
			}
			m := protocol.Message{Op: protocol.OpEat, Seat: pos}
			m.SetCards(min(own[0], own[1]), h.tid(e.Card), max(own[0], own[1]))
			err = h.broadcast(m)
		case game.EventPong, game.EventKong, game.EventConcealedKong:
			m := protocol.Message{Op: protocol.OpPong, Seat: pos}
			if e.Type != game.EventPong {
				m.Op, m.Gong = protocol.OpGong, protocol.GongMeld
			}
			m.N = uint8(e.Meld.Size())
			for i, c := range e.Meld.Cards[:m.N] {
				m.Tiles[i] = h.tid(c)
			}
			slices.Sort(m.Tiles[:m.N])
			if e.Type != game.EventConcealedKong {
				err = h.broadcast(m)
				break
			}
			// The owner sees the tiles, the others only that a concealed
			// kong was made.
			m.Gong = protocol.GongConcealed
			short := protocol.Message{Op: protocol.OpGong, Gong: protocol.GongConcealed, Seat: pos}
			for s := range game.Seat(4) {
				if s == e.Seat {
					err = h.send(s, m)
				} else {
					err = h.send(s, short)
				}
				if err != nil {
					break
				}
			}
		case game.EventAddedKong:
			m := protocol.Message{Op: protocol.OpGong, Gong: protocol.GongPromoted, Seat: pos}
			m.SetCards(h.tid(e.Card))
			err = h.broadcast(m)
		case game.EventWin:
			m := protocol.Message{Op: protocol.OpHu, Seat: pos}
			m.Tiles[0] = h.tid(e.Card)
			m.N = 1
			skipped := false
			for _, c := range g.Hand(e.Seat) {
				if c == e.Card && !skipped {
					skipped = true
					continue
				}
				m.Tiles[m.N] = h.tid(c)
				m.N++
			}
			slices.Sort(m.Tiles[1:m.N])
			err = h.broadcast(m)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// decide asks the seat to act for its decision (or makes the dummy's) and
// plays it.
func (h *hand) decide() error {
	g := h.g
	s := g.ToAct()
	if h.failed[s] {
		return h.dummy(s)
	}
	switch g.Phase() {
	case game.PhaseTurn:
		var hu, kong bool
		for _, a := range g.Actions() {
			hu = hu || a.Type == game.Hu
			kong = kong || a.Type == game.ConcealedKong || a.Type == game.AddedKong
		}
		if hu {
			r, ok, err := h.ask(s, protocol.AskHu)
			if !ok || r.Op == protocol.OpHu {
				return h.play1(s, r, ok, err, game.Act(game.Hu))
			}
		}
		if kong {
			r, ok, err := h.ask(s, protocol.AskGong)
			if !ok || r.Op != protocol.OpPass {
				var a game.Action
				switch r.Gong {
				case protocol.GongConcealed:
					a = h.act(game.ConcealedKong, r.Cards())
				case protocol.GongPromoted:
					a = h.act(game.AddedKong, r.Cards())
				default:
					a = h.act(game.Kong, r.Cards())
				}
				return h.play1(s, r, ok, err, a)
			}
		}
		r, ok, err := h.ask(s, protocol.AskThrow)
		return h.play1(s, r, ok, err, h.act(game.Discard, r.Cards()))
	case game.PhaseRob:
		r, ok, err := h.ask(s, protocol.AskHu)
		return h.play1(s, r, ok, err, h.claimAct(r))
	case game.PhaseClaim:
		switch g.Claim() {
		case game.StageHu:
			r, ok, err := h.ask(s, protocol.AskHu)
			return h.play1(s, r, ok, err, h.claimAct(r))
		case game.StagePong:
			for _, a := range g.Actions() {
				if a.Type != game.Kong {
					continue
				}
				r, ok, err := h.ask(s, protocol.AskGong)
				if !ok || r.Op != protocol.OpPass {
					return h.play1(s, r, ok, err, h.act(game.Kong, r.Cards()))
				}
			}
			r, ok, err := h.ask(s, protocol.AskPong)
			return h.play1(s, r, ok, err, h.claimAct(r))
		case game.StageChow:
			r, ok, err := h.ask(s, protocol.AskEat)
			return h.play1(s, r, ok, err, h.claimAct(r))
		}
	}
	return fmt.Errorf("referee: the engine waits in phase %v", g.Phase())
}

// claimAct is the action of a reply to a claim question.
func (h *hand) claimAct(r protocol.Reply) game.Action {
	switch r.Op {
	case protocol.OpHu:
		return game.Act(game.Hu)
	case protocol.OpPong:
		return h.act(game.Pong, r.Cards())
	case protocol.OpEat:
		return h.act(game.Chow, r.Cards())
	}
	return game.Act(game.Pass)
}

// act is an action of type t with the cards of tids.
func (h *hand) act(t game.ActionType, tids []protocol.TID) game.Action {
	a := game.Act(t)
	for i, tid := range tids {
		c, err := game.CardOfTID(int(tid), h.o)
		if err != nil {
			c = game.NoCard
		}
		a.Cards[i] = c
	}
	return a
}

// The replies each question accepts besides /pass (/ask throw accepts only
// /throw).
var answers = [...]protocol.Op{
	protocol.AskThrow: protocol.OpThrow,
	protocol.AskPong:  protocol.OpPong,
	protocol.AskGong:  protocol.OpGong,
	protocol.AskEat:   protocol.OpEat,
	protocol.AskHu:    protocol.OpHu,
}

// ask sends the question to seat s and reads its reply; ok is false when
// the program failed (err is then fatal or nil).
func (h *hand) ask(s game.Seat, q protocol.Ask) (r protocol.Reply, ok bool, err error) {
	start := time.Now()
	if err := h.send(s, protocol.Message{Op: protocol.OpAsk, Ask: q}); err != nil || h.failed[s] {
		return r, false, err
	}
	line, err := h.w.recv(s)
	d := time.Since(start)
	h.asks[s]++
	h.think[s] += d
	h.longest[s] = max(h.longest[s], d)
	if err != nil {
		if fatal(err) {
			return r, false, err
		}
		return r, false, h.fail(s, err.Error())
	}
	r, err = protocol.ParseReply(line)
	if err != nil {
		return r, false, h.fail(s, "wrong instruction: "+err.Error())
	}
	if r.Op != answers[q] && (r.Op != protocol.OpPass || q == protocol.AskThrow) {
		return r, false, h.fail(s, fmt.Sprintf("wrong instruction: %q to /ask %s", line, q))
	}
	return r, true, nil
}

// play1 plays a, the program's reply r, unless the program failed
// (!ok: err is fatal or nil, and the dummy acts next) or a is illegal (it
// fails).
func (h *hand) play1(s game.Seat, r protocol.Reply, ok bool, err error, a game.Action) error {
	if !ok {
		return err
	}
	if err := h.g.Apply(a); err != nil {
		if !errors.Is(err, game.ErrIllegal) {
			return fmt.Errorf("referee: %w", err)
		}
		return h.fail(s, fmt.Sprintf("illegal instruction %q: %v", r.String(), err))
	}
	if h.acted != nil {
		h.acted(s, a, false)
	}
	return nil
}

// dummy plays a failed seat: it discards the card it drew (its highest
// card, honors last, when it drew none) and claims nothing, as the framework's failure
// mode does.
func (h *hand) dummy(s game.Seat) error {
	g := h.g
	a := game.Act(game.Pass)
	r := protocol.Reply{Op: protocol.OpPass}
	if g.Phase() == game.PhaseTurn {
		hand := g.Hand(s)
		c := hand[len(hand)-1]
		if d := h.drawn[s]; d != game.NoCard && slices.Contains(hand, d) {
			c = d
		}
		a = game.Act(game.Discard, c)
		r = protocol.Reply{Op: protocol.OpThrow}
		r.SetCards(h.tid(c))
	}
	if err := h.w.note(s, '=', r.String()); err != nil {
		return err
	}
	if err := g.Apply(a); err != nil {
		return fmt.Errorf("referee: the dummy's %v: %w", a, err)
	}
	if h.acted != nil {
		h.acted(s, a, true)
	}
	return nil
}
