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

func TestTW16SelfplayInterrupt(t *testing.T) {
	// A real Ctrl-C during a long match: the table of the hands played so
	// far is printed and the command exits 130.
	go func() {
		time.Sleep(300 * time.Millisecond)
		syscall.Kill(os.Getpid(), syscall.SIGINT)
	}()
	var out, errb bytes.Buffer
	code := run([]string{"tw16", "selfplay", "--hands", "100000000", "--json"}, nil, &out, &errb)
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d; stderr %q", code, exitInterrupted, errb.String())
	}
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
