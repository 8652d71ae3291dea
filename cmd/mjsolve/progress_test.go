package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestProgressLineFits renders the progress line at several terminal widths
// with a long layout name and a large run: no line is wider than the
// terminal (it overflowed at 80 columns with a long name and at 60 with
// turtle, scrolling a line per update), the bar keeps some width, and the
// parts are dropped least important first (issue 9 item 12).
func TestProgressLineFits(t *testing.T) {
	for _, width := range []int{30, 40, 60, 80, 100, 160} {
		for _, desc := range []string{"turtle: 3 unwinnable", "xmahjongg/a-layout-with-a-very-long-name: 123456 unwinnable"} {
			var buf bytes.Buffer
			l := &progressBar{w: &buf, unit: "boards", width: width}
			l.show(desc, 0, 10_000_000)
			for i := uint64(1); i <= 5; i++ {
				time.Sleep(2 * time.Millisecond)
				l.show(desc, i*1_234_567, 10_000_000)
			}
			p := fitProgress(width, 10_000_000)
			for _, seg := range strings.FieldsFunc(buf.String(), func(r rune) bool { return r == '\r' || r == '\n' }) {
				seg = strings.TrimRight(seg, " ")
				if n := utf8.RuneCountInString(seg); n >= width {
					t.Errorf("width %d, %q: a line of %d characters: %q", width, desc, n, seg)
				}
			}
			if width >= 60 && p.barWidth < 10 {
				t.Errorf("width %d: bar %d wide", width, p.barWidth)
			}
			if got := strings.Contains(buf.String(), "boards/s"); got != p.its {
				t.Errorf("width %d: speed shown %v, planned %v", width, got, p.its)
			}
			if p.its && !p.times || p.times && !p.count {
				t.Errorf("width %d: parts %+v dropped out of order", width, p)
			}
		}
	}
	if p := fitProgress(160, 10_000_000); !p.its || !p.times || !p.count {
		t.Errorf("160 columns: %+v, want every part", p)
	}
}

// TestProgressLineResumed: after --resume the bar counts the boards read
// back (issue 9 item 12): it started from 0 at the first missing game.
func TestProgressLineResumed(t *testing.T) {
	var buf bytes.Buffer
	l := &progressBar{w: &buf, unit: "boards", width: 120}
	l.show("turtle", 400, 1000)
	time.Sleep(2 * time.Millisecond)
	l.show("turtle: 12 unwinnable", 410, 1000)
	if out := buf.String(); !strings.Contains(out, "(410/1000") || !strings.Contains(out, "41%") {
		t.Errorf("line %q, want 410 of 1000", out)
	}
}
