//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestTW16RefereeInterrupt: Ctrl-C (SIGINT to this process) during a long
// match stops the hand under way without writing its transcript, prints
// the table of the hands finished, writes the plot of them and exits 130.
func TestTW16RefereeInterrupt(t *testing.T) {
	dir := t.TempDir()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 2000 {
			if hs, _ := filepath.Glob(filepath.Join(dir, "hand-*.txt.zst")); len(hs) >= 3 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		syscall.Kill(os.Getpid(), syscall.SIGINT)
	}()
	args := []string{"tw16", "referee", "--games", "100000", "--move-time", "1m", "--log", dir, "--plot", filepath.Join(dir, "p.png")}
	for range 4 {
		args = append(args, "--player", scripts+"draw-discard.sh")
	}
	code, out, errOut := runCmd(t, "", args...)
	<-done
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitInterrupted, errOut)
	}
	hs, _ := filepath.Glob(filepath.Join(dir, "hand-*.txt.zst"))
	tmp, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(hs) < 3 || len(tmp) != 0 {
		t.Errorf("transcripts %d, temporary files %v", len(hs), tmp)
	}
	want := "mjsolve: interrupted after " + strconv.Itoa(len(hs)) + " of 100000 hands\n"
	if errOut != want || !strings.Contains(out, "\n"+strconv.Itoa(len(hs))+" hands\n") {
		t.Errorf("stdout %q, stderr %q; want %d hands", out, errOut, len(hs))
	}
	if fi, err := os.Stat(filepath.Join(dir, "p.png")); err != nil || fi.Size() == 0 {
		t.Errorf("the plot: %v", err)
	}
	code, rout, _ := runCmd(t, "", append([]string{"tw16", "replay"}, hs...)...)
	if code != 0 || strings.Count(rout, " verified: ") != len(hs) {
		t.Errorf("replay: exit %d: %s", code, rout)
	}
}
