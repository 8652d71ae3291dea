//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A write that runs out of room (here a file size limit, which fails the
// write as a full disk does) ends the command with exit 1 and one line
// naming the flag and the file asked for, never the temporary file it was
// being written to, and leaves neither that file nor the temporary one.
func TestOutputThatDoesNotFit(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "3000", "--out", in); code != 0 {
		t.Fatal(errOut)
	}
	for _, c := range []struct {
		args []string
		want string // the message's start
	}{
		{[]string{"analysis", "merge", in, "-o", filepath.Join(dir, "m.jsonl")}, "mjsolve: -o " + filepath.Join(dir, "m.jsonl") + ": "},
		{[]string{"analysis", "plot", in, "--out", filepath.Join(dir, "p.pdf")}, "mjsolve: --out " + filepath.Join(dir, "p.pdf") + ": "},
	} {
		// ulimit -f counts blocks of 512 bytes: 40 KiB, less than either output.
		cmd := exec.Command("/bin/sh", append([]string{"-c", `ulimit -f 80 && exec "$0" "$@"`, exe}, c.args...)...)
		cmd.Env = append(os.Environ(), "MJSOLVE_TEST_MAIN=1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		msg := stderr.String()
		if !errors.As(err, &ee) || ee.ExitCode() != exitFailure || !strings.HasPrefix(msg, c.want) || strings.Count(msg, "\n") != 1 || strings.Contains(msg, ".tmp") {
			t.Errorf("%v: %v, stderr %q; want exit %d and %q…", c.args[:2], err, msg, exitFailure, c.want)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Errorf("%v left %d files beside the input", c.args[:2], len(entries)-1)
		}
	}
	// A transcript that does not fit ends the match the same way, named
	// by the transcript, with no transcript or temporary file left.
	logs := filepath.Join(t.TempDir(), "logs")
	p := "--player=" + scripts + "draw-discard.sh"
	cmd := exec.Command("/bin/sh", "-c", `ulimit -f 1 && exec "$0" "$@"`, exe, "tw16", "referee", "--games", "2", "--log", logs, p, p, p, p)
	cmd.Env = append(os.Environ(), "MJSOLVE_TEST_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	want := "mjsolve: referee: writing " + filepath.Join(logs, "hand-0001.txt.zst") + ": file too large\n"
	if !errors.As(err, &ee) || ee.ExitCode() != exitFailure || stderr.String() != want {
		t.Errorf("referee: %v, stderr %q; want exit %d and %q", err, stderr.String(), exitFailure, want)
	}
	if entries, _ := os.ReadDir(logs); len(entries) != 0 {
		t.Errorf("referee left %d files in --log", len(entries))
	}
}

// Ctrl-C (or SIGTERM) stops a long merge at once: exit 130, one line, -o
// OUT not written and no temporary file left. It used to be ignored until
// the merge was done (tens of seconds for ten million records).
func TestMergeInterrupted(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "20000", "--out", in); code != 0 {
		t.Fatal(errOut)
	}
	// The same file many times over: a merge of millions of records.
	args := []string{"analysis", "merge", "-o", filepath.Join(dir, "out.jsonl")}
	for range 400 {
		args = append(args, in)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "MJSOLVE_TEST_MAIN=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	sent := time.Now()
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted || stdout.Len() != 0 || stderr.String() != "mjsolve: interrupted: -o "+filepath.Join(dir, "out.jsonl")+" not written\n" {
		t.Fatalf("%v after %v, stdout %q, stderr %q; want exit %d", err, time.Since(sent), stdout.String(), stderr.String(), exitInterrupted)
	}
	if d := time.Since(sent); d > 5*time.Second {
		t.Errorf("the merge took %v to stop", d)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the interrupted merge left %d files", len(entries)-1)
	}
}
