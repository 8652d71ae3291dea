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

// Ctrl-C (or SIGTERM) stops a long merge or plot at once: exit 130, one line,
// the output not written and no temporary file left.
func TestMergeInterrupted(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "20000", "--out", in); code != 0 {
		t.Fatal(errOut)
	}
	// The same file many times over: a merge of millions of records.
	for _, c := range []struct{ cmd, flag, file string }{
		{"merge", "-o", "out.jsonl"},
		{"plot", "--out", "out.png"},
	} {
		args := []string{"analysis", c.cmd, c.flag, filepath.Join(dir, c.file)}
		for range 400 {
			args = append(args, in)
		}
		interruptAnalysis(t, args, in, "mjsolve: interrupted: "+c.flag+" "+filepath.Join(dir, c.file)+" not written\n")
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("the interrupted %s left %d files", c.cmd, len(entries)-1)
		}
	}
}

// interruptAnalysis starts the command line args, sends it SIGINT once it
// reads the file in (its work under way) and checks that it stops within
// seconds with exit 130 and the line want.
func interruptAnalysis(t *testing.T, args []string, in, want string) {
	t.Helper()
	cmd := mainCmd(t, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitOpened(t, cmd, in)
	cmd.Process.Signal(os.Interrupt)
	sent := time.Now()
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted || stdout.Len() != 0 || stderr.String() != want {
		t.Errorf("%s: %v after %v, stdout %q, stderr %q; want exit %d and %q", args[1], err, time.Since(sent), stdout.String(), stderr.String(), exitInterrupted, want)
	}
	if d := time.Since(sent); d > 5*time.Second {
		t.Errorf("%s took %v to stop", args[1], d)
	}
}

// Ctrl-C stops a replay of many transcripts between two of them: exit
// 130, the ones replayed reported.
func TestReplayInterrupted(t *testing.T) {
	logs := filepath.Join(t.TempDir(), "logs")
	p := "--player=" + scripts + "draw-discard.sh"
	if code, _, errOut := runCmd(t, "", "tw16", "referee", "--games", "1", "--log", logs, p, p, p, p); code != 0 {
		t.Fatal(errOut)
	}
	args := []string{"tw16", "replay"}
	for range 20000 {
		args = append(args, "hand-0001.txt.zst")
	}
	cmd := mainCmd(t, args...)
	cmd.Dir = logs
	out, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Once the first transcript is reported, the replay is under way.
	if got := firstLine(t, cmd, out); !strings.HasPrefix(got, "hand-0001.txt.zst: hand 1 verified: ") {
		t.Errorf("first line %q", got)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted || !strings.HasPrefix(stderr.String(), "mjsolve: interrupted after ") || !strings.HasSuffix(stderr.String(), " of 20000 transcripts\n") {
		t.Errorf("%v, stderr %q; want exit %d and one line", err, stderr.String(), exitInterrupted)
	}
}
