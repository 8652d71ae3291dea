package progress

import (
	"cmp"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-runewidth"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// Bar is the progress line of a long job on stderr. Drawn by mpb, it shows
// a description (the layout or strategy, which changes), the bar, the
// count, the percentage, the time left and the rate in the job's unit
// ("boards", "hands"). It is shown only on a terminal: New returns nil
// elsewhere, and the methods of a nil Bar do nothing. mpb cuts the line to
// the terminal's width, so that it never wraps; the description takes at
// most 2/5 of it, and the time left and the rate are left out when they
// would leave the bar fewer than minBar columns.
type Bar struct {
	w       io.Writer
	unit    string
	cw      mpb.ConsoleWriter // the terminal, when not w (tests)
	refresh time.Duration     // between two drawings; 0: 200ms
	desc    atomic.Pointer[string]

	mu   sync.Mutex // guards the fields below
	p    *mpb.Progress
	bar  *mpb.Bar
	from uint64    // the count at the first show
	last time.Time // of the last show, for the rate
}

const minBar = 12 // the columns the bar keeps (with its brackets) before the time and rate

// New returns the progress line of a job counting unit on stderr, or nil
// when stderr is not a terminal.
func New(stderr io.Writer, unit string) *Bar {
	if f, ok := stderr.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &Bar{w: stderr, unit: unit}
}

// Show shows done of total units described by desc; the first call starts
// the line, done of them already (read back by --resume: they count in
// the bar but not in the rate).
func (l *Bar) Show(desc string, done, total uint64) {
	if l == nil {
		return
	}
	l.desc.Store(&desc)
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	switch {
	case l.bar == nil:
		l.start(total)
		l.from = done
		l.bar.SetCurrent(int64(done))
	case done == l.from: // not moved yet: the time of a start (a --resume's copy) is not in the rate
	default:
		l.bar.EwmaSetCurrent(int64(done), now.Sub(l.last))
	}
	l.last = now
}

func (l *Bar) start(total uint64) {
	l.p = mpb.New(mpb.WithOutput(l.w), mpb.WithRefreshRate(cmp.Or(l.refresh, 200*time.Millisecond)),
		mpb.ContainerOptional(mpb.WithConsoleWriter(l.cw), l.cw != nil))
	l.bar = l.p.AddBar(int64(total), mpb.BarWidth(40), mpb.BarRemoveOnComplete(),
		mpb.PrependDecorators(decor.Any(func(s decor.Statistics) string {
			return fitDesc(*l.desc.Load(), min(max(24, 2*s.AvailableWidth/5), s.AvailableWidth-minBar-2)) // 2 spaces around the bar
		})),
		mpb.AppendDecorators(decor.CountersNoUnit("%d/%d"), labelled{decor.NewPercentage("%d"), " "},
			labelled{decor.EwmaETA(decor.ET_STYLE_GO, 30), " ETA "},
			labelled{decor.EwmaSpeed(nil, "%.0f "+l.unit+"/s", 30), " "}))
}

// labelled puts label before its decorator's text, and leaves both out
// when they would leave the bar fewer than minBar columns.
type labelled struct {
	decor.Decorator
	label string
}

func (d labelled) Unwrap() decor.Decorator { return d.Decorator } // for the rate's updates

func (d labelled) Decor(s decor.Statistics) (string, int) {
	str, w := d.Decorator.Decor(s)
	if w += runewidth.StringWidth(d.label); s.AvailableWidth-w >= minBar+2 {
		return d.label + str, w
	}
	return "", 0
}

// fitDesc cuts desc to n columns: in "NAME: detail" the name, so that the
// detail (the unwinnable count) stays; else the end.
func fitDesc(desc string, n int) string {
	if name, detail, ok := strings.Cut(desc, ": "); ok && runewidth.StringWidth(desc) > n {
		if room := n - runewidth.StringWidth(detail) - 2; room >= 4 {
			return runewidth.Truncate(name, room, "…") + ": " + detail
		}
	}
	return runewidth.Truncate(desc, max(n, 0), "…")
}

// Above is where to print a message while the line shows: above it.
func (l *Bar) Above(stderr io.Writer) io.Writer {
	if l == nil {
		return stderr
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.p == nil {
		return stderr
	}
	return l.p
}

// Stop erases the line (and the terminal's ^C echo after an
// interruption), so that the report starts on a line of its own.
func (l *Bar) Stop() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.bar != nil {
		l.bar.Abort(true)
		l.p.Wait()
	}
}
