package referee

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// checkEvents checks the event form of the transcript tr of the hand
// reported by r: it verifies, has r's points, and has one failure event
// for each failure, after which every decision of the seat is the dummy's
// and before which none is.
func checkEvents(t *testing.T, tr *Transcript, r *HandReport) {
	t.Helper()
	h, err := Events(tr, nil)
	if err != nil {
		t.Errorf("%s: events: %v", r.Transcript, err)
		return
	}
	if err := handlog.Verify(h, nil); err != nil {
		t.Errorf("%s: the event form does not verify: %v", r.Transcript, err)
	}
	if [4]int(h.End().Points) != r.Result.Points {
		t.Errorf("%s: the event form ends with points %v, the match had %v", r.Transcript, h.End().Points, r.Result.Points)
	}
	var failed [4]bool
	n, dummies, timed := 0, 0, 0
	for _, e := range h.Events {
		switch {
		case e.Type == handlog.EventFailure:
			failed[e.Seat-1] = true
			n++
		case e.On != "":
			if (e.By == "dummy") != failed[e.Seat-1] {
				t.Errorf("%s: event %d: by %q, failed %v", r.Transcript, e.N, e.By, failed[e.Seat-1])
			}
			if e.By == "dummy" {
				dummies++
			} else if e.Took > 0 {
				timed++
			}
		}
	}
	if n != len(r.Failures) {
		t.Errorf("%s: %d failure events, %d failures reported", r.Transcript, n, len(r.Failures))
	}
	if timed == 0 {
		t.Errorf("%s: no decision has the time the program took", r.Transcript)
	}
	for _, f := range r.Failures {
		if !failed[f.Seat] {
			t.Errorf("%s: no failure event for %v", r.Transcript, f)
		}
	}
}

// easyMoveTime is the move time of the tests' well-behaved programs: so
// long that they keep it on any machine, however loaded (they answer in
// milliseconds when they get a CPU), while a test of a program that never
// answers gives that one program a short time of its own.
const easyMoveTime = time.Minute

// matchWith plays hands between three draw-discard scripts and the script
// bad as player 2 (with the move time limit, or easyMoveTime if 0), and
// checks what every match must give: every hand finished, its transcript in
// place and replaying, no temporary file left, the points summing to zero.
func matchWith(t *testing.T, bad string, hands int, limit time.Duration) (*game.Table, []*HandReport, string) {
	t.Helper()
	dir := t.TempDir()
	o := Options{Hands: hands, Seed: 5, LogDir: dir, MoveTime: easyMoveTime}
	for p := range o.Players {
		o.Players[p] = Player{Name: "draw-discard", Command: "testdata/draw-discard.sh"}
	}
	o.Players[1] = Player{Name: bad, Command: "testdata/" + bad + ".sh", MoveTime: limit}
	var reps []*HandReport
	o.OnHand = func(r *HandReport) { reps = append(reps, r) }
	tab, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("%s: %v", bad, err)
	}
	if tab.Hands() != hands || len(reps) != hands {
		t.Fatalf("%s: %d hands in the table, %d reported, want %d", bad, tab.Hands(), len(reps), hands)
	}
	for _, r := range reps {
		sum := 0
		for _, p := range r.Points {
			sum += p
		}
		if sum != 0 {
			t.Errorf("%s: hand %d points %v", bad, r.Scheduled.Index+1, r.Points)
		}
		f, err := os.Open(r.Transcript)
		if err != nil {
			t.Fatal(err)
		}
		tr, res, err := ReplayReader(f, nil)
		f.Close()
		if err != nil {
			t.Errorf("%s: replaying %s: %v", bad, r.Transcript, err)
			continue
		}
		if res.Points != r.Result.Points || tr.Header.Hand != r.Scheduled.Index+1 {
			t.Errorf("%s: %s replays to points %v, the match had %v", bad, r.Transcript, res.Points, r.Result.Points)
		}
		checkEvents(t, tr, r)
		for seat, p := range r.Scheduled.Players {
			want := easyMoveTime
			if p == 1 && limit != 0 {
				want = limit
			}
			if got := tr.Header.Seats[seat].MoveTime; got != want {
				t.Errorf("%s: %s: seat %d (player %d) has move time %v, want %v", bad, r.Transcript, seat+1, p+1, got, want)
			}
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) != 0 {
		t.Errorf("%s: temporary files left: %v", bad, left)
	}
	return tab, reps, dir
}

// TestMisbehavingPlayers: each script fails in every hand (or plays well,
// for the stderr flood); the match goes on with the dummy in its place.
// The well-behaved scripts have easyMoveTime, so that they never miss it on
// a loaded machine; the scripts that never answer have 300ms (they may
// miss it earlier than where they hang: a failure all the same, one per
// hand, and its reason is the same).
func TestMisbehavingPlayers(t *testing.T) {
	for _, c := range []struct {
		script string
		hands  int
		why    string // in the failure's reason; "" for no failure
		limit  time.Duration
	}{
		{"garbage", 3, `wrong instruction: protocol: "I would rather not"`, 0},
		{"illegal-claim", 4, "illegal instruction", 0},
		{"false-hu", 3, `wrong instruction: "/hu" to /ask throw`, 0},
		{"crash", 3, "exited (exit status 139)", 0}, // the shell reports its child's SIGSEGV
		{"hang", 2, "no reply within 300ms", 300 * time.Millisecond},
		{"long-line", 3, "a line of 256 bytes or more", 0},
		{"no-read", 2, "no reply within 300ms", 300 * time.Millisecond},
		{"exit-at-once", 3, "exited (exit status 0)", 0}, // seen on reading or on writing
		{"flood-stderr", 2, "", 0},
	} {
		t.Run(c.script, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			tab, reps, dir := matchWith(t, c.script, c.hands, c.limit)
			want := c.hands
			if c.script == "flood-stderr" {
				want = 0
			}
			if c.script == "illegal-claim" {
				want = 0
				for _, r := range reps {
					if len(r.Failures) > 0 {
						want++
					}
				}
				if want == 0 {
					t.Fatalf("illegal-claim was never asked to claim in %d hands", c.hands)
				}
			}
			if got := tab.Player(1).Failures; got != want {
				t.Errorf("player 2 failed in %d hands, want %d", got, want)
			}
			for p := range 4 {
				if p != 1 && tab.Player(p).Failures != 0 {
					t.Errorf("the well-behaved player %d failed", p+1)
				}
			}
			for _, r := range reps {
				for _, f := range r.Failures {
					if f.Player != 1 || !strings.Contains(f.Why, c.why) {
						t.Errorf("hand %d: failure of player %d: %q, want one of player 2 with %q", r.Scheduled.Index+1, f.Player+1, f.Why, c.why)
					}
					want := fmt.Sprintf("hand %d: player 2 (%s) at seat %d failed: %s", r.Scheduled.Index+1, c.script, f.Seat+1, f.Why)
					if f.Hand != r.Scheduled.Index+1 || f.Name != c.script || r.Scheduled.Players[f.Seat] != 1 || f.String() != want {
						t.Errorf("failure %+v: %q, want %q", f, f, want)
					}
				}
			}
			if c.script == "flood-stderr" {
				errs, _ := filepath.Glob(filepath.Join(dir, "stderr-*-player2.txt"))
				if len(errs) != c.hands {
					t.Fatalf("stderr files of player 2: %v", errs)
				}
				for _, f := range errs {
					if fi, err := os.Stat(f); err != nil || fi.Size() < 512<<10 {
						t.Errorf("%s: %v bytes, want the whole flood", f, fi.Size())
					}
				}
			}
			t.Logf("%s: %d hands in %v", c.script, c.hands, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestGreedyPlayers plays hands between programs that claim everything
// they are offered, so that every message and question turns up, and
// checks that none fails (they refuse any line that does not parse and
// follow their hands from the referee's messages alone: a missing echo or
// a wrong meld would make them fail) and that every transcript replays.
func TestGreedyPlayers(t *testing.T) {
	dir := t.TempDir()
	o := Options{Hands: 24, Seed: 1, LogDir: dir, MoveTime: easyMoveTime, Reuse: true}
	for p := range o.Players {
		o.Players[p] = Player{Name: fmt.Sprintf("greedy%d", p+1), Command: greedyCommand(t, p == 2)}
	}
	o.Players[3] = Player{Name: "draw-discard", Command: "testdata/draw-discard.sh"}
	seen := map[string]int{}
	wins := 0
	o.OnHand = func(r *HandReport) {
		for _, f := range r.Failures {
			t.Errorf("hand %d: player %d failed: %s", r.Scheduled.Index+1, f.Player+1, f.Why)
		}
		if !r.Result.Exhausted {
			wins++
		}
		f, err := os.Open(r.Transcript)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		tr, res, err := ReplayReader(f, nil)
		if err != nil {
			t.Fatalf("hand %d: %v", r.Scheduled.Index+1, err)
		}
		if res.Points != r.Result.Points {
			t.Errorf("hand %d replays to %v, not %v", r.Scheduled.Index+1, res.Points, r.Result.Points)
		}
		for _, rec := range tr.Records {
			if rec.Dir != '>' {
				continue
			}
			m, err := protocol.ParseMessage(rec.Text)
			if err != nil {
				t.Fatalf("transcript line %d: %v", rec.Line, err)
			}
			key := m.Op.String()
			switch m.Op {
			case protocol.OpAsk:
				key += " " + m.Ask.String()
			case protocol.OpGong:
				key += fmt.Sprintf(" %d (%d cards)", m.Gong, m.N)
			}
			seen[key]++
		}
	}
	tab, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	for p := range 4 {
		if st := tab.Player(p); st.Failures != 0 {
			t.Errorf("%s failed in %d hands", st.Name, st.Failures)
		}
	}
	t.Logf("%d wins in %d hands; messages %v", wins, tab.Hands(), seen)
	for _, k := range []string{"/eat", "/pong", "/gong 4 (4 cards)", "/gong 0 (4 cards)", "/gong 0 (0 cards)", "/gong 1 (1 cards)", "/hu", "/ask eat", "/ask pong", "/ask gong", "/ask hu", "/exit"} {
		if seen[k] == 0 {
			t.Errorf("no %q in %d hands", k, tab.Hands())
		}
	}
}
