package referee

import (
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// memWire links a hand to four in-process greedy players and keeps the
// records a transcript would hold.
type memWire struct {
	players [4]*greedy
	replies [4][]byte
	recs    []Record
}

func (w *memWire) add(s game.Seat, dir byte, text string) {
	w.recs = append(w.recs, Record{Line: len(w.recs) + 1, Seat: s, Dir: dir, Text: text})
}

func (w *memWire) send(s game.Seat, line []byte) error {
	w.add(s, '>', string(line))
	r, err := w.players[s].handle(line)
	if err != nil {
		w.add(s, 'x', err.Error())
		return err
	}
	if r != nil {
		w.replies[s] = r
	}
	return nil
}

func (w *memWire) recv(s game.Seat) ([]byte, error) {
	r := w.replies[s]
	w.add(s, '<', string(r))
	return r, nil
}

func (w *memWire) note(s game.Seat, dir byte, text string) error {
	w.add(s, dir, text)
	return nil
}

func (w *memWire) quit(game.Seat) {}

// TestManyHandsInProcess plays many hands of greedy players through the
// referee without processes: none fails (every line they get parses and
// fits their hands), the rarer turns of play show up (a kong robbed, wins
// after a kong), and each hand's records replay to the same result.
func TestManyHandsInProcess(t *testing.T) {
	hands := 1500
	if testing.Short() {
		hands = 300
	}
	var counts struct{ wins, selfDrawn, robbed, kongs, afterKong, failures int }
	g, _ := game.New(game.Config{})
	for i := range hands {
		cfg := game.Config{Seed: uint64(i), Dealer: game.Seat(i % 4), Round: game.Wind(i / 4 % 4)}
		if err := g.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		w := &memWire{}
		for s := range w.players {
			w.players[s] = &greedy{nopong: s == 3}
		}
		h := &hand{g: g, w: w, o: mjsolve.HonorsICGA}
		if err := h.play(); err != nil {
			t.Fatalf("hand %d: %v", i, err)
		}
		res := *g.Result()
		for _, f := range h.failed {
			if f {
				counts.failures++
			}
		}
		for _, r := range w.recs {
			if r.Dir == '!' {
				t.Fatalf("hand %d: seat %d failed: %s", i, r.Seat+1, r.Text)
			}
		}
		for _, e := range g.Events() {
			if e.Type == game.EventKong || e.Type == game.EventConcealedKong || e.Type == game.EventAddedKong {
				counts.kongs++
			}
		}
		if !res.Exhausted {
			counts.wins++
		}
		if res.SelfDrawn {
			counts.selfDrawn++
		}
		if res.RobbedKong {
			counts.robbed++
		}
		if res.Win.AfterKong {
			counts.afterKong++
		}
		tr := &Transcript{Records: w.recs, Points: res.Points}
		tr.Header = Header{Dealer: cfg.Dealer, Round: cfg.Round, Wall: append([]game.Card(nil), g.Wall()...)}
		got, err := Replay(tr, nil)
		if err != nil {
			t.Fatalf("hand %d: replay: %v", i, err)
		}
		if got.Points != res.Points || got.Winner != res.Winner {
			t.Fatalf("hand %d replays to %+v, played %+v", i, got, res)
		}
		ev, err := Events(tr, nil)
		if err != nil {
			t.Fatalf("hand %d: events: %v", i, err)
		}
		if err := handlog.Verify(ev, nil); err != nil {
			t.Fatalf("hand %d: the event form does not verify: %v", i, err)
		}
	}
	t.Logf("%d hands: %+v", hands, counts)
	if counts.wins < hands/2 || counts.selfDrawn == 0 || counts.kongs == 0 || counts.afterKong == 0 || (counts.robbed == 0 && !testing.Short()) {
		t.Errorf("%d hands: %+v; want every kind of turn", hands, counts)
	}
}
