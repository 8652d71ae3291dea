package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/batch"
)

// TestTW16BatchLongLines: in both batch loops a line too long for the reader is
// a bad line answered in its place, the lines after it are answered, and the
// exit code is 2.
func TestTW16BatchLongLines(t *testing.T) {
	long := strings.Repeat("1", 2<<20) + "m"
	in := "123456789m123456p1z\n" + long + "\n1111m2222p33334444s\n"
	code, out, errOut := runCmd(t, in, "tw16", "shanten", "-")
	want := "0\nerror: line 2: line too long (2097153 bytes)\n2\n"
	if code != exitBadInput || errOut != "" || out != want {
		t.Errorf("shanten -: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}

	in = "123m456p789s234s11z55z 1z\n" + strings.Repeat("5", 100_000) + "\n123m456p789s234s11z55z 1z"
	code, out, errOut = runCmd(t, in, "tw16", "score", "-")
	want = "3 門清1 圈風台1 門風台1\nerror: line 2: line too long (100000 bytes)\n3 門清1 圈風台1 門風台1\n"
	if code != exitBadInput || errOut != "" || out != want {
		t.Errorf("score -: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}
	code, out, _ = runCmd(t, in, "tw16", "score", "--json", "-")
	lines := strings.Split(out, "\n")
	if code != exitBadInput || len(lines) != 4 || lines[1] != `{"line":2,"error":"line too long (100000 bytes)"}` ||
		!strings.HasPrefix(lines[2], `{"rules":"competition"`) {
		t.Errorf("score --json -: exit %d, output %.300q", code, out)
	}
}

// TestTW16BatchSkips: blank lines and # comments are skipped, not errors, and
// the line numbers of errors count them.
func TestTW16BatchSkips(t *testing.T) {
	in := "# hands\n\n123456789m123456p1z\r\n   \n  # 0m is no tile\n0m12\n"
	code, out, errOut := runCmd(t, in, "tw16", "shanten", "-")
	want := "0\nerror: line 6: unknown tile \"0m\" in \"0m12\"\n"
	if code != exitBadInput || errOut != "" || out != want {
		t.Errorf("shanten -: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}
	code, out, errOut = runCmd(t, "# hand win\n\n123m456p789s234s11z55z 1z\n", "tw16", "score", "-")
	if code != 0 || errOut != "" || out != "3 門清1 圈風台1 門風台1\n" {
		t.Errorf("score -: exit %d, stderr %q, output %q", code, errOut, out)
	}
}

// TestTW16BatchExcerpt: an error quotes at most 60 characters of its input.
func TestTW16BatchExcerpt(t *testing.T) {
	bad := "123m" + strings.Repeat("x", 200)
	code, out, _ := runCmd(t, bad+"\n", "tw16", "shanten", "-")
	want := fmt.Sprintf("error: line 1: unknown tile letter \"x\" in %q\n", bad[:60]+"…")
	if code != exitBadInput || out != want {
		t.Errorf("shanten -: exit %d, output %q, want %q", code, out, want)
	}
	code, out, _ = runCmd(t, bad+"\n", "tw16", "score", "-")
	want = fmt.Sprintf("error: line 1: want a hand and its winning tile, got %q\n", bad[:60]+"…")
	if code != exitBadInput || out != want {
		t.Errorf("score -: exit %d, output %q, want %q", code, out, want)
	}
	code, _, errOut := runCmd(t, "", "tw16", "score", "123m456p789s234s11z5"+strings.Repeat("5", 100)+"z", "--win", "5z")
	if code != exitBadInput || len([]rune(errOut)) > 160 || !strings.Contains(errOut, "…") {
		t.Errorf("score: exit %d, stderr %q", code, errOut)
	}
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
		case len(raw) >= batch.MaxLine:
			want = append(want, fmt.Sprintf("%d:line too long (%d bytes)", i+1, len(raw)))
		case line != "" && line[0] != '#':
			want = append(want, fmt.Sprintf("%d:%s", i+1, line))
		}
	}
	return want
}

// FuzzTW16ScoreLines feeds the score batch arbitrary input: one output
// line per line that is not blank or a comment, each a score or an error
// naming its line, exit 2 exactly when there is an error, nothing on
// standard error.
func FuzzTW16ScoreLines(f *testing.F) {
	for _, s := range []string{
		"123m456p789s234s11z55z 1z\n", "123m456p789s234s11z55z 2z\n\n# x\n11m 1m", "nonsense", "456m789p234s55s67s 8s\r\n",
		"11122233m456p789s55s 3m\n" + strings.Repeat("1", 70) + "m 1m\n",
	} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, in string, asJSON bool) {
		args := []string{"tw16", "score", "-"}
		if asJSON {
			args = append(args, "--json")
		}
		code, out, errOut := runCmd(t, in, args...)
		want := wantBatchLines(in)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if out == "" {
			lines = nil
		}
		if errOut != "" || len(lines) != len(want) {
			t.Fatalf("%q: %d lines for %d, stderr %q:\n%s", in, len(lines), len(want), errOut, out)
		}
		bad := false
		for i, line := range lines {
			n, _, _ := strings.Cut(want[i], ":")
			isErr := strings.HasPrefix(line, "error: line "+n+": ") || strings.HasPrefix(line, `{"line":`+n+`,"error":`)
			bad = bad || isErr
			if !isErr && !strings.HasPrefix(line, `{"rules":`) && (line == "" || line[0] < '0' || line[0] > '9') {
				t.Fatalf("%q: line %d is %q", in, i+1, line)
			}
			if len([]rune(line)) > 400 && !strings.HasPrefix(line, "{") {
				t.Fatalf("%q: line %d has %d characters", in, i+1, len([]rune(line)))
			}
		}
		if wantCode := map[bool]int{false: 0, true: exitBadInput}[bad]; code != wantCode {
			t.Fatalf("%q: exit %d, want %d", in, code, wantCode)
		}
	})
}
