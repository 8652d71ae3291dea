package analysis

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"
)

// Worker decides one board: it deals game and solves it, and returns the
// record with at least Verdict and Method set; [Run] fills in Game and NS.
// A worker is used by one goroutine at a time, so it may keep buffers. When
// ctx is cancelled it should return soon, with Verdict Unknown.
type Worker func(ctx context.Context, game uint64) Record

// Progress is reported by [Run] while it runs.
type Progress struct {
	Done       uint64 // boards delivered, including those skipped (already done)
	Total      uint64 // boards in the run
	Impossible int64
	Unknown    int64
	Elapsed    time.Duration
}

// Config describes a run over games First..First+Boards−1.
type Config struct {
	First, Boards uint64

	// Workers is the number of goroutines solving boards; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int

	// Window bounds how far ahead of the oldest unfinished game the workers
	// may go (so that records can be delivered in order with bounded
	// memory); 0 means 4096 per worker.
	Window int

	// Skip holds records of games already finished (for instance the tail
	// of an interrupted record file): they are not solved again but
	// delivered in order with the others and counted in the summary.
	// Records outside the range are ignored.
	Skip map[uint64]Record

	// OnRecord, if set, receives every record in game order, from one
	// goroutine. An error stops the run and is returned.
	OnRecord func(Record) error

	// OnProgress, if set, is called from the same goroutine at most every
	// ProgressEvery (default 100ms) and once at the end.
	OnProgress    func(Progress)
	ProgressEvery time.Duration

	// Clock measures the time per board and the wall time; nil means the
	// real monotonic clock. Tests set a fake one.
	Clock func() time.Duration
}

// Run solves games cfg.First..cfg.First+cfg.Boards−1 on cfg.Workers
// goroutines, each with its own worker made by newWorker, and returns the
// summary of all records. Records reach cfg.OnRecord in game order, so the
// records and the summary (apart from times) are the same for any number
// of workers.
//
// When ctx is cancelled, Run stops handing out games, waits for the workers
// to return, drops boards they left unfinished (Unknown records returned
// after the cancellation), delivers every finished record — first the
// contiguous run from cfg.First in order, then those after the first gap in
// game order — and returns the summary so far with ctx's error.
func Run(ctx context.Context, cfg Config, newWorker func() Worker) (*Summary, error) {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	window := cfg.Window
	if window <= 0 {
		window = 4096 * workers
	}
	clock := cfg.Clock
	if clock == nil {
		t0 := time.Now()
		clock = func() time.Duration { return time.Since(t0) }
	}
	every := cfg.ProgressEvery
	if every <= 0 {
		every = 100 * time.Millisecond
	}
	if cfg.First+cfg.Boards < cfg.First {
		return &Summary{}, fmt.Errorf("analysis: game range %d + %d boards overflows", cfg.First, cfg.Boards)
	}
	end := cfg.First + cfg.Boards

	skip := make(map[uint64]Record)
	for g, r := range cfg.Skip {
		if g >= cfg.First && g < end {
			r.Game = g
			skip[g] = r
		}
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	start := clock()
	startReal := time.Now()
	jobs := make(chan uint64)
	results := make(chan Record, 2*workers)
	tokens := make(chan struct{}, window)

	// Dispatcher: games in order, each after taking a window token.
	go func() {
		defer close(jobs)
		for g := cfg.First; g < end; g++ {
			if _, ok := skip[g]; ok {
				continue
			}
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- g:
			case <-ctx.Done():
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for range workers {
		w := newWorker()
		wg.Go(func() {
			for g := range jobs {
				if ctx.Err() != nil {
					continue
				}
				t0 := clock()
				r := w(ctx, g)
				r.NS = int64(clock() - t0)
				r.Game = g
				if ctx.Err() != nil && r.Verdict == Unknown {
					continue // interrupted, not finished
				}
				results <- r
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	sum := &Summary{}
	var runErr error
	next := cfg.First
	pending := make(map[uint64]Record)
	var done uint64
	lastProgress := time.Now()
	progress := func(force bool) {
		if cfg.OnProgress == nil {
			return
		}
		if now := time.Now(); force || now.Sub(lastProgress) >= every {
			lastProgress = now
			cfg.OnProgress(Progress{Done: done, Total: cfg.Boards, Impossible: sum.Impossible,
				Unknown: sum.Unknown, Elapsed: now.Sub(startReal)})
		}
	}
	deliver := func(r Record, solved bool) {
		if runErr != nil {
			return
		}
		if cfg.OnRecord != nil {
			if err := cfg.OnRecord(r); err != nil {
				runErr = err
				cancel()
				return
			}
		}
		sum.Add(r)
		if solved {
			sum.Solved++
		}
		done++
		progress(false)
	}
	// advance delivers the contiguous run of finished games from next.
	advance := func() {
		for next < end {
			if r, ok := pending[next]; ok {
				delete(pending, next)
				deliver(r, true)
				<-tokens
			} else if r, ok := skip[next]; ok { // skip is shared read-only with the dispatcher
				deliver(r, false)
			} else {
				return
			}
			next++
		}
	}
	advance()
	for r := range results {
		pending[r.Game] = r
		advance()
	}
	// Interrupted (or failed): the finished games after the first gap.
	var rest []Record
	for _, r := range pending {
		rest = append(rest, r)
	}
	for g, r := range skip {
		if g > next {
			rest = append(rest, r)
		}
	}
	slices.SortFunc(rest, func(a, b Record) int { return cmp.Compare(a.Game, b.Game) })
	for _, r := range rest {
		_, solved := pending[r.Game]
		deliver(r, solved)
	}
	sum.Wall = clock() - start
	progress(true)

	if runErr != nil {
		return sum, runErr
	}
	if done < cfg.Boards {
		if err := ctx.Err(); err != nil {
			return sum, fmt.Errorf("analysis: run stopped after %d of %d boards: %w", done, cfg.Boards, err)
		}
	}
	return sum, nil
}
