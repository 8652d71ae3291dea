package bot

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// TestSelfPlayLog plays 48 hands with a log: the table is the one played
// without it; every hand is in its file, verifies against the engine and
// gives its players the points the table has; a second self-play into the
// directory is refused.
func TestSelfPlayLog(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "log")
	o := SelfPlayOptions{Strategies: [4]string{"advice", "random", "advice:no-defence", "draw-discard"}, Hands: 48, Seed: 3, Workers: 2}
	plain, err := SelfPlay(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	o.LogDir = dir
	logged, err := SelfPlay(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(plain)
	b, _ := json.Marshal(logged)
	if string(a) != string(b) {
		t.Errorf("the table with a log differs:\n%s\n%s", a, b)
	}
	var score [4]int64
	for n := 1; n <= o.Hands; n++ {
		h := readHandFile(t, filepath.Join(dir, LogName(n)))
		if err := handlog.Verify(h, nil); err != nil {
			t.Fatalf("hand %d: %v", n, err)
		}
		if h.Header.Source != handlog.SourceSelfPlay || h.Header.Hand != n || len(h.Header.Seats) != 4 {
			t.Fatalf("hand %d: header %+v", n, h.Header)
		}
		for _, si := range h.Header.Seats {
			if si.Name != o.Strategies[si.Player-1] {
				t.Errorf("hand %d: seat %d is player %d named %q", n, si.Seat, si.Player, si.Name)
			}
			score[si.Player-1] += int64(h.End().Points[si.Seat-1])
		}
	}
	for p := range 4 {
		if score[p] != logged.Player(p).Score {
			t.Errorf("player %d: %d points in the logs, %d in the table", p+1, score[p], logged.Player(p).Score)
		}
	}
	_, err = SelfPlay(context.Background(), o)
	var lde *LogDirError
	if !errors.As(err, &lde) || lde.First != "hand-0001.jsonl.zst" {
		t.Errorf("a second self-play into the directory: %v", err)
	}
}

// readHandFile reads the hand log at path, failing the test when it cannot.
func readHandFile(tb testing.TB, path string) *handlog.Hand {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	h, err := handlog.Read(f)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return h
}
