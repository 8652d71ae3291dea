package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestResumeWriteFailureExit1: a write that fails during --resume's copy (here
// a file size limit, as a full disk would) is not the input's fault: exit 1,
// one line naming the file rather than its temporary copy, the file as it was
// and no temporary left.
func TestResumeWriteFailureExit1(t *testing.T) {
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("no prlimit (util-linux) to limit the file size")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "1000", "--out", path); code != 0 {
		t.Fatal(errOut)
	}
	before, _ := os.ReadFile(path)
	cmd := exec.Command(prlimit, "--fsize=20000", exe, "solitaire", "--layout", "turtle40", "--boards", "2000", "--out", path, "--resume")
	cmd.Env = append(os.Environ(), "MJSOLVE_TEST_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitFailure {
		t.Fatalf("exit %v, want %d; stderr %q", err, exitFailure, stderr.String())
	}
	if want := "mjsolve: analysis: cannot resume " + path + ": writing its copy: file too large\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if after, _ := os.ReadFile(path); !slices.Equal(before, after) {
		t.Errorf("the failed resume changed the file")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}
}

// TestLayoutsShowHugeFile: a layout file of 1 GB is refused by its size without
// being read.
func TestLayoutsShowHugeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil { // sparse: no disk used
		t.Skip(err)
	}
	f.Close()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	code, out, errOut := runCmd(t, "", "layouts", "show", path)
	runtime.ReadMemStats(&m1)
	if code != exitBadInput || out != "" || !strings.Contains(errOut, "file larger than 4194304 bytes, not a layout") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 32<<20 {
		t.Errorf("allocated %d MB to refuse it", alloc>>20)
	}
}

// fullWriter fails every write as a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// Standard output that cannot be written (redirected to a full disk) is a
// failure, exit 1, whatever the command, not bad input (exit 2) and not
// success (exit 0).
func TestStdoutFullIsAFailure(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	p := "--player=" + scripts + "draw-discard.sh"
	if code, _, errOut := runCmd(t, "", "tw16", "referee", "--games", "1", "--log", logs, p, p, p, p); code != 0 {
		t.Fatal(errOut)
	}
	for _, args := range [][]string{
		{"version"},
		{"layouts", "list", "--json"},
		{"layouts", "show", "tiny8"},
		{"solitaire", "show", "--layout", "tiny8"},
		{"solitaire", "solve", "--layout", "tiny8", "--json"},
		{"solitaire", "hint", "--layout", "tiny8"},
		{"solitaire", "--layout", "tiny8", "--boards", "5"},
		{"tw16", "shanten", "1m"},
		{"tw16", "score", "123m456p789s234s11z55z", "--win", "1z"},
		{"tw16", "items"},
		{"tw16", "replay", filepath.Join(logs, "hand-0001.txt.zst")},
	} {
		var errb bytes.Buffer
		code := run(args, strings.NewReader(""), fullWriter{}, &errb)
		if code != exitFailure || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line", args, code, errb.String(), exitFailure)
		}
	}
}
