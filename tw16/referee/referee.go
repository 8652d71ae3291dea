package referee

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// Player is one contestant: a name for the table and a command run under
// /bin/sh -c, or a Remote that supplies its program.
type Player struct {
	Name    string
	Command string
	// MoveTime, when set, is this player's time for each reply instead of
	// the match's Options.MoveTime.
	MoveTime time.Duration
	// Remote, when set, supplies the player's program for each hand
	// instead of Command: a wrapper on another machine (see
	// tw16/referee/remote). Options.Reuse does not apply to it.
	Remote Remote
}

// Remote supplies the program of a player who plays from elsewhere, one
// Process per hand.
type Remote interface {
	// Join returns the player's program for hand (its number in the
	// match, from 1), which has limit for each reply. An error that wraps
	// ErrAbsent says that the player is not there for this hand: the dummy
	// plays its seat, and the hand counts as a failure and an absence. Any
	// other error stops the match.
	Join(ctx context.Context, hand int, limit time.Duration) (Process, RemoteInfo, error)
}

// RemoteInfo describes a remote player's program for the transcript.
type RemoteInfo struct {
	// Command is the command the wrapper runs, as it says (for the
	// transcript and the /start path; nothing runs it here).
	Command string
	// Addr is the network address of the wrapper.
	Addr string
}

// ErrAbsent is wrapped by the error of a Remote whose player is not there
// for a hand (its wrapper is not connected).
var ErrAbsent = errors.New("absent")

// moveTime is the time player p has for each reply.
func (o *Options) moveTime(p int) time.Duration {
	if t := o.Players[p].MoveTime; t > 0 {
		return t
	}
	return o.MoveTime
}

// Options configure a match.
type Options struct {
	// Players are the four contestants, in the order of the table.
	Players [4]Player
	// Hands is the number of hands (default game.HandsPerCycle, 192: every
	// seating, two Jongs of 16 hands); Seed chooses the walls.
	Hands int
	Seed  uint64
	// LogDir, when set, receives a transcript of every hand and each
	// program's standard error; it is created if missing.
	LogDir string
	// MoveTime is the time a program has for each reply (default 3s).
	MoveTime time.Duration
	// Reuse keeps each program running from hand to hand (it must take a
	// new /start as a fresh start); by default every hand starts the four
	// programs afresh, as the ICGA platform does.
	Reuse bool
	// Honors numbers the honor tiles (default: the ICGA page's order).
	Honors mjsolve.HonorOrder
	// OnHand, when set, is called after each hand.
	OnHand func(*HandReport)
	// OnRemoved, when set, is called with the path of each temporary
	// transcript that Run removed from LogDir before the match: one a
	// match killed mid-hand left behind (.hand-NNNN.txt.zst.tmpDIGITS).
	OnRemoved func(path string)
	// Tables are the shanten tables the games look up (nil:
	// tw16.DefaultTables).
	Tables *tw16.TableSet
}

// HandReport is what a match reports of each hand.
type HandReport struct {
	Scheduled game.Scheduled
	Result    *game.Result
	// Failed says which seats' programs failed, Failures why.
	Failed   [4]bool
	Failures []Failure
	// Absent says which seats had no program at all (a Remote whose player
	// was not there): the dummy played them, and Failed says so too.
	Absent [4]bool
	// Times are the times of each seat's replies.
	Times [4]ReplyTimes
	// Points are each player's points (by player, not seat).
	Points [4]int
	// Transcript is the transcript's path ("" without LogDir).
	Transcript string
}

// ReplyTimes add up the times of a program's replies: as the referee
// measured them (from the question sent to the reply read) and, for a
// remote player, as its wrapper measured the program itself; the
// difference is the network's.
type ReplyTimes struct {
	Replies int // replies read
	// Referee and MaxReferee are the sum and the longest of the referee's
	// times.
	Referee, MaxReferee time.Duration
	// Timed counts the replies with the program's own time (a remote
	// player's); Program and MaxProgram are the sum and the longest.
	Timed               int
	Program, MaxProgram time.Duration
}

// Add adds the times of o.
func (t *ReplyTimes) Add(o ReplyTimes) {
	t.Replies += o.Replies
	t.Referee += o.Referee
	t.MaxReferee = max(t.MaxReferee, o.MaxReferee)
	t.Timed += o.Timed
	t.Program += o.Program
	t.MaxProgram = max(t.MaxProgram, o.MaxProgram)
}

// Failure is one program's failure in a hand.
type Failure struct {
	Hand   int // the hand's number in the match, from 1
	Seat   game.Seat
	Player int
	Name   string // the player's name
	Why    string
	// Absent says the player was not there at all (see ErrAbsent).
	Absent bool
}

// String describes the failure for people: "hand 3: player 2 (NAME) at
// seat 4 failed: WHY", or for an absence "hand 3: player 2 (NAME) at seat
// 4 is played by the dummy: WHY".
func (f Failure) String() string {
	if f.Absent {
		return fmt.Sprintf("hand %d: player %d (%s) at seat %d is played by the dummy: %s", f.Hand, f.Player+1, f.Name, f.Seat+1, f.Why)
	}
	return fmt.Sprintf("hand %d: player %d (%s) at seat %d failed: %s", f.Hand, f.Player+1, f.Name, f.Seat+1, f.Why)
}

// Defaults of Options.
const (
	DefaultMoveTime = 3 * time.Second
)

// LogDirError is a log directory that cannot be made (Err says why) or that
// already holds transcripts (First names one), which a match would
// overwrite.
type LogDirError struct {
	Dir   string // Options.LogDir
	First string // the file name of the first transcript in it
	Err   error  // why Dir cannot be made (nil when it holds transcripts)
}

func (e *LogDirError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("referee: log directory: %v", e.Err)
	}
	return fmt.Sprintf("referee: %s already holds transcripts (%s …)", e.Dir, e.First)
}

// Unwrap returns Err: why Dir cannot be made (nil when it holds
// transcripts).
func (e *LogDirError) Unwrap() error { return e.Err }

// Run plays a match: the hands of a fair schedule (game.Schedule) between
// the four programs, and adds them up. When ctx is done it stops the hand
// under way (dropping its transcript), ends the programs and returns the
// table of the hands finished with ErrInterrupted. It refuses a LogDir
// that cannot be made or already holds transcripts with a *LogDirError,
// before any program starts.
func Run(ctx context.Context, o Options) (*game.Table, error) {
	switch {
	case o.Hands < 0:
		return nil, fmt.Errorf("referee: hands %d: must not be negative", o.Hands)
	case o.MoveTime < 0:
		return nil, fmt.Errorf("referee: move time %v: must not be negative", o.MoveTime)
	}
	if o.Hands == 0 {
		o.Hands = game.HandsPerCycle
	}
	if o.MoveTime == 0 {
		o.MoveTime = DefaultMoveTime
	}
	var names [4]string
	for p, pl := range o.Players {
		if pl.Command == "" && pl.Remote == nil {
			return nil, fmt.Errorf("referee: player %d has no command", p+1)
		}
		if pl.MoveTime < 0 {
			return nil, fmt.Errorf("referee: player %d: move time %v: must not be negative", p+1, pl.MoveTime)
		}
		names[p] = pl.Name
	}
	if o.LogDir != "" {
		if err := CheckLogDir(o.LogDir); err != nil {
			return nil, err
		}
		if err := removeStale(o.LogDir, o.OnRemoved); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(o.LogDir, 0o777); err != nil {
			return nil, &LogDirError{Dir: o.LogDir, Err: err}
		}
	}
	m := &match{o: o, table: game.NewTable(names)}
	defer m.stopAll()
	if o.LogDir != "" {
		z, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20))
		if err != nil {
			return nil, fmt.Errorf("referee: %w", err)
		}
		m.z = z
	}
	g, err := game.New(game.Config{Tables: o.Tables})
	if err != nil {
		return nil, err
	}
	sched := game.Schedule{Seed: o.Seed}
	for i := range o.Hands {
		if ctx.Err() != nil {
			return m.table, ErrInterrupted
		}
		rep, err := m.hand(ctx, g, sched.Hand(i))
		if err != nil {
			return m.table, err
		}
		if o.OnHand != nil {
			o.OnHand(rep)
		}
	}
	return m.table, nil
}

// CheckLogDir returns the *LogDirError of Run for a log directory that
// already holds transcripts, else nil: a caller that has work to do before
// Run (waiting for remote players) can refuse it first.
func CheckLogDir(dir string) error {
	if old, _ := filepath.Glob(filepath.Join(dir, "hand-*.txt.zst")); len(old) > 0 {
		return &LogDirError{Dir: dir, First: filepath.Base(old[0])}
	}
	return nil
}

// removeStale removes the temporary transcripts in dir that a match killed
// mid-hand left behind, and calls removed (when set) with each one's path.
// Only names of the form .hand-NNNN.txt.zst.tmpDIGITS are touched; a dir
// that cannot be read is left to MkdirAll to report.
func removeStale(dir string, removed func(string)) error {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	done := make(map[string]bool)
	for _, de := range des {
		hand, _, ok := strings.Cut(de.Name(), ".tmp")
		if !ok || !strings.HasPrefix(hand, ".") || !isTranscriptName(hand[1:]) {
			continue
		}
		target := filepath.Join(dir, hand[1:])
		if done[target] {
			continue
		}
		done[target] = true
		paths, err := atomicfile.RemoveStale(target) // only its own .tmpDIGITS files
		for _, p := range paths {
			if removed != nil {
				removed(p)
			}
		}
		if err != nil {
			return fmt.Errorf("referee: removing a stale temporary transcript: %w", err)
		}
	}
	return nil
}

// isTranscriptName says whether name is a transcript's file name as Run
// writes them: hand-NNNN.txt.zst, with at least four digits.
func isTranscriptName(name string) bool {
	n, ok := strings.CutPrefix(name, "hand-")
	if !ok {
		return false
	}
	n, ok = strings.CutSuffix(n, ".txt.zst")
	if !ok || len(n) < 4 {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// match is the state of a match between hands.
type match struct {
	o     Options
	table *game.Table
	z     *zstd.Encoder
	// kept are the programs kept running with Reuse, by player.
	kept [4]*Program
}

// startPath is the /start path of a program run by command for player p:
// the command when the line can carry it, else "player<n>".
func startPath(command string, p int) string {
	msg := protocol.Message{Op: protocol.OpStart, Seat: 1, Path: command}
	if _, err := msg.Append(nil); err != nil || command == "" {
		return fmt.Sprintf("player%d", p+1)
	}
	return command
}

// program returns a running program for player p at hand n: from its
// Remote; the kept one with Reuse (restarted if it has ended); else a new
// one. The info is that of a Remote's program.
func (m *match) program(ctx context.Context, p, n int) (Process, RemoteInfo, error) {
	if r := m.o.Players[p].Remote; r != nil {
		return r.Join(ctx, n, m.o.moveTime(p))
	}
	if k := m.kept[p]; k != nil {
		if !k.Exited() {
			return k, RemoteInfo{}, nil
		}
		k.Stop()
		m.kept[p] = nil
	}
	errPath := ""
	if m.o.LogDir != "" {
		errPath = filepath.Join(m.o.LogDir, fmt.Sprintf("stderr-hand-%04d-player%d.txt", n, p+1))
	}
	pr, err := StartProgram(m.o.Players[p].Command, errPath, m.o.moveTime(p))
	if err != nil {
		return nil, RemoteInfo{}, err
	}
	if m.o.Reuse {
		m.kept[p] = pr
	}
	return pr, RemoteInfo{}, nil
}

// kept reports whether pr is kept running from hand to hand (Reuse).
func (m *match) isKept(pr Process) bool {
	for _, k := range m.kept {
		if k != nil && Process(k) == pr {
			return true
		}
	}
	return false
}

func (m *match) stopAll() {
	for p, k := range m.kept {
		if k != nil {
			k.Stop()
			m.kept[p] = nil
		}
	}
}

// hand plays one scheduled hand.
func (m *match) hand(ctx context.Context, g *game.Game, sh game.Scheduled) (*HandReport, error) {
	n := sh.Index + 1
	cfg := sh.Config(false)
	cfg.Tables = m.o.Tables
	if err := g.Reset(cfg); err != nil {
		return nil, err
	}
	w := &liveWire{ctx: ctx, m: m, hand: n, players: sh.Players}
	hd := &hand{g: g, w: w, o: m.o.Honors}
	rep := &HandReport{Scheduled: sh}
	// Dropped unless the hand ends well.
	cleanup := func() {
		for _, pr := range w.progs {
			if pr != nil && !m.isKept(pr) {
				pr.Stop()
			}
		}
		if m.o.Reuse {
			// A program interrupted mid-hand cannot go on to the next.
			m.stopAll()
		}
		w.t.abort()
	}
	start := time.Now()
	var seats [4]SeatInfo
	for s, p := range sh.Players {
		pl := &m.o.Players[p]
		si := SeatInfo{Player: p, Name: pl.Name, Command: pl.Command, MoveTime: m.o.moveTime(p), Remote: pl.Remote != nil}
		pr, info, err := m.program(ctx, p, n)
		switch {
		case errors.Is(err, ErrAbsent):
			hd.absent[s] = err.Error()
			w.absent[s] = true
			rep.Absent[s] = true
			si.Command = ""
		case err != nil:
			cleanup()
			if ctx.Err() != nil {
				return nil, ErrInterrupted
			}
			return nil, err
		default:
			w.progs[s] = pr
			if si.Remote {
				si.Command, si.Addr = info.Command, info.Addr
			}
		}
		si.Path = startPath(si.Command, p)
		hd.paths[s] = si.Path
		seats[s] = si
	}
	if m.o.LogDir != "" {
		h := &Header{Hand: n, Cycle: sh.Cycle, Jong: sh.Jong, Seating: sh.Seating, Deal: sh.Hand,
			Dealer: sh.Dealer, Round: sh.Round, Honors: m.o.Honors, MoveTime: m.o.MoveTime,
			Wall: g.Wall(), Seats: seats, Start: start}
		rep.Transcript = filepath.Join(m.o.LogDir, fmt.Sprintf("hand-%04d.txt.zst", n))
		t, err := createTranscript(rep.Transcript, m.z, h)
		if err != nil {
			cleanup()
			return nil, err
		}
		w.t = t
	}
	if err := hd.play(); err != nil {
		cleanup()
		return nil, err
	}
	// Tell every program that is not kept to quit before waiting for any,
	// so that they end together.
	for _, pr := range w.progs {
		if pr != nil && !m.isKept(pr) {
			pr.CloseInput()
		}
	}
	for s, pr := range w.progs {
		if pr != nil && !m.isKept(pr) {
			w.quit(game.Seat(s))
		}
	}
	res := g.Result()
	sum := 0
	for s, pts := range res.Points {
		sum += pts
		rep.Points[sh.Players[s]] = pts
	}
	if sum != 0 {
		cleanup()
		return nil, fmt.Errorf("referee: hand %d: the points %v do not sum to zero", n, res.Points)
	}
	if err := w.t.finish(res.Points, describeResult(res, &sh, m.o.Honors)); err != nil {
		return nil, err
	}
	rep.Failed = hd.failed
	rep.Failures = w.failures
	rep.Times = w.times
	r := *res
	rep.Result = &r
	m.table.Add(sh, res, hd.failed)
	for s, a := range rep.Absent {
		if a {
			m.table.AddAbsent(sh.Players[s])
		}
	}
	for s, q := range sh.Players {
		m.table.AddTime(q, hd.asks[s], hd.think[s], hd.longest[s])
	}
	return rep, nil
}

// describeResult writes the outcome of a hand for people.
func describeResult(r *game.Result, sh *game.Scheduled, o mjsolve.HonorOrder) string {
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
	return fmt.Sprintf("seat %d (player %d) wins %s on %d, %d tai", r.Winner+1, sh.Players[r.Winner]+1, how, r.Card.TID(o), r.Score.Tai)
}

// liveWire links a hand to the running programs and its transcript.
type liveWire struct {
	ctx      context.Context
	m        *match
	hand     int // the hand's number, from 1
	players  [4]int
	progs    [4]Process
	absent   [4]bool
	t        *transcriptWriter
	failures []Failure
	times    [4]ReplyTimes
}

func (w *liveWire) send(s game.Seat, line []byte) error {
	if w.ctx.Err() != nil {
		return ErrInterrupted
	}
	w.t.record(s, '>', line)
	p := w.progs[s]
	if p == nil {
		return errors.New("no program")
	}
	if err := p.Send(line); err != nil {
		w.t.record(s, 'x', []byte(err.Error()))
		return err
	}
	return nil
}

func (w *liveWire) recv(s game.Seat) ([]byte, error) {
	if w.ctx.Err() != nil {
		return nil, ErrInterrupted
	}
	p := w.progs[s]
	if p == nil {
		return nil, errors.New("no program")
	}
	start := time.Now()
	line, took, err := p.Recv(w.ctx)
	if w.ctx.Err() != nil {
		return nil, ErrInterrupted
	}
	if err != nil {
		w.t.record(s, 'x', []byte(err.Error()))
		return nil, err
	}
	w.t.record(s, '<', line)
	dt := time.Since(start)
	w.times[s].Add(ReplyTimes{Replies: 1, Referee: dt, MaxReferee: dt})
	if took >= 0 {
		w.t.record(s, 't', strconv.AppendFloat(nil, took.Seconds(), 'f', 6, 64))
		w.times[s].Add(ReplyTimes{Timed: 1, Program: took, MaxProgram: took})
	}
	return line, nil
}

func (w *liveWire) note(s game.Seat, dir byte, text string) error {
	w.t.record(s, dir, []byte(text))
	if dir == '!' {
		p := w.players[s]
		w.failures = append(w.failures, Failure{Hand: w.hand, Seat: s, Player: p, Name: w.m.o.Players[p].Name, Why: text, Absent: w.absent[s]})
	}
	return nil
}

// quit ends the program at seat s (after its /exit, or after CloseInput at
// the end of the hand), noting how it ended.
func (w *liveWire) quit(s game.Seat) {
	p := w.progs[s]
	if p == nil {
		return
	}
	w.progs[s] = nil
	if k := w.m.kept[w.players[s]]; k != nil && Process(k) == p {
		w.m.kept[w.players[s]] = nil
	}
	w.t.record(s, '#', []byte("program ended: "+p.Stop()))
}
