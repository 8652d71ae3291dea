//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"
)

// A batch on standard input answers each line before it waits for the next one
// (a program feeding it hands one at a time gets its answers), and Ctrl-C stops
// it while it waits: exit 130, the answers given kept.
func TestBatchAnswersAndStopsWhileWaiting(t *testing.T) {
	cmd := mainCmd(t, "tw16", "shanten", "-")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	io.WriteString(in, "1111222233334444z\n123456789m123456p1z\n")
	answers := make(chan string, 2)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			answers <- sc.Text()
		}
		close(answers)
	}()
	for _, want := range []string{"4", "0"} {
		select {
		case got := <-answers:
			if got != want {
				t.Errorf("answer %q, want %q", got, want)
			}
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatal("no answer while the input stays open")
		}
	}
	stopsOnInterrupt(t, cmd, &stderr, "the batch waiting for input")
}

// Ctrl-C stops "tw16 bot" waiting for the referee's next line: exit 130.
func TestBotStopsOnInterrupt(t *testing.T) {
	cmd := mainCmd(t, "tw16", "bot", "--strategy", "draw-discard")
	in, _ := cmd.StdinPipe()
	defer in.Close()
	out, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A question before the deal is answered /pass: once the answer is
	// out, the bot is serving (its signal handlers installed) and waits
	// for the next line.
	io.WriteString(in, "/start MJ 1 x\n/ask pong\n")
	if got := firstLine(t, cmd, out); got != "/pass\n" {
		t.Errorf("answer %q, want /pass", got)
	}
	stopsOnInterrupt(t, cmd, &stderr, "the bot")
}

// stopsOnInterrupt sends cmd SIGINT and checks that it stops within
// seconds (what names it) with exit 130 and the one line "mjsolve:
// interrupted" on stderr.
func stopsOnInterrupt(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer, what string) {
	t.Helper()
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("Ctrl-C did not stop " + what)
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted || stderr.String() != "mjsolve: interrupted\n" {
		t.Errorf("%v, stderr %q; want exit %d and one line", err, stderr.String(), exitInterrupted)
	}
}
