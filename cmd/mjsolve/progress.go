package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressBar is the progress line of a long job on stderr, counting its
// unit ("boards", "hands"), shown only on a terminal: newProgressBar
// returns nil elsewhere, and the methods of a nil progressBar do nothing.
// The line is fitted to the terminal's width: parts are dropped, least
// important first (the speed, the time, the count), the bar shrinks, and
// the description is cut, so that the line never wraps (a wrapped line
// scrolls a new line per update).
type progressBar struct {
	w        io.Writer
	unit     string
	width    int           // columns; 0: the terminal's, read when the line starts
	throttle time.Duration // the least time between two drawings
	bar      *progressbar.ProgressBar
	descMax  int // the description's budget in characters
}

// newProgressBar returns the progress line of a job counting unit on
// stderr, or nil when stderr is not a terminal.
func newProgressBar(stderr io.Writer, unit string) *progressBar {
	if !stderrTerminal(stderr) {
		return nil
	}
	return &progressBar{w: stderr, unit: unit, throttle: 200 * time.Millisecond}
}

// progressParts are the parts of a progress line that fit a width.
type progressParts struct {
	count, its, times bool
	barWidth, descMax int
}

// fitProgress chooses the parts of a progress line of total units for a
// terminal width columns wide.
func fitProgress(width int, total uint64) progressParts {
	digits := len(strconv.FormatUint(total, 10))
	const (
		percent = 6  // "100% " and a space
		borders = 3  // "|" "|" and a space
		its     = 19 // "123456 boards/s" within the count's parentheses (the longest unit)
		times   = 17 // " [1h2m3s:4h5m6s]"
		minDesc = 24
		minBar  = 10
		maxBar  = 40
	)
	count := 2*digits + 5 // "(a/b) " and a space
	p := progressParts{count: true, its: true, times: true}
	need := func() int {
		n := percent + borders + minBar + minDesc + 1 // one column spare: a full line wraps on some terminals
		if p.count {
			n += count
		}
		if p.its {
			n += its
		}
		if p.times {
			n += times
		}
		return n
	}
	for _, drop := range []*bool{&p.its, &p.times, &p.count} {
		if need() <= width {
			break
		}
		*drop = false
	}
	rest := width - need() + minBar + minDesc // for the bar and the description
	p.barWidth = min(maxBar, max(minBar, rest/3))
	p.descMax = max(minDesc, rest-p.barWidth)
	if !p.its && !p.times && !p.count && rest < minBar+minDesc {
		p.barWidth, p.descMax = max(1, rest/3), max(4, rest-rest/3)
	}
	return p
}

// terminalWidth is the width of the terminal w writes to (80 when it
// cannot be read).
func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if width, _, err := term.GetSize(int(f.Fd())); err == nil && width > 0 {
			return width
		}
	}
	return 80
}

// start starts the line of total units, done of them already (read back
// by --resume).
func (l *progressBar) start(desc string, done, total uint64) {
	width := l.width
	if width == 0 {
		width = terminalWidth(l.w)
	}
	p := fitProgress(width, total)
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(l.w),
		progressbar.OptionSetWidth(p.barWidth),
		progressbar.OptionThrottle(l.throttle),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(p.times),
		progressbar.OptionSetElapsedTime(p.times),
	}
	if p.count {
		opts = append(opts, progressbar.OptionShowCount())
	}
	if p.its {
		opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString(l.unit))
	}
	l.descMax = p.descMax
	opts = append(opts, progressbar.OptionSetDescription(l.fit(desc)))
	l.bar = progressbar.NewOptions64(int64(total), opts...)
	if done > 0 {
		l.bar.Set64(int64(done))
	}
}

// fit cuts desc to the line's budget: in "NAME: detail" the name, so that
// the detail (the unwinnable count) stays; else the end.
func (l *progressBar) fit(desc string) string {
	if utf8.RuneCountInString(desc) <= l.descMax {
		return desc
	}
	if name, detail, ok := strings.Cut(desc, ": "); ok {
		if room := l.descMax - utf8.RuneCountInString(detail) - 2; room >= 4 {
			return cut(name, room) + ": " + detail
		}
	}
	return cut(desc, l.descMax)
}

// cut cuts s to n characters, the last one "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// show shows done of total units described by desc; the first call
// starts the line.
func (l *progressBar) show(desc string, done, total uint64) {
	if l == nil {
		return
	}
	if l.bar == nil {
		l.start(desc, done, total)
	}
	l.bar.Describe(l.fit(desc))
	l.bar.Set64(int64(done))
}

// clear erases the line, as before a message; the next show draws it
// again.
func (l *progressBar) clear() {
	if l != nil && l.bar != nil {
		l.bar.Clear()
	}
}

// stop erases the line; after an interruption (ctx cancelled) it also ends
// the line of the terminal's ^C echo, so that the report starts on a line
// of its own.
func (l *progressBar) stop(ctx context.Context) {
	if l == nil || l.bar == nil {
		return
	}
	l.bar.Clear()
	if ctx.Err() != nil {
		fmt.Fprintln(l.w)
	}
}

// stderrTerminal reports whether w is a terminal (for the progress bar).
func stderrTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
