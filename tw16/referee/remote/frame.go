package remote

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// MaxFrame bounds a frame, its newline included; a longer one is garbage.
const MaxFrame = 512

// Version is the version of the wire format a wrapper says in its hello.
const Version = 1

// Token lengths: a token has MinToken to MaxToken characters from
// A–Z a–z 0–9 and . _ ~ + / = - (hex and base64 fit).
const (
	MinToken = 16
	MaxToken = 128
)

// MaxCommand bounds the command a wrapper names in its hello.
const MaxCommand = 256

// Verb says what a frame is.
type Verb uint8

// The verbs. From the wrapper: Hello, Reply, Fail, Ended, Pong. From the
// referee: Welcome, Refused, Hand, Line, Read, End, Kill, Ping, Bye.
const (
	Hello   Verb = iota + 1 // hello VERSION TOKEN COMMAND
	Welcome                 // welcome HEARTBEAT-MS NAME
	Refused                 // refused REASON TEXT
	Hand                    // hand N MOVE-MS
	Line                    // line TEXT
	Read                    // read
	End                     // end
	Kill                    // kill
	Ping                    // ping
	Pong                    // pong
	Reply                   // reply MICROS TEXT
	Fail                    // fail TEXT
	Ended                   // ended TEXT
	Bye                     // bye TEXT
)

var verbNames = [...]string{Hello: "hello", Welcome: "welcome", Refused: "refused", Hand: "hand", Line: "line",
	Read: "read", End: "end", Kill: "kill", Ping: "ping", Pong: "pong", Reply: "reply", Fail: "fail", Ended: "ended", Bye: "bye"}

func (v Verb) String() string {
	if int(v) < len(verbNames) && verbNames[v] != "" {
		return verbNames[v]
	}
	return "verb(" + strconv.Itoa(int(v)) + ")"
}

// fromWrapper says which verbs a wrapper sends.
func (v Verb) fromWrapper() bool {
	return v == Hello || v == Reply || v == Fail || v == Ended || v == Pong
}

// Frame is one frame of the wire format (see the package doc). The fields
// a verb does not have are zero.
type Frame struct {
	Verb Verb
	// A and B are the numbers: hello's VERSION; welcome's HEARTBEAT-MS;
	// hand's N and MOVE-MS; reply's MICROS.
	A, B int64
	// Token is hello's token.
	Token string
	// Text is the rest of the line: hello's COMMAND, welcome's NAME,
	// refused's REASON and TEXT ("REASON TEXT"), line's and reply's
	// TEXT, and the TEXT of fail, ended and bye.
	Text []byte
}

// The shape of each verb: how many numbers, whether it has a token, and
// whether it has text.
var shapes = [...]struct {
	nums  int
	token bool
	text  bool
}{
	Hello: {1, true, true}, Welcome: {1, false, true}, Refused: {0, false, true}, Hand: {2, false, false},
	Line: {0, false, true}, Read: {}, End: {}, Kill: {}, Ping: {}, Pong: {},
	Reply: {1, false, true}, Fail: {0, false, true}, Ended: {0, false, true}, Bye: {0, false, true},
}

// maxNumber bounds the numbers of a frame (about 11.5 days in
// microseconds).
const maxNumber = 1e12

// FrameError is a frame that does not follow the wire format.
type FrameError struct {
	Why string
}

func (e *FrameError) Error() string { return "remote: bad frame: " + e.Why }

func badFrame(format string, args ...any) error {
	return &FrameError{Why: fmt.Sprintf(format, args...)}
}

// ParseFrame reads one frame from line, without its newline. It never
// panics; what it refuses is a *FrameError. Text and Token alias line.
func ParseFrame(line []byte) (Frame, error) {
	var f Frame
	if len(line)+1 > MaxFrame {
		return f, badFrame("%d bytes (the limit is %d with the newline)", len(line)+1, MaxFrame)
	}
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		return f, badFrame("a newline inside the frame, at byte %d", i)
	}
	word, rest, more := cut(line)
	for v, name := range verbNames {
		if name != "" && string(word) == name {
			f.Verb = Verb(v)
			break
		}
	}
	if f.Verb == 0 {
		return f, badFrame("unknown verb %.20q", word)
	}
	sh := shapes[f.Verb]
	for i := range sh.nums {
		if !more {
			return f, badFrame("%s without its numbers", f.Verb)
		}
		var num []byte
		num, rest, more = cut(rest)
		n, ok := parseNumber(num)
		if !ok {
			return f, badFrame("%s: %.20q is not a number", f.Verb, num)
		}
		if i == 0 {
			f.A = n
		} else {
			f.B = n
		}
	}
	if sh.token {
		if !more {
			return f, badFrame("%s without its token", f.Verb)
		}
		var tok []byte
		tok, rest, more = cut(rest)
		if err := CheckToken(string(tok)); err != nil {
			return f, badFrame("%s: %v", f.Verb, err)
		}
		f.Token = string(tok)
	}
	switch {
	case sh.text:
		if !more {
			return f, badFrame("%s without its text (a space, then the text)", f.Verb)
		}
		f.Text = rest
	case more:
		return f, badFrame("%s takes nothing after it", f.Verb)
	}
	if f.Verb == Hello && len(f.Text) > MaxCommand {
		return f, badFrame("hello: a command of %d bytes (the limit is %d)", len(f.Text), MaxCommand)
	}
	return f, nil
}

// cut splits line at its first space: the word before, the rest after, and
// whether there was a space.
func cut(line []byte) (word, rest []byte, more bool) {
	for i, c := range line {
		if c == ' ' {
			return line[:i], line[i+1:], true
		}
	}
	return line, nil, false
}

// parseNumber reads a decimal number without sign or leading zeros, at
// most maxNumber.
func parseNumber(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 13 || (b[0] == '0' && len(b) > 1) {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, n <= maxNumber
}

// CheckToken reports whether tok can be a token.
func CheckToken(tok string) error {
	if len(tok) < MinToken || len(tok) > MaxToken {
		return fmt.Errorf("a token has %d to %d characters, not %d", MinToken, MaxToken, len(tok))
	}
	for _, c := range []byte(tok) {
		if !tokenByte(c) {
			return fmt.Errorf("a token has only A-Z a-z 0-9 . _ ~ + / = -, not %q", c)
		}
	}
	return nil
}

func tokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '.' || c == '_' || c == '~' || c == '+' || c == '/' || c == '=' || c == '-'
}

// Append appends the frame and its newline to b. It refuses a frame that
// ParseFrame would refuse (text with a newline, a frame too long, a bad
// token).
func (f Frame) Append(b []byte) ([]byte, error) {
	if f.Verb == 0 || int(f.Verb) >= len(shapes) {
		return b, badFrame("unknown verb %d", f.Verb)
	}
	n := len(b)
	sh := shapes[f.Verb]
	b = append(b, f.Verb.String()...)
	for i := range sh.nums {
		v := f.A
		if i == 1 {
			v = f.B
		}
		if v < 0 || v > maxNumber {
			return b[:n], badFrame("%s: number %d out of range", f.Verb, v)
		}
		b = strconv.AppendInt(append(b, ' '), v, 10)
	}
	if sh.token {
		if err := CheckToken(f.Token); err != nil {
			return b[:n], badFrame("%s: %v", f.Verb, err)
		}
		b = append(append(b, ' '), f.Token...)
	}
	if sh.text {
		for _, c := range f.Text {
			if c == '\n' {
				return b[:n], badFrame("%s: text with a newline", f.Verb)
			}
		}
		if f.Verb == Hello && len(f.Text) > MaxCommand {
			return b[:n], badFrame("hello: a command of %d bytes (the limit is %d)", len(f.Text), MaxCommand)
		}
		b = append(append(b, ' '), f.Text...)
	}
	if len(b)-n+1 > MaxFrame {
		return b[:n], badFrame("%d bytes (the limit is %d with the newline)", len(b)-n+1, MaxFrame)
	}
	return append(b, '\n'), nil
}

// String formats the frame without its newline, for messages (a frame
// Append refuses shows its verb alone).
func (f Frame) String() string {
	b, err := f.Append(nil)
	if err != nil {
		return f.Verb.String()
	}
	return string(b[:len(b)-1])
}

// frameReader reads frames from a connection.
type frameReader struct {
	r *bufio.Reader
}

func newFrameReader(r io.Reader) *frameReader {
	return &frameReader{r: bufio.NewReaderSize(r, MaxFrame)}
}

// errFrameTooLong is the error for a line longer than MaxFrame.
var errFrameTooLong = &FrameError{Why: fmt.Sprintf("no newline within %d bytes", MaxFrame)}

// next reads the next frame; its Text and Token are valid until the next
// call. A line without a newline at the end of the stream is
// io.ErrUnexpectedEOF.
func (fr *frameReader) next() (Frame, error) {
	line, err := fr.r.ReadSlice('\n')
	switch {
	case err == nil:
	case errors.Is(err, bufio.ErrBufferFull):
		return Frame{}, errFrameTooLong
	case errors.Is(err, io.EOF) && len(line) > 0:
		return Frame{}, io.ErrUnexpectedEOF
	default:
		return Frame{}, err
	}
	return ParseFrame(line[:len(line)-1])
}
