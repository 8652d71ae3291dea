//go:build unix

package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// startTimeout bounds the wait for a child process to show that it runs its
// work: generous, since the machine running the tests may be loaded.
const startTimeout = time.Minute

// waitOpened waits until the child process cmd holds the file path open (a
// sign that it runs its work, its signal handlers installed before), read
// from /proc/PID/fd. The test is skipped where there is no /proc; it fails,
// killing the child, if the file is not opened within startTimeout.
func waitOpened(t *testing.T, cmd *exec.Cmd, path string) {
	t.Helper()
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Skip("no /proc/self/fd to see the child's open files")
	}
	want, err := filepath.EvalSymlinks(path)
	if err != nil {
		want = path
	}
	fds := filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "fd")
	deadline := time.Now().Add(startTimeout)
	for time.Now().Before(deadline) {
		entries, _ := os.ReadDir(fds)
		for _, e := range entries {
			if l, err := os.Readlink(filepath.Join(fds, e.Name())); err == nil && (l == want || l == path) {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	t.Fatalf("the child did not open %s within %v", path, startTimeout)
}

// firstLine waits until r gives a whole line and returns it, then discards
// the rest of r in the background. It fails the test, killing the child
// process cmd, if no line comes within startTimeout.
func firstLine(t *testing.T, cmd *exec.Cmd, r io.Reader) string {
	t.Helper()
	lines := make(chan string, 1)
	go func() {
		br := bufio.NewReader(r)
		line, err := br.ReadString('\n')
		if err == nil {
			lines <- line
		}
		close(lines)
		io.Copy(io.Discard, br)
	}()
	select {
	case line, ok := <-lines:
		if !ok {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the child's output ended before a whole line")
		}
		return line
	case <-time.After(startTimeout):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no line from the child within %v", startTimeout)
	}
	return ""
}
