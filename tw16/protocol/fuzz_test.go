package protocol

import (
	"bytes"
	"testing"
)

func seedLines(f *testing.F) {
	for _, c := range messageExamples {
		f.Add(c.line)
	}
	for _, c := range replyExamples {
		f.Add(c.line)
	}
	for _, l := range []string{"/gong 1 1 154", "/eat 132 145", "/gong 110 112 113", "/mo 410 ", "/exit -5 3 1 1", "/start MJ 1 a b  c"} {
		f.Add(l)
	}
}

// FuzzParseMessage: a line is refused or formats back to itself, and the
// formatted message parses to the same message.
func FuzzParseMessage(f *testing.F) {
	seedLines(f)
	f.Fuzz(func(t *testing.T, line string) {
		m, err := ParseMessage(line)
		mb, errb := ParseMessage([]byte(line))
		if (err == nil) != (errb == nil) || m != mb {
			t.Fatalf("%q: string and bytes disagree: %+v %v / %+v %v", line, m, err, mb, errb)
		}
		if err != nil {
			if m != (Message{}) {
				t.Fatalf("%q: refused but returned %+v", line, m)
			}
			return
		}
		b, err := m.Append(nil)
		if err != nil {
			t.Fatalf("%q parsed to %+v, which Append refuses: %v", line, m, err)
		}
		if string(b) != line || m.String() != line {
			t.Fatalf("%q formats back as %q", line, b)
		}
		if again, err := ParseMessage(b); err != nil || again != m {
			t.Fatalf("%q: parse(format(m)) = %+v, %v; want %+v", line, again, err, m)
		}
	})
}

// FuzzParseReply: the same for replies.
func FuzzParseReply(f *testing.F) {
	seedLines(f)
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseReply(line)
		if err != nil {
			if r != (Reply{}) {
				t.Fatalf("%q: refused but returned %+v", line, r)
			}
			return
		}
		b, err := r.Append(nil)
		if err != nil || string(b) != line || r.String() != line {
			t.Fatalf("%q formats back as %q, %v", line, b, err)
		}
		if again, err := ParseReply(b); err != nil || again != r {
			t.Fatalf("%q: parse(format(r)) = %+v, %v; want %+v", line, again, err, r)
		}
	})
}

// FuzzFormat builds messages and replies field by field: whatever Append
// accepts parses back to the same value, and whatever it refuses is a
// message the parser would not produce.
func FuzzFormat(f *testing.F) {
	f.Add(uint8(OpEat), uint8(0), uint8(0), uint8(2), uint8(3), []byte{1, 24, 1, 15, 1, 36}, int64(0), "")
	f.Add(uint8(OpGong), uint8(0), uint8(4), uint8(1), uint8(4), []byte{0, 160, 0, 161, 0, 162, 0, 163}, int64(0), "")
	f.Add(uint8(OpExit), uint8(0), uint8(0), uint8(0), uint8(0), []byte{}, int64(-2000), "")
	f.Add(uint8(OpStart), uint8(0), uint8(0), uint8(3), uint8(0), []byte{}, int64(0), "cd ai && ./run")
	f.Fuzz(func(t *testing.T, op, ask, gong, seat, n uint8, tiles []byte, score int64, path string) {
		m := Message{Op: Op(op % 14), Ask: Ask(ask % 7), Gong: GongType(gong % 6), Seat: seat % 6, N: n % 19, Path: path}
		for i := 0; i+1 < len(tiles) && i/2 < len(m.Tiles); i += 2 {
			m.Tiles[i/2] = TID(tiles[i])<<8 | TID(tiles[i+1])
		}
		if m.Op == OpExit && score != 0 {
			m.HasScores = true
			m.Scores = [4]int{int(score % 1e7), int(-score % 1e7), int(score / 1e7 % 1e7), 0}
		}
		if m.Op == OpInitGame {
			m.Wind, m.Game, m.Open, m.Dealer, m.Continue = Wind(ask%5), Wind(gong%5), seat%6, n%6, int(score%1e7)
			m.N = 0
		}
		var buf [2 * MaxLine]byte
		b, err := m.Append(buf[:0])
		if err == nil {
			got, err := ParseMessage(b)
			if err != nil || got != m {
				t.Fatalf("%+v formats as %q, which parses to %+v, %v", m, b, got, err)
			}
		} else if len(b) != 0 {
			t.Fatalf("Append refused %+v (%v) but wrote %q", m, err, b)
		}
		r := Reply{Op: m.Op, Gong: m.Gong, N: m.N % 6}
		copy(r.Tiles[:], m.Tiles[:])
		if rb, err := r.Append(nil); err == nil {
			got, err := ParseReply(rb)
			if err != nil || got != r || !bytes.Equal(rb, []byte(r.String())) {
				t.Fatalf("%+v formats as %q, which parses to %+v, %v", r, rb, got, err)
			}
		}
	})
}
