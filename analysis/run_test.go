package analysis

import (
	"github.com/mjsolve/mjsolve/internal/cputime"

	"context"
	"errors"
	"maps"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

func collect(t *testing.T, ctx context.Context, cfg Config, nw func() Worker) ([]Record, *Summary, error) {
	t.Helper()
	var got []Record
	cfg.OnRecord = func(r Record) error { got = append(got, r); return nil }
	s, err := Run(ctx, cfg, nw)
	return got, s, err
}

func TestRunDeterministicAcrossWorkers(t *testing.T) {
	want := expected(11, 3000)
	var first *Summary
	for _, workers := range []int{1, 2, 3, 8} {
		for _, window := range []int{0, 1, 7} {
			got, s, err := collect(t, context.Background(),
				Config{First: 11, Boards: 3000, Workers: workers, Window: window}, fakeWorker(97))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(zeroNS(got), want) {
				t.Fatalf("workers %d window %d: records differ from the fake's (or out of order)", workers, window)
			}
			if s.Boards != 3000 || s.Solved != 3000 {
				t.Fatalf("workers %d: summary counts %d boards, %d solved", workers, s.Boards, s.Solved)
			}
			if first == nil {
				first = s
			} else if s.Impossible != first.Impossible || s.Unknown != first.Unknown ||
				!maps.Equal(s.Methods, first.Methods) {
				t.Fatalf("workers %d: summary differs from the one-worker run", workers)
			}
		}
	}
	var imp, unk int64
	for _, r := range want {
		switch r.Verdict {
		case Impossible:
			imp++
		case Unknown:
			unk++
		}
	}
	if first.Impossible != imp || first.Unknown != unk || imp == 0 || unk == 0 {
		t.Fatalf("summary impossible %d unknown %d, want %d %d (both non-zero)", first.Impossible, first.Unknown, imp, unk)
	}
}

func TestRunFakeClockTimes(t *testing.T) {
	// One worker and a clock that steps 1ms per reading: each board takes
	// exactly 1ms; the wall time spans the 100 board readings and the final one.
	// The CPU clock steps 3ms per reading: each board takes 3ms of CPU.
	cpu := stepClock(3 * time.Millisecond)
	_, s, err := collect(t, context.Background(),
		Config{First: 1, Boards: 50, Workers: 1, Clock: stepClock(time.Millisecond),
			CPU: func() (time.Duration, bool) { return cpu(), true }}, fakeWorker(0))
	if err != nil {
		t.Fatal(err)
	}
	if w := &s.WallTime; w.Mean() != time.Millisecond || w.Quantile(0.5) != time.Millisecond || w.Max != 1e6 || w.MaxGame != 1 {
		t.Errorf("wall times: mean %v median %v max %v game %d", w.Mean(), w.Quantile(0.5), w.Max, w.MaxGame)
	}
	if c := &s.Time; c.Mean() != 3*time.Millisecond || c.Quantile(0.99) != 3*time.Millisecond || c.Max != 3e6 || s.NoCPU != 0 {
		t.Errorf("CPU times: mean %v p99 %v max %v, %d without", c.Mean(), c.Quantile(0.99), c.Max, s.NoCPU)
	}
	if s.Wall != 101*time.Millisecond {
		t.Errorf("wall %v, want 101ms", s.Wall)
	}
}

func TestRunSkip(t *testing.T) {
	skip := map[uint64]Record{}
	for _, g := range []uint64{5, 6, 9, 1, 200} { // 1 and 200 outside the range
		r := fakeDecide(g)
		skip[g] = r
	}
	var solvedGames []uint64
	nw := func() Worker {
		return func(ctx context.Context, g uint64) Record {
			solvedGames = append(solvedGames, g) // one worker: no race
			return fakeDecide(g)
		}
	}
	got, s, err := collect(t, context.Background(), Config{First: 3, Boards: 10, Workers: 1, Skip: skip}, nw)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(zeroNS(got), expected(3, 10)) {
		t.Fatalf("records differ")
	}
	if want := []uint64{3, 4, 7, 8, 10, 11, 12}; !slices.Equal(solvedGames, want) {
		t.Errorf("solved games %v, want %v", solvedGames, want)
	}
	if s.Boards != 10 || s.Solved != 7 {
		t.Errorf("boards %d solved %d, want 10 and 7", s.Boards, s.Solved)
	}
}

func TestRunCancelKeepsFinished(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var started atomic.Int64
	nw := func() Worker {
		return func(ctx context.Context, g uint64) Record {
			if started.Add(1) == 500 {
				cancel()
			}
			if g%10 == 0 { // slow games hold up the in-order delivery
				select {
				case <-time.After(2 * time.Millisecond):
				case <-ctx.Done():
					return Record{Verdict: Unknown, Method: "budget"}
				}
			}
			return fakeDecide(g)
		}
	}
	got, s, err := collect(t, ctx, Config{First: 1, Boards: 100000, Workers: 4}, nw)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(got) == 0 || len(got) >= 100000 || s.Boards != int64(len(got)) {
		t.Fatalf("%d records, summary %d boards", len(got), s.Boards)
	}
	// Every delivered record is a finished one (no interrupted unknowns),
	// each game once, and the games come in increasing order.
	for i, r := range got {
		want := fakeDecide(r.Game)
		want.Game = r.Game
		r.NS, r.CPUNS = 0, 0
		if r != want {
			t.Fatalf("record %d: %+v, want %+v", i, r, want)
		}
		if i > 0 && got[i-1].Game >= r.Game {
			t.Fatalf("records not in increasing game order at %d", i)
		}
	}
}

func TestRunOnRecordError(t *testing.T) {
	boom := errors.New("disk full")
	n := 0
	cfg := Config{First: 1, Boards: 10000, Workers: 2, OnRecord: func(Record) error {
		n++
		if n == 100 {
			return boom
		}
		return nil
	}}
	s, err := Run(context.Background(), cfg, fakeWorker(0))
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want %v", err, boom)
	}
	if s.Boards != 99 || n != 100 {
		t.Errorf("summary has %d boards after %d deliveries, want 99 and 100", s.Boards, n)
	}
}

func TestRunProgress(t *testing.T) {
	var last Progress
	calls := 0
	cfg := Config{First: 1, Boards: 2000, Workers: 2, ProgressEvery: time.Nanosecond,
		OnProgress: func(p Progress) { last = p; calls++ }}
	s, err := Run(context.Background(), cfg, fakeWorker(0))
	if err != nil {
		t.Fatal(err)
	}
	if calls < 2 || last.Done != 2000 || last.Total != 2000 || last.Impossible != s.Impossible || last.Unknown != s.Unknown {
		t.Errorf("%d progress calls, last %+v", calls, last)
	}
}

// A finished board's record is delivered while its worker is still busy
// with the next board (within collectEvery, not after the run or after
// many more boards): here game 2 waits until game 1's record has arrived.
func TestRunDeliversWhileWorking(t *testing.T) {
	delivered := make(chan uint64, 10)
	cfg := Config{First: 1, Boards: 2, Workers: 1, OnRecord: func(r Record) error { delivered <- r.Game; return nil }}
	_, err := Run(context.Background(), cfg, func() Worker {
		return func(_ context.Context, g uint64) Record {
			if g == 2 {
				select {
				case got := <-delivered:
					if got != 1 {
						t.Errorf("delivered game %d first, want 1", got)
					}
				case <-time.After(10 * time.Second):
					t.Error("game 1's record not delivered within 10s while game 2 runs")
				}
			}
			return fakeDecide(g)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestRunEmpty(t *testing.T) {
	s, err := Run(context.Background(), Config{First: 1, Boards: 0}, fakeWorker(0))
	if err != nil || s.Boards != 0 {
		t.Fatalf("empty run: %v, %d boards", err, s.Boards)
	}
}

func TestRunMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a million fake boards")
	}
	// The heap in use after a GC does not grow with the number of boards:
	// sample it at 100k boards and at 1M.
	var at100k, at1M uint64
	var n int
	// The window (1024 games) bounds the finished games waiting to be
	// delivered in order, so that how far the workers run ahead (which
	// depends on scheduling) does not change the heap by more than a
	// little.
	cfg := Config{First: 1, Boards: 1_000_000, Workers: 2, Window: 1024, OnRecord: func(Record) error {
		n++
		if n == 100_000 || n == 1_000_000 {
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if n == 100_000 {
				at100k = ms.HeapInuse
			} else {
				at1M = ms.HeapInuse
			}
		}
		return nil
	}}
	if _, err := Run(context.Background(), cfg, fakeWorker(0)); err != nil {
		t.Fatal(err)
	}
	if at1M > at100k+(1<<20) {
		t.Errorf("heap in use grew from %d bytes at 100k boards to %d at 1M", at100k, at1M)
	}
}

// The time per board is the solving thread's CPU time: a board that waits 20ms
// (as one does on a loaded machine) takes 20ms of wall time but almost no CPU
// time, and the summary's maximum and p99 are CPU time; the wall time is kept
// as a second figure.
func TestRunCPUTime(t *testing.T) {
	if _, ok := cputime.Thread(); !ok {
		t.Skip("no thread CPU clock here")
	}
	var recs []Record
	cfg := Config{First: 1, Boards: 6, Workers: 2, OnRecord: func(r Record) error { recs = append(recs, r); return nil }}
	s, err := Run(context.Background(), cfg, func() Worker {
		return func(_ context.Context, g uint64) Record {
			time.Sleep(20 * time.Millisecond)
			return fakeDecide(g)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.NS < 20e6 || r.CPUNS <= 0 || r.CPUNS > 5e6 || r.CPU() != r.CPUNS {
			t.Errorf("game %d: wall %dns, CPU %dns", r.Game, r.NS, r.CPUNS)
		}
	}
	if s.Time.Max > 5e6 || s.Time.Quantile(0.99) > 5*time.Millisecond || s.WallTime.Max < 20e6 || s.NoCPU != 0 {
		t.Errorf("summary: CPU max %v p99 %v, wall max %v, %d without CPU", time.Duration(s.Time.Max), s.Time.Quantile(0.99),
			time.Duration(s.WallTime.Max), s.NoCPU)
	}
}
