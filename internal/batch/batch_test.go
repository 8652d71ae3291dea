package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// batchLines is what a Reader reads from in: "N:line" for a line,
// "N:long:L" for a line too long, in order.
func batchLines(in string) ([]string, error) {
	b := New(strings.NewReader(in))
	var got []string
	for b.Next() {
		if err := b.TooLong(); err != nil {
			got = append(got, fmt.Sprintf("%d:%v", b.LineNo(), err))
		} else {
			got = append(got, fmt.Sprintf("%d:%s", b.LineNo(), b.Line()))
		}
	}
	return got, b.Err()
}

// wantBatchLines is batchLines by a simple reference: split at newlines.
func wantBatchLines(in string) []string {
	var want []string
	lines := strings.Split(in, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, raw := range lines {
		line := strings.TrimSpace(raw)
		switch {
		case len(raw) >= MaxLine:
			want = append(want, fmt.Sprintf("%d:line too long (%d bytes)", i+1, len(raw)))
		case line != "" && line[0] != '#':
			want = append(want, fmt.Sprintf("%d:%s", i+1, line))
		}
	}
	return want
}

func TestReader(t *testing.T) {
	for _, in := range []string{
		"", "\n", "a", "a\n", "a\r\nb", " # c\n\n d \n",
		strings.Repeat("x", MaxLine-1) + "\nb\n",
		strings.Repeat("x", MaxLine) + "\nb\n",
		strings.Repeat("x", MaxLine) + "\n",
		strings.Repeat("x", MaxLine),
		strings.Repeat("x", MaxLine-1),
		strings.Repeat("x", 3*MaxLine+5) + "\n" + strings.Repeat("y", 2*MaxLine),
		"a\n" + strings.Repeat(" ", MaxLine+1) + "\n#\nb",
	} {
		got, err := batchLines(in)
		if want := wantBatchLines(in); err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("input of %d bytes %.40q: %.200q (%v), want %.200q", len(in), in, got, err, want)
		}
	}
}

func FuzzReader(f *testing.F) {
	for _, s := range []string{"", "a\nb", "# x\n\n  y  \r\n", "123m 1z\n\n#\n"} {
		f.Add(s, 0)
	}
	f.Add("x\ny", MaxLine)
	f.Fuzz(func(t *testing.T, in string, pad int) {
		// pad makes lines near and beyond the limit.
		if pad > 0 {
			in = strings.Repeat("z", pad%(2*MaxLine+2)) + in
		}
		got, err := batchLines(in)
		if want := wantBatchLines(in); err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("%.60q: %.200q (%v), want %.200q", in, got, err, want)
		}
	})
}

// TestAnswer: answers in order, bad lines in their place (text and JSON),
// a line too long among them, and an error that is not a line's fault ends
// the batch after the answers before it.
func TestAnswer(t *testing.T) {
	errBad := errors.New("bad")
	answer := func(b []byte, line string) ([]byte, error) {
		switch line {
		case "bad":
			return b, fmt.Errorf("line %q: %w", line, errBad)
		case "stop":
			return b, errors.New("stop")
		}
		return append(append(b, strings.ToUpper(line)...), '\n'), nil
	}
	reason := func(err error) (string, bool) { return err.Error(), errors.Is(err, errBad) }
	long := strings.Repeat("x", MaxLine)
	for _, c := range []struct {
		in     string
		asJSON bool
		want   string
		bad    int
		err    string
	}{
		{"a\n# c\n\nbad\nb", false, "A\nerror: line 4: line \"bad\": bad\nB\n", 1, ""},
		{"bad\n" + long + "\nc\n", true, `{"line":1,"error":"line \"bad\": bad"}` + "\n" +
			`{"line":2,"error":"line too long (65536 bytes)"}` + "\nC\n", 2, ""},
		{"a\nbad\nstop\nb\n", false, "A\nerror: line 2: line \"bad\": bad\n", 1, "stop"},
	} {
		var out strings.Builder
		bad, err := Answer(context.Background(), strings.NewReader(c.in), &out, c.asJSON, answer, reason)
		if out.String() != c.want || bad != c.bad || errText(err) != c.err {
			t.Errorf("%.30q: %q, %d bad, %v; want %q, %d bad, %q", c.in, out.String(), bad, err, c.want, c.bad, c.err)
		}
	}

	var out strings.Builder
	in := io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(errors.New("disk")))
	if bad, err := Answer(context.Background(), in, &out, false, answer, reason); out.String() != "A\n" || bad != 0 || errText(err) != "reading standard input: disk" {
		t.Errorf("a read error: %q, %d bad, %v", out.String(), bad, err)
	}
}

// errText is err's message, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// notifyWriter collects what is written and sends it, whole so far, on c.
type notifyWriter struct {
	b strings.Builder
	c chan string
}

func (w *notifyWriter) Write(p []byte) (int, error) {
	w.b.Write(p)
	w.c <- w.b.String()
	return len(p), nil
}

// TestAnswerCancelWhileWaiting: a batch whose input stays open stops when
// its context is cancelled, with the answers given written out.
func TestAnswerCancelWhileWaiting(t *testing.T) {
	upper := func(b []byte, line string) ([]byte, error) {
		return append(append(b, strings.ToUpper(line)...), '\n'), nil
	}
	never := func(error) (string, bool) { return "", false }
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	defer pw.Close() // the input is never closed while Answer runs
	out := &notifyWriter{c: make(chan string, 10)}
	type result struct {
		bad int
		err error
	}
	done := make(chan result, 1)
	go func() {
		bad, err := Answer(ctx, pr, out, false, upper, never)
		done <- result{bad, err}
	}()
	pw.Write([]byte("a\nb\n"))
	if got := <-out.c; got != "A\nB\n" {
		t.Fatalf("answers before waiting: %q, want %q", got, "A\nB\n")
	}
	cancel()
	select {
	case res := <-done:
		if !errors.Is(res.err, context.Canceled) || res.bad != 0 {
			t.Errorf("Answer = %d bad, %v; want 0, context.Canceled", res.bad, res.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Answer did not stop within 10s of the cancel")
	}
	if got := out.b.String(); got != "A\nB\n" {
		t.Errorf("written %q, want %q", got, "A\nB\n")
	}
}
