package progress

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"
)

// fakeTerminal stands for a terminal width columns wide: it keeps each
// frame mpb draws (what it writes between two flushes).
type fakeTerminal struct {
	width   int
	mu      sync.Mutex
	pending bytes.Buffer
	frames  []string
}

func (t *fakeTerminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.pending.Write(p)
}

func (t *fakeTerminal) ReadFrom(r io.Reader) (int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.pending.ReadFrom(r)
}

func (t *fakeTerminal) IsTerminal() bool               { return true }
func (t *fakeTerminal) GetTermSize() (int, int, error) { return t.width, 24, nil }

func (t *fakeTerminal) Flush(int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.frames = append(t.frames, t.pending.String())
	t.pending.Reset()
	return nil
}

// any reports whether a frame drawn satisfies ok.
func (t *fakeTerminal) any(ok func(string) bool) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, f := range t.frames {
		if ok(f) {
			return true
		}
	}
	return false
}

// last is the last frame drawn.
func (t *fakeTerminal) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.frames) == 0 {
		return ""
	}
	return t.frames[len(t.frames)-1]
}

// waitFor waits until the last frame satisfies ok (the line is drawn
// every millisecond), failing after a long while.
func (t *fakeTerminal) waitFor(tb testing.TB, what string, ok func(string) bool) string {
	tb.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if f := t.last(); ok(f) {
			return f
		}
	}
	tb.Fatalf("no frame with %s; last %q", what, t.last())
	return ""
}

func newFakeBar(width int) (*Bar, *fakeTerminal) {
	term := &fakeTerminal{width: width}
	return &Bar{w: io.Discard, unit: "boards", cw: term, refresh: time.Millisecond}, term
}

// TestProgressBarOffTerminal: off a terminal (a buffer, a file) there is
// no bar, and the methods of the nil bar do nothing.
func TestProgressBarOffTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var buf bytes.Buffer
	for _, w := range []io.Writer{&buf, f} {
		bar := New(w, "boards")
		if bar != nil {
			t.Fatalf("%T: a progress bar off a terminal", w)
		}
		bar.Show("turtle", 1, 2)
		bar.Stop()
		if got := bar.Above(w); got != w {
			t.Errorf("%T: messages go to %T", w, got)
		}
	}
	if fi, err := f.Stat(); err != nil || fi.Size() != 0 || buf.Len() != 0 {
		t.Errorf("written off a terminal: %d bytes to the buffer, file %v %v", buf.Len(), fi.Size(), err)
	}
}

// TestProgressLineFits draws the line at several terminal widths with a long
// layout name and a large run: no line is wider than the terminal (it
// overflowed at 80 columns with a long name and at 60 with turtle, scrolling a
// line per update), the bar keeps some width, and the rate and time left go
// before the count.
func TestProgressLineFits(t *testing.T) {
	barRe := regexp.MustCompile(`\[[=>-]*\]`)
	for _, width := range []int{30, 40, 60, 80, 100, 160} {
		for _, desc := range []string{"turtle: 3 unwinnable", "xmahjongg/a-layout-with-a-very-long-name: 123456 unwinnable"} {
			bar, term := newFakeBar(width)
			for i := uint64(0); i <= 5; i++ {
				bar.Show(desc, i*1_234_567, 10_000_000)
				time.Sleep(2 * time.Millisecond)
			}
			frame := term.waitFor(t, "6172835/10000000", func(f string) bool { return strings.Contains(f, "6172835/") })
			bar.Stop()
			line := strings.TrimSuffix(frame, "\n")
			if n := runewidth.StringWidth(line); n > width || strings.Contains(line, "\n") {
				t.Errorf("width %d, %q: a line of %d columns: %q", width, desc, n, line)
			}
			if b := barRe.FindString(line); width >= 60 && len(b) < minBar {
				t.Errorf("width %d, %q: bar %q in %q", width, desc, b, line)
			}
			if strings.Contains(line, "boards/s") && !strings.Contains(line, "ETA") {
				t.Errorf("width %d, %q: the rate without the time left: %q", width, desc, line)
			}
			if width >= 60 && strings.HasSuffix(desc, "unwinnable") && !strings.Contains(line, "123456 unwinnable") && !strings.Contains(line, "3 unwinnable") {
				t.Errorf("width %d: the unwinnable count cut: %q", width, line)
			}
			if width == 160 && desc == "turtle: 3 unwinnable" && !strings.Contains(line, "boards/s") {
				t.Errorf("160 columns: %q, want every part", line)
			}
		}
	}
}

// TestProgressBarLabelAndStop: the description follows Show (the count includes
// the boards read back by --resume), a message prints above the line, and Stop
// takes the line away.
func TestProgressBarLabelAndStop(t *testing.T) {
	bar, term := newFakeBar(120)
	bar.Show("turtle", 400, 1000)
	term.waitFor(t, "turtle 400/1000", func(f string) bool { return strings.HasPrefix(f, "turtle [") && strings.Contains(f, "400/1000 40%") })
	bar.Show("turtle: 12 unwinnable", 410, 1000)
	term.waitFor(t, "the new label", func(f string) bool {
		return strings.HasPrefix(f, "turtle: 12 unwinnable [") && strings.Contains(f, "410/1000 41%")
	})
	if _, err := io.WriteString(bar.Above(io.Discard), "mjsolve: a failure\n"); err != nil {
		t.Fatal(err)
	}
	bar.Stop()
	if !term.any(func(f string) bool { return strings.HasPrefix(f, "mjsolve: a failure\nturtle: 12") }) {
		t.Errorf("the message never showed above the line")
	}
	if f := term.last(); f != "" {
		t.Errorf("after stop the terminal shows %q", f)
	}
	bar.Show("turtle", 420, 1000) // after stop: nothing drawn, no panic
}
