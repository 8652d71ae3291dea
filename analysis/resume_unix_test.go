//go:build unix

package analysis

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestResumeRefusesPipe: a record file that is a named pipe is refused by
// CheckResume and ResumeRecords at once, naming it, and stays a pipe.
// Both used to open it to read and wait for a writer for ever ("solitaire
// --out PIPE --resume" hung, and SIGTERM did not stop it).
func TestResumeRefusesPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "pipe.jsonl")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	want := "analysis: cannot resume " + pipe + ": not a regular file (a device, pipe or socket)"
	for name, f := range map[string]func() error{
		"CheckResume":   func() error { return CheckResume(context.Background(), pipe, testHeader(1, 10)) },
		"ResumeRecords": func() error { _, err := ResumeRecords(pipe, testHeader(1, 10)); return err },
	} {
		done := make(chan error, 1)
		go func() { done <- f() }()
		select {
		case err := <-done:
			if err == nil || err.Error() != want {
				t.Errorf("%s: %v, want %q", name, err, want)
			}
		case <-time.After(10 * time.Second):
			// Let the blocked open return (a writer that closes at once).
			if w, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
			<-done
			t.Errorf("%s: still waiting on the pipe after 10 s", name)
		}
	}
	if fi, err := os.Lstat(pipe); err != nil || fi.Mode().Type() != fs.ModeNamedPipe {
		t.Errorf("the pipe is now %v (%v)", fi.Mode(), err)
	}
}
