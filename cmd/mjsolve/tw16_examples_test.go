package main

import (
	"bytes"
	"strings"
	"testing"
)

// shellWords splits a command line as sh would for the examples' simple
// quoting: words apart by spaces, '…' and "…" quoted without escapes.
func shellWords(t *testing.T, line string) []string {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case ' ':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case '\'', '"':
			end := strings.IndexByte(line[i+1:], c)
			if end < 0 {
				t.Fatalf("unbalanced %c in %q", c, line)
			}
			w.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// Every example in the help of the quick tw16 commands runs as written
// and succeeds: "printf '…' | mjsolve …" with the printf's text as
// standard input.
func TestTW16HelpExamples(t *testing.T) {
	quick := map[string]bool{"shanten": true, "waits": true, "effective": true, "advise": true, "score": true, "items": true, "tables": true}
	n := 0
	for _, c := range newTW16Cmd().Commands() {
		if !quick[c.Name()] {
			continue
		}
		for _, line := range strings.Split(c.Example, "\n") {
			line = strings.TrimSpace(line)
			stdin := ""
			if before, after, ok := strings.Cut(line, " | "); ok && strings.HasPrefix(before, "printf ") {
				stdin = strings.ReplaceAll(shellWords(t, before)[1], `\n`, "\n")
				line = after
			}
			if !strings.HasPrefix(line, "mjsolve ") { // an environment variable set for the line
				continue
			}
			args := shellWords(t, line)[1:]
			var out, errb bytes.Buffer
			if code := run(args, strings.NewReader(stdin), &out, &errb); code != exitOK || out.Len() == 0 {
				t.Errorf("%s: exit %d, stdout %q, stderr %q", line, code, out.String(), errb.String())
			}
			n++
		}
	}
	if n < 15 {
		t.Errorf("%d examples run, want every quick command's (15 or more)", n)
	}
}
