package batch

import (
	"fmt"
	"strings"
	"testing"
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
