package remote

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/referee"
)

// scripts are the referee's test players.
const scripts = "../testdata/"

// easyMoveTime is the move time of well-behaved programs: long enough for
// any loaded machine.
const easyMoveTime = time.Minute

// testTokens are the tokens of seats a, b, c and d.
var testTokens = map[string]string{
	"a": "aaaaaaaaaaaaaaaa-token-of-a",
	"b": "bbbbbbbbbbbbbbbb-token-of-b",
	"c": "cccccccccccccccc-token-of-c",
	"d": "dddddddddddddddd-token-of-d",
}

// logBuf collects log lines from goroutines.
type logBuf struct {
	mu    sync.Mutex
	lines []string
}

func (l *logBuf) log(msg string) {
	l.mu.Lock()
	l.lines = append(l.lines, msg)
	l.mu.Unlock()
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

func (l *logBuf) count(sub string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, s := range l.lines {
		if strings.Contains(s, sub) {
			n++
		}
	}
	return n
}

// newServer serves the named seats on a loopback port.
func newServer(t *testing.T, o ServerOptions, names ...string) (*Server, *logBuf) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lb := &logBuf{}
	if o.Log == nil {
		o.Log = lb.log
	}
	for _, n := range names {
		o.Seats = append(o.Seats, SeatToken{Name: n, Token: testTokens[n]})
	}
	s, err := NewServer(l, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close("the test is over") })
	return s, lb
}

// wrapperRun is a wrapper running in a goroutine.
type wrapperRun struct {
	done chan struct{}
	err  error
	log  *logBuf
}

// startWrapper runs a wrapper for seat name until it ends or the test
// does.
func startWrapper(t *testing.T, s *Server, name, command string, edit func(*WrapperOptions)) *wrapperRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	wr := &wrapperRun{done: make(chan struct{}), log: &logBuf{}}
	o := WrapperOptions{Addr: s.Addr().String(), Token: testTokens[name], Command: command, Log: wr.log.log}
	if edit != nil {
		edit(&o)
	}
	go func() {
		defer close(wr.done)
		wr.err = RunWrapper(ctx, o)
	}()
	t.Cleanup(func() {
		cancel()
		<-wr.done
	})
	return wr
}

// playMatch plays a match and checks that every transcript replays; it
// returns the table, the reports and the transcripts read back.
func playMatch(t *testing.T, o referee.Options) (*game.Table, []*referee.HandReport, []*referee.Transcript) {
	t.Helper()
	if o.LogDir == "" {
		o.LogDir = t.TempDir()
	}
	var reps []*referee.HandReport
	onHand := o.OnHand
	o.OnHand = func(r *referee.HandReport) {
		reps = append(reps, r)
		if onHand != nil {
			onHand(r)
		}
	}
	tab, err := referee.Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	var trs []*referee.Transcript
	for _, r := range reps {
		tr, _, err := referee.ReplayFile(r.Transcript, nil)
		if err != nil {
			t.Fatalf("replaying %s: %v", r.Transcript, err)
		}
		// The event form too (tw16/handlog), remote seats and all.
		if _, err := referee.Events(tr, nil); err != nil {
			t.Fatalf("%s in event form: %v", r.Transcript, err)
		}
		trs = append(trs, tr)
	}
	return tab, reps, trs
}

// moves are a transcript's records that the players' moves decide: every
// line each way, failure and dummy move (not the times, the notes of how
// programs ended, nor the wrappers' timings).
func moves(tr *referee.Transcript) []string {
	var out []string
	for _, r := range tr.Records {
		if r.Dir == '#' || r.Dir == 't' {
			continue
		}
		out = append(out, fmt.Sprintf("%d %c %s", r.Seat+1, r.Dir, r.Text))
	}
	return append(out, fmt.Sprint("points ", tr.Points))
}

// sameMoves fails the test unless two matches made the same moves hand by
// hand.
func sameMoves(t *testing.T, got, want []*referee.Transcript) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d hands, want %d", len(got), len(want))
	}
	for i := range got {
		g, w := moves(got[i]), moves(want[i])
		if !slices.Equal(g, w) {
			for j := range min(len(g), len(w)) {
				if g[j] != w[j] {
					t.Fatalf("hand %d, record %d: %q, want %q", i+1, j+1, g[j], w[j])
				}
			}
			t.Fatalf("hand %d: %d records, want %d", i+1, len(g), len(w))
		}
	}
}

func localPlayers(cmd ...string) [4]referee.Player {
	var ps [4]referee.Player
	for p := range ps {
		c := cmd[min(p, len(cmd)-1)]
		ps[p] = referee.Player{Name: string(rune('a' + p)), Command: c}
	}
	return ps
}

// TestRemoteMatchesLocal plays the same match with four local scripts and
// with two of them behind wrappers: the same lines both ways, hand by
// hand; the remote seats' replies carry the program's time, their
// transcript seat lines the wrapper's address, and the table is the same.
func TestRemoteMatchesLocal(t *testing.T) {
	const hands = 6
	o := referee.Options{Hands: hands, Seed: 5, MoveTime: easyMoveTime}
	o.Players = localPlayers(scripts+"draw-discard.sh", scripts+"false-hu.sh", scripts+"draw-discard.sh")
	localTab, _, local := playMatch(t, o)

	s, _ := newServer(t, ServerOptions{}, "b", "c")
	for _, n := range []string{"b", "c"} {
		startWrapper(t, s, n, o.Players[n[0]-'a'].Command, nil)
	}
	if err := s.WaitAll(context.Background(), easyMoveTime); err != nil {
		t.Fatal(err)
	}
	o.Players[1].Remote, o.Players[2].Remote = s.Seat("b"), s.Seat("c")
	remoteTab, reps, remote := playMatch(t, o)
	sameMoves(t, remote, local)
	for i, tr := range remote {
		for seat, si := range tr.Header.Seats {
			wantRemote := si.Player == 1 || si.Player == 2
			if si.Remote != wantRemote || wantRemote && (!strings.HasPrefix(si.Addr, "127.0.0.1:") || si.Command != o.Players[si.Player].Command) {
				t.Errorf("hand %d seat %d: %+v", i+1, seat+1, si)
			}
		}
		timed := 0
		for j, r := range tr.Records {
			if r.Dir != 't' {
				continue
			}
			timed++
			prev := tr.Records[j-1]
			if prev.Dir != '<' || prev.Seat != r.Seat || !tr.Header.Seats[r.Seat].Remote {
				t.Errorf("hand %d line %d: a time after %+v", i+1, r.Line, prev)
			}
		}
		replies := 0
		for _, r := range tr.Records {
			if r.Dir == '<' && tr.Header.Seats[r.Seat].Remote {
				replies++
			}
		}
		if timed != replies || replies == 0 {
			t.Errorf("hand %d: %d timed replies of %d from remote seats", i+1, timed, replies)
		}
	}
	// false-hu.sh fails every hand, remote or not.
	for p := range 4 {
		got, want := remoteTab.Player(p), localTab.Player(p)
		got.Think, got.Longest, want.Think, want.Longest = 0, 0, 0, 0 // reply times differ
		if got != want {
			t.Errorf("player %d: %+v, want %+v", p+1, got, want)
		}
	}
	for i, r := range reps {
		for seat, tm := range r.Times {
			remote := r.Scheduled.Players[seat] == 1 || r.Scheduled.Players[seat] == 2
			if tm.Replies == 0 || tm.Referee <= 0 || tm.MaxReferee > tm.Referee || remote != (tm.Timed > 0) ||
				tm.Timed > tm.Replies || tm.MaxProgram > tm.Program {
				t.Errorf("hand %d seat %d (remote %v): times %+v", i+1, seat+1, remote, tm)
			}
		}
	}
	if reps[0].Failures[0].Absent {
		t.Errorf("a failure marked absent: %+v", reps[0].Failures[0])
	}
}

// TestRemoteReuse keeps each wrapper's program from hand to hand: one
// process for the match (its stderr file is that of hand 1), the same
// moves as the local match with --reuse.
func TestRemoteReuse(t *testing.T) {
	const hands = 4
	stderrScript := filepath.Join(t.TempDir(), "talk.sh")
	os.WriteFile(stderrScript, []byte("#!/bin/sh\necho started $$ >&2\nexec "+mustAbs(t, scripts+"draw-discard.sh")+"\n"), 0o755)
	o := referee.Options{Hands: hands, Seed: 8, MoveTime: easyMoveTime, Reuse: true}
	o.Players = localPlayers(stderrScript)
	_, _, local := playMatch(t, o)

	s, _ := newServer(t, ServerOptions{}, "a", "b", "c", "d")
	dirs := map[string]string{}
	for _, n := range []string{"a", "b", "c", "d"} {
		dirs[n] = t.TempDir()
		startWrapper(t, s, n, stderrScript, func(w *WrapperOptions) { w.Reuse, w.LogDir = true, dirs[n] })
	}
	if err := s.WaitAll(context.Background(), easyMoveTime); err != nil {
		t.Fatal(err)
	}
	for p, n := range []string{"a", "b", "c", "d"} {
		o.Players[p].Remote = s.Seat(n)
	}
	_, _, remote := playMatch(t, o)
	sameMoves(t, remote, local)
	for _, tr := range remote {
		for _, r := range tr.Records {
			if r.Dir == '#' && r.Text != "program ended: kept running for the next hand" {
				t.Errorf("hand %d: %q", tr.Header.Hand, r.Text)
			}
		}
	}
	for n, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		if len(files) != 1 || filepath.Base(files[0]) != "stderr-hand-0001.txt" {
			t.Errorf("wrapper %s kept %v, want one process's stderr", n, files)
			continue
		}
		if b, _ := os.ReadFile(files[0]); !strings.HasPrefix(string(b), "started ") || strings.Count(string(b), "\n") != 1 {
			t.Errorf("wrapper %s: stderr %q", n, b)
		}
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
