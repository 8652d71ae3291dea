package analysis_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mjsolve/mjsolve/analysis"
)

// Two shards of a run, games 1–50 and 51–100, merged into one record
// file that holds the same records as the run in one piece.
func ExampleMergeFile() {
	dir, _ := os.MkdirTemp("", "merge")
	defer os.RemoveAll(dir)
	var shards []string
	for _, first := range []uint64{1, 51} {
		name := filepath.Join(dir, fmt.Sprintf("part%d.jsonl", first))
		f, _ := os.Create(name)
		h := analysis.Header{Layout: "turtle", Tiles: 144, Geometry: "x", Deal: "pcg", Seed: 1, First: first, Boards: 50}
		w, _ := analysis.NewRecordWriter(f, false, h)
		for g := first; g < first+50; g++ {
			v := analysis.Winnable
			if g%25 == 0 {
				v = analysis.Impossible
			}
			w.Write(analysis.Record{Game: g, Verdict: v, Method: "random", NS: 1000})
		}
		w.Close()
		f.Close()
		shards = append(shards, name)
	}
	out := filepath.Join(dir, "all.jsonl.zst")
	m, err := analysis.MergeFile(context.Background(), shards, out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("games %d to %d: %d boards, %d impossible\n", m.Header.First, m.Header.First+m.Header.Boards-1, m.Summary.Boards, m.Summary.Impossible)
	again, _ := analysis.MergeFiles(context.Background(), []string{out})
	fmt.Println("read back:", again.Summary.Boards, "boards")
	// Output:
	// games 1 to 100: 100 boards, 4 impossible
	// read back: 100 boards
}

// A merge whose context is done (Ctrl-C in the command) stops with an
// error wrapping ctx.Err(), and the output file is not written.
func ExampleMergeFile_cancel() {
	dir, _ := os.MkdirTemp("", "merge")
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "run.jsonl")
	f, _ := os.Create(in)
	w, _ := analysis.NewRecordWriter(f, false, analysis.Header{Layout: "turtle", Tiles: 144, Geometry: "x", Deal: "pcg", Seed: 1, First: 1, Boards: 10})
	for g := uint64(1); g <= 10; g++ {
		w.Write(analysis.Record{Game: g, Verdict: analysis.Winnable, Method: "random"})
	}
	w.Close()
	f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(dir, "all.jsonl")
	_, err := analysis.MergeFile(ctx, []string{in}, out)
	_, statErr := os.Stat(out)
	fmt.Println(errors.Is(err, context.Canceled), os.IsNotExist(statErr))
	// Output:
	// true true
}

// Before a run of several record files continues any, each is checked as
// ResumeRecords would check it, header and records: here a file that holds
// game 3 twice with different verdicts is refused, and so is a file of
// another seed. A check whose context is done stops with an error wrapping
// ctx.Err().
func ExampleCheckResume_cancel() {
	dir, _ := os.MkdirTemp("", "check")
	defer os.RemoveAll(dir)
	h := analysis.Header{Layout: "turtle", Tiles: 144, Geometry: "x", Deal: "pcg", Seed: 1, First: 1, Boards: 10}
	path := filepath.Join(dir, "run.jsonl")
	f, _ := os.Create(path)
	w, _ := analysis.NewRecordWriter(f, false, h)
	for g := uint64(1); g <= 5; g++ {
		w.Write(analysis.Record{Game: g, Verdict: analysis.Winnable, Method: "random"})
	}
	w.Write(analysis.Record{Game: 3, Verdict: analysis.Impossible, Method: "search"})
	w.Close()
	f.Close()
	show := func(err error) { fmt.Println(strings.ReplaceAll(err.Error(), path, "FILE")) }
	show(analysis.CheckResume(context.Background(), path, h))
	other := h
	other.Seed = 2
	show(analysis.CheckResume(context.Background(), path, other))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fmt.Println(errors.Is(analysis.CheckResume(ctx, path, h), context.Canceled))
	// Output:
	// analysis: cannot resume FILE: line 7: game 3 is impossible, but winnable in an earlier record
	// analysis: cannot resume FILE: FILE was written with seed 1; this run has seed 2
	// true
}
