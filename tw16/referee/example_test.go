package referee_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/referee"
)

// A match of two hands between four copies of a shell script that
// discards every tile it draws (testdata/draw-discard.sh): nobody wins.
func ExampleRun() {
	o := referee.Options{Hands: 2, Seed: 1, MoveTime: time.Minute}
	for p := range o.Players {
		o.Players[p] = referee.Player{Name: fmt.Sprintf("dd%d", p+1), Command: "testdata/draw-discard.sh"}
	}
	tab, err := referee.Run(context.Background(), o)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tab.Hands(), "hands")
	for p := range 4 {
		st := tab.Player(p)
		fmt.Println(st.Name, st.Score, st.Wins, st.Drawn, st.Failures)
	}
	// Output:
	// 2 hands
	// dd1 0 0 2 0
	// dd2 0 0 2 0
	// dd3 0 0 2 0
	// dd4 0 0 2 0
}

// logOneHand plays one hand of four draw-discard scripts with a transcript
// under a new temporary directory, and returns the directory.
func logOneHand() (string, error) {
	dir, err := os.MkdirTemp("", "referee")
	if err != nil {
		return "", err
	}
	o := referee.Options{Hands: 1, Seed: 1, LogDir: dir, MoveTime: time.Minute}
	for p := range o.Players {
		o.Players[p] = referee.Player{Name: "dd", Command: "testdata/draw-discard.sh"}
	}
	if _, err := referee.Run(context.Background(), o); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// A hand played with a transcript under a log directory, then read back
// and replayed against the engine.
func ExampleReplayReader() {
	dir, err := logOneHand()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	f, err := os.Open(filepath.Join(dir, "hand-0001.txt.zst"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	t, res, err := referee.ReplayReader(f, nil) // nil: tw16's default tables
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("hand", t.Header.Hand, "dealt by seat", t.Header.Dealer+1, "with", len(t.Header.Wall), "tiles:", t.Result, res.Points)
	fmt.Printf("%c %s\n", t.Records[0].Dir, t.Records[0].Text)
	// Output:
	// hand 1 dealt by seat 1 with 136 tiles: drawn [0 0 0 0]
	// > /start MJ 1 testdata/draw-discard.sh
}

// A transcript file replayed and described as "mjsolve tw16 replay" does.
func ExampleReplayFile() {
	dir, err := logOneHand()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	tables := tw16.LoadTables(tw16.TableOptions{NoCache: true}) // built in memory
	t, _, err := referee.ReplayFile(filepath.Join(dir, "hand-0001.txt.zst"), tables)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("hand", t.Header.Hand, "verified:", t.Summary())
	// Output:
	// hand 1 verified: 457 records, drawn, points 0 0 0 0, 0 failures
}
