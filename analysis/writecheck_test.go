package analysis

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestRecordWriterRefusesWhatDoesNotReadBack: the writer refuses a header
// and records that its own reader would refuse (calling the file damaged
// after the run) or read as another record, rather than write them; what it
// accepts reads back as it was written. (Whether a play fits the header is
// left to the readers: tests write such files on purpose.)
func TestRecordWriterRefusesWhatDoesNotReadBack(t *testing.T) {
	for _, c := range []struct {
		name string
		h    Header
	}{
		{"no boards", Header{Layout: "x", Tiles: 8}},
		{"range overflows", testHeader(1<<63, 1<<63)},
		{"negative difficulty", func() Header { h := testHeader(1, 2); h.Difficulty = -1; return h }()},
		{"strategy version alone", func() Header { h := testHeader(1, 2); h.StrategyVersion = "1"; return h }()},
	} {
		var buf bytes.Buffer
		if _, err := NewRecordWriter(&buf, false, c.h); err == nil || !strings.HasPrefix(err.Error(), "analysis: ") {
			t.Errorf("%s: NewRecordWriter = %v, want an error (its reader says: %v)", c.name, err, readErr(buf.Bytes()))
		}
		if buf.Len() != 0 {
			t.Errorf("%s: %d bytes written", c.name, buf.Len())
		}
	}

	good := Record{Game: 2, Verdict: Winnable, Method: "random", NS: 5, Scans: 1}
	played := testHeader(1, 3)
	played.Strategy, played.StrategyVersion = "greedy", "1"
	for _, c := range []struct {
		name string
		h    Header
		r    func(r *Record)
	}{
		{"game before the range", testHeader(1, 3), func(r *Record) { r.Game = 0 }},
		{"game after the range", testHeader(1, 3), func(r *Record) { r.Game = 4 }},
		{"verdict out of range", testHeader(1, 3), func(r *Record) { r.Verdict = Verdict(9) }},
		{"negative ns", testHeader(1, 3), func(r *Record) { r.NS = -1 }},
		{"negative scans", testHeader(1, 3), func(r *Record) { r.Scans = -1 }},
		{"negative min left", testHeader(1, 3), func(r *Record) { r.MinLeft = -2 }},
		{"clear over playouts", testHeader(1, 3), func(r *Record) { r.Clear, r.Playouts = 5, 4 }},
		{"clear without playouts", testHeader(1, 3), func(r *Record) { r.Clear = 3 }},
		{"won with tiles left", played, func(r *Record) { r.Played, r.Won, r.Moves, r.Left = true, true, 3, 2 }},
	} {
		var buf bytes.Buffer
		w, err := NewRecordWriter(&buf, false, c.h)
		if err != nil {
			t.Fatal(err)
		}
		r := good
		c.r(&r)
		err = w.Write(r)
		w.Close()
		if err == nil || !strings.HasPrefix(err.Error(), "analysis: record of game ") {
			t.Errorf("%s: Write = %v, want an error (its reader says: %v)", c.name, err, readErr(buf.Bytes()))
		}
		if n := w.Records(); n != 0 {
			t.Errorf("%s: %d records written", c.name, n)
		}
	}

	// What the writer takes reads back as it was.
	var buf bytes.Buffer
	w, err := NewRecordWriter(&buf, false, played)
	if err != nil {
		t.Fatal(err)
	}
	recs := []Record{
		{Game: 1, Verdict: Winnable, Method: "random", NS: 5, Scans: 1, Clear: 2, Playouts: 4, Played: true, Won: true, Moves: 4},
		{Game: 3, Verdict: Impossible, Method: "prune", NS: 7, Scans: 3, MinLeft: 2, Played: true, Moves: 1, Left: 6, PlayNS: 9},
	}
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	rr, err := NewRecordReader(&buf, "x")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range recs {
		got, err := rr.Next()
		if err != nil || got != want {
			t.Errorf("read back %+v, %v; want %+v", got, err, want)
		}
	}
}

// readErr is the first error reading a record file gives, if any.
func readErr(data []byte) error {
	rr, err := NewRecordReader(bytes.NewReader(data), "x")
	if err != nil {
		return err
	}
	for {
		if _, err := rr.Next(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}
