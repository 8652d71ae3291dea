package bot

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/ctxio"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// A TimedStrategy is a strategy whose budget is a time: ChooseSince
// decides as Choose does, counting the time from since, when the question
// arrived. Serve asks it so, with the time it read the question's line.
type TimedStrategy interface {
	game.Strategy
	ChooseSince(v *game.View, acts []game.Action, since time.Time) int
}

// ServeOptions set up a protocol player.
type ServeOptions struct {
	// Strategy plays the hands.
	Strategy game.Strategy
	// Seed makes the play reproducible: hand n (counting /initGame lines
	// from 1) is played with the seed game.Mix(Seed, n).
	Seed uint64
	// Honors is the numbering of the honor tiles' TIDs.
	Honors mjsolve.HonorOrder
	// Warn, when not nil, is told of lines the player could not follow
	// (they are otherwise skipped).
	Warn func(error)
}

// Serve plays over the ICGA/TCGA protocol: it reads the referee's lines
// from r and writes its replies to w, one line per question, until r ends.
// Many hands may come in one run: each /initGame starts a fresh hand. It
// keeps what it knows in a game.View, built from the referee's messages
// only (never from its own replies), and asks the strategy at every
// question with the actions the question allows. A line it cannot follow
// is skipped (and passed to Warn); a question it cannot answer otherwise is
// answered /pass (or, for /ask throw, with its highest card). Serve
// returns nil at the end of r, or the error of reading or writing.
//
// It stops when ctx is done, also while it waits for the referee's next
// line, with ctx.Err(); every reply given is written out.
func Serve(ctx context.Context, r io.Reader, w io.Writer, o ServeOptions) error {
	p := &server{o: o, w: bufio.NewWriter(w)}
	p.reset()
	sc := bufio.NewScanner(ctxio.NewReader(ctx, r))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		p.arrived = time.Now()
		if err := ctx.Err(); err != nil {
			return err
		}
		line := bytes.TrimRight(sc.Bytes(), "\r")
		if len(line) == 0 {
			continue
		}
		m, err := protocol.ParseMessage(line)
		if err != nil {
			p.warn(err)
			continue
		}
		if err := p.handle(&m); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := sc.Err(); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("bot: reading: %w", err)
	}
	return nil
}

// server is the state of a protocol player between lines.
type server struct {
	o       ServeOptions
	w       *bufio.Writer
	buf     []byte
	hands   uint64
	seat    game.Seat
	dealer  game.Seat
	round   game.Wind
	started bool // the view has the deal
	view    game.View
	// discard and discarder are the latest discard (the card a claim
	// takes); full says each seat is known to hold 3k+2 cards (after the
	// deal for the dealer, a claim or a replacement), so that its next
	// discard follows no draw.
	discard   game.Card
	discarder game.Seat
	full      [4]bool
	acts      [48]game.Action
	// arrived is when the line in hand was read: a TimedStrategy's
	// budget counts from it.
	arrived time.Time
}

func (p *server) reset() {
	p.started = false
	p.discard = game.NoCard
	p.full = [4]bool{}
}

func (p *server) warn(err error) {
	if p.o.Warn != nil {
		p.o.Warn(err)
	}
}

// card converts a TID of a parsed line (always valid) to a card.
func (p *server) card(t protocol.TID) game.Card {
	c, err := game.CardOfTID(int(t), p.o.Honors)
	if err != nil {
		return game.NoCard
	}
	return c
}

// apply follows an event, unless the deal has not been seen.
func (p *server) apply(e game.Event) {
	if p.started {
		p.view.Apply(&e)
	}
}

func (p *server) handle(m *protocol.Message) error {
	pos := game.Seat(m.Seat - 1)
	switch m.Op {
	case protocol.OpStart:
		p.seat = pos
		p.reset()
	case protocol.OpInitGame:
		p.reset()
		p.dealer, p.round = game.Seat(m.Dealer-1), m.Wind
		p.hands++
		p.o.Strategy.Begin(game.Mix(p.o.Seed, p.hands))
	case protocol.OpInitCard:
		var dealt [17]game.Card
		for i, t := range m.Cards() {
			dealt[i] = p.card(t)
		}
		if err := p.view.Start(p.seat, p.dealer, p.round, false, dealt[:m.N]); err != nil {
			p.warn(err)
			return nil
		}
		p.started = true
		p.full[p.dealer] = true
	case protocol.OpMo:
		p.apply(game.Event{Type: game.EventDraw, Seat: p.seat, From: p.seat, Card: p.card(m.Tiles[0])})
		p.full[p.seat] = true
	case protocol.OpThrow:
		if !p.full[pos] && pos != p.seat {
			// Another seat drew before discarding; the protocol does not
			// say so, but the wall is one card shorter.
			p.apply(game.Event{Type: game.EventDraw, Seat: pos, From: pos, Card: game.NoCard})
		}
		p.full[pos] = false
		p.discard, p.discarder = p.card(m.Tiles[0]), pos
		p.apply(game.Event{Type: game.EventDiscard, Seat: pos, From: pos, Card: p.discard})
	case protocol.OpEat, protocol.OpPong:
		e := game.Event{Type: game.EventPong, Seat: pos, From: p.discarder, Card: p.discard, Meld: p.meld(m, tw16.Pong)}
		if m.Op == protocol.OpEat {
			e.Type, e.Card, e.Meld = game.EventChow, p.card(m.Tiles[1]), p.meld(m, tw16.Chow)
		}
		p.full[pos] = true
		p.apply(e)
	case protocol.OpGong:
		p.gong(pos, m)
	case protocol.OpAsk:
		return p.answer(m.Ask)
	case protocol.OpHu, protocol.OpExit:
		p.started = false
	}
	return nil
}

// meld is the meld of a /eat, /pong or /gong line.
func (p *server) meld(m *protocol.Message, t tw16.MeldType) game.Meld {
	md := game.Meld{Type: t, Cards: [4]game.Card{game.NoCard, game.NoCard, game.NoCard, game.NoCard}, Claimed: p.discard, From: p.discarder}
	for i, tid := range m.Cards() {
		md.Cards[i] = p.card(tid)
	}
	for i := 1; i < 4; i++ { // ascending (the /eat line has the claimed card in the middle)
		for j := i; j > 0 && md.Cards[j] < md.Cards[j-1]; j-- {
			md.Cards[j], md.Cards[j-1] = md.Cards[j-1], md.Cards[j]
		}
	}
	return md
}

// gong follows a /gong line: the kong, then (for another seat, which the
// protocol does not tell) its replacement draw.
func (p *server) gong(pos game.Seat, m *protocol.Message) {
	if m.Gong != protocol.GongMeld && pos != p.seat && !p.full[pos] {
		// A concealed or added kong follows a draw the protocol did not
		// tell.
		p.apply(game.Event{Type: game.EventDraw, Seat: pos, From: pos, Card: game.NoCard})
	}
	var e game.Event
	switch m.Gong {
	case protocol.GongMeld:
		e = game.Event{Type: game.EventKong, Seat: pos, From: p.discarder, Card: p.discard, Meld: p.meld(m, tw16.Kong)}
	case protocol.GongConcealed:
		e = game.Event{Type: game.EventConcealedKong, Seat: pos, From: pos, Card: game.NoCard, Meld: p.meld(m, tw16.ConcealedKong)}
		e.Meld.Claimed = game.NoCard
	case protocol.GongPromoted:
		e = game.Event{Type: game.EventAddedKong, Seat: pos, From: pos, Card: p.card(m.Tiles[0])}
	}
	p.apply(e)
	if pos != p.seat {
		p.apply(game.Event{Type: game.EventDraw, Seat: pos, From: pos, Card: game.NoCard, Replacement: true})
		p.full[pos] = true
	}
}

// answer asks the strategy and writes the reply.
func (p *server) answer(q protocol.Ask) error {
	acts := p.actions(q)
	var a game.Action
	if p.started && len(acts) > 0 {
		var i int
		if t, ok := p.o.Strategy.(TimedStrategy); ok {
			i = t.ChooseSince(&p.view, acts, p.arrived)
		} else {
			i = p.o.Strategy.Choose(&p.view, acts)
		}
		if i >= 0 && i < len(acts) {
			a = acts[i]
		}
	} else {
		a = game.Act(game.Pass)
		if q == protocol.AskThrow && p.view.NHand > 0 {
			a = game.Act(game.Discard, p.view.Cards[p.view.NHand-1])
		}
	}
	return p.reply(q, a)
}

// actions lists what the question allows the seat, from its view.
func (p *server) actions(q protocol.Ask) []game.Action {
	v := &p.view
	acts := p.acts[:0]
	pass := game.Act(game.Pass)
	switch q {
	case protocol.AskThrow:
		for _, c := range v.Hand() {
			acts = append(acts, game.Act(game.Discard, c))
		}
		return acts
	case protocol.AskHu:
		return append(acts, game.Act(game.Hu), pass)
	case protocol.AskGong:
		if v.NHand%3 == 2 { // own turn: concealed and added kongs
			for k, n := range v.Concealed {
				if n == 4 {
					acts = append(acts, p.own(game.ConcealedKong, mjsolve.Kind(k), 4))
				}
			}
			for _, m := range v.MeldsOf(p.seat) {
				if k := m.Cards[0].Kind(); m.Type == tw16.Pong && v.Concealed[k] > 0 {
					acts = append(acts, p.own(game.AddedKong, k, 1))
				}
			}
		} else if p.claimable() && v.Concealed[p.discard.Kind()] >= 3 {
			acts = append(acts, p.own(game.Kong, p.discard.Kind(), 3))
		}
	case protocol.AskPong:
		if p.claimable() && v.Concealed[p.discard.Kind()] >= 2 {
			acts = append(acts, p.own(game.Pong, p.discard.Kind(), 2))
		}
	case protocol.AskEat:
		if k := p.discard.Kind(); p.claimable() && !k.IsHonor() {
			n := k.Number()
			for _, d := range [3][2]int{{-2, -1}, {-1, 1}, {1, 2}} {
				if n+d[0] < 1 || n+d[1] > 9 {
					continue
				}
				x, y := k+mjsolve.Kind(d[0]), k+mjsolve.Kind(d[1])
				if v.Concealed[x] > 0 && v.Concealed[y] > 0 {
					a := p.own(game.Chow, x, 1)
					a.Cards[1] = p.own(game.Chow, y, 1).Cards[0]
					acts = append(acts, a)
				}
			}
		}
	}
	return append(acts, pass)
}

// claimable reports whether the latest discard is a tile a claim can take.
func (p *server) claimable() bool { return p.discard.Valid() && !p.discard.IsFlower() }

// own is an action of type t with the seat's n lowest cards of kind k.
func (p *server) own(t game.ActionType, k mjsolve.Kind, n int) game.Action {
	a := game.Act(t)
	j := 0
	for _, c := range p.view.Hand() {
		if j < n && !c.IsFlower() && c.Kind() == k {
			a.Cards[j] = c
			j++
		}
	}
	return a
}

// reply writes the answer a to question q.
func (p *server) reply(q protocol.Ask, a game.Action) error {
	r := protocol.Reply{Op: protocol.OpPass}
	switch a.Type {
	case game.Discard:
		r.Op = protocol.OpThrow
	case game.Hu:
		r.Op = protocol.OpHu
	case game.Chow:
		r.Op = protocol.OpEat
	case game.Pong:
		r.Op = protocol.OpPong
	case game.Kong:
		r.Op, r.Gong = protocol.OpGong, protocol.GongMeld
	case game.ConcealedKong:
		r.Op, r.Gong = protocol.OpGong, protocol.GongConcealed
	case game.AddedKong:
		r.Op, r.Gong = protocol.OpGong, protocol.GongPromoted
	}
	for _, c := range a.Cards[:a.Type.CardsUsed()] {
		r.Tiles[r.N] = protocol.TID(c.TID(p.o.Honors))
		r.N++
	}
	b, err := r.Append(p.buf[:0])
	if err != nil {
		// Not a reply the protocol can carry: pass (or throw the highest
		// card) rather than say nothing.
		p.warn(fmt.Errorf("bot: cannot answer /ask %s with %s: %w", q, a, err))
		r = protocol.Reply{Op: protocol.OpPass}
		if q == protocol.AskThrow && p.view.NHand > 0 {
			r = protocol.Reply{Op: protocol.OpThrow, N: 1}
			r.Tiles[0] = protocol.TID(p.view.Cards[p.view.NHand-1].TID(p.o.Honors))
		}
		b, _ = r.Append(p.buf[:0])
	}
	p.buf = append(b, '\n')
	if _, err := p.w.Write(p.buf); err != nil {
		return fmt.Errorf("bot: writing: %w", err)
	}
	if err := p.w.Flush(); err != nil {
		return fmt.Errorf("bot: writing: %w", err)
	}
	return nil
}
