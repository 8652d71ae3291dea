package analysis

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// runToFile runs the fake over h's range into path, resuming it, and
// returns the final summary (resumed part merged with the run's).
func runToFile(t *testing.T, ctx context.Context, path string, h Header, workers int) (*Summary, error) {
	t.Helper()
	res, err := ResumeRecords(path, h)
	if err != nil {
		return nil, err
	}
	cfg := Config{First: res.Next, Boards: h.First + h.Boards - res.Next, Workers: workers,
		Skip: res.Skip, OnRecord: res.Writer.Write}
	s, runErr := Run(ctx, cfg, fakeWorker(13))
	if err := res.Writer.Close(); err != nil {
		t.Fatal(err)
	}
	res.Summary.Merge(s)
	return res.Summary, runErr
}

func readFile(t *testing.T, path string) (Header, []Record, bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, recs, trunc, err := decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return h, recs, trunc
}

func TestResumeAfterTruncation(t *testing.T) {
	h := testHeader(5, 1500)
	want := expected(5, 1500)
	for _, name := range []string{"r.jsonl", "r.jsonl.zst"} {
		dir := t.TempDir()
		full := filepath.Join(dir, "full-"+name)
		if _, err := runToFile(t, context.Background(), full, h, 2); err != nil {
			t.Fatal(err)
		}
		_, recs, _ := readFile(t, full)
		if !slices.Equal(zeroNS(recs), want) {
			t.Fatalf("%s: uninterrupted run: records differ", name)
		}
		data, _ := os.ReadFile(full)
		for _, frac := range []float64{0.1, 0.5, 0.77, 0.999} {
			path := filepath.Join(dir, name)
			os.Remove(path)
			// For zstd, cutting the stream anywhere keeps only what the
			// writer had flushed; the run completes the rest either way.
			if err := os.WriteFile(path, data[:int(frac*float64(len(data)))], 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := runToFile(t, context.Background(), path, h, 3)
			if err != nil {
				t.Fatal(err)
			}
			_, recs, trunc := readFile(t, path)
			if trunc || !slices.Equal(zeroNS(recs), want) {
				t.Fatalf("%s cut at %v: resumed file differs from an uninterrupted run (truncated %v, %d records)", name, frac, trunc, len(recs))
			}
			if s.Boards != 1500 {
				t.Fatalf("%s cut at %v: summary has %d boards", name, frac, s.Boards)
			}
		}
	}
}

func TestResumeAfterCancel(t *testing.T) {
	h := testHeader(1, 20000)
	for _, name := range []string{"c.jsonl", "c.jsonl.zst"} {
		path := filepath.Join(t.TempDir(), name)
		ctx, cancel := context.WithCancel(context.Background())
		var n int
		res, err := ResumeRecords(path, h)
		if err != nil {
			t.Fatal(err)
		}
		cfg := Config{First: 1, Boards: 20000, Workers: 3, OnRecord: func(r Record) error {
			if n++; n == 3000 {
				cancel()
			}
			return res.Writer.Write(r)
		}}
		s, err := Run(ctx, cfg, fakeWorker(13))
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err %v", err)
		}
		if err := res.Writer.Close(); err != nil {
			t.Fatal(err)
		}
		// The file is complete and readable and holds every finished record.
		_, recs, trunc := readFile(t, path)
		if trunc || int64(len(recs)) != s.Boards || len(recs) < 3000 || len(recs) >= 20000 {
			t.Fatalf("%s: %d records in the file, %d in the summary, truncated %v", name, len(recs), s.Boards, trunc)
		}
		if _, err := runToFile(t, context.Background(), path, h, 2); err != nil {
			t.Fatal(err)
		}
		_, recs, _ = readFile(t, path)
		if !slices.Equal(zeroNS(recs), expected(1, 20000)) {
			t.Fatalf("%s: resumed after cancel: records differ", name)
		}
	}
}

func TestResumeOutOfOrderTail(t *testing.T) {
	// A file left by an interrupted run: games 1..4, then 7 and 9.
	path := filepath.Join(t.TempDir(), "t.jsonl")
	h := testHeader(1, 12)
	var recs []Record
	for _, g := range []uint64{1, 2, 3, 4, 7, 9, 9} {
		r := fakeDecide(g)
		r.Game = g
		recs = append(recs, r)
	}
	os.WriteFile(path, encode(t, false, h, recs), 0o644)
	res, err := ResumeRecords(path, h)
	if err != nil {
		t.Fatal(err)
	}
	if res.Next != 5 || len(res.Skip) != 2 || res.Duplicates != 1 || res.Summary.Boards != 4 {
		t.Fatalf("next %d, skip %d, duplicates %d, kept %d", res.Next, len(res.Skip), res.Duplicates, res.Summary.Boards)
	}
	cfg := Config{First: res.Next, Boards: 13 - res.Next, Workers: 2, Skip: res.Skip, OnRecord: res.Writer.Write}
	s, err := Run(context.Background(), cfg, fakeWorker(0))
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Writer.Close(); err != nil {
		t.Fatal(err)
	}
	s.Merge(res.Summary)
	_, got, _ := readFile(t, path)
	if !slices.Equal(zeroNS(got), expected(1, 12)) || s.Boards != 12 || s.Solved != 6 {
		t.Fatalf("records differ, or summary %d boards %d solved", s.Boards, s.Solved)
	}
}

func TestResumeRefusesMismatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.jsonl.zst")
	h := testHeader(1, 100)
	if _, err := runToFile(t, context.Background(), path, h, 2); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	change := []struct {
		name string
		edit func(*Header)
		want string
	}{
		{"layout", func(h *Header) { h.Layout = "turtle" }, "was written with layout fake; this run has layout turtle"},
		{"deal", func(h *Header) { h.Deal = "mjsolver" }, "was written with deal pcg; this run has deal mjsolver"},
		{"seed", func(h *Header) { h.Seed = 2 }, "was written with seed 1; this run has seed 2"},
		{"geometry", func(h *Header) { h.Geometry = "ffff" }, "was written with geometry 8 tiles 0123456789abcdef; this run has geometry 8 tiles ffff"},
		{"timeout", func(h *Header) { h.TimeoutNS = 1e9 }, "was written with timeout per board 0s; this run has timeout per board 1s"},
		{"first", func(h *Header) { h.First = 2 }, "starts at game 1, this run at game 2"},
		{"fewer boards", func(h *Header) { h.Boards = 50 }, "holds game 51, after this run's last game 50"},
	}
	// The file's parameters first, then this run's.
	for _, c := range change {
		h2 := h
		c.edit(&h2)
		_, err := ResumeRecords(path, h2)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "cannot resume "+path) {
			t.Errorf("%s: err %v, want one containing %q", c.name, err, c.want)
		}
		if after, _ := os.ReadFile(path); !slices.Equal(before, after) {
			t.Fatalf("%s: refused resume changed the file", c.name)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %d entries", len(entries))
	}
	// More boards is fine: the run is extended.
	h3 := h
	h3.Boards = 150
	if _, err := runToFile(t, context.Background(), path, h3, 2); err != nil {
		t.Fatal(err)
	}
	gh, recs, _ := readFile(t, path)
	if gh.Boards != 150 || !slices.Equal(zeroNS(recs), expected(1, 150)) {
		t.Errorf("extended run: header boards %d, %d records", gh.Boards, len(recs))
	}
}

func TestResumeEmptyOrMissing(t *testing.T) {
	dir := t.TempDir()
	h := testHeader(1, 30)
	empty := filepath.Join(dir, "empty.jsonl.zst")
	os.WriteFile(empty, nil, 0o644)
	for _, path := range []string{empty, filepath.Join(dir, "missing.jsonl")} {
		if _, err := runToFile(t, context.Background(), path, h, 2); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if _, recs, _ := readFile(t, path); !slices.Equal(zeroNS(recs), expected(1, 30)) {
			t.Fatalf("%s: records differ", path)
		}
	}
	// A file that is not a record file is refused, not overwritten.
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("my notes\nmore\n"), 0o644)
	if _, err := ResumeRecords(notes, h); err == nil || !strings.Contains(err.Error(), "not an mjsolve record file header") {
		t.Errorf("resume of a text file: %v", err)
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes\nmore\n" {
		t.Errorf("text file changed")
	}
}

// Resuming keeps the file's permissions and leaves no temporary file.
func TestResumeKeepsMode(t *testing.T) {
	h := testHeader(1, 200)
	for _, mode := range []os.FileMode{0o644, 0o640} {
		dir := t.TempDir()
		path := filepath.Join(dir, "r.jsonl.zst")
		if err := os.WriteFile(path, encode(t, true, h, expected(1, 50)), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chmod(path, mode)
		if _, err := runToFile(t, context.Background(), path, h, 1); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode() != mode {
			t.Errorf("after resume: mode %v (%v), want %v", fi.Mode(), err, mode)
		}
		if _, recs, _ := readFile(t, path); !slices.Equal(zeroNS(recs), expected(1, 200)) {
			t.Errorf("resumed file: %d records, want the 200 of the run", len(recs))
		}
		if des, _ := os.ReadDir(dir); len(des) != 1 {
			t.Errorf("%d files in the directory, want 1", len(des))
		}
	}
}

// A resume killed during its copy leaves its temporary file beside the record
// file; the next resume removes it and says so.
func TestResumeRemovesStaleTemporaries(t *testing.T) {
	dir := t.TempDir()
	h := testHeader(1, 100)
	path := filepath.Join(dir, "r.jsonl.zst")
	os.WriteFile(path, encode(t, true, h, expected(1, 40)), 0o644)
	stale := filepath.Join(dir, ".r.jsonl.zst.tmp4242")
	os.WriteFile(stale, []byte("half a copy"), 0o600)
	res, err := ResumeRecords(path, h)
	if err != nil {
		t.Fatal(err)
	}
	res.Writer.Close()
	if !slices.Equal(res.Stale, []string{stale}) || res.Next != 41 {
		t.Errorf("stale %v, next %d", res.Stale, res.Next)
	}
	if des, _ := os.ReadDir(dir); len(des) != 1 {
		t.Errorf("%d files in the directory, want 1", len(des))
	}
}

func TestCheckResume(t *testing.T) {
	// CheckResume refuses what ResumeRecords refuses for its header, with
	// the same error, and changes nothing; a missing or empty file passes.
	dir := t.TempDir()
	p := filepath.Join(dir, "r.jsonl")
	h := testHeader(1, 10)
	if err := CheckResume(context.Background(), p, h); err != nil {
		t.Errorf("missing file: %v", err)
	}
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckResume(context.Background(), p, h); err != nil {
		t.Errorf("empty file: %v", err)
	}
	writeRecords(t, p, h, expected(1, 5))
	old, _ := os.ReadFile(p)
	if err := CheckResume(context.Background(), p, testHeader(1, 20)); err != nil {
		t.Errorf("same experiment, more boards: %v", err)
	}
	for _, other := range []Header{func() Header { o := h; o.Seed = 9; return o }(), testHeader(2, 10)} {
		err := CheckResume(context.Background(), p, other)
		_, want := ResumeRecords(p, other)
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%+v: %v, want %v", other, err, want)
		}
	}
	if now, _ := os.ReadFile(p); !bytes.Equal(now, old) {
		t.Errorf("%s changed", p)
	}
}

// A file's records of winnable boards carry the playouts of the run
// (Header.Difficulty): a resume with another number is refused, by the
// header, or by the records for a file whose header does not say (written
// before it did), and the file is left as it was.
func TestResumeRefusesOtherDifficulty(t *testing.T) {
	dir := t.TempDir()
	recs := []Record{
		{Game: 1, Verdict: Winnable, Method: "random", Scans: 1, Clear: 3, Playouts: 10},
		{Game: 2, Verdict: Impossible, Method: "search", Scans: 9},
		{Game: 3, Verdict: Winnable, Method: "random", Scans: 1, Clear: 0, Playouts: 10},
	}
	h := testHeader(1, 10)
	old := filepath.Join(dir, "old.jsonl") // no difficulty in its header
	if err := os.WriteFile(old, encode(t, false, h, recs), 0o644); err != nil {
		t.Fatal(err)
	}
	h.Difficulty = 10
	now := filepath.Join(dir, "now.jsonl")
	if err := os.WriteFile(now, encode(t, false, h, recs), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		k    int64
		want string
	}{
		{old, 0, "old.jsonl: line 2: game 1 was run with --difficulty 10; this run has no --difficulty"},
		{old, 5, "old.jsonl: line 2: game 1 was run with --difficulty 10; this run has --difficulty 5"},
		{now, 5, "now.jsonl was written with --difficulty 10; this run has --difficulty 5"},
		{now, 0, "now.jsonl was written with --difficulty 10; this run has no --difficulty"},
	} {
		before, _ := os.ReadFile(c.path)
		h2 := testHeader(1, 10)
		h2.Difficulty = c.k
		_, err := ResumeRecords(c.path, h2)
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%s with %d playouts: %v, want …%q", filepath.Base(c.path), c.k, err, c.want)
		}
		if after, _ := os.ReadFile(c.path); !slices.Equal(before, after) {
			t.Errorf("%s: a refused resume changed the file", filepath.Base(c.path))
		}
	}
	for _, path := range []string{old, now} {
		h2 := testHeader(1, 10)
		h2.Difficulty = 10
		res, err := ResumeRecords(path, h2)
		if err != nil {
			t.Fatalf("%s with the same playouts: %v", filepath.Base(path), err)
		}
		res.Writer.Close()
		if gh, got, _ := readFile(t, path); gh.Difficulty != 10 || res.Next != 4 || len(got) != 3 {
			t.Errorf("%s: header difficulty %d, next %d, %d records", filepath.Base(path), gh.Difficulty, res.Next, len(got))
		}
	}
}
