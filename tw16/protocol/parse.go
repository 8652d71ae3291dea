package protocol

import (
	"fmt"
	"strconv"
)

// Line is the text of one line: a string or a byte slice.
type Line interface{ ~string | ~[]byte }

// SyntaxError is a line that is not a protocol instruction.
type SyntaxError struct {
	Line  string // the line, cut to 60 bytes
	Field int    // the 1-based field at fault, 0 for the whole line
	Msg   string
}

func (e *SyntaxError) Error() string {
	if e.Field > 0 {
		return fmt.Sprintf("protocol: %q: field %d: %s", e.Line, e.Field, e.Msg)
	}
	return fmt.Sprintf("protocol: %q: %s", e.Line, e.Msg)
}

func syntaxError[L Line](line L, field int, msg string) error {
	s := line
	cut := ""
	if len(s) > 60 {
		s, cut = s[:60], "…"
	}
	return &SyntaxError{Line: string(s) + cut, Field: field, Msg: msg}
}

// quoteByte quotes a byte as Go would in a string: '\t', '\x7f', '\xff'
// (strconv.QuoteRune would read 0x80–0xff as the runes U+0080–U+00FF).
func quoteByte(c byte) string {
	q := strconv.Quote(string([]byte{c}))
	return "'" + q[1:len(q)-1] + "'"
}

// fields splits a line at single spaces into at most len(out) fields,
// returning their bounds; a line with more fields, an empty field (two
// spaces, a leading or trailing space) or a byte that is not printable
// ASCII is refused with the field's number.
func fields[L Line](line L, out *[24][2]int32) (int, int, string) {
	if len(line) >= MaxLine {
		return 0, 0, "line of " + strconv.Itoa(len(line)) + " bytes (the limit is 255)"
	}
	n, start := 0, 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) {
			c := line[i]
			if c != ' ' {
				if c < 0x21 || c > 0x7e {
					return 0, n + 1, "byte " + quoteByte(c) + " is not printable ASCII"
				}
				continue
			}
		}
		if i == start {
			return 0, n + 1, "empty field (one space between fields, none at the ends)"
		}
		if n == len(out) {
			return 0, n + 1, "too many fields"
		}
		out[n] = [2]int32{int32(start), int32(i)}
		n++
		start = i + 1
	}
	return n, 0, ""
}

func eq[L Line](line L, f [2]int32, s string) bool {
	if int(f[1]-f[0]) != len(s) {
		return false
	}
	for i := range len(s) {
		if line[int(f[0])+i] != s[i] {
			return false
		}
	}
	return true
}

// number parses an unsigned decimal of at most 7 digits without leading
// zeros; neg allows a leading minus (but not "-0").
func number[L Line](line L, f [2]int32, neg bool) (int, bool) {
	i, j := int(f[0]), int(f[1])
	sign := 1
	if neg && j-i > 1 && line[i] == '-' {
		sign, i = -1, i+1
	}
	if j-i < 1 || j-i > 7 || (line[i] == '0' && j-i > 1) || (sign < 0 && line[i] == '0') {
		return 0, false
	}
	v := 0
	for ; i < j; i++ {
		c := line[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return sign * v, true
}

// cards parses fields[from:to] as distinct valid TIDs into out.
func cards[L Line](line L, fs *[24][2]int32, from, to int, out []TID) (int, string) {
	var seen [8]uint64
	for k := from; k < to; k++ {
		v, ok := number(line, fs[k], false)
		if !ok || v > 473 || !TID(v).Valid() {
			return k + 1, "not a tile id"
		}
		if seen[v>>6]&(1<<(v&63)) != 0 {
			return k + 1, "tile id " + strconv.Itoa(v) + " appears twice"
		}
		seen[v>>6] |= 1 << (v & 63)
		out[k-from] = TID(v)
	}
	return 0, ""
}

func seat[L Line](line L, f [2]int32) (uint8, bool) {
	v, ok := number(line, f, false)
	return uint8(v), ok && v >= 1 && v <= 4
}

func wind[L Line](line L, f [2]int32) (Wind, bool) {
	for w, name := range windNames {
		if eq(line, f, name) {
			return Wind(w), true
		}
	}
	return 0, false
}

func opOf[L Line](line L, f [2]int32) Op {
	for o, name := range opNames {
		if o != int(OpNone) && eq(line, f, name) {
			return Op(o)
		}
	}
	return OpNone
}

// ParseMessage parses one line from the server to a client (without its
// line ending).
func ParseMessage[L Line](line L) (Message, error) {
	var m Message
	var fs [24][2]int32
	n, bad, msg := fields(line, &fs)
	if msg != "" {
		return m, syntaxError(line, bad, msg)
	}
	m.Op = opOf(line, fs[0])
	switch m.Op {
	case OpNone, OpPass:
		return Message{}, syntaxError(line, 1, "not a server instruction")
	case OpStart:
		return parseStart(line, &fs, n)
	case OpInitGame:
		if n != 6 {
			return Message{}, syntaxError(line, 0, "want /initGame <wind> <game> <open> <dealer> <continue>")
		}
		var ok bool
		if m.Wind, ok = wind(line, fs[1]); !ok {
			return Message{}, syntaxError(line, 2, "not EAST, SOUTH, WEST or NORTH")
		}
		if m.Game, ok = wind(line, fs[2]); !ok {
			return Message{}, syntaxError(line, 3, "not EAST, SOUTH, WEST or NORTH")
		}
		if m.Open, ok = seat(line, fs[3]); !ok {
			return Message{}, syntaxError(line, 4, "not a position 1-4")
		}
		if m.Dealer, ok = seat(line, fs[4]); !ok {
			return Message{}, syntaxError(line, 5, "not a position 1-4")
		}
		if m.Continue, ok = number(line, fs[5], false); !ok {
			return Message{}, syntaxError(line, 6, "not a count")
		}
		return m, nil
	case OpInitCard:
		if n != 17 && n != 18 {
			return Message{}, syntaxError(line, 0, "want 16 or 17 cards")
		}
		m.N = uint8(n - 1)
		if bad, msg := cards(line, &fs, 1, n, m.Tiles[:]); msg != "" {
			return Message{}, syntaxError(line, bad, msg)
		}
		return m, nil
	case OpMo:
		if n != 2 {
			return Message{}, syntaxError(line, 0, "want /mo <card>")
		}
		m.N = 1
		if bad, msg := cards(line, &fs, 1, 2, m.Tiles[:]); msg != "" {
			return Message{}, syntaxError(line, bad, msg)
		}
		return m, nil
	case OpAsk:
		if n == 2 {
			for a := AskThrow; a <= AskHu; a++ {
				if eq(line, fs[1], askNames[a]) {
					m.Ask = a
					return m, nil
				}
			}
		}
		return Message{}, syntaxError(line, 0, "want /ask throw|pong|gong|eat|hu")
	case OpExit:
		switch n {
		case 1:
			return m, nil
		case 5:
			m.HasScores = true
			for i := range 4 {
				v, ok := number(line, fs[i+1], true)
				if !ok {
					return Message{}, syntaxError(line, i+2, "not a score")
				}
				m.Scores[i] = v
			}
			return m, nil
		}
		return Message{}, syntaxError(line, 0, "want /exit or /exit <score1> <score2> <score3> <score4>")
	}
	// Throw, Eat, Pong, Gong, Hu: a position, then cards.
	if n < 2 {
		return Message{}, syntaxError(line, 0, "missing position")
	}
	var ok bool
	if m.Seat, ok = seat(line, fs[1]); !ok {
		return Message{}, syntaxError(line, 2, "not a position 1-4")
	}
	from, want := 2, 0
	switch m.Op {
	case OpThrow:
		want = 1
	case OpEat, OpPong:
		want = 3
	case OpHu:
		want = -1
		if n < 4 || n > 19 {
			return Message{}, syntaxError(line, 0, "want /hu <position> <hucard> and 1-16 cards")
		}
	case OpGong:
		if n < 3 {
			return Message{}, syntaxError(line, 0, "missing kong type")
		}
		t, ok := number(line, fs[2], false)
		switch {
		case ok && t == int(GongMeld):
			want = 4
		case ok && t == int(GongConcealed):
			want = 4
			if n == 3 {
				want = 0
			}
		case ok && t == int(GongPromoted):
			want = 1
		default:
			return Message{}, syntaxError(line, 3, "kong type not 4, 0 or 1")
		}
		m.Gong = GongType(t)
		from = 3
	}
	if want >= 0 && n-from != want {
		return Message{}, syntaxError(line, 0, "want "+strconv.Itoa(want)+" cards after the position")
	}
	m.N = uint8(n - from)
	if bad, msg := cards(line, &fs, from, n, m.Tiles[:]); msg != "" {
		return Message{}, syntaxError(line, bad, msg)
	}
	if msg := meldShape(&m); msg != "" {
		return Message{}, syntaxError(line, 0, msg)
	}
	return m, nil
}

// meldShape checks the cards of a server's /eat, /pong and /gong.
func meldShape(m *Message) string {
	c := m.Tiles[:m.N]
	switch {
	case m.Op == OpEat:
		s1, n1, ok1 := c[0].numbered()
		s2, n2, ok2 := c[1].numbered()
		s3, n3, ok3 := c[2].numbered()
		lo := min(n1, n2, n3)
		if !ok1 || !ok2 || !ok3 || s1 != s2 || s2 != s3 || n1 >= n3 || n1+n2+n3 != 3*lo+3 || n1 == n2 || n2 == n3 {
			return "eat cards are not a sequence of one suit with <card1> below <card3>"
		}
	case m.Op == OpPong || (m.Op == OpGong && m.Gong != GongPromoted):
		for i := 1; i < len(c); i++ {
			if c[i].Kind() != c[0].Kind() || c[i] <= c[i-1] || c[0] <= 80 {
				return "meld cards are not copies of one kind in increasing order"
			}
		}
	}
	return ""
}

func parseStart[L Line](line L, fs *[24][2]int32, n int) (Message, error) {
	m := Message{Op: OpStart}
	if n < 3 || !eq(line, fs[1], "MJ") {
		return Message{}, syntaxError(line, 0, "want /start MJ <position> <path>")
	}
	var ok bool
	if m.Seat, ok = seat(line, fs[2]); !ok {
		return Message{}, syntaxError(line, 3, "not a position 1-4")
	}
	if n > 3 {
		m.Path = string(line[fs[3][0]:])
	}
	return m, nil
}

// checkPath reports whether p can be the path of a /start line.
func checkPath(p string) error {
	if len(p) > MaxLine-16 {
		return fmt.Errorf("protocol: /start path of %d bytes is too long", len(p))
	}
	if p == "" {
		return nil
	}
	if p[0] == ' ' || p[len(p)-1] == ' ' {
		return fmt.Errorf("protocol: /start path %q starts or ends with a space", p)
	}
	spaces := 0
	for i := 0; i < len(p); i++ {
		if p[i] == ' ' {
			spaces++
		}
		if p[i] < 0x20 || p[i] > 0x7e || (p[i] == ' ' && p[i+1] == ' ') || spaces > 20 {
			return fmt.Errorf("protocol: /start path %q has a byte that is not printable ASCII, two spaces together or more than 20 spaces", p)
		}
	}
	return nil
}

// ParseReply parses one line from a client to the server (without its line
// ending).
func ParseReply[L Line](line L) (Reply, error) {
	var r Reply
	var fs [24][2]int32
	n, bad, msg := fields(line, &fs)
	if msg != "" {
		return r, syntaxError(line, bad, msg)
	}
	r.Op = opOf(line, fs[0])
	from, want := 1, 0
	switch r.Op {
	case OpThrow:
		want = 1
	case OpEat, OpPong:
		want = 2
	case OpHu, OpPass:
		want = 0
	case OpGong:
		if n < 2 {
			return Reply{}, syntaxError(line, 0, "missing kong type")
		}
		t, ok := number(line, fs[1], false)
		switch {
		case ok && t == int(GongMeld):
			want = 3
		case ok && t == int(GongConcealed):
			want = 4
		case ok && t == int(GongPromoted):
			want = 1
		default:
			return Reply{}, syntaxError(line, 2, "kong type not 4, 0 or 1")
		}
		r.Gong = GongType(t)
		from = 2
	default:
		return Reply{}, syntaxError(line, 1, "not a client instruction")
	}
	if n-from != want {
		return Reply{}, syntaxError(line, 0, "want "+strconv.Itoa(want)+" cards after "+r.Op.String())
	}
	r.N = uint8(want)
	if bad, msg := cards(line, &fs, from, n, r.Tiles[:]); msg != "" {
		return Reply{}, syntaxError(line, bad, msg)
	}
	return r, nil
}
