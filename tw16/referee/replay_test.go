package referee

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
)

// oneTranscript plays one hand of greedy players and returns its
// transcript, uncompressed.
func oneTranscript(t *testing.T, seed uint64) string {
	t.Helper()
	dir := t.TempDir()
	o := Options{Hands: 1, Seed: seed, LogDir: dir, MoveTime: easyMoveTime}
	for p := range o.Players {
		o.Players[p] = Player{Name: "greedy", Command: greedyCommand(t, false)}
	}
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "hand-0001.txt.zst"))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := zstd.NewReader(nil)
	defer d.Close()
	plain, err := d.DecodeAll(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	return string(plain)
}

// A transcript changed anywhere the referee's side shows (a line sent, a
// reply, the points) no longer verifies, and the error names the first
// line that differs.
func TestReplayFindsTampering(t *testing.T) {
	orig := oneTranscript(t, 3)
	if _, _, err := ReplayReader(strings.NewReader(orig), nil); err != nil {
		t.Fatalf("the untouched transcript: %v", err)
	}
	lines := strings.Split(orig, "\n")
	find := func(sub string) int {
		for i, l := range lines {
			if strings.Contains(l, sub) {
				return i
			}
		}
		t.Fatalf("no line with %q", sub)
		return 0
	}
	replace := func(i int, old, new string) string {
		c := append([]string(nil), lines...)
		c[i] = strings.Replace(c[i], old, new, 1)
		return strings.Join(c, "\n")
	}
	mo := find(" > /mo ")
	tid := lines[mo][strings.LastIndex(lines[mo], " ")+1:]
	other := "110"
	if tid == "110" {
		other = "111"
	}
	reply := find(" < /throw ")
	for _, c := range []struct {
		name, text string
		line       int // the line the mismatch is found at, 0 for the end
		errText    string
	}{
		{"a different draw", replace(mo, " /mo "+tid, " /mo "+other), mo + 1, ""},
		{"a missing line", strings.Join(append(append([]string(nil), lines[:mo]...), lines[mo+1:]...), "\n"), mo + 1, ""},
		{"a reply changed", replace(reply, " < /throw ", " < /pass"), reply + 2, ""},
		{"other points", replace(len(lines)-2, "end ", "end 1"), 0, ""},
		{"no end", strings.Join(lines[:len(lines)-2], "\n"), -1, "ends without its end line"},
		{"a bad seat", replace(mo, strings.Fields(lines[mo])[0]+" "+strings.Fields(lines[mo])[1], strings.Fields(lines[mo])[0]+" 7"), -1, "not a record"},
		{"a bad wall", replace(find("wall "), "wall ", "wall 999 "), -1, "not a tile id"},
		{"not a transcript", "hello\n", -1, "not a transcript"},
	} {
		_, _, err := ReplayReader(strings.NewReader(c.text), nil)
		var m *MismatchError
		switch {
		case err == nil:
			t.Errorf("%s: verified", c.name)
		case c.line >= 0 && !errors.As(err, &m):
			t.Errorf("%s: %v, want a mismatch", c.name, err)
		case c.line >= 0 && m.Line != c.line:
			t.Errorf("%s: mismatch at line %d, want %d: %v", c.name, m.Line, c.line, err)
		case c.line < 0 && !strings.Contains(err.Error(), c.errText):
			t.Errorf("%s: %v, want %q", c.name, err, c.errText)
		}
	}
}

// Ctrl-C during a hand: Run returns ErrInterrupted with the hands done, the
// unfinished hand leaves no file, and a program that ignores its input is
// ended within the grace time.
func TestInterrupted(t *testing.T) {
	dir := t.TempDir()
	o := Options{Hands: 10, Seed: 2, LogDir: dir, MoveTime: time.Minute}
	for p := range o.Players {
		o.Players[p] = Player{Name: "draw-discard", Command: "testdata/draw-discard.sh"}
	}
	o.Players[2] = Player{Name: "hang", Command: "testdata/hang.sh"}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o.OnHand = func(r *HandReport) { t.Errorf("hand %d finished", r.Scheduled.Index+1) }
	time.AfterFunc(500*time.Millisecond, cancel)
	start := time.Now()
	tab, err := Run(ctx, o)
	if !errors.Is(err, ErrInterrupted) || tab == nil || tab.Hands() != 0 {
		t.Fatalf("Run = %v, %v; want an empty table and ErrInterrupted", tab, err)
	}
	if d := time.Since(start); d > 500*time.Millisecond+3*StopGrace {
		t.Errorf("the interruption took %v", d)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	hidden, _ := filepath.Glob(filepath.Join(dir, ".*"))
	for _, f := range append(files, hidden...) {
		if !strings.HasPrefix(filepath.Base(f), "stderr-") {
			t.Errorf("left behind: %s", f)
		}
	}
}

// The transcript's header carries the hand: a reader gets back the wall,
// the seats and their commands.
func TestTranscriptHeader(t *testing.T) {
	tr, err := ReadTranscript(strings.NewReader(oneTranscript(t, 4)))
	if err != nil {
		t.Fatal(err)
	}
	h := tr.Header
	if h.Hand != 1 || h.Dealer != 0 || len(h.Wall) != 136 || h.MoveTime != easyMoveTime || h.Seats[0].MoveTime != easyMoveTime || h.Seats[3].Player != 3 || !strings.Contains(h.Seats[0].Command, "MJSOLVE_TEST_PLAYER=greedy") {
		t.Errorf("header %+v", h)
	}
	if len(tr.Records) < 100 || !strings.HasPrefix(tr.Records[0].Text, "/start MJ 1 MJSOLVE_TEST_PLAYER=greedy exec /") || tr.Records[0].Dir != '>' {
		t.Errorf("%d records, the first %+v", len(tr.Records), tr.Records[0])
	}
	var plain bytes.Buffer
	for _, r := range tr.Records {
		if r.Dir == '!' {
			plain.WriteString(r.Text)
		}
	}
	if plain.Len() != 0 {
		t.Errorf("failures: %s", plain.String())
	}
}

// TestReplayFile replays a transcript file as "mjsolve tw16 replay" does:
// its summary and records for people; and a second match into the same
// directory is refused.
func TestReplayFile(t *testing.T) {
	dir := t.TempDir()
	o := Options{Hands: 1, Seed: 2, LogDir: dir, MoveTime: easyMoveTime}
	for p := range o.Players {
		o.Players[p] = Player{Name: "draw-discard", Command: "testdata/draw-discard.sh"}
	}
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "hand-0001.txt.zst")
	tr, res, err := ReplayFile(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%d records, %s, points %d %d %d %d, 0 failures", len(tr.Records), tr.Result,
		res.Points[0], res.Points[1], res.Points[2], res.Points[3])
	if got := tr.Summary(); got != want || tr.Result == "" {
		t.Errorf("summary %q, want %q", got, want)
	}
	var b strings.Builder
	if err := tr.WriteRecords(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	r := tr.Records[0]
	if first := fmt.Sprintf("%6d %10.6f %d %c %s", r.Line, r.Seconds, r.Seat+1, r.Dir, r.Text); len(lines) != len(tr.Records) || lines[0] != first {
		t.Errorf("%d lines for %d records, the first %q, want %q", len(lines), len(tr.Records), lines[0], first)
	}
	if _, _, err := ReplayFile(filepath.Join(dir, "missing"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}

	_, err = Run(context.Background(), o)
	if le, ok := errors.AsType[*LogDirError](err); !ok || le.Dir != dir || le.First != "hand-0001.txt.zst" {
		t.Errorf("a second match into %s: %v", dir, err)
	}
}

// A compressed transcript cut short (a full disk, a copy stopped half way)
// is reported as cut, wherever the cut falls, never as "not a transcript"
// nor as a mismatch of the play.
func TestReplayCutTranscript(t *testing.T) {
	plain := oneTranscript(t, 5)
	e, _ := zstd.NewWriter(nil)
	full := e.EncodeAll([]byte(plain), nil)
	e.Close()
	for _, n := range []int{len(full) / 4, len(full) / 2, len(full) - 3} {
		_, _, err := ReplayReader(bytes.NewReader(full[:n]), nil)
		var m *MismatchError
		if err == nil || errors.As(err, &m) || !strings.Contains(err.Error(), "cut short or damaged") {
			t.Errorf("cut at byte %d of %d: %v, want a cut short or damaged transcript", n, len(full), err)
		}
	}
}

// TestRunLogDirCannotBeMade: a LogDir that cannot be a directory (a file,
// or under one) is a *LogDirError that says why, before any program runs.
func TestRunLogDirCannotBeMade(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{file, filepath.Join(file, "logs")} {
		o := Options{Hands: 1, LogDir: dir}
		for p := range o.Players {
			o.Players[p] = Player{Name: "dd", Command: "testdata/draw-discard.sh"}
		}
		_, err := Run(context.Background(), o)
		le, ok := errors.AsType[*LogDirError](err)
		if !ok || le.Dir != dir || le.First != "" || !errors.Is(err, syscall.ENOTDIR) {
			t.Errorf("LogDir %s: %v", dir, err)
		}
	}
}

// Summary counts failures in the singular for 1 ("1 failure"; it said "1
// failures").
func TestSummaryCountsOneFailure(t *testing.T) {
	tr := &Transcript{Records: []Record{{Dir: '>'}, {Dir: '!'}, {Dir: '<'}}, Result: "drawn", Points: [4]int{0, 0, 0, 0}}
	if got, want := tr.Summary(), "3 records, drawn, points 0 0 0 0, 1 failure"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
	tr.Records = append(tr.Records, Record{Dir: '!'})
	if got, want := tr.Summary(), "4 records, drawn, points 0 0 0 0, 2 failures"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
}
