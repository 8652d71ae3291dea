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

	"github.com/klauspost/compress/zstd"
)

// encodeFrames writes h and recs compressed, ending a frame every `every`
// records (as the writer does every few seconds of a long run).
func encodeFrames(t testing.TB, h Header, recs []Record, every int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewRecordWriter(&buf, true, h)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
		if (i+1)%every == 0 {
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Every single-bit flip of a small compressed record file is either rejected or
// yields exactly the original records: a damaged file never passes as one cut
// short, and never reads as other records.
func TestRecordFileBitFlips(t *testing.T) {
	recs := withNS(expected(1, 40))
	data := encodeFrames(t, testHeader(1, 40), recs, 15)
	t.Logf("%d bytes, %d single-bit flips", len(data), 8*len(data))
	rejected := 0
	for bit := range 8 * len(data) {
		bad := bytes.Clone(data)
		bad[bit/8] ^= 1 << (bit % 8)
		_, got, trunc, err := decode(bad)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "analysis: test") {
				t.Fatalf("bit %d: error without the file name: %v", bit, err)
			}
			rejected++
			continue
		}
		if trunc || !slices.Equal(got, recs) {
			t.Fatalf("bit %d (byte %d): read %d records (truncated %v), not the %d written", bit, bit/8, len(got), trunc, len(recs))
		}
	}
	if rejected != 8*len(data) {
		// Every byte of the file is under a checksum.
		t.Errorf("%d of %d flips rejected", rejected, 8*len(data))
	}
}

// A compressed file cut anywhere is a cut, never damage: it reads as the
// records of its complete frames, Truncated unless the cut falls between
// frames.
func TestRecordFileCutAnywhere(t *testing.T) {
	recs := withNS(expected(1, 40))
	data := encodeFrames(t, testHeader(1, 40), recs, 15)
	var ends []int // where the frames end
	for off := 0; off < len(data); {
		n := int(uint32(data[off+8]) | uint32(data[off+9])<<8 | uint32(data[off+10])<<16 | uint32(data[off+11])<<24)
		off += prefixLen + n
		ends = append(ends, off)
	}
	if len(ends) != 4 || ends[3] != len(data) { // the header, then 15, 15 and 10 records
		t.Fatalf("frames end at %v of %d bytes", ends, len(data))
	}
	for cut := ends[0]; cut <= len(data); cut++ {
		_, got, trunc, err := decode(data[:cut])
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		frames := 0
		for _, e := range ends[1:] {
			if e <= cut {
				frames++
			}
		}
		want := recs[:min(15*frames, 40)]
		if !slices.Equal(got, want) || trunc != !slices.Contains(ends, cut) {
			t.Fatalf("cut %d: %d records (truncated %v), want %d", cut, len(got), trunc, len(want))
		}
	}
}

// Damage is reported with the byte offset of the bad frame, and wraps
// ErrDamaged; so is a bad line before the end of a plain file, while a
// partial last line is a cut.
func TestRecordFileDamageMessages(t *testing.T) {
	recs := withNS(expected(1, 40))
	data := encodeFrames(t, testHeader(1, 40), recs, 15)
	bad := bytes.Clone(data)
	bad[len(bad)/2] ^= 0x10
	_, got, _, err := decode(bad)
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "analysis: test: damaged at byte ") {
		t.Fatalf("error %v", err)
	}
	if len(got) > 30 || !slices.Equal(got, recs[:len(got)]) {
		t.Errorf("%d records before the damage", len(got))
	}

	plain := encode(t, false, testHeader(1, 40), recs)
	lines := bytes.SplitAfter(plain, []byte("\n"))
	lines[5] = []byte("{\"game\":5,\"verdict\":\"winnable\",\"meth\n")
	_, _, _, err = decode(bytes.Join(lines, nil))
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "analysis: test line 6: bad record") {
		t.Errorf("plain file with a bad line: %v", err)
	}
	_, got, trunc, err := decode(plain[:len(plain)-3])
	if err != nil || !trunc || !slices.Equal(got, recs[:39]) {
		t.Errorf("plain file cut in its last line: %v, truncated %v, %d records", err, trunc, len(got))
	}
}

// A compressed file of an older mjsolve (one zstd stream, no frames) reads
// in full, and one that does not end cleanly is refused: a cut and damage
// look the same in it.
func TestRecordFileUnframedStream(t *testing.T) {
	recs := withNS(expected(1, 300))
	plain := encode(t, false, testHeader(1, 300), recs)
	var buf bytes.Buffer
	zw, _ := zstd.NewWriter(&buf)
	zw.Write(plain)
	zw.Close()
	_, got, trunc, err := decode(buf.Bytes())
	if err != nil || trunc || !slices.Equal(got, recs) {
		t.Fatalf("unframed stream: %v, %d records", err, len(got))
	}
	_, _, _, err = decode(buf.Bytes()[:buf.Len()-30])
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "without checksummed frames") {
		t.Errorf("cut unframed stream: %v", err)
	}
}

// A damaged file is refused by ResumeRecords and by MergeFiles, and left as it
// is, with no temporary file beside it.
func TestResumeAndMergeRefuseDamage(t *testing.T) {
	dir := t.TempDir()
	h := testHeader(1, 300)
	data := encodeFrames(t, h, withNS(expected(1, 200)), 50)
	data[len(data)/2] ^= 0x01
	path := filepath.Join(dir, "r.jsonl.zst")
	os.WriteFile(path, data, 0o644)
	if _, err := ResumeRecords(path, h); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), path+": damaged at byte") {
		t.Errorf("resume: %v", err)
	}
	if _, err := MergeFiles(context.Background(), []string{path}); !errors.Is(err, ErrDamaged) {
		t.Errorf("merge: %v", err)
	}
	if _, err := ReadPlotData(context.Background(), []string{path}, 0); !errors.Is(err, ErrDamaged) {
		t.Errorf("plot data: %v", err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, data) {
		t.Errorf("the damaged file was rewritten")
	}
	if des, _ := os.ReadDir(dir); len(des) != 1 {
		t.Errorf("%d files in the directory, want 1", len(des))
	}
}

// A game found twice with different decided verdicts is an error in
// ResumeRecords, as in MergeFiles; the same verdict twice, or unknown against
// decided, keeps the first.
func TestResumeConflictingDuplicate(t *testing.T) {
	dir := t.TempDir()
	h := testHeader(1, 10)
	recs := []Record{{Game: 1, Verdict: Winnable, Method: "random"}, {Game: 2, Verdict: Impossible, Method: "prune"},
		{Game: 1, Verdict: Winnable, Method: "random"}, {Game: 4, Verdict: Unknown, Method: "budget"},
		{Game: 4, Verdict: Winnable, Method: "search"}}
	path := filepath.Join(dir, "r.jsonl")
	data := encode(t, false, h, recs)
	os.WriteFile(path, data, 0o644)
	res, err := ResumeRecords(path, h)
	if err != nil {
		t.Fatal(err)
	}
	res.Writer.Close()
	if res.Duplicates != 2 || res.Next != 3 || res.Skip[4].Verdict != Unknown {
		t.Errorf("duplicates %d, next %d, skip %v", res.Duplicates, res.Next, res.Skip)
	}
	recs = append(recs, Record{Game: 2, Verdict: Winnable, Method: "random"})
	data = encode(t, false, h, recs)
	os.WriteFile(path, data, 0o644)
	_, err = ResumeRecords(path, h)
	if err == nil || !strings.Contains(err.Error(), "line 7: game 2 is winnable, but impossible in an earlier record") {
		t.Errorf("conflicting duplicate: %v", err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, data) {
		t.Errorf("file rewritten")
	}
	if _, err := MergeFiles(context.Background(), []string{path}); err == nil || !strings.Contains(err.Error(), "game 2 is winnable, but impossible") {
		t.Errorf("merge: %v", err)
	}
}

// FuzzResumeRecords: resuming a record file of any content either refuses,
// leaving the file as it was, or rewrites it as the records it kept: the
// contiguous run from the first game, then the later games to skip, each once.
func FuzzResumeRecords(f *testing.F) {
	h := testHeader(1, 40)
	recs := withNS(expected(1, 30))
	f.Add(encode(f, false, h, recs))
	f.Add(encodeFrames(f, h, recs, 10))
	f.Add(encode(f, false, h, append(recs[:5:5], recs[7], recs[3], recs[7])))
	f.Add(encodeFrames(f, h, recs, 10)[:300])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := ResumeRecords(path, h)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "analysis: ") {
				t.Fatalf("error %q", err)
			}
			if b, _ := os.ReadFile(path); !bytes.Equal(b, data) {
				t.Fatalf("refused (%v), but the file changed", err)
			}
			return
		}
		if err := res.Writer.Close(); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		_, kept, trunc, err := decode(b)
		if err != nil || trunc {
			t.Fatalf("the rewritten file: %v (truncated %v)", err, trunc)
		}
		if res.Created {
			if len(data) != 0 || len(kept) != 0 {
				t.Fatalf("created over %d bytes", len(data))
			}
			return
		}
		if int64(len(kept)) != res.Summary.Boards || res.Next != h.First+uint64(len(kept)) {
			t.Fatalf("%d records kept, summary %d, next %d", len(kept), res.Summary.Boards, res.Next)
		}
		for i, r := range kept {
			if r.Game != h.First+uint64(i) {
				t.Fatalf("record %d is game %d", i, r.Game)
			}
		}
		for g := range res.Skip {
			if g <= res.Next || g > h.Last() {
				t.Fatalf("skip game %d, next %d", g, res.Next)
			}
		}
		// What was kept is what the original file holds, first record of
		// each game.
		_, all, _, err := decode(data)
		if err != nil {
			t.Fatalf("resumed a file that does not read: %v", err)
		}
		first := map[uint64]Record{}
		for _, r := range all {
			if _, ok := first[r.Game]; !ok {
				first[r.Game] = r
			}
		}
		for _, r := range kept {
			if first[r.Game] != r {
				t.Fatalf("kept %+v, the file's first record of the game is %+v", r, first[r.Game])
			}
		}
		if len(first) != len(kept)+len(res.Skip) {
			t.Fatalf("%d games in the file, %d kept and %d to skip", len(first), len(kept), len(res.Skip))
		}
	})
}

// FuzzMergeFiles: merging two record files of any content either refuses with
// an error naming a file, or counts each game once, the first record of it.
func FuzzMergeFiles(f *testing.F) {
	h := testHeader(1, 40)
	a := withNS(expected(1, 25))
	b := withNS(expected(20, 21))
	f.Add(encode(f, false, h, a), encodeFrames(f, testHeader(20, 21), b, 7))
	f.Add(encodeFrames(f, h, a, 9), encode(f, false, h, a))
	f.Add(encode(f, false, h, a[:3]), []byte("x"))
	f.Fuzz(func(t *testing.T, da, db []byte) {
		dir := t.TempDir()
		pa, pb := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
		os.WriteFile(pa, da, 0o644)
		os.WriteFile(pb, db, 0o644)
		m, err := MergeFiles(context.Background(), []string{pa, pb})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "analysis: ") || !strings.Contains(err.Error(), dir) {
				t.Fatalf("error %q", err)
			}
			return
		}
		games := map[uint64]Record{}
		var s Summary
		for _, d := range [][]byte{da, db} {
			_, recs, _, err := decode(d)
			if err != nil {
				t.Fatalf("merged a file that does not read: %v", err)
			}
			for _, r := range recs {
				if _, ok := games[r.Game]; !ok {
					games[r.Game] = r
					s.Add(r)
				}
			}
		}
		if m.Summary.Boards != int64(len(games)) || m.Summary.Winnable != s.Winnable || m.Summary.Impossible != s.Impossible ||
			m.Summary.Time.Total != s.Time.Total {
			t.Fatalf("merge: %+v, want %d games", m.Summary, len(games))
		}
	})
}
