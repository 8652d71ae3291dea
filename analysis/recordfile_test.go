package analysis

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func testHeader(first, boards uint64) Header {
	return Header{Layout: "fake", Tiles: 8, Geometry: "0123456789abcdef", Deal: "pcg", Seed: 1, First: first, Boards: boards}
}

// encode writes header and records to a buffer.
func encode(t testing.TB, zst bool, h Header, recs []Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewRecordWriter(&buf, zst, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// decode reads every record of data.
func decode(data []byte) (Header, []Record, bool, error) {
	rr, err := NewRecordReader(bytes.NewReader(data), "test")
	if err != nil {
		return Header{}, nil, false, err
	}
	defer rr.Close()
	var out []Record
	for {
		r, err := rr.Next()
		if err == io.EOF {
			return rr.Header(), out, rr.Truncated(), nil
		}
		if err != nil {
			return rr.Header(), out, rr.Truncated(), err
		}
		out = append(out, r)
	}
}

func withNS(rs []Record) []Record {
	for i := range rs {
		rs[i].NS = int64(splitmix64(rs[i].Game) % 1e9)
	}
	return rs
}

func TestRecordFileRoundTrip(t *testing.T) {
	recs := withNS(expected(1, 500))
	for _, zst := range []bool{false, true} {
		h := testHeader(1, 500)
		data := encode(t, zst, h, recs)
		if zst != bytes.HasPrefix(data, frameMagic) {
			t.Fatalf("zst %v: magic %x", zst, data[:4])
		}
		gh, got, trunc, err := decode(data)
		if err != nil || trunc {
			t.Fatalf("zst %v: %v, truncated %v", zst, err, trunc)
		}
		h.Format, h.Version = Format, FormatVersion
		if gh != h || !slices.Equal(got, recs) {
			t.Fatalf("zst %v: round trip differs", zst)
		}
	}
}

func TestRecordLineFormat(t *testing.T) {
	data := encode(t, false, testHeader(7, 3), []Record{
		{Game: 7, Verdict: Impossible, Method: "prune", NS: 1500, Scans: 1, MinLeft: 4},
		{Game: 8, Verdict: Winnable, Method: "random", NS: 20, Scans: 3, Random: 2},
		{Game: 9, Verdict: Unknown, Method: "budget", NS: 1e9, Scans: 12, Nodes: 77},
	})
	want := `{"mjsolve":"solitaire-records","version":1,"layout":"fake","tiles":8,"geometry":"0123456789abcdef","deal":"pcg","seed":1,"first":7,"boards":3,"timeout_ns":0}
{"game":7,"verdict":"impossible","method":"prune","ns":1500,"scans":1,"min_left":4}
{"game":8,"verdict":"winnable","method":"random","ns":20,"scans":3,"random":2}
{"game":9,"verdict":"unknown","method":"budget","ns":1000000000,"scans":12,"nodes":77}
`
	if string(data) != want {
		t.Errorf("file:\n%s\nwant:\n%s", data, want)
	}
}

func TestRecordFileTruncatedPlain(t *testing.T) {
	recs := withNS(expected(1, 40))
	data := encode(t, false, testHeader(1, 40), recs)
	headerEnd := bytes.IndexByte(data, '\n') + 1
	// Every cut after the header gives exactly the complete lines before it.
	for cut := headerEnd; cut <= len(data); cut++ {
		_, got, trunc, err := decode(data[:cut])
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		complete := bytes.Count(data[headerEnd:cut], []byte("\n"))
		if !slices.Equal(got, recs[:complete]) {
			t.Fatalf("cut %d: %d records, want the first %d", cut, len(got), complete)
		}
		if wantTrunc := cut > 0 && data[cut-1] != '\n'; trunc != wantTrunc {
			t.Fatalf("cut %d: truncated %v, want %v", cut, trunc, wantTrunc)
		}
	}
	if _, _, _, err := decode(data[:headerEnd-1]); err == nil {
		t.Errorf("a file cut inside its header was accepted")
	}
}

func TestRecordFileTruncatedZst(t *testing.T) {
	// Write in flushed chunks (as a long run does), then cut the stream at
	// many points: the reader returns a prefix of the records, never an
	// error, and the whole stream gives all of them.
	recs := withNS(expected(1, 3000))
	var buf bytes.Buffer
	w, err := NewRecordWriter(&buf, true, testHeader(1, 3000))
	if err != nil {
		t.Fatal(err)
	}
	headerLen := buf.Len() // the header is flushed at once
	for i, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
		if i%500 == 499 {
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	flushedLen := buf.Len() // the last flush was after the last record
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	maxSeen := 0
	cuts := []int{headerLen, flushedLen, len(data) - 1, len(data)}
	for cut := headerLen; cut < len(data); cut += len(data) / 50 {
		cuts = append(cuts, cut, cut+1)
	}
	for _, cut := range cuts {
		_, got, _, err := decode(data[:cut])
		if err != nil {
			t.Fatalf("cut %d of %d: %v", cut, len(data), err)
		}
		if !slices.Equal(got, recs[:len(got)]) {
			t.Fatalf("cut %d: records are not a prefix", cut)
		}
		if cut >= flushedLen && len(got) < 3000 {
			t.Fatalf("cut %d after the last flush (%d): only %d records", cut, flushedLen, len(got))
		}
		maxSeen = max(maxSeen, len(got))
	}
	if maxSeen != 3000 {
		t.Errorf("no cut recovered all records (max %d)", maxSeen)
	}
}

func TestRecordFileErrors(t *testing.T) {
	h := `{"mjsolve":"solitaire-records","version":1,"layout":"fake","tiles":8,"geometry":"x","deal":"pcg","seed":1,"first":1,"boards":5,"timeout_ns":0}` + "\n"
	good := `{"game":1,"verdict":"winnable","method":"random","ns":5,"scans":1}` + "\n"
	tests := []struct{ name, data, want string }{
		{"empty", "", "no header line"},
		{"not a header", `{"game":1}` + "\n", "line 1: not an mjsolve record file header"},
		{"version", strings.Replace(h, `"version":1`, `"version":9`, 1), "version 9"},
		{"zero boards", strings.Replace(h, `"boards":5`, `"boards":0`, 1), "bad game range"},
		{"bad verdict", h + good + `{"game":2,"verdict":"maybe","method":"x","ns":1,"scans":0}` + "\n", `line 3: bad record: analysis: unknown verdict "maybe"`},
		{"missing ns", h + `{"game":1,"verdict":"winnable","method":"x","scans":0}` + "\n", "line 2: bad record: game, verdict, method and ns are required"},
		{"unknown field", h + `{"game":1,"verdict":"winnable","method":"x","ns":1,"scans":0,"extra":1}` + "\n", "line 2: bad record"},
		{"out of range", h + `{"game":6,"verdict":"winnable","method":"x","ns":1,"scans":0}` + "\n", "line 2: game 6 outside the file's range 1..5"},
		{"negative", h + `{"game":1,"verdict":"winnable","method":"x","ns":-1,"scans":0}` + "\n", "line 2: bad record: negative count"},
		{"two objects", h + `{"game":1,"verdict":"winnable","method":"x","ns":1,"scans":0}{}` + "\n", "line 2: bad record: text after"},
		{"garbage line", h + good + "garbage\n" + good, "line 3: bad record"},
	}
	for _, tc := range tests {
		_, _, _, err := decode([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "analysis: test") {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestCreateRecordsRefusesExisting(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := CreateRecords(path, testHeader(1, 10))
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "precious" {
		t.Errorf("existing file changed")
	}
}

func FuzzRecordReader(f *testing.F) {
	recs := withNS(expected(1, 30))
	plain := encode(f, false, testHeader(1, 30), recs)
	zst := encode(f, true, testHeader(1, 30), recs)
	f.Add(plain)
	f.Add(zst)
	f.Add(plain[:len(plain)/2])
	f.Add(zst[:len(zst)/2])
	f.Add([]byte(""))
	f.Add([]byte("{}\n{}\n"))
	f.Add(encode(f, false, playHeader(1, 30, "greedy"), withPlay(recs, 8)))
	vh := playHeader(1, 30, "lookahead")
	vh.StrategyVersion = "1+rollouts=256"
	f.Add(encode(f, false, vh, withPlay(recs, 8)))
	f.Add(append(bytes.Clone(plain), "{\"game\":3}\n"...))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, got, _, err := decode(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "analysis: test") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		// What was read writes back and reads again to the same records.
		for _, r := range got {
			if r.Game < h.First || r.Game > h.Last() || r.Verdict > Impossible {
				t.Fatalf("accepted a bad record %+v", r)
			}
		}
		again := encode(t, false, h, got)
		h2, got2, trunc, err := decode(again)
		if err != nil || trunc || h2 != h || !slices.Equal(got, got2) {
			t.Fatalf("round trip of accepted data failed: %v", err)
		}
		if errors.Is(err, io.EOF) {
			t.Fatal("EOF leaked")
		}
	})
}

func FuzzFastParseRecord(f *testing.F) {
	for _, r := range withNS(expected(1, 20)) {
		f.Add(r.AppendJSON(nil))
	}
	for _, r := range withPlay(withNS(expected(1, 10)), 144) {
		f.Add(r.AppendJSON(nil))
	}
	f.Add([]byte(`{"game":1,"verdict":"winnable","method":"x","ns":1,"scans":0,"won":false,"moves":01,"left":2}`))
	f.Add([]byte(`{"game":1,"verdict":"winnable","method":"x","ns":1,"scans":0,"won":true,"moves":72,"left":0,"play_ns":0}`))
	f.Add([]byte(`{"game":01,"verdict":"winnable","method":"x","ns":1,"scans":0}`))
	f.Add([]byte(`{"game":1,"verdict":"winnable","method":"a\"b","ns":1,"scans":0}`))
	f.Add([]byte(`{"game":18446744073709551615,"verdict":"unknown","method":"","ns":9223372036854775807,"scans":0,"min_left":3}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		var fast, slow Record
		if !fastParseRecord(line, &fast, map[string]Method{}) {
			return
		}
		if err := parseRecord(line, &slow); err != nil {
			t.Fatalf("fast parser accepted %q, encoding/json refuses: %v", line, err)
		}
		if fast != slow {
			t.Fatalf("%q: fast %+v, json %+v", line, fast, slow)
		}
		var back Record
		if again := fast.AppendJSON(nil); !fastParseRecord(again, &back, map[string]Method{}) || back != fast {
			t.Fatalf("%q re-encodes as %q, which reads back as %+v", line, again, back)
		}
	})
}

// Method names are a closed alphabet: the writer refuses a method that is not a
// name, and both parsers reject it, so that what is written reads back as it
// was.
func TestRecordMethodNames(t *testing.T) {
	for _, m := range []Method{"a&\x7f", "a\"b", "x\ny", "", "Prune", "é", Method(strings.Repeat("a", 33))} {
		w, err := NewRecordWriter(io.Discard, false, testHeader(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(Record{Game: 1, Method: m, NS: 1}); err == nil || !strings.Contains(err.Error(), "not a method name") {
			t.Errorf("method %q written: %v", m, err)
		}
		line := (&Record{Game: 1, Method: m, NS: 1}).AppendJSON(nil)
		var r Record
		if fastParseRecord(line, &r, map[string]Method{}) {
			t.Errorf("fast parser accepts %s", line)
		}
		if err := parseRecord(line, &r); err == nil {
			t.Errorf("json parser accepts %s", line)
		}
	}
	for _, m := range []Method{"prune", "bad-deal", "a", "x9", Method(strings.Repeat("z", 32))} {
		if !ValidMethod(m) {
			t.Errorf("%q is not a method name", m)
		}
	}
	// An escaped method that encoding/json decodes to a name with '&' and
	// 0x7f is refused by both.
	line := []byte(`{"game":1,"verdict":"winnable","method":"\u0026\u007f","ns":1,"scans":0}`)
	var r Record
	if err := parseRecord(line, &r); err == nil {
		t.Errorf("json parser accepts %s", line)
	}
}

// The JSON parser and the fast one agree both ways: a record the JSON parser
// accepts, written again, is a line the fast parser accepts as the same record.
func FuzzParseRecordAgree(f *testing.F) {
	for _, r := range withNS(expected(1, 10)) {
		f.Add(r.AppendJSON(nil))
	}
	f.Add([]byte(`{"game":1,"verdict":"winnable","method":"\u0026\u007f","ns":1,"scans":0}`))
	f.Add([]byte(`{"scans":0,"ns":4611686018427387904,"method":"a-1","verdict":"unknown","game":18446744073709551615,"min_left":1048576}`))
	f.Add([]byte(`{"game":1,"verdict":"impossible","method":"\u0070rune","ns":-0,"scans":0,"random":0}`))
	for _, r := range withPlay(withNS(expected(1, 10)), 144) {
		f.Add(r.AppendJSON(nil))
	}
	f.Add([]byte(`{"won":false,"left":3,"moves":1,"play_ns":null,"scans":0,"ns":1,"method":"a","verdict":"winnable","game":1}`))
	f.Add([]byte(`{"game":1,"verdict":"winnable","method":"random","ns":50,"scans":0,"won":true,"moves":72,"left":0,"play_ns":0}`))
	f.Add([]byte(`{"game":1,"verdict":"winnable","method":"random","ns":50,"cpu_ns":40,"scans":0}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		var slow Record
		if err := parseRecord(line, &slow); err != nil {
			return
		}
		again := slow.AppendJSON(nil)
		var fast Record
		if !fastParseRecord(again, &fast, map[string]Method{}) {
			t.Fatalf("%q is accepted by encoding/json as %+v, written as %q, which the fast parser refuses", line, slow, again)
		}
		if fast != slow {
			t.Fatalf("%q: json %+v, fast %+v", line, slow, fast)
		}
	})
}

func TestHeaderStrategyVersion(t *testing.T) {
	// The version is written after the strategy and read back.
	h := testHeader(1, 5)
	h.Strategy, h.StrategyVersion = "lookahead", "2+rollouts=256"
	data := encode(t, false, h, nil)
	line, _, _ := strings.Cut(string(data), "\n")
	if !strings.HasSuffix(line, `"timeout_ns":0,"strategy":"lookahead","strategy_version":"2+rollouts=256"}`) {
		t.Errorf("header line %s", line)
	}
	gh, _, _, err := decode(data)
	h.Format, h.Version = Format, FormatVersion
	if err != nil || gh != h {
		t.Errorf("round trip: %+v, %v; want %+v", gh, err, h)
	}

	// Headers agree only with the same version; a file written before
	// versions were recorded agrees with none but its like.
	v := func(strategy, version string) *Header {
		h := testHeader(1, 5)
		h.Strategy, h.StrategyVersion = strategy, version
		return &h
	}
	for _, c := range []struct {
		a, b *Header
		want string
	}{
		{v("greedy", "1"), v("greedy", "1"), ""},
		{v("greedy", ""), v("greedy", ""), ""},
		{v("", ""), v("", ""), ""},
		{v("greedy", "1"), v("greedy", "2"), "strategy version 1, not 2"},
		{v("lookahead", "1"), v("lookahead", "1+rollouts=256"), "strategy version 1, not 1+rollouts=256"},
		{v("greedy", ""), v("greedy", "1"), "strategy version unknown (not recorded), not 1"},
		{v("greedy", "1"), v("random", "2"), "strategy greedy, not random"}, // the strategy says it all
	} {
		err := c.a.Compatible(c.b)
		if got := fmt.Sprint(err); (c.want == "") != (err == nil) || (err != nil && got != c.want) {
			t.Errorf("%s %q against %s %q: %v, want %q", c.a.Strategy, c.a.StrategyVersion, c.b.Strategy, c.b.StrategyVersion, err, c.want)
		}
	}

	// A version names the version of a strategy: none without one.
	bad := strings.Replace(string(encode(t, false, testHeader(1, 5), nil)), `"timeout_ns":0`, `"timeout_ns":0,"strategy_version":"1"`, 1)
	if _, _, _, err := decode([]byte(bad)); err == nil || err.Error() != `analysis: test line 1: strategy version "1" without a strategy` {
		t.Errorf("version without a strategy: %v", err)
	}
}

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

// lockedBuffer is a bytes.Buffer safe for the writer's timer.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

// TestRecordWriterFlushesWaitingRecords: a record written and then followed by none (the next board is slow) still
// reaches the file within the flush interval, as a whole frame: a process
// killed then loses nothing that had finished.
func TestRecordWriterFlushesWaitingRecords(t *testing.T) {
	recs := withNS(expected(1, 3))
	for _, zst := range []bool{false, true} {
		var out lockedBuffer
		w, err := NewRecordWriter(&out, zst, testHeader(1, 3))
		if err != nil {
			t.Fatal(err)
		}
		w.every = 20 * time.Millisecond
		w.lastFlush = time.Now()
		for _, r := range recs {
			if err := w.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		var got []Record
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(5 * time.Millisecond) {
			var trunc bool
			if _, got, trunc, err = decode(out.Bytes()); err != nil || trunc {
				t.Fatalf("zst %v: %v (truncated %v)", zst, err, trunc)
			}
			if len(got) == len(recs) {
				break
			}
		}
		if !slices.Equal(got, recs) {
			t.Errorf("zst %v: %d records reached the file without Flush or Close", zst, len(got))
		}
		w.Close()
	}
}
