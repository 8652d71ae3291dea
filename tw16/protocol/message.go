package protocol

import (
	"fmt"
	"strconv"

	"github.com/mjsolve/mjsolve"
)

// MaxLine is the bound on a line's length: every line, either way, must be
// shorter (programs written for the ICGA platform read into 256-byte
// buffers).
const MaxLine = 256

// Op is the instruction of a line.
type Op uint8

// The instructions. Start, InitGame, InitCard, Mo, Ask and Exit go only from
// the server to a client, Pass only from a client to the server; Throw, Eat,
// Pong, Gong and Hu go both ways with different fields.
const (
	OpNone Op = iota
	OpStart
	OpInitGame
	OpInitCard
	OpMo
	OpAsk
	OpThrow
	OpEat
	OpPong
	OpGong
	OpHu
	OpExit
	OpPass
)

var opNames = [...]string{"", "/start", "/initGame", "/initCard", "/mo", "/ask", "/throw", "/eat", "/pong", "/gong", "/hu", "/exit", "/pass"}

// String is the instruction as written on a line ("/initGame").
func (o Op) String() string {
	if int(o) < len(opNames) && o != OpNone {
		return opNames[o]
	}
	return "op(" + strconv.Itoa(int(o)) + ")"
}

// Ask is what an /ask line asks for.
type Ask uint8

// The questions of /ask.
const (
	AskThrow Ask = iota + 1
	AskPong
	AskGong
	AskEat
	AskHu
)

var askNames = [...]string{"", "throw", "pong", "gong", "eat", "hu"}

// String is the word after /ask.
func (a Ask) String() string {
	if a >= AskThrow && a <= AskHu {
		return askNames[a]
	}
	return "ask(" + strconv.Itoa(int(a)) + ")"
}

// GongType is the type number of a kong, as written on the line.
type GongType uint8

// The kong types: a concealed kong (暗槓), a promoted kong (補槓: a fourth
// tile added to an exposed pong) and a meld kong (明槓: three concealed
// tiles and a discard).
const (
	GongConcealed GongType = 0
	GongPromoted  GongType = 1
	GongMeld      GongType = 4
)

// Wind is a round or hand wind of /initGame: the tile package's one wind
// type, shared with tw16/game. On a line it is written in capitals
// ([WindName]).
type Wind = mjsolve.Wind

// The winds in playing order.
const (
	East  = mjsolve.EastWind
	South = mjsolve.SouthWind
	West  = mjsolve.WestWind
	North = mjsolve.NorthWind
)

var windNames = [...]string{"EAST", "SOUTH", "WEST", "NORTH"}

// WindName is the wind as written on a line ("EAST").
func WindName(w Wind) string {
	if w <= North {
		return windNames[w]
	}
	return "wind(" + strconv.Itoa(int(w)) + ")"
}

// ParseWind reads a wind as written on a line ("EAST", "SOUTH", "WEST" or
// "NORTH").
func ParseWind(s string) (Wind, error) {
	if w, ok := wind(s, [2]int32{0, int32(len(s))}); ok {
		return w, nil
	}
	return 0, fmt.Errorf("protocol: bad wind %q (want EAST, SOUTH, WEST or NORTH)", s)
}

// Message is one line from the server to a client. Which fields count
// depends on Op:
//
//	Start     Seat, Path (may be empty)
//	InitGame  Wind, Game, Open, Dealer, Continue
//	InitCard  Cards (16 or 17)
//	Mo        Cards[0]
//	Ask       Ask
//	Throw     Seat, Cards[0]
//	Eat       Seat, Cards (3: the claimed tile in the middle)
//	Pong      Seat, Cards (3)
//	Gong      Seat, Gong, Cards (4 for a meld kong; 0 or 4 for a concealed
//	          kong, 4 only to its owner; 1 for a promoted kong)
//	Hu        Seat, Cards (the winning tile, then 1–16 concealed tiles)
//	Exit      HasScores, Scores (seat 1–4 in order)
//
// The zero values of the other fields keep messages comparable with ==.
type Message struct {
	Op        Op
	Ask       Ask
	Gong      GongType
	Seat      uint8 // 1–4
	Wind      Wind  // /initGame <wind>
	Game      Wind  // /initGame <game>
	Open      uint8 // 1–4
	Dealer    uint8 // 1–4
	Continue  int
	HasScores bool
	N         uint8 // number of Tiles in use
	Tiles     [17]TID
	Scores    [4]int
	Path      string
}

// Cards returns the tiles of m.
func (m *Message) Cards() []TID { return m.Tiles[:m.N] }

// SetCards sets the tiles of m (at most 17; more are an error of Append).
func (m *Message) SetCards(ts ...TID) {
	m.N = uint8(min(len(ts), len(m.Tiles)+1))
	copy(m.Tiles[:], ts)
}

// Reply is one line from a client to the server:
//
//	Throw  Cards[0]
//	Eat    Cards (2, any order)
//	Pong   Cards (2)
//	Gong   Gong, Cards (3 for a meld kong, 4 for a concealed one, 1 for a
//	       promoted one)
//	Hu, Pass
type Reply struct {
	Op    Op
	Gong  GongType
	N     uint8
	Tiles [4]TID
}

// Cards returns the tiles of r.
func (r *Reply) Cards() []TID { return r.Tiles[:r.N] }

// SetCards sets the tiles of r (at most 4).
func (r *Reply) SetCards(ts ...TID) {
	r.N = uint8(min(len(ts), len(r.Tiles)+1))
	copy(r.Tiles[:], ts)
}

// String formats m, valid or not (use Append to check it).
func (m Message) String() string { return string(m.appendLine(nil)) }

// String formats r, valid or not (use Append to check it).
func (r Reply) String() string { return string(r.appendLine(nil)) }

// Append appends m's line (without a line ending) to b, or returns an error
// if m is not a message the parser would accept.
func (m *Message) Append(b []byte) ([]byte, error) {
	if err := m.check(); err != nil {
		return b, err
	}
	n := len(b)
	b = m.appendLine(b)
	if len(b)-n >= MaxLine {
		return b[:n], fmt.Errorf("protocol: %s line of %d bytes (the limit is %d)", m.Op, len(b)-n, MaxLine-1)
	}
	return b, nil
}

// Append appends r's line (without a line ending) to b, or returns an error
// if r is not a reply the parser would accept.
func (r *Reply) Append(b []byte) ([]byte, error) {
	if err := r.check(); err != nil {
		return b, err
	}
	return r.appendLine(b), nil
}

func (m *Message) appendLine(b []byte) []byte {
	b = append(b, m.Op.String()...)
	switch m.Op {
	case OpStart:
		b = append(b, " MJ "...)
		b = strconv.AppendUint(b, uint64(m.Seat), 10)
		if m.Path != "" {
			b = append(b, ' ')
			b = append(b, m.Path...)
		}
		return b
	case OpInitGame:
		b = append(b, ' ')
		b = append(b, WindName(m.Wind)...)
		b = append(b, ' ')
		b = append(b, WindName(m.Game)...)
		for _, v := range [3]int{int(m.Open), int(m.Dealer), m.Continue} {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(v), 10)
		}
		return b
	case OpAsk:
		b = append(b, ' ')
		return append(b, m.Ask.String()...)
	case OpExit:
		if m.HasScores {
			for _, s := range m.Scores {
				b = append(b, ' ')
				b = strconv.AppendInt(b, int64(s), 10)
			}
		}
		return b
	case OpThrow, OpEat, OpPong, OpGong, OpHu:
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(m.Seat), 10)
	}
	if m.Op == OpGong {
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(m.Gong), 10)
	}
	for _, t := range m.Tiles[:min(int(m.N), len(m.Tiles))] {
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(t), 10)
	}
	return b
}

func (r *Reply) appendLine(b []byte) []byte {
	b = append(b, r.Op.String()...)
	if r.Op == OpGong {
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(r.Gong), 10)
	}
	for _, t := range r.Tiles[:min(int(r.N), len(r.Tiles))] {
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(t), 10)
	}
	return b
}

// check reports whether m is what the parser accepts, by formatting it into
// a stack buffer and parsing it back; it allocates nothing for a valid
// message but the path of a /start.
func (m *Message) check() error {
	if m.Op == OpStart {
		if err := checkPath(m.Path); err != nil {
			return err
		}
		if m.Seat < 1 || m.Seat > 4 || m.Ask != 0 || m.Gong != 0 || m.Wind != 0 || m.Game != 0 ||
			m.Open != 0 || m.Dealer != 0 || m.Continue != 0 || m.HasScores || m.N != 0 || m.Tiles != ([17]TID{}) || m.Scores != ([4]int{}) {
			return fmt.Errorf("protocol: /start with seat %d or stray fields", m.Seat)
		}
		return nil
	}
	var buf [2 * MaxLine]byte
	if m.N > uint8(len(m.Tiles)) || m.Continue < 0 {
		return fmt.Errorf("protocol: %s: bad card count or continue", m.Op)
	}
	line := m.appendLine(buf[:0])
	got, err := ParseMessage(line)
	if err != nil {
		return err
	}
	if got != *m {
		return fmt.Errorf("protocol: %s message has stray fields", m.Op)
	}
	return nil
}

func (r *Reply) check() error {
	var buf [64]byte
	if r.N > uint8(len(r.Tiles)) {
		return fmt.Errorf("protocol: %s reply with %d cards", r.Op, r.N)
	}
	line := r.appendLine(buf[:0])
	got, err := ParseReply(line)
	if err != nil {
		return err
	}
	if got != *r {
		return fmt.Errorf("protocol: %s reply has stray fields", r.Op)
	}
	return nil
}
