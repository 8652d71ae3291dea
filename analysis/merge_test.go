package analysis

import (
	"context"
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
	m, err := MergeFiles(paths)
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
	if _, err := MergeFiles([]string{a, b}); err == nil || !strings.Contains(err.Error(), b+" was written with seed 7; "+a+" with seed 1") {
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
	if _, err := MergeFiles([]string{a, c}); err == nil || !strings.Contains(err.Error(), "line 2: game 1 is") {
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
