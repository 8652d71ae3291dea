//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestSolitaireInterrupt(t *testing.T) {
	// A real Ctrl-C: SIGINT to this process while the command runs (run
	// catches it with signal.NotifyContext). The command keeps every
	// finished record, closes the zstd stream, prints the summary so far
	// and exits 130.
	path := filepath.Join(t.TempDir(), "i.jsonl.zst")
	done := make(chan struct{})
	go func() {
		// Once the file has its header (or after 20s at the latest: the
		// run of 50 million boards lasts minutes), let some boards finish
		// and press Ctrl-C.
		defer close(done)
		for range 2000 {
			if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(150 * time.Millisecond)
		syscall.Kill(os.Getpid(), syscall.SIGINT)
	}()
	code, m, errOut := runCmdJSON(t, "solitaire", "--layout", "turtle40", "--boards", "50000000", "--out", path, "--json")
	<-done
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitInterrupted, errOut)
	}
	if !strings.HasPrefix(errOut, "mjsolve: interrupted after ") || !strings.Contains(errOut, "continue with --resume") {
		t.Errorf("stderr %q", errOut)
	}
	_, recs, trunc := readRecords(t, path)
	boards := m["boards"].(float64)
	if trunc || m["interrupted"] != true || boards == 0 || float64(len(recs)) != boards {
		t.Fatalf("interrupted run: summary %v boards, file %d records (truncated %v)", boards, len(recs), trunc)
	}
	// The records are the solver's verdicts.
	direct := directVerdicts(t, "turtle40", "pcg", 1, 1, min(uint64(len(recs)), 300))
	for i, v := range direct {
		if recs[i].Game != uint64(i+1) || recs[i].Verdict.String() != v.String() {
			t.Fatalf("record %d: %+v, solver says %s", i, recs[i], v)
		}
	}
}
