package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestMergeOutEqualsOneRun(t *testing.T) {
	// Four shards, given out of order and with an overlapping run, merged
	// with -o: the same header range and the same records, game by game
	// (times apart), as one run over the whole range.
	dir := t.TempDir()
	var parts []string
	for i := 4; i >= 1; i-- {
		p := filepath.Join(dir, "part"+strconv.Itoa(i)+".jsonl.zst")
		if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "403", "--shard", strconv.Itoa(i)+"/4", "--out", p); code != 0 {
			t.Fatal(errOut)
		}
		parts = append(parts, p)
	}
	over := filepath.Join(dir, "over.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--first", "50", "--boards", "200", "--out", over); code != 0 {
		t.Fatal(errOut)
	}
	whole := filepath.Join(dir, "whole.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "403", "--workers", "1", "--out", whole); code != 0 {
		t.Fatal(errOut)
	}
	for _, name := range []string{"merged.jsonl", "merged.jsonl.zst"} {
		out := filepath.Join(dir, name)
		code, text, errOut := runCmd(t, "", append([]string{"analysis", "merge", "-o", out, over}, parts...)...)
		if code != 0 || !strings.Contains(text, "boards      403\n") || !strings.Contains(text, "files       5, 200 duplicate records skipped") {
			t.Fatalf("merge -o %s: exit %d, %s\n%s", name, code, errOut, text)
		}
		hm, rm, tm := readRecords(t, out)
		hw, rw, _ := readRecords(t, whole)
		if tm || hm != hw || len(rm) != 403 || !reflect.DeepEqual(rm, rw) {
			t.Errorf("%s: header %+v, %d records; one run: header %+v, %d records", name, hm, len(rm), hw, len(rw))
		}
	}
}

func TestMergeOutBadInput(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "5", "--out", a)
	runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "5", "--seed", "2", "--out", b)
	out := filepath.Join(dir, "m.jsonl")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{a, b, "-o", out}, "mjsolve: analysis: cannot merge " + b},
		{[]string{a, "-o", dir}, "mjsolve: -o " + dir + ": is a directory"},
		{[]string{a, "-o", filepath.Join(dir, "no", "m.jsonl")}, "mjsolve: -o " + filepath.Join(dir, "no", "m.jsonl") + ": no directory"},
		{[]string{a, filepath.Join(dir, "missing"), "-o", out}, "mjsolve: analysis: open " + filepath.Join(dir, "missing")},
	} {
		code, stdout, errOut := runCmd(t, "", append([]string{"analysis", "merge"}, tc.args...)...)
		if code != exitBadInput || stdout != "" || !strings.HasPrefix(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, stdout, errOut, tc.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("files left: %v", ents)
	}
}
