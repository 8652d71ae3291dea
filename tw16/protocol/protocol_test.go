package protocol

import (
	"errors"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
)

func msg(op Op, seat uint8, cards ...TID) Message {
	m := Message{Op: op, Seat: seat}
	m.SetCards(cards...)
	return m
}

// The examples of the protocol page (and of the thesis where the page has
// none), with the message each must parse to.
var messageExamples = []struct {
	line string
	want Message
}{
	{`/start MJ 2 D:\AI _1.exe`, Message{Op: OpStart, Seat: 2, Path: `D:\AI _1.exe`}},
	{`/start MJ 2 Program_1`, Message{Op: OpStart, Seat: 2, Path: `Program_1`}},
	{`/start MJ 4`, Message{Op: OpStart, Seat: 4}},
	{"/initGame EAST EAST 3 2 0", Message{Op: OpInitGame, Wind: East, Game: East, Open: 3, Dealer: 2}},
	{"/initGame SOUTH NORTH 1 4 12", Message{Op: OpInitGame, Wind: South, Game: North, Open: 1, Dealer: 4, Continue: 12}},
	{"/initCard 121 122 142 143 152 220 241 260 270 342 351 370 383 390 462 463",
		msg(OpInitCard, 0, 121, 122, 142, 143, 152, 220, 241, 260, 270, 342, 351, 370, 383, 390, 462, 463)},
	{"/initCard 110 111 112 130 140 161 210 252 271 310 340 390 431 432 440 460 461",
		msg(OpInitCard, 0, 110, 111, 112, 130, 140, 161, 210, 252, 271, 310, 340, 390, 431, 432, 440, 460, 461)},
	{"/mo 410", msg(OpMo, 0, 410)},
	{"/mo 80", msg(OpMo, 0, 80)},
	{"/ask throw", Message{Op: OpAsk, Ask: AskThrow}},
	{"/ask pong", Message{Op: OpAsk, Ask: AskPong}},
	{"/ask gong", Message{Op: OpAsk, Ask: AskGong}},
	{"/ask eat", Message{Op: OpAsk, Ask: AskEat}},
	{"/ask hu", Message{Op: OpAsk, Ask: AskHu}},
	{"/throw 3 410", msg(OpThrow, 3, 410)},
	{"/eat 4 280 271 292", msg(OpEat, 4, 280, 271, 292)},
	{"/eat 2 140 131 150", msg(OpEat, 2, 140, 131, 150)},
	{"/eat 2 140 150 161", msg(OpEat, 2, 140, 150, 161)},
	{"/pong 2 320 321 323", msg(OpPong, 2, 320, 321, 323)},
	{"/gong 2 4 160 161 162 163", Message{Op: OpGong, Gong: GongMeld, Seat: 2, N: 4, Tiles: [17]TID{160, 161, 162, 163}}},
	{"/gong 2 0", Message{Op: OpGong, Gong: GongConcealed, Seat: 2}},
	{"/gong 2 0 160 161 162 163", Message{Op: OpGong, Gong: GongConcealed, Seat: 2, N: 4, Tiles: [17]TID{160, 161, 162, 163}}},
	{"/gong 1 1 153", Message{Op: OpGong, Gong: GongPromoted, Seat: 1, N: 1, Tiles: [17]TID{153}}},
	{"/hu 3 232 112 120 132 192 193 231 233 372 382 392 471 472 473",
		msg(OpHu, 3, 232, 112, 120, 132, 192, 193, 231, 233, 372, 382, 392, 471, 472, 473)},
	{"/hu 3 390 370 380 111 112", msg(OpHu, 3, 390, 370, 380, 111, 112)},
	{"/exit", Message{Op: OpExit}},
	{"/exit 2000 -2000 0 0", Message{Op: OpExit, HasScores: true, Scores: [4]int{2000, -2000, 0, 0}}},
}

var replyExamples = []struct {
	line string
	want Reply
}{
	{"/throw 112", Reply{Op: OpThrow, N: 1, Tiles: [4]TID{112}}},
	{"/eat 132 143", Reply{Op: OpEat, N: 2, Tiles: [4]TID{132, 143}}},
	{"/eat 150 140", Reply{Op: OpEat, N: 2, Tiles: [4]TID{150, 140}}},
	{"/pong 112 113", Reply{Op: OpPong, N: 2, Tiles: [4]TID{112, 113}}},
	{"/gong 4 110 112 113", Reply{Op: OpGong, Gong: GongMeld, N: 3, Tiles: [4]TID{110, 112, 113}}},
	{"/gong 0 370 371 372 373", Reply{Op: OpGong, Gong: GongConcealed, N: 4, Tiles: [4]TID{370, 371, 372, 373}}},
	{"/gong 1 410", Reply{Op: OpGong, Gong: GongPromoted, N: 1, Tiles: [4]TID{410}}},
	{"/gong 1 153", Reply{Op: OpGong, Gong: GongPromoted, N: 1, Tiles: [4]TID{153}}},
	{"/hu", Reply{Op: OpHu}},
	{"/pass", Reply{Op: OpPass}},
}

func TestMessageExamples(t *testing.T) {
	for _, c := range messageExamples {
		got, err := ParseMessage(c.line)
		if err != nil {
			t.Errorf("ParseMessage(%q): %v", c.line, err)
			continue
		}
		if got != c.want {
			t.Errorf("ParseMessage(%q) = %+v, want %+v", c.line, got, c.want)
		}
		gotB, err := ParseMessage([]byte(c.line))
		if err != nil || gotB != got {
			t.Errorf("ParseMessage([]byte %q) = %+v, %v; the string gave %+v", c.line, gotB, err, got)
		}
		b, err := c.want.Append([]byte("x"))
		if err != nil || string(b) != "x"+c.line {
			t.Errorf("Append(%+v) = %q, %v; want %q", c.want, b, err, "x"+c.line)
		}
		if s := c.want.String(); s != c.line {
			t.Errorf("String() = %q, want %q", s, c.line)
		}
	}
}

func TestReplyExamples(t *testing.T) {
	for _, c := range replyExamples {
		got, err := ParseReply(c.line)
		if err != nil {
			t.Errorf("ParseReply(%q): %v", c.line, err)
			continue
		}
		if got != c.want {
			t.Errorf("ParseReply(%q) = %+v, want %+v", c.line, got, c.want)
		}
		b, err := c.want.Append(nil)
		if err != nil || string(b) != c.line {
			t.Errorf("Append(%+v) = %q, %v; want %q", c.want, b, err, c.line)
		}
	}
}

// Three examples on the protocol page and in the thesis name tiles outside
// the page's own table (copies are 0-3: 5-Wan is 150-153), and the page's
// meld-gong reply omits the kong type; all four are refused, each at the
// field at fault.
func TestPageErrata(t *testing.T) {
	for _, c := range []struct {
		line  string
		reply bool
		field int
	}{
		{"/gong 1 1 154", false, 4},       // server: promoted kong of "154"
		{"/pong 2 320 321 324", false, 5}, // thesis: "324"
		{"/eat 132 145", true, 3},         // reply: "145"
		{"/gong 110 112 113", true, 2},    // reply without the type 4
	} {
		var err error
		if c.reply {
			_, err = ParseReply(c.line)
		} else {
			_, err = ParseMessage(c.line)
		}
		var se *SyntaxError
		if !errors.As(err, &se) || se.Field != c.field {
			t.Errorf("%q: error %v, want one at field %d", c.line, err, c.field)
		}
	}
}

// A server line is never a reply and the other way round, except the
// instructions that read the same both ways.
func TestDirections(t *testing.T) {
	for _, c := range messageExamples {
		if _, err := ParseReply(c.line); err == nil {
			t.Errorf("ParseReply accepted the server line %q", c.line)
		}
	}
	for _, c := range replyExamples {
		if _, err := ParseMessage(c.line); err == nil {
			t.Errorf("ParseMessage accepted the reply %q", c.line)
		}
	}
}

func TestMessageRefused(t *testing.T) {
	long := "/start MJ 1 " + strings.Repeat("a", 250)
	for _, line := range []string{
		"", " ", "/", "mo 410", "/mo", "/mo 410 ", " /mo 410", "/mo  410", "/mo 410\r", "/mo 410\n", "/mo\t410",
		"/mo 0410", "/mo 414", "/mo 400", "/mo 480", "/mo 15", "/mo 90", "/mo 100", "/mo 194", "/mo 1100",
		"/mo -410", "/mo +410", "/mo 4l0", "/MO 410", "/mo 410 411",
		"/start MJ 5 a", "/start MJ 0", "/start mj 1", "/start MJ", "/start MJ 1 ", "/start MJ 1  a", long,
		"/initGame east east 3 2 0", "/initGame EAST EAST 3 2", "/initGame EAST EAST 5 2 0",
		"/initGame EAST EAST 3 0 0", "/initGame EAST EAST 3 2 -1", "/initGame EAST CENTER 3 2 0",
		"/initCard 121 122 142 143 152 220 241 260 270 342 351 370 383 390 462",
		"/initCard 121 122 142 143 152 220 241 260 270 342 351 370 383 390 462 462",
		"/initCard 110 111 112 113 120 121 122 123 130 131 132 133 140 141 142 143 150 151",
		"/ask", "/ask throw pong", "/ask Throw", "/ask chow",
		"/throw 410", "/throw 5 410", "/throw 3 410 411",
		"/eat 4 280 271", "/eat 4 292 271 280", "/eat 4 280 271 392",
		"/eat 4 410 420 430", "/eat 4 280 281 292", "/eat 4 150 170 180",
		"/pong 2 320 321 330", "/pong 2 321 320 323", "/pong 2 320 321", "/pong 2 10 20 30",
		"/gong 2 4 160 161 162", "/gong 2 4 160 161 163 162", "/gong 2 0 160 161 162",
		"/gong 2 2 160 161 162 163", "/gong 2 1", "/gong 2 1 154 155", "/gong 2", "/gong 2 04 160 161 162 163",
		"/hu 3", "/hu 3 232", "/hu 3 232 232", "/hu 3 232 110 111 112 113 120 121 122 123 130 131 132 133 140 141 142 143 150",
		"/exit 1 2 3", "/exit 1 2 3 4 5", "/exit -0 0 0 0", "/exit 1 2 3 +4", "/exit 01 2 3 4", "/exit 1 2 3 99999999",
		"/pass", "/hu", "/throw 112", strings.Repeat("x", 10000),
	} {
		m, err := ParseMessage(line)
		if err == nil {
			t.Errorf("ParseMessage(%q) accepted it as %+v", line, m)
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), "protocol: ") || len(se.Line) > 64 {
			t.Errorf("ParseMessage(%q) error %v is not a short *SyntaxError", line, err)
		}
		if m != (Message{}) {
			t.Errorf("ParseMessage(%q) returned %+v with its error", line, m)
		}
	}
}

func TestReplyRefused(t *testing.T) {
	for _, line := range []string{
		"", "/throw", "/throw 112 113", "/throw 3 112", "/throw 112 ", "/throw 999", "/eat 132", "/eat 132 132",
		"/eat 132 145 150", "/pong 112", "/gong 110 112 113", "/gong 4 110 112", "/gong 4 110 112 113 111",
		"/gong 0 370 371 372", "/gong 1", "/gong 1 410 411", "/gong 3 410", "/hu 110", "/pass 110", "/Pass",
		"/exit", "/ask throw", "/mo 410", "pass", "/pass\r",
	} {
		if r, err := ParseReply(line); err == nil {
			t.Errorf("ParseReply(%q) accepted it as %+v", line, r)
		}
	}
}

func TestAppendRefusesInvalid(t *testing.T) {
	for _, m := range []Message{
		{},
		{Op: OpMo},
		{Op: OpMo, N: 1, Tiles: [17]TID{414}},
		{Op: OpThrow, Seat: 5, N: 1, Tiles: [17]TID{410}},
		{Op: OpAsk},
		{Op: OpAsk, Ask: AskHu, Seat: 1},
		{Op: OpPong, Seat: 1, N: 3, Tiles: [17]TID{321, 320, 322}},
		{Op: OpExit, Scores: [4]int{1, 0, 0, -1}},
		{Op: OpStart, Seat: 1, Path: strings.Repeat("a", 300)},
		{Op: OpStart, Seat: 1, Path: "a\nb"},
		{Op: OpStart, Seat: 1, Path: " a"},
		{Op: OpStart, Seat: 1, Path: "a", N: 1},
		{Op: OpPass},
		{Op: OpInitCard, N: 18},
	} {
		if b, err := m.Append(nil); err == nil {
			t.Errorf("Append(%+v) = %q, want an error", m, b)
		}
	}
	for _, r := range []Reply{{}, {Op: OpThrow}, {Op: OpMo}, {Op: OpPass, N: 1, Tiles: [4]TID{110}}, {Op: OpGong, Gong: 2, N: 1, Tiles: [4]TID{110}}, {Op: OpEat, N: 5}} {
		if b, err := r.Append(nil); err == nil {
			t.Errorf("Append(%+v) = %q, want an error", r, b)
		}
	}
}

// Every valid TID is a tile, and the tile and copy give the TID back.
func TestTIDs(t *testing.T) {
	valid := 0
	for v := range 1000 {
		tid := TID(v)
		for _, o := range []mjsolve.HonorOrder{mjsolve.HonorsICGA, mjsolve.HonorsMJTalk} {
			tile, c, ok := tid.Tile(o)
			_, _, err := mjsolve.TileOfTID(v, o)
			if ok != tid.Valid() || ok != (err == nil) {
				t.Fatalf("TID %d: Tile ok %v, Valid %v, TileOfTID error %v", v, ok, tid.Valid(), err)
			}
			if !ok {
				continue
			}
			back, ok := Of(tile, c, o)
			if !ok || back != tid {
				t.Fatalf("Of(%v, %d) = %d, %v; want %d", tile, c, back, ok, v)
			}
		}
		if tid.Valid() {
			valid++
		}
	}
	if valid != 136+8 {
		t.Errorf("%d valid TIDs, want 144", valid)
	}
}

func TestAllocations(t *testing.T) {
	lines := make([][]byte, 0, len(messageExamples))
	for _, c := range messageExamples {
		if c.want.Op != OpStart {
			lines = append(lines, []byte(c.line))
		}
	}
	buf := make([]byte, 0, 512)
	n := testing.AllocsPerRun(50, func() {
		for _, l := range lines {
			m, err := ParseMessage(l)
			if err != nil {
				t.Fatal(err)
			}
			if buf, err = m.Append(buf[:0]); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range replyExamples {
			r, err := ParseReply(c.line)
			if err != nil {
				t.Fatal(err)
			}
			if buf, err = r.Append(buf[:0]); err != nil {
				t.Fatal(err)
			}
		}
	})
	if n != 0 {
		t.Errorf("%v allocations per round of parsing and formatting, want 0", n)
	}
}

// A byte that is not printable ASCII is named by its value: 0xff is the
// byte \xff, not the character ÿ (U+00FF) that a program would not find in
// what it wrote.
func TestRefusedByteNamed(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"/throw \xff12", `byte '\xff' is not printable ASCII`},
		{"/throw \x8012", `byte '\x80' is not printable ASCII`},
		{"/throw\t112", `byte '\t' is not printable ASCII`},
		{"/throw 1\x7f2", `byte '\x7f' is not printable ASCII`},
	} {
		_, err := ParseReply(c.line)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseReply(%q): error %v, want it to say %s", c.line, err, c.want)
		}
	}
}
