package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The figure of issue 9 item 1: a 3,000-board turtle file with one byte
// changed in the middle. "--resume" used to exit 0 and report wrong
// counts (the damage read as a file cut short, or as other records), and
// rewrote the file so that it merged cleanly. Now --resume, merge and plot
// all refuse it with exit 2, naming the file and the byte offset, and the
// file is left as it is.
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
