package analysis

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMergeShardsAndOverlap(t *testing.T) {
	dir := t.TempDir()
	var whole Summary
	for _, r := range expected(1, 3000) {
		whole.Add(r)
	}
	// Three shards of 1..3000 (one compressed), plus an overlapping file.
	ranges := []struct {
		name          string
		first, boards uint64
	}{{"a.jsonl", 1, 1000}, {"b.jsonl.zst", 1001, 1000}, {"c.jsonl", 2001, 1000}, {"d.jsonl.zst", 500, 1000}}
	var paths []string
	for _, r := range ranges {
		p := filepath.Join(dir, r.name)
		if _, err := runToFile(t, context.Background(), p, testHeader(r.first, r.boards), 2); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	m, err := MergeFiles(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	s := m.Summary
	if s.Boards != 3000 || s.Impossible != whole.Impossible || s.Unknown != whole.Unknown ||
		!maps.Equal(s.Methods, whole.Methods) || m.Duplicates != 1000 || m.Disagreements != 0 {
		t.Fatalf("merged: %d boards, %d impossible (want %d), %d duplicates", s.Boards, s.Impossible, whole.Impossible, m.Duplicates)
	}
	if m.Header.First != 1 || m.Header.Boards != 3000 {
		t.Errorf("merged range %d+%d", m.Header.First, m.Header.Boards)
	}
}

func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.jsonl")
	b := filepath.Join(dir, "b.jsonl")
	runToFile(t, context.Background(), a, testHeader(1, 10), 1)
	hb := testHeader(1, 10)
	hb.Seed = 7
	runToFile(t, context.Background(), b, hb, 1)
	if _, err := MergeFiles(context.Background(), []string{a, b}); err == nil || !strings.Contains(err.Error(), b+" was written with seed 7; "+a+" with seed 1") {
		t.Errorf("different seeds: err %v", err)
	}
	// A decided game with two different verdicts.
	c := filepath.Join(dir, "c.jsonl")
	var recs []Record
	for _, r := range expected(1, 10) {
		if r.Verdict == Winnable {
			r.Verdict = Impossible
		} else {
			r.Verdict = Winnable
		}
		recs = append(recs, r)
	}
	os.WriteFile(c, encode(t, false, testHeader(1, 10), recs), 0o644)
	if _, err := MergeFiles(context.Background(), []string{a, c}); err == nil || !strings.Contains(err.Error(), "line 2: game 1 is") {
		t.Errorf("conflicting verdicts: err %v", err)
	}
}

func TestGameSet(t *testing.T) {
	var s gameSet
	games := []uint64{0, 1, 2, 3, 65535, 65536, 1 << 40, 1<<64 - 1}
	for i, g := range games {
		s.set(g, uint8(i%3)+1)
	}
	for i, g := range games {
		if got := s.get(g); got != uint8(i%3)+1 {
			t.Errorf("get(%d) = %d, want %d", g, got, i%3+1)
		}
	}
	if s.get(4) != 0 || s.get(1<<40+1) != 0 {
		t.Errorf("absent games not 0")
	}
}

func TestMergeRecordsGameOrder(t *testing.T) {
	// Files written out of order and overlapping: the merged file holds
	// each game once, the first file's record, in game order.
	dir := t.TempDir()
	write := func(name string, first, boards uint64, recs []Record) string {
		p := filepath.Join(dir, name)
		w, err := CreateRecords(p, testHeader(first, boards))
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
		return p
	}
	a := write("a.jsonl", 4, 3, []Record{{Game: 6, Verdict: Winnable, Method: "random", NS: 1}, {Game: 4, Verdict: Impossible, Method: "prune", NS: 2}})
	b := write("b.jsonl.zst", 1, 5, []Record{{Game: 1, Verdict: Winnable, Method: "search", NS: 3}, {Game: 4, Verdict: Impossible, Method: "search", NS: 4}, {Game: 5, Verdict: Unknown, Method: "budget", NS: 5}})
	var buf strings.Builder
	m, err := MergeRecords(context.Background(), []string{a, b}, &buf, false)
	if err != nil {
		t.Fatal(err)
	}
	if m.Duplicates != 1 || m.Header.First != 1 || m.Header.Boards != 6 {
		t.Errorf("merge %+v", m)
	}
	lines := strings.Split(buf.String(), "\n")
	want := []string{
		`{"game":1,"verdict":"winnable","method":"search","ns":3,"scans":0}`,
		`{"game":4,"verdict":"impossible","method":"prune","ns":2,"scans":0}`,
		`{"game":5,"verdict":"unknown","method":"budget","ns":5,"scans":0}`,
		`{"game":6,"verdict":"winnable","method":"random","ns":1,"scans":0}`,
		``,
	}
	if len(lines) != 6 || !strings.Contains(lines[0], `"first":1,"boards":6`) || strings.Join(lines[1:], "\n") != strings.Join(want, "\n") {
		t.Errorf("merged file:\n%s", buf.String())
	}
	if _, err := MergeRecords(context.Background(), []string{a, filepath.Join(dir, "none")}, &buf, false); err == nil {
		t.Errorf("a missing file merged")
	}
}

// ReadRecordFile gives a file's header and records in file order, says
// when the file was cut, and refuses a damaged one.
func TestReadRecordFile(t *testing.T) {
	dir := t.TempDir()
	recs := plotRecords(1, 50)
	path := filepath.Join(dir, "r.jsonl")
	writeRecords(t, path, testHeader(1, 50), recs)
	rf, err := ReadRecordFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if h := rf.Header; h.Layout != "fake" || h.First != 1 || h.Boards != 50 || len(rf.Records) != 50 || rf.Records[49] != recs[49] || rf.Truncated {
		t.Errorf("read back: header %+v, %d records, truncated %v", rf.Header, len(rf.Records), rf.Truncated)
	}
	data, _ := os.ReadFile(path)
	cut := filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, data[:len(data)-5], 0o644)
	if rf, err := ReadRecordFile(cut); err != nil || len(rf.Records) != 49 || !rf.Truncated {
		t.Errorf("cut file: %v, truncated %v", err, rf != nil && rf.Truncated)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, append(data, "not a record\n"...), 0o644)
	if _, err := ReadRecordFile(bad); !errors.Is(err, ErrDamaged) {
		t.Errorf("damaged file: %v, want ErrDamaged", err)
	}
	if _, err := ReadRecordFile(filepath.Join(dir, "none")); err == nil {
		t.Error("a missing file read")
	}
}

// cancelledAfter is a context whose Err is nil for its first n calls and
// context.Canceled from then on: Ctrl-C at a chosen point of a merge.
type cancelledAfter struct {
	context.Context
	n int
}

func (c *cancelledAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// A merge interrupted after its files are read (while it writes the
// merged records) stops too, out not written: a merge of millions of
// records spends seconds writing and compressing them.
func TestMergeFileStopsWhileWriting(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "a.jsonl")
	if _, err := runToFile(t, context.Background(), in, testHeader(1, 100), 1); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.jsonl.zst")
	// The file's 100 records are read with one look at the context.
	_, err := MergeFile(&cancelledAfter{context.Background(), 1}, []string{in}, out)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("merge interrupted while writing: %v, want an error wrapping context.Canceled", err)
	}
	if _, statErr := os.Stat(out); !os.IsNotExist(statErr) {
		t.Errorf("out written: %v (%v)", statErr, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files left beside the input", len(entries)-1)
	}
}

// A merged file's header names a number of playouts (Header.Difficulty)
// only when every file merged had that number: files of different
// --difficulty (or one without) give a header that says 0, as files
// written before it was recorded do, so that a resume reads the records
// rather than trust a header that holds for part of them. The header took
// the first file's number, and the merged file passed for a run of K
// playouts with records of another.
func TestMergeRecordsDifficultyHeader(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, first uint64, k int64) string {
		h := testHeader(first, 2)
		h.Difficulty = k
		recs := []Record{{Game: first, Verdict: Impossible, Method: "search", Scans: 9}, {Game: first + 1, Verdict: Winnable, Method: "random", Scans: 1}}
		if k != 0 {
			recs[1].Clear, recs[1].Playouts = 1, k
		}
		p := filepath.Join(dir, name)
		writeRecords(t, p, h, recs)
		return p
	}
	a10, b10, c20, d0 := write("a.jsonl", 1, 10), write("b.jsonl", 3, 10), write("c.jsonl", 5, 20), write("d.jsonl", 7, 0)
	for _, c := range []struct {
		paths []string
		want  int64
	}{
		{[]string{a10, b10}, 10},
		{[]string{a10, c20}, 0},
		{[]string{a10, b10, d0}, 0},
		{[]string{d0, a10}, 0},
	} {
		var buf strings.Builder
		m, err := MergeRecords(context.Background(), c.paths, &buf, false)
		if err != nil {
			t.Fatal(err)
		}
		rr, err := NewRecordReader(strings.NewReader(buf.String()), "merged")
		if err != nil {
			t.Fatal(err)
		}
		if got := rr.Header().Difficulty; got != c.want || m.Header.Difficulty != c.want {
			t.Errorf("%d files: merged header difficulty %d (result %d), want %d", len(c.paths), got, m.Header.Difficulty, c.want)
		}
		rr.Close()
	}
}
