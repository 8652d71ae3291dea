package referee

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// MismatchError is the first place where a transcript departs from what
// the referee would do with the same replies.
type MismatchError struct {
	Line int    // the transcript line (0: at its end)
	Want string // what the engine and the referee give
	Have string // what the transcript has
}

func (e *MismatchError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("referee: transcript: at the end: want %s, have %s", e.Want, e.Have)
	}
	return fmt.Sprintf("referee: transcript line %d: want %s, have %s", e.Line, e.Want, e.Have)
}

// Replay deals the hand of t again and plays it with the programs'
// recorded replies (and recorded failures), checking every line the
// referee sends, every failure and dummy move, and the points against the
// transcript. It returns the hand's result, or a *MismatchError at the
// first difference. The game looks up tables (nil: tw16.DefaultTables).
func Replay(t *Transcript, tables *tw16.TableSet) (*game.Result, error) {
	return replay(t, tables, nil)
}

// replay is Replay, adding to steps (when not nil) every decision and
// failure in order.
func replay(t *Transcript, tables *tw16.TableSet, steps *[]handlog.Step) (*game.Result, error) {
	h := &t.Header
	g, err := game.New(game.Config{Wall: h.Wall, Dealer: h.Dealer, Round: h.Round, Tables: tables})
	if err != nil {
		return nil, fmt.Errorf("referee: transcript: %w", err)
	}
	w := &replayWire{recs: t.Records, steps: steps}
	hd := &hand{g: g, w: w, o: h.Honors}
	if steps != nil {
		w.asked = [4]float64{-1, -1, -1, -1}
		hd.acted = w.acted
	}
	for s, si := range h.Seats {
		hd.paths[s] = si.Path
	}
	// A failure before the first line sent is a seat without a program
	// (an absent remote player): the dummy plays it from the start.
	for _, r := range t.Records {
		if r.Dir != '!' || hd.absent[r.Seat] != "" {
			break
		}
		hd.absent[r.Seat] = r.Text
	}
	if err := hd.play(); err != nil {
		return nil, err
	}
	if r, ok := w.peek(); ok {
		return nil, &MismatchError{Line: r.Line, Want: "the end of the hand", Have: describe(r)}
	}
	res := g.Result()
	if res.Points != t.Points {
		return nil, &MismatchError{Want: fmt.Sprintf("points %v", res.Points), Have: fmt.Sprintf("points %v", t.Points)}
	}
	sum := 0
	for _, p := range res.Points {
		sum += p
	}
	if sum != 0 {
		return nil, fmt.Errorf("referee: the points %v do not sum to zero", res.Points)
	}
	return res, nil
}

// ReplayReader reads a transcript and replays it (see Replay).
func ReplayReader(r io.Reader, tables *tw16.TableSet) (*Transcript, *game.Result, error) {
	t, err := ReadTranscript(r)
	if err != nil {
		return nil, nil, err
	}
	res, err := Replay(t, tables)
	return t, res, err
}

// ReplayFile reads the transcript file name (compressed or not) and
// replays it (see Replay). With a mismatch it returns the transcript too.
func ReplayFile(name string, tables *tw16.TableSet) (*Transcript, *game.Result, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return ReplayReader(f, tables)
}

// WriteRecords writes the records for people, one a line: the line number,
// the seconds, the seat (1–4), the direction and the text.
func (t *Transcript) WriteRecords(w io.Writer) error {
	b := bufio.NewWriter(w)
	for _, r := range t.Records {
		fmt.Fprintf(b, "%6d %10.6f %d %c %s\n", r.Line, r.Seconds, r.Seat+1, r.Dir, r.Text)
	}
	return b.Flush()
}

// Summary describes the hand for people: "312 records, seat 2 (player 3)
// wins …, points 0 0 0 0, 1 failure" (the failures are the '!' records).
func (t *Transcript) Summary() string {
	failed := 0
	for _, r := range t.Records {
		if r.Dir == '!' {
			failed++
		}
	}
	p, failures := t.Points, "failures"
	if failed == 1 {
		failures = "failure"
	}
	return fmt.Sprintf("%d records, %s, points %d %d %d %d, %d %s", len(t.Records), t.Result, p[0], p[1], p[2], p[3], failed, failures)
}

// replayWire plays the programs' side from the records.
type replayWire struct {
	recs []Record
	i    int
	// steps, when not nil, receives the decisions and failures; asked is
	// when each seat was first asked for its pending decision (-1: not
	// yet), replied when it last replied.
	steps          *[]handlog.Step
	asked, replied [4]float64
}

// acted adds a decision to the steps, with the time the program took.
func (w *replayWire) acted(s game.Seat, a game.Action, dummy bool) {
	st := handlog.Step{Seat: s, Action: a, Dummy: dummy}
	if !dummy && w.asked[s] >= 0 && w.replied[s] >= w.asked[s] {
		st.Took = math.Round((w.replied[s]-w.asked[s])*1e6) / 1e6
	}
	w.asked[s] = -1
	*w.steps = append(*w.steps, st)
}

// peek returns the next record that is not a note or a program's time.
func (w *replayWire) peek() (Record, bool) {
	for w.i < len(w.recs) && (w.recs[w.i].Dir == '#' || w.recs[w.i].Dir == 't') {
		w.i++
	}
	if w.i == len(w.recs) {
		return Record{}, false
	}
	return w.recs[w.i], true
}

func describe(r Record) string {
	return fmt.Sprintf("%d %c %q", r.Seat+1, r.Dir, r.Text)
}

// expect takes the next record, which must be (s, dir, text).
func (w *replayWire) expect(s game.Seat, dir byte, text string) error {
	want := describe(Record{Seat: s, Dir: dir, Text: text})
	r, ok := w.peek()
	if !ok {
		return &MismatchError{Want: want, Have: "the end of the records"}
	}
	if r.Seat != s || r.Dir != dir || r.Text != text {
		return &MismatchError{Line: r.Line, Want: want, Have: describe(r)}
	}
	w.i++
	return nil
}

func (w *replayWire) send(s game.Seat, line []byte) error {
	if w.steps != nil && w.asked[s] < 0 && bytes.HasPrefix(line, []byte("/ask ")) {
		if r, ok := w.peek(); ok {
			w.asked[s] = r.Seconds
		}
	}
	if err := w.expect(s, '>', string(line)); err != nil {
		return err
	}
	if r, ok := w.peek(); ok && r.Seat == s && r.Dir == 'x' {
		w.i++
		return replayedError(r.Text)
	}
	return nil
}

func (w *replayWire) recv(s game.Seat) ([]byte, error) {
	r, ok := w.peek()
	if !ok || r.Seat != s || r.Dir != '<' {
		have := "the end of the records"
		if ok {
			have = describe(r)
		}
		return nil, &MismatchError{Line: r.Line, Want: fmt.Sprintf("a reply of seat %d", s+1), Have: have}
	}
	w.i++
	w.replied[s] = r.Seconds
	return []byte(r.Text), nil
}

func (w *replayWire) note(s game.Seat, dir byte, text string) error {
	if err := w.expect(s, dir, text); err != nil {
		return err
	}
	if dir == '!' && w.steps != nil {
		*w.steps = append(*w.steps, handlog.Step{Seat: s, Failure: text})
	}
	return nil
}

func (w *replayWire) quit(game.Seat) {}

// replayedError is a program's failure as the transcript recorded it.
type replayedError string

func (e replayedError) Error() string { return string(e) }
