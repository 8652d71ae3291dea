package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A 3,000-board turtle file with one byte changed in the middle: --resume,
// merge and plot all refuse it with exit 2, naming the file and the byte
// offset, and leave the file as it is; the damage is never read as a file
// cut short or as other records.
func TestDamagedRecordFileRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.jsonl.zst")
	args := []string{"solitaire", "--layout", "turtle", "--boards", "3000", "--workers", "2", "--out", path}
	if code, _, errOut := runCmd(t, "", args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x10
	os.WriteFile(path, data, 0o644)
	for _, cmd := range [][]string{
		append(args, "--resume"),
		{"analysis", "merge", path},
		{"analysis", "plot", "--kind", "rate", "-o", filepath.Join(dir, "rate.png"), path},
	} {
		code, out, errOut := runCmd(t, "", cmd...)
		if code != exitBadInput || out != "" || !strings.HasPrefix(errOut, "mjsolve: analysis: "+path+": damaged at byte ") ||
			strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and the damage named", cmd[0]+" "+cmd[1], code, out, errOut)
		}
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Errorf("the damaged file was rewritten")
	}
	if des, _ := os.ReadDir(dir); len(des) != 1 {
		t.Errorf("%d files in the directory, want the record file alone", len(des))
	}
}

// A run over several record files (a survey of layouts, a play of several
// strategies) with --resume checks every file's records before it runs
// anything: a damaged file later in the list is refused, exit 2, one line,
// and the files before it are left as they were. Only the headers were
// checked first, so the layouts (strategies) before the damaged one were
// run and their files rewritten before the error, and no table was printed.
func TestResumeSeveralFilesDamagedLater(t *testing.T) {
	for _, c := range []struct {
		name          string
		args          []string
		first, damage string
	}{
		{"survey", []string{"solitaire", "--layout", "tiny8,turtle40", "--workers", "1"}, "tiny8.jsonl.zst", "turtle40.jsonl.zst"},
		{"play", []string{"solitaire", "play", "--layout", "turtle40", "--strategy", "random,greedy", "--workers", "1"}, "turtle40-random.jsonl.zst", "turtle40-greedy.jsonl.zst"},
	} {
		dir := filepath.Join(t.TempDir(), "recs")
		if code, _, errOut := runCmd(t, "", append(c.args, "--boards", "200", "--out", dir)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errOut)
		}
		damaged := filepath.Join(dir, c.damage)
		data, err := os.ReadFile(damaged)
		if err != nil {
			t.Fatal(err)
		}
		data[len(data)/2] ^= 0x10
		os.WriteFile(damaged, data, 0o644)
		before, _ := os.ReadFile(filepath.Join(dir, c.first))
		code, out, errOut := runCmd(t, "", append(c.args, "--boards", "300", "--out", dir, "--resume")...)
		if code != exitBadInput || out != "" || !strings.Contains(errOut, damaged+": damaged at byte ") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and the damage named", c.name, code, out, errOut)
		}
		if after, _ := os.ReadFile(filepath.Join(dir, c.first)); !bytes.Equal(after, before) {
			t.Errorf("%s: %s was continued before the damaged file was found", c.name, c.first)
		}
		if after, _ := os.ReadFile(damaged); !bytes.Equal(after, data) {
			t.Errorf("%s: the damaged file was rewritten", c.name)
		}
	}
}
