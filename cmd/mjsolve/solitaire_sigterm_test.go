//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
)

// SIGTERM (what Slurm and Kubernetes send before SIGKILL) does what Ctrl-C
// does: the command, run as its own process, keeps every finished record,
// closes the zstd stream, prints the summary so far and exits 143.
func TestSolitaireSIGTERM(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.jsonl.zst")
	cmd := mainCmd(t, "solitaire", "--layout", "turtle40", "--boards", "50000000", "--workers", "1", "--out", path, "--json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Once the file has its header (the command under way, its signal
	// handlers installed), let some boards finish, then send SIGTERM.
	for deadline := time.Now().Add(startTimeout); ; time.Sleep(10 * time.Millisecond) {
		if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no header in %s within %v; stderr %q", path, startTimeout, stderr.String())
		}
	}
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitTerminated {
		t.Fatalf("exit %v, want %d; stderr %q", err, exitTerminated, stderr.String())
	}
	if !strings.HasPrefix(stderr.String(), "mjsolve: interrupted after ") || !strings.Contains(stderr.String(), "continue with --resume") {
		t.Errorf("stderr %q", stderr.String())
	}
	var rep struct {
		Boards      int64 `json:"boards"`
		Interrupted bool  `json:"interrupted"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil || !rep.Interrupted || rep.Boards == 0 {
		t.Fatalf("summary %q: %v", stdout.String(), err)
	}
	// The file is a whole zstd stream (what zstd -t checks) ...
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := zstd.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	lines, err := io.Copy(io.Discard, zr)
	if err != nil || lines == 0 {
		t.Fatalf("zstd stream: %v", err)
	}
	// ... holding every board of the summary, and not cut short.
	_, recs, trunc := readRecords(t, path)
	if trunc || int64(len(recs)) != rep.Boards {
		t.Fatalf("file: %d records (truncated %v), summary %d boards", len(recs), trunc, rep.Boards)
	}
	for i, r := range recs {
		if r.Game != uint64(i+1) {
			t.Fatalf("record %d is game %d", i, r.Game)
		}
	}
}
