package bot

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// client is a protocol player driven line by line in the test.
type client struct {
	s   *server
	out bytes.Buffer
}

func newClient(st game.Strategy, seed uint64) *client {
	c := &client{}
	c.s = &server{o: ServeOptions{Strategy: st, Seed: seed}, w: bufio.NewWriter(&c.out)}
	c.s.reset()
	return c
}

// send gives the client a line and returns its reply ("" when none).
func (c *client) send(t *testing.T, line string) string {
	t.Helper()
	m, err := protocol.ParseMessage(line)
	if err != nil {
		t.Fatalf("the test referee sent %q: %v", line, err)
	}
	if err := c.s.handle(&m); err != nil {
		t.Fatal(err)
	}
	r := strings.TrimSuffix(c.out.String(), "\n")
	c.out.Reset()
	return r
}

// miniReferee plays g over the protocol with four clients, as
// tw16/referee does (without processes), and checks each client's view
// against the engine at every question.
type miniReferee struct {
	t       *testing.T
	g       *game.Game
	cl      [4]*client
	seen    int
	asked   int
	replies map[string]int
}

func (r *miniReferee) msg(m protocol.Message) string {
	b, err := m.Append(nil)
	if err != nil {
		r.t.Fatalf("bad message %v: %v", m, err)
	}
	return string(b)
}

func (r *miniReferee) broadcast(m protocol.Message) {
	line := r.msg(m)
	for _, c := range r.cl {
		if reply := c.send(r.t, line); reply != "" {
			r.t.Fatalf("reply %q to %q", reply, line)
		}
	}
}

func tid(c game.Card) protocol.TID { return protocol.TID(c.TID(mjsolve.HonorsICGA)) }

func (r *miniReferee) events() {
	g := r.g
	for evs := g.Events(); r.seen < len(evs); r.seen++ {
		e := evs[r.seen]
		pos := uint8(e.Seat) + 1
		switch e.Type {
		case game.EventDraw:
			m := protocol.Message{Op: protocol.OpMo}
			m.SetCards(tid(e.Card))
			r.cl[e.Seat].send(r.t, r.msg(m))
		case game.EventDiscard:
			m := protocol.Message{Op: protocol.OpThrow, Seat: pos}
			m.SetCards(tid(e.Card))
			r.broadcast(m)
		case game.EventChow:
			var own []protocol.TID
			for _, c := range e.Meld.Cards[:3] {
				if c != e.Card {
					own = append(own, tid(c))
				}
			}
			slices.Sort(own)
			m := protocol.Message{Op: protocol.OpEat, Seat: pos}
			m.SetCards(own[0], tid(e.Card), own[1])
			r.broadcast(m)
		case game.EventPong, game.EventKong, game.EventConcealedKong:
			m := protocol.Message{Op: protocol.OpPong, Seat: pos}
			if e.Type != game.EventPong {
				m.Op, m.Gong = protocol.OpGong, protocol.GongMeld
			}
			m.N = uint8(e.Meld.Size())
			for i, c := range e.Meld.Cards[:m.N] {
				m.Tiles[i] = tid(c)
			}
			slices.Sort(m.Tiles[:m.N])
			if e.Type != game.EventConcealedKong {
				r.broadcast(m)
				break
			}
			m.Gong = protocol.GongConcealed
			for s := range game.Seat(4) {
				if s == e.Seat {
					r.cl[s].send(r.t, r.msg(m))
				} else {
					r.cl[s].send(r.t, r.msg(protocol.Message{Op: protocol.OpGong, Gong: protocol.GongConcealed, Seat: pos}))
				}
			}
		case game.EventAddedKong:
			m := protocol.Message{Op: protocol.OpGong, Gong: protocol.GongPromoted, Seat: pos}
			m.SetCards(tid(e.Card))
			r.broadcast(m)
		case game.EventWin:
			m := protocol.Message{Op: protocol.OpHu, Seat: pos}
			m.SetCards(tid(e.Card))
			for _, c := range g.Hand(e.Seat) {
				if c != e.Card {
					m.Tiles[m.N] = tid(c)
					m.N++
				}
			}
			r.broadcast(m)
		}
	}
}

// ask asks the seat to act, checks its view and returns the action of its
// reply.
func (r *miniReferee) ask(q protocol.Ask) game.Action {
	g, s := r.g, r.g.ToAct()
	v := &r.cl[s].s.view
	if !slices.Equal(v.Hand(), g.Hand(s)) || v.WallLeft != g.WallLeft() || v.Concealed != g.Concealed(s) {
		r.t.Fatalf("seat %d's protocol view: hand %v wall %d; the engine: %v wall %d", s, v.Hand(), v.WallLeft, g.Hand(s), g.WallLeft())
	}
	r.asked++
	line := r.cl[s].send(r.t, r.msg(protocol.Message{Op: protocol.OpAsk, Ask: q}))
	rep, err := protocol.ParseReply(line)
	if err != nil {
		r.t.Fatalf("seat %d answered /ask %s with %q: %v", s, q, line, err)
	}
	r.replies[strings.Fields(line)[0]]++
	a := game.Act(game.Pass)
	switch rep.Op {
	case protocol.OpThrow:
		a.Type = game.Discard
	case protocol.OpHu:
		a.Type = game.Hu
	case protocol.OpEat:
		a.Type = game.Chow
	case protocol.OpPong:
		a.Type = game.Pong
	case protocol.OpGong:
		a.Type = map[protocol.GongType]game.ActionType{protocol.GongMeld: game.Kong, protocol.GongConcealed: game.ConcealedKong, protocol.GongPromoted: game.AddedKong}[rep.Gong]
	}
	for i, t := range rep.Cards() {
		c, err := game.CardOfTID(int(t), mjsolve.HonorsICGA)
		if err != nil {
			r.t.Fatal(err)
		}
		a.Cards[i] = c
	}
	return a
}

func (r *miniReferee) apply(a game.Action) {
	if err := r.g.Apply(a); err != nil {
		r.t.Fatalf("seat %d's reply: %v", r.g.ToAct(), err)
	}
}

func offers(g *game.Game, t ...game.ActionType) bool {
	for _, a := range g.Actions() {
		if slices.Contains(t, a.Type) {
			return true
		}
	}
	return false
}

// play plays the hand over the protocol.
func (r *miniReferee) play() {
	g := r.g
	for s := range game.Seat(4) {
		r.cl[s].send(r.t, fmt.Sprintf("/start MJ %d bot", s+1))
	}
	init := protocol.Message{Op: protocol.OpInitGame, Wind: g.Round(), Game: g.Dealer().Wind(), Open: uint8(g.Dealer()) + 1, Dealer: uint8(g.Dealer()) + 1}
	r.broadcast(init)
	for s := range game.Seat(4) {
		m := protocol.Message{Op: protocol.OpInitCard}
		for _, c := range g.Dealt(s) {
			m.Tiles[m.N] = tid(c)
			m.N++
		}
		slices.Sort(m.Tiles[:m.N])
		r.cl[s].send(r.t, r.msg(m))
	}
	for {
		r.events()
		if g.Over() {
			break
		}
		switch g.Phase() {
		case game.PhaseTurn:
			if offers(g, game.Hu) {
				if a := r.ask(protocol.AskHu); a.Type == game.Hu {
					r.apply(a)
					continue
				}
			}
			if offers(g, game.ConcealedKong, game.AddedKong) {
				if a := r.ask(protocol.AskGong); a.Type != game.Pass {
					r.apply(a)
					continue
				}
			}
			r.apply(r.ask(protocol.AskThrow))
		case game.PhaseRob:
			r.apply(r.ask(protocol.AskHu))
		case game.PhaseClaim:
			switch g.Claim() {
			case game.StageHu:
				r.apply(r.ask(protocol.AskHu))
			case game.StagePong:
				if offers(g, game.Kong) {
					if a := r.ask(protocol.AskGong); a.Type != game.Pass {
						r.apply(a)
						continue
					}
				}
				r.apply(r.ask(protocol.AskPong))
			case game.StageChow:
				r.apply(r.ask(protocol.AskEat))
			}
		}
	}
	r.broadcast(protocol.Message{Op: protocol.OpExit, HasScores: true, Scores: g.Result().Points})
}

// The advice bot plays the same hand over the protocol as in-process: its
// view, rebuilt from the messages, matches the engine at every question.
func TestServeMatchesInProcess(t *testing.T) {
	sched := game.Schedule{Seed: 11}
	var clients [4]*client
	for s := range clients {
		clients[s] = newClient(NewAdvice(Options{}), uint64(100+s))
	}
	replies := map[string]int{}
	for i := range 24 {
		h := sched.Hand(i)
		// Over the protocol, the clients kept from hand to hand (a new
		// /initGame is a fresh start).
		gp, err := game.New(h.Config(false))
		if err != nil {
			t.Fatal(err)
		}
		r := &miniReferee{t: t, g: gp, cl: clients, replies: replies}
		r.play()
		// In-process, with the seeds Serve gives hand i+1.
		gi, _ := game.New(h.Config(false))
		var players [4]game.Strategy
		for s := range players {
			players[s] = NewAdvice(Options{})
			players[s].Begin(game.Mix(uint64(100+s), uint64(i+1)))
		}
		var views [4]game.View
		if err := game.Play(gi, &players, &views); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(gp.Events(), gi.Events()) || gp.Result().Points != gi.Result().Points {
			t.Fatalf("hand %d: over the protocol %v, in-process %v", i, gp.Result().Points, gi.Result().Points)
		}
	}
	for _, k := range []string{"/throw", "/pass", "/hu", "/pong", "/eat"} {
		if replies[k] == 0 {
			t.Errorf("no %s reply in 24 hands: %v", k, replies)
		}
	}
	t.Logf("replies %v", replies)
}

// Random and draw-discard players only ever make legal moves over the
// protocol.
func TestServeLegal(t *testing.T) {
	sched := game.Schedule{Seed: 3}
	var clients [4]*client
	for s := range clients {
		if s%2 == 0 {
			clients[s] = newClient(&Random{}, uint64(s))
		} else {
			clients[s] = newClient(DrawDiscard{}, 0)
		}
	}
	replies := map[string]int{}
	for i := range 40 {
		g, err := game.New(sched.Hand(i).Config(false))
		if err != nil {
			t.Fatal(err)
		}
		r := &miniReferee{t: t, g: g, cl: clients, replies: replies}
		r.play()
	}
	if replies["/gong"] == 0 || replies["/eat"] == 0 {
		t.Errorf("replies %v: want kongs and chows among them", replies)
	}
}

// Serve reads lines and writes replies; bad lines are skipped with a
// warning.
func TestServeLines(t *testing.T) {
	in := strings.Join([]string{
		"/start MJ 2 bot",
		"/initGame EAST EAST 1 1 0",
		"garbage",
		"/initCard 110 111 112 120 130 140 150 160 170 210 220 230 240 250 260 290",
		"/throw 1 410",
		"/ask pong",
		"/ask eat",
		"/mo 113",
		"/ask gong",
		"/ask throw",
		"",
	}, "\n")
	var out bytes.Buffer
	var warnings []string
	err := Serve(context.Background(), strings.NewReader(in), &out, ServeOptions{Strategy: NewAdvice(Options{}), Seed: 1,
		Warn: func(err error) { warnings = append(warnings, err.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	// No pong (no 410 held), no chow (410 is an honor); a concealed kong of
	// 1m costs nothing (1111m 234m 567m 123s 456s 9s); then a discard.
	if len(lines) != 4 || lines[0] != "/pass" || lines[1] != "/pass" || lines[2] != "/gong 0 110 111 112 113" || !strings.HasPrefix(lines[3], "/throw ") {
		t.Errorf("replies %q", lines)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "garbage") {
		t.Errorf("warnings %q", warnings)
	}
	if err := Serve(context.Background(), errReader{}, io.Discard, ServeOptions{Strategy: &Random{}}); err == nil {
		t.Error("a read error was not returned")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, fmt.Errorf("broken pipe") }

// arrivals records when each question arrived, as Serve tells it.
type arrivals struct {
	Random
	since []time.Time
}

func (s *arrivals) ChooseSince(v *game.View, acts []game.Action, since time.Time) int {
	s.since = append(s.since, since)
	return s.Choose(v, acts)
}

// slowReader gives one line a read, pausing before the line that starts
// with pauseAt.
type slowReader struct {
	lines   []string
	pauseAt string
	paused  time.Time // when the pause ended
}

func (r *slowReader) Read(b []byte) (int, error) {
	if len(r.lines) == 0 {
		return 0, io.EOF
	}
	if strings.HasPrefix(r.lines[0], r.pauseAt) && r.paused.IsZero() {
		time.Sleep(20 * time.Millisecond)
		r.paused = time.Now()
	}
	n := copy(b, r.lines[0]+"\n")
	r.lines = r.lines[1:]
	return n, nil
}

// Serve tells a TimedStrategy when the question's line was read: after a
// referee that kept it back, not when the strategy was first asked.
func TestServeTellsArrival(t *testing.T) {
	r := &slowReader{lines: []string{
		"/start MJ 2 bot",
		"/initGame EAST EAST 1 1 0",
		"/initCard 110 111 112 120 130 140 150 160 170 210 220 230 240 250 260 290",
		"/mo 113",
		"/ask throw",
	}, pauseAt: "/ask"}
	st := &arrivals{}
	before := time.Now()
	var out bytes.Buffer
	if err := Serve(context.Background(), r, &out, ServeOptions{Strategy: st, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if len(st.since) != 1 || st.since[0].Before(r.paused) || st.since[0].Before(before) {
		t.Errorf("asked at %v, the question read after %v", st.since, r.paused)
	}
	if !strings.HasPrefix(out.String(), "/throw ") {
		t.Errorf("reply %q", out.String())
	}
}
