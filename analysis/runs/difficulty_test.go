package runs

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/playout"
)

func TestDifficultyRecords(t *testing.T) {
	// With Difficulty, every winnable record holds K playouts and the
	// clears of a playout run of its own (the same for any number of
	// workers); other records none. The file reads back with them.
	l := builtin(t, "turtle40")
	out := filepath.Join(t.TempDir(), "d.jsonl")
	j, err := Prepare(Spec{Layout: l, Seed: 1, First: 1, Boards: 60, Workers: 2, Difficulty: 50, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	res, err := j.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	d := res.Summary.Difficulty
	if d.Boards != res.Summary.Winnable || d.Playouts != 50*d.Boards || d.Boards == 0 {
		t.Errorf("difficulty %+v for %d winnable", d, res.Summary.Winnable)
	}
	geo, _ := solitaire.Compile(l)
	dealer, _ := solitaire.DealerByName("pcg", 1)
	pl := playout.NewRandom(geo)
	m, err := analysis.MergeFiles(context.Background(), []string{out})
	if err != nil || m.Summary.Difficulty != d {
		t.Fatalf("file: %+v, %v; run %+v", m.Summary.Difficulty, err, d)
	}
	f, _ := readAll(t, out)
	for _, r := range f {
		if r.Verdict != analysis.Winnable {
			if r.Playouts != 0 {
				t.Errorf("game %d (%s) has playouts", r.Game, r.Verdict)
			}
			continue
		}
		want := pl.Clears(dealer.Deal(r.Game, geo.N, nil), 50, rand.NewPCG(1^difficultyStream, r.Game))
		if r.Playouts != 50 || r.Clear != int64(want) {
			t.Errorf("game %d: clear %d of %d, want %d of 50", r.Game, r.Clear, r.Playouts, want)
		}
	}
	if _, err := Prepare(Spec{Layout: l, First: 1, Boards: 5, Difficulty: -1}); err == nil {
		t.Errorf("negative difficulty accepted")
	}
}

// readAll reads a record file's records.
func readAll(t *testing.T, path string) ([]analysis.Record, analysis.Header) {
	t.Helper()
	rf, err := analysis.ReadRecordFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rf.Records, rf.Header
}

// A board solved winnable just as the run is interrupted, before its
// playouts, is abandoned (an unknown record, which the runner drops), never
// kept as a winnable record without playouts: such a record would make a
// file of --difficulty K hold records of no K, which --resume refuses.
func TestDifficultyInterruptedBeforePlayouts(t *testing.T) {
	l := builtin(t, "turtle40")
	geo, _ := solitaire.Compile(l)
	dealer, _ := solitaire.DealerByName("pcg", 1)
	ctx, cancel := context.WithCancel(context.Background())
	solved := func() analysis.Worker {
		return func(context.Context, uint64) analysis.Record {
			cancel() // Ctrl-C while the board was being solved
			return analysis.Record{Verdict: analysis.Winnable, Method: "random", Scans: 1}
		}
	}
	w := WithDifficulty(solved, geo, dealer, 1, 20)()
	if r := w(ctx, 3); r.Verdict != analysis.Unknown || r.Playouts != 0 {
		t.Errorf("interrupted board: %+v, want an unknown record to drop", r)
	}
}
