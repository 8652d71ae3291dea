package remote

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/tw16/referee"
)

// TestRemoteMisbehaving runs each misbehaving script of the referee's
// tests behind a wrapper as player 2: it fails as it does locally (the
// same number of hands, the same reason), the dummy plays on, the others
// never fail, and every transcript replays. Where the failure is seen on
// a reply (not on a line the program could not take, which the wrapper
// reports a moment later) the two matches make the same moves.
func TestRemoteMisbehaving(t *testing.T) {
	for _, c := range []struct {
		script string
		hands  int
		limit  time.Duration
		same   bool // the same moves as the local match
	}{
		{"garbage", 3, 0, true},
		{"illegal-claim", 4, 0, true},
		{"false-hu", 3, 0, true},
		{"crash", 3, 0, false},
		{"hang", 2, 300 * time.Millisecond, true},
		{"long-line", 3, 0, true},
		{"no-read", 2, 300 * time.Millisecond, true},
		{"exit-at-once", 3, 0, false},
	} {
		t.Run(c.script, func(t *testing.T) {
			t.Parallel()
			o := referee.Options{Hands: c.hands, Seed: 5, MoveTime: easyMoveTime}
			o.Players = localPlayers(scripts+"draw-discard.sh", scripts+c.script+".sh", scripts+"draw-discard.sh")
			o.Players[1].MoveTime = c.limit
			localTab, localReps, local := playMatch(t, o)

			s, _ := newServer(t, ServerOptions{}, "b")
			startWrapper(t, s, "b", o.Players[1].Command, nil)
			if err := s.WaitAll(context.Background(), easyMoveTime); err != nil {
				t.Fatal(err)
			}
			o.Players[1].Remote = s.Seat("b")
			remoteTab, remoteReps, remote := playMatch(t, o)
			if c.same {
				sameMoves(t, remote, local)
			}
			for p := range 4 {
				if got, want := remoteTab.Player(p).Failures, localTab.Player(p).Failures; got != want {
					t.Errorf("player %d failed in %d hands, locally in %d", p+1, got, want)
				}
			}
			for i, r := range remoteReps {
				if len(r.Failures) != len(localReps[i].Failures) {
					t.Errorf("hand %d: failures %v, locally %v", i+1, r.Failures, localReps[i].Failures)
					continue
				}
				for j, f := range r.Failures {
					if lf := localReps[i].Failures[j]; f.Why != lf.Why || f.Player != 1 || f.Absent {
						t.Errorf("hand %d: %v, locally %v", i+1, f, lf)
					}
				}
			}
		})
	}
}

// cutDialer dials the server and can cut a connection: the connection
// whose stream from the referee has shown "hand N " and then a read is
// closed under the wrapper; after that, with refuse, every dial fails.
type cutDialer struct {
	hand   string // "hand 2 "
	refuse bool
	cut    atomic.Bool
	dials  atomic.Int32
}

func (d *cutDialer) dial(ctx context.Context, addr string) (net.Conn, error) {
	d.dials.Add(1)
	if d.cut.Load() && d.refuse {
		return nil, errors.New("the test cut this link")
	}
	var nd net.Dialer
	c, err := nd.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	return &cutConn{Conn: c, d: d}, nil
}

// cutConn is a connection that closes itself at the cut.
type cutConn struct {
	net.Conn
	d     *cutDialer
	mu    sync.Mutex
	seen  bytes.Buffer
	armed bool
}

func (c *cutConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if c.d.cut.Load() {
		return n, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen.Write(p[:n])
	if !c.armed {
		if i := bytes.Index(c.seen.Bytes(), []byte("\n"+c.d.hand)); i >= 0 {
			c.armed = true
			c.seen.Next(i + 1)
		} else if c.seen.Len() > 64 {
			c.seen.Next(c.seen.Len() - 64)
		}
	}
	if c.armed && bytes.Contains(c.seen.Bytes(), []byte("\nread\n")) && c.d.cut.CompareAndSwap(false, true) {
		c.Conn.Close()
		return 0, errors.New("the test cut this connection")
	}
	return n, err
}

// TestRemoteCutMidHand cuts a wrapper's connection at its first read of
// hand 2: that hand is its program's failure (the connection lost), the
// dummy plays on, the wrapper logs in again and plays hand 3 and on; every
// transcript replays.
func TestRemoteCutMidHand(t *testing.T) {
	const hands = 4
	s, lb := newServer(t, ServerOptions{RejoinWait: easyMoveTime}, "a", "b")
	d := &cutDialer{hand: "hand 2 "}
	wr := startWrapper(t, s, "b", scripts+"draw-discard.sh", func(o *WrapperOptions) { o.Dial = d.dial })
	startWrapper(t, s, "a", scripts+"draw-discard.sh", nil)
	if err := s.WaitAll(context.Background(), easyMoveTime); err != nil {
		t.Fatal(err)
	}
	o := referee.Options{Hands: hands, Seed: 5, MoveTime: easyMoveTime}
	o.Players = localPlayers(scripts + "draw-discard.sh")
	o.Players[0].Remote, o.Players[1].Remote = s.Seat("a"), s.Seat("b")
	tab, reps, trs := playMatch(t, o)
	if !d.cut.Load() || d.dials.Load() != 2 {
		t.Fatalf("cut %v after %d dials", d.cut.Load(), d.dials.Load())
	}
	for i, r := range reps {
		switch {
		case i == 1:
			if len(r.Failures) != 1 || r.Failures[0].Player != 1 || r.Failures[0].Absent ||
				!strings.HasPrefix(r.Failures[0].Why, "connection to the wrapper lost: ") {
				t.Fatalf("hand 2: failures %v", r.Failures)
			}
			// The dummy plays on: its moves follow the failure.
			tr, dummy := trs[i], 0
			for _, rec := range tr.Records {
				if rec.Dir == '=' && tr.Header.Seats[rec.Seat].Player == 1 {
					dummy++
				}
			}
			if dummy == 0 {
				t.Errorf("hand 2: the dummy made no move")
			}
		case len(r.Failures) != 0:
			t.Errorf("hand %d: failures %v", i+1, r.Failures)
		}
	}
	if st := tab.Player(1); st.Failures != 1 || st.Absent != 0 {
		t.Errorf("player 2: %+v", st)
	}
	if n := strings.Count(wr.log.String(), "logged in to "); n != 2 {
		t.Errorf("the wrapper logged in %d times:\n%s", n, wr.log)
	}
	if st := s.Stats(); st.Joins != 3 || st.Lost != 1 || st.Dropped != 0 {
		t.Errorf("server stats %+v; log:\n%s", st, lb)
	}
}

// TestRemoteAbsent cuts a wrapper at hand 2 and lets it never come back:
// hand 3 waits RejoinWait for it, then the dummy plays its seat from the
// start, as in hand 4 (which does not wait: its reason says so); the table
// counts the failures and the absences and names them; every transcript
// replays.
func TestRemoteAbsent(t *testing.T) {
	const hands = 4
	const wait = 300 * time.Millisecond
	s, _ := newServer(t, ServerOptions{RejoinWait: wait}, "b")
	d := &cutDialer{hand: "hand 2 ", refuse: true}
	startWrapper(t, s, "b", scripts+"draw-discard.sh", func(o *WrapperOptions) { o.Dial = d.dial })
	if err := s.WaitAll(context.Background(), easyMoveTime); err != nil {
		t.Fatal(err)
	}
	o := referee.Options{Hands: hands, Seed: 5, MoveTime: easyMoveTime}
	o.Players = localPlayers(scripts + "draw-discard.sh")
	o.Players[1].Remote = s.Seat("b")
	o.Players[1].Name = "bee"
	tab, reps, trs := playMatch(t, o)
	for i, r := range reps[2:] {
		why := "absent: the wrapper of b did not come back within 300ms"
		if i == 1 {
			why = "absent: the wrapper of b is not connected"
		}
		seat := trs[i+2].Header.Seats
		if len(r.Failures) != 1 || !r.Failures[0].Absent || r.Failures[0].Why != why || r.Failures[0].Player != 1 {
			t.Errorf("hand %d: failures %+v, want %q", i+3, r.Failures, why)
		}
		first := trs[i+2].Records[0]
		if first.Dir != '!' || first.Text != why || seat[first.Seat].Player != 1 || !seat[first.Seat].Remote || seat[first.Seat].Addr != "" {
			t.Errorf("hand %d: the first record %+v, seat %+v", i+3, first, seat[first.Seat])
		}
		for _, rec := range trs[i+2].Records {
			if rec.Seat == first.Seat && (rec.Dir == '>' || rec.Dir == '<') {
				t.Errorf("hand %d: a line for the absent seat: %+v", i+3, rec)
				break
			}
		}
		if got := r.Failures[0].String(); got != fmt.Sprintf("hand %d: player 2 (bee) at seat %d is played by the dummy: %s", i+3, first.Seat+1, why) {
			t.Errorf("%q", got)
		}
	}
	if st := tab.Player(1); st.Failures != 3 || st.Absent != 2 {
		t.Errorf("player 2: %+v", st)
	}
	var b strings.Builder
	tab.WriteText(&b)
	if !strings.Contains(b.String(), "\nbee (player 2) was absent from 2 hands, played by the dummy (counted as failures)\n") {
		t.Errorf("the table:\n%s", b.String())
	}
	js, _ := tab.MarshalJSON()
	if !strings.Contains(string(js), `"failures":3,"absent":2`) || strings.Count(string(js), `"absent"`) != 1 {
		t.Errorf("the JSON: %s", js)
	}
}
