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

func TestTW16StatsInterrupt(t *testing.T) {
	// A real Ctrl-C during a long run: the report of the deals played so
	// far is printed, says it was interrupted, and the command exits 130.
	go func() {
		time.Sleep(300 * time.Millisecond)
		syscall.Kill(os.Getpid(), syscall.SIGINT)
	}()
	var out, errb bytes.Buffer
	code := run([]string{"tw16", "stats", "--deals", "100000000", "--json"}, nil, &out, &errb)
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitInterrupted, errb.String())
	}
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
