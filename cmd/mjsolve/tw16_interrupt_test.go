//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runInterrupted runs the command args and sends the process a real
// Ctrl-C (SIGINT) 1.5 s later (time for the tables to build and some work
// to be done on a loaded machine: at 300 ms, with a load average of 20 on
// two cores, no hand had been played yet): the command must exit 130; its
// stdout and stderr are returned.
func runInterrupted(t *testing.T, args ...string) (out, errb *bytes.Buffer) {
	t.Helper()
	go func() {
		time.Sleep(1500 * time.Millisecond)
		syscall.Kill(os.Getpid(), syscall.SIGINT)
	}()
	out, errb = new(bytes.Buffer), new(bytes.Buffer)
	if code := run(args, nil, out, errb); code != exitInterrupted {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitInterrupted, errb.String())
	}
	return out, errb
}

func TestTW16SelfplayInterrupt(t *testing.T) {
	// A real Ctrl-C during a long match: the table of the hands played so
	// far is printed and the command exits 130.
	out, errb := runInterrupted(t, "tw16", "selfplay", "--hands", "100000000", "--json")
	var got struct {
		Hands   int `json:"hands"`
		Players []struct {
			Score int64 `json:"score"`
		} `json:"players"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %q", err, out.String())
	}
	if got.Hands == 0 || len(got.Players) != 4 || got.Players[0].Score+got.Players[1].Score+got.Players[2].Score+got.Players[3].Score != 0 {
		t.Errorf("table %+v", got)
	}
	if want := "mjsolve: interrupted after "; !strings.HasPrefix(errb.String(), want) || !strings.Contains(errb.String(), " of 100000000 hands") {
		t.Errorf("stderr %q", errb.String())
	}
}

func TestTW16StatsInterrupt(t *testing.T) {
	// A real Ctrl-C during a long run: the report of the deals played so
	// far is printed, says it was interrupted, and the command exits 130.
	out, errb := runInterrupted(t, "tw16", "stats", "--deals", "100000000", "--json")
	var got struct {
		Deals       int              `json:"deals"`
		Requested   int              `json:"requested"`
		Interrupted bool             `json:"interrupted"`
		Hands       map[string]int64 `json:"hands"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %q", err, out.String())
	}
	if got.Deals == 0 || got.Requested != 100000000 || !got.Interrupted || got.Hands["dealer"] != int64(got.Deals) || got.Hands["non_dealer"] != 3*int64(got.Deals) {
		t.Errorf("report %+v", got)
	}
	if want := "mjsolve: interrupted after "; !strings.HasPrefix(errb.String(), want) || !strings.Contains(errb.String(), " of 100000000 deals") {
		t.Errorf("stderr %q", errb.String())
	}
}
