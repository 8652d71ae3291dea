package referee

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// maxTranscript bounds the size of a transcript read (after
// decompression): a hand takes some 20 KB.
const maxTranscript = 16 << 20

// capped reads r until left bytes have been read, then fails.
type capped struct {
	r    io.Reader
	left int
}

// errTooLarge is capped's error past its limit.
var errTooLarge = fmt.Errorf("larger than %d bytes", maxTranscript)

func (c *capped) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, errTooLarge
	}
	n, err := c.r.Read(p[:min(len(p), c.left)])
	c.left -= n
	return n, err
}

// maxRecords bounds the records of a transcript read: a hand has a few
// hundred.
const maxRecords = 100_000

// transcriptMagic is the first line of a transcript.
const transcriptMagic = "mjsolve tw16 transcript 1"

// Header describes the hand of a transcript: enough to deal it again.
type Header struct {
	// Hand is the hand's number in the match, from 1.
	Hand int
	// Cycle, Jong, Seating and Deal place it in the fair schedule (see
	// game.Scheduled; Deal is its Hand, 0–3).
	Cycle, Jong, Seating, Deal int
	Dealer                     game.Seat
	Round                      game.Wind
	Honors                     mjsolve.HonorOrder
	MoveTime                   time.Duration
	// Wall is the wall in drawing order.
	Wall []game.Card
	// Seats are the programs at seats 0–3.
	Seats [4]SeatInfo
	// Start is when the hand began.
	Start time.Time
}

// SeatInfo names the program at one seat.
type SeatInfo struct {
	Player  int    // the player, 0–3 in the order given
	Name    string // the player's name
	Command string // its command
	Path    string // the path field of its /start
	// MoveTime is the program's time for each reply (the header's
	// MoveTime unless the player was given its own).
	MoveTime time.Duration
	// Remote says the program ran under a wrapper elsewhere (see
	// Player.Remote); Addr is the wrapper's network address ("" when it
	// was not connected, and the dummy played the seat).
	Remote bool
	Addr   string
}

// Record is one line of a transcript after the header. It is a line sent to
// a program ('>'), its reply ('<'), the program's own time for the reply
// before, in seconds, as the wrapper of a remote player measured it ('t';
// the reply's own record has the referee's time), a reply it could not give
// or a line it could not take ('x'), a failure ('!'), the dummy's move for
// a failed seat ('='), or a note ('#': how a program ended).
type Record struct {
	Line    int     // line number in the transcript
	Seconds float64 // since the hand began
	Seat    game.Seat
	Dir     byte
	Text    string
}

// Transcript is a whole hand as written under --log.
type Transcript struct {
	Header  Header
	Records []Record
	// Points are each seat's points of the hand, as the transcript's end
	// line gives them; Result describes the outcome for people.
	Points [4]int
	Result string
}

// transcriptWriter writes one hand's transcript, compressed, to a
// temporary file renamed into place when the hand is over.
type transcriptWriter struct {
	f    *atomicfile.File
	path string
	z    *zstd.Encoder
	b    *bufio.Writer
	t0   time.Time
	line []byte
	err  error
}

// createTranscript starts the transcript path with header h, compressing
// with z (reset for this file).
func createTranscript(path string, z *zstd.Encoder, h *Header) (*transcriptWriter, error) {
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("referee: %w", err)
	}
	z.Reset(f)
	t := &transcriptWriter{f: f, path: path, z: z, b: bufio.NewWriterSize(z, 32<<10), t0: h.Start}
	t.b.WriteString(formatHeader(h))
	return t, nil
}

// formatHeader writes the header lines.
func formatHeader(h *Header) string {
	var b strings.Builder
	fmt.Fprintln(&b, transcriptMagic)
	fmt.Fprintf(&b, "hand %d\n", h.Hand)
	fmt.Fprintf(&b, "schedule %d %d %d %d\n", h.Cycle, h.Jong, h.Seating, h.Deal)
	fmt.Fprintf(&b, "dealer %d\n", h.Dealer+1)
	fmt.Fprintf(&b, "round %s\n", protocol.WindName(h.Round))
	fmt.Fprintf(&b, "honors %s\n", h.Honors)
	fmt.Fprintf(&b, "move-time %s\n", h.MoveTime)
	b.WriteString("wall")
	for _, c := range h.Wall {
		fmt.Fprintf(&b, " %d", c.TID(h.Honors))
	}
	b.WriteByte('\n')
	for s, si := range h.Seats {
		fmt.Fprintf(&b, "seat %d player %d name %s command %s path %s",
			s+1, si.Player+1, strconv.Quote(si.Name), strconv.Quote(si.Command), strconv.Quote(si.Path))
		if si.MoveTime != 0 && si.MoveTime != h.MoveTime {
			fmt.Fprintf(&b, " move-time %s", si.MoveTime)
		}
		if si.Remote {
			fmt.Fprintf(&b, " remote %s", strconv.Quote(si.Addr))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "start %s\n", h.Start.UTC().Format(time.RFC3339Nano))
	return b.String()
}

// record writes one record with the time since the hand began.
func (t *transcriptWriter) record(s game.Seat, dir byte, text []byte) {
	if t == nil {
		return
	}
	b := strconv.AppendFloat(t.line[:0], time.Since(t.t0).Seconds(), 'f', 6, 64)
	b = append(b, ' ', byte('1'+s), ' ', dir, ' ')
	b = appendText(b, text)
	b = append(b, '\n')
	t.line = b
	if _, err := t.b.Write(b); err != nil && t.err == nil {
		t.err = err
	}
}

// appendText appends a record's text: as it is when it is printable ASCII
// and does not begin with a quote, else Go-quoted (a program's garbage).
func appendText(b, text []byte) []byte {
	plain := len(text) == 0 || text[0] != '"'
	for _, c := range text {
		if c < 0x20 || c > 0x7e {
			plain = false
			break
		}
	}
	if plain {
		return append(b, text...)
	}
	return strconv.AppendQuote(b, string(text))
}

// finish writes the result and the end line and moves the transcript into
// place.
func (t *transcriptWriter) finish(points [4]int, result string) error {
	if t == nil {
		return nil
	}
	fmt.Fprintf(t.b, "result %s\nend %d %d %d %d\n", result, points[0], points[1], points[2], points[3])
	err := t.err
	for _, e := range []error{t.b.Flush(), t.z.Close()} {
		if err == nil {
			err = e
		}
	}
	if err == nil {
		err = t.f.Commit()
	}
	if err == nil {
		err = t.f.Close()
	}
	if err != nil {
		t.f.Abort()
		return fmt.Errorf("referee: writing %s: %w", t.path, atomicfile.Cause(err)) // named by the transcript, not its temporary file
	}
	return nil
}

// abort drops an unfinished transcript.
func (t *transcriptWriter) abort() {
	if t == nil {
		return
	}
	t.z.Close()
	t.f.Abort()
}

// ReadTranscript reads a transcript, compressed with zstd or not.
func ReadTranscript(r io.Reader) (*Transcript, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(4); bytes.Equal(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}) {
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(8<<20), zstd.WithDecoderMaxMemory(256<<20))
		if err != nil {
			return nil, fmt.Errorf("referee: transcript: %w", err)
		}
		defer z.Close()
		br = bufio.NewReader(z)
	}
	sc := bufio.NewScanner(&capped{r: br, left: maxTranscript})
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	t := &Transcript{}
	n := 0
	bad := func(format string, args ...any) error {
		return fmt.Errorf("referee: transcript line %d: %s", n, fmt.Sprintf(format, args...))
	}
	next := func(key string) (string, error) {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return "", readError(err)
			}
			return "", bad("ends before the %q line", key)
		}
		n++
		rest, ok := strings.CutPrefix(sc.Text(), key+" ")
		if !ok {
			return "", bad("want a %q line, have %.40q", key, sc.Text())
		}
		return rest, nil
	}
	if !sc.Scan() && sc.Err() != nil {
		return nil, readError(sc.Err())
	}
	if sc.Text() != transcriptMagic {
		return nil, fmt.Errorf("referee: not a transcript (the first line is not %q)", transcriptMagic)
	}
	n++
	h := &t.Header
	var v string
	var err error
	if v, err = next("hand"); err == nil {
		h.Hand, err = strconv.Atoi(v)
	}
	if err == nil {
		if v, err = next("schedule"); err == nil {
			_, err = fmt.Sscanf(v, "%d %d %d %d", &h.Cycle, &h.Jong, &h.Seating, &h.Deal)
		}
	}
	var dealer int
	if err == nil {
		if v, err = next("dealer"); err == nil {
			dealer, err = strconv.Atoi(v)
			if err == nil && (dealer < 1 || dealer > 4) {
				err = bad("dealer %d is not a position 1-4", dealer)
			}
			h.Dealer = game.Seat(dealer - 1)
		}
	}
	if err == nil {
		if v, err = next("round"); err == nil {
			var perr error
			if h.Round, perr = protocol.ParseWind(v); perr != nil {
				err = bad("round %q is not EAST, SOUTH, WEST or NORTH", v)
			}
		}
	}
	if err == nil {
		if v, err = next("honors"); err == nil {
			h.Honors, err = mjsolve.ParseHonorOrder(v)
		}
	}
	if err == nil {
		if v, err = next("move-time"); err == nil {
			h.MoveTime, err = time.ParseDuration(v)
		}
	}
	if err == nil {
		if v, err = next("wall"); err == nil {
			for _, f := range strings.Fields(v) {
				tid, cerr := strconv.Atoi(f)
				c, cerr2 := game.CardOfTID(tid, h.Honors)
				if cerr != nil || cerr2 != nil {
					err = bad("wall card %q is not a tile id", f)
					break
				}
				h.Wall = append(h.Wall, c)
			}
		}
	}
	for s := 0; s < 4 && err == nil; s++ {
		if v, err = next("seat"); err != nil {
			break
		}
		si := &h.Seats[s]
		var pos int
		var rest string
		if _, err = fmt.Sscanf(v, "%d player %d name ", &pos, &si.Player); err != nil || pos != s+1 || si.Player < 1 || si.Player > 4 {
			err = bad("want seat %d player <1-4> name … command … path …", s+1)
			break
		}
		si.Player--
		rest = v[strings.Index(v, " name ")+len(" name "):]
		for _, f := range []struct {
			field *string
			next  string
		}{{&si.Name, " command "}, {&si.Command, " path "}, {&si.Path, ""}} {
			q, qerr := strconv.QuotedPrefix(rest)
			if qerr != nil {
				err = bad("seat %d: a field is not quoted", s+1)
				break
			}
			*f.field, _ = strconv.Unquote(q)
			rest = strings.TrimPrefix(rest[len(q):], f.next)
		}
		si.MoveTime = h.MoveTime
		if mt, ok := strings.CutPrefix(rest, " move-time "); ok && err == nil {
			// The seat's own move time, when it differs from the match's.
			mt, rest, _ = strings.Cut(mt, " ")
			if rest != "" {
				rest = " " + rest
			}
			if si.MoveTime, err = time.ParseDuration(mt); err != nil || si.MoveTime <= 0 {
				err = bad("seat %d: move-time %q is not a duration", s+1, mt)
			}
		}
		if addr, ok := strings.CutPrefix(rest, " remote "); ok && err == nil {
			// A remote player's wrapper.
			q, qerr := strconv.QuotedPrefix(addr)
			if qerr != nil || len(q) != len(addr) {
				err = bad("seat %d: the remote address is not quoted", s+1)
				break
			}
			si.Remote = true
			si.Addr, _ = strconv.Unquote(q)
			rest = ""
		}
		if rest != "" && err == nil {
			err = bad("seat %d: %.40q after the path", s+1, rest)
		}
	}
	if err == nil {
		if v, err = next("start"); err == nil {
			h.Start, err = time.Parse(time.RFC3339Nano, v)
		}
	}
	if err != nil {
		if !strings.HasPrefix(err.Error(), "referee: ") {
			err = bad("%v", err)
		}
		return nil, err
	}
	result := false
	for sc.Scan() {
		n++
		if len(t.Records) == maxRecords || result && !strings.HasPrefix(sc.Text(), "end ") {
			return nil, bad("more than %d records, or a line after the result line", maxRecords)
		}
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "result "); ok {
			t.Result, result = rest, true
			continue
		}
		if rest, ok := strings.CutPrefix(line, "end "); ok {
			if _, err := fmt.Sscanf(rest, "%d %d %d %d", &t.Points[0], &t.Points[1], &t.Points[2], &t.Points[3]); err != nil {
				return nil, bad("the end line does not hold four points")
			}
			if sc.Scan() {
				return nil, bad("a line after the end line")
			}
			return t, nil
		}
		r, err := parseRecord(line)
		if err != nil {
			return nil, bad("%v", err)
		}
		r.Line = n
		t.Records = append(t.Records, r)
	}
	if err := sc.Err(); err != nil {
		return nil, readError(err)
	}
	return nil, bad("the transcript ends without its end line")
}

// readError describes a failure to read a transcript's text: one over the
// size limit or with a line too long as such, any other (a zstd stream cut
// short or corrupt, a failing read) as a transcript cut short or damaged.
func readError(err error) error {
	if errors.Is(err, errTooLarge) || errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("referee: transcript: %w", err)
	}
	return fmt.Errorf("referee: transcript cut short or damaged: %w", err)
}

// parseRecord parses "<seconds> <position> <dir> <text>".
func parseRecord(line string) (Record, error) {
	var r Record
	secs, rest, ok1 := strings.Cut(line, " ")
	pos, rest, ok2 := strings.Cut(rest, " ")
	dir, text, ok3 := strings.Cut(rest, " ")
	var err error
	r.Seconds, err = strconv.ParseFloat(secs, 64)
	if !ok1 || !ok2 || !ok3 || err != nil || len(pos) != 1 || pos[0] < '1' || pos[0] > '4' ||
		len(dir) != 1 || !strings.Contains("><x!=#t", dir) {
		return r, fmt.Errorf("not a record: %.60q", line)
	}
	r.Seat, r.Dir, r.Text = game.Seat(pos[0]-'1'), dir[0], text
	if strings.HasPrefix(text, `"`) {
		if r.Text, err = strconv.Unquote(text); err != nil {
			return r, fmt.Errorf("badly quoted text: %.60q", line)
		}
	}
	return r, nil
}
