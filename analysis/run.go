package analysis

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mjsolve/mjsolve/internal/cputime"
)

// Worker decides one board: it deals game and solves it, and returns the
// record with at least Verdict and Method set; [Run] fills in Game, NS and
// CPUNS.
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

	// Clock measures the wall time per board and of the run; nil means
	// the real monotonic clock. Tests set a fake one.
	Clock func() time.Duration

	// CPU measures the CPU time per board (Record.CPUNS): it is read by the
	// worker's goroutine when it starts and after each board, and ok false means
	// there is no such clock. nil means the CPU time of the OS thread
	// (package cputime), each worker's goroutine locked to its thread while
	// it runs. Tests set a fake one.
	CPU func() (d time.Duration, ok bool)
}

// Run solves games cfg.First..cfg.First+cfg.Boards−1 on cfg.Workers
// goroutines, each with its own worker made by newWorker, and returns the
// summary of all records. Records reach cfg.OnRecord in game order, so the
// records and the summary (apart from times) are the same for any number
// of workers.
//
// The workers take the games themselves and leave their records in a
// queue that the goroutine of Run delivers every 10 ms (sooner when many
// are waiting or the window is full): no goroutine is woken per board, and
// the recording (encoding, writing, compressing) stays off the solving
// threads and out of their CPU times.
//
// When ctx is cancelled, Run stops handing out games, waits for the workers
// to return, drops boards they left unfinished (Unknown records returned
// after the cancellation), delivers every finished record — first the
// contiguous run from cfg.First in order, then those after the first gap in
// game order — and returns the summary so far with ctx's error.
func Run(ctx context.Context, cfg Config, newWorker func() Worker) (*Summary, error) {
	if cfg.First+cfg.Boards < cfg.First {
		return &Summary{}, fmt.Errorf("analysis: game range %d + %d boards overflows", cfg.First, cfg.Boards)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := newRunner(cfg, cancel)

	var wg sync.WaitGroup
	for range r.workers {
		w := newWorker()
		wg.Go(func() { r.work(ctx, w) })
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()

	tick := time.NewTicker(collectEvery)
	defer tick.Stop()
	r.advance()
	for finished := false; !finished; {
		select {
		case <-done:
			finished = true
		case <-tick.C:
		case <-r.wake:
		}
		r.collect()
	}
	r.deliverRest()
	r.sum.Wall = r.clock() - r.start
	r.progress(true)

	if r.err != nil {
		return r.sum, r.err
	}
	if r.done < cfg.Boards {
		if err := ctx.Err(); err != nil {
			return r.sum, fmt.Errorf("analysis: run stopped after %d of %d boards: %w", r.done, cfg.Boards, err)
		}
	}
	return r.sum, nil
}

// collectEvery is how often [Run] delivers the records the workers left:
// a record reaches cfg.OnRecord (and so the record file's writer) at most
// this long after its board ends, when no earlier game holds it back.
const collectEvery = 10 * time.Millisecond

// runner is the state of one [Run]. The workers share what does not change
// (cfg, end, skip, clock, tokens, wake), the next game to hand out and the
// queue of finished records (under mu); the rest belongs to the goroutine
// of Run, which delivers the records.
type runner struct {
	cfg     Config
	workers int
	end     uint64 // one past the last game
	clock   func() time.Duration
	every   time.Duration
	skip    map[uint64]Record // the finished games of cfg.Skip within the range; read-only
	tokens  chan struct{}     // the window: one token per game handed out and not yet delivered
	wake    chan struct{}     // a worker asks for an early delivery (capacity 1)
	batch   int               // finished records that ask for an early delivery
	cancel  context.CancelFunc

	nextGame atomic.Uint64 // the next game to hand out (maybe skipped)

	mu       sync.Mutex
	finished []Record // the workers' records not yet collected, under mu
	spare    []Record // the collector's buffer, swapped with finished

	start     time.Duration // clock() at the start
	startReal time.Time
	sum       *Summary
	err       error             // the first error of cfg.OnRecord
	next      uint64            // the first game not delivered in order
	pending   map[uint64]Record // finished games after next
	done      uint64            // boards delivered
	lastProg  time.Time         // when progress was last reported
}

// newRunner fills in the defaults of cfg.
func newRunner(cfg Config, cancel context.CancelFunc) *runner {
	r := &runner{cfg: cfg, workers: cfg.Workers, end: cfg.First + cfg.Boards, clock: cfg.Clock,
		every: cfg.ProgressEvery, cancel: cancel, sum: &Summary{}, next: cfg.First,
		pending: make(map[uint64]Record), skip: make(map[uint64]Record), wake: make(chan struct{}, 1)}
	if r.workers <= 0 {
		r.workers = runtime.GOMAXPROCS(0)
	}
	window := cfg.Window
	if window <= 0 {
		window = 4096 * r.workers
	}
	r.tokens = make(chan struct{}, window)
	r.batch = min(max(window/4, 1), 256)
	r.nextGame.Store(cfg.First)
	if r.clock == nil {
		t0 := time.Now()
		r.clock = func() time.Duration { return time.Since(t0) }
	}
	if r.every <= 0 {
		r.every = 100 * time.Millisecond
	}
	for g, rec := range cfg.Skip {
		if g >= cfg.First && g < r.end {
			rec.Game = g
			r.skip[g] = rec
		}
	}
	r.start = r.clock()
	r.startReal = time.Now()
	r.lastProg = r.startReal
	return r
}

// take hands out the next game that is not skipped, after taking a window
// token; ok is false when the range is done or ctx is cancelled. The token
// comes first, so that the earliest game not delivered is always being
// solved and the window cannot stall.
func (r *runner) take(ctx context.Context) (game uint64, ok bool) {
	select {
	case r.tokens <- struct{}{}:
	default:
		r.askDelivery() // the window is full: what waits must be delivered
		select {
		case r.tokens <- struct{}{}:
		case <-ctx.Done():
			return 0, false
		}
	}
	for {
		g := r.nextGame.Load()
		if g >= r.end {
			<-r.tokens
			return 0, false
		}
		if !r.nextGame.CompareAndSwap(g, g+1) {
			continue
		}
		if _, skipped := r.skip[g]; !skipped {
			return g, true
		}
	}
}

// askDelivery wakes the goroutine of Run, unless it has a wake-up pending.
func (r *runner) askDelivery() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// finish queues the record of a finished board for delivery.
func (r *runner) finish(rec Record) {
	r.mu.Lock()
	r.finished = append(r.finished, rec)
	n := len(r.finished)
	r.mu.Unlock()
	if n >= r.batch || len(r.tokens) == cap(r.tokens) {
		r.askDelivery()
	}
}

// collect delivers what the workers queued, in order as far as it goes.
func (r *runner) collect() {
	r.mu.Lock()
	recs := r.finished
	r.finished = r.spare[:0]
	r.mu.Unlock()
	for _, rec := range recs {
		r.pending[rec.Game] = rec
	}
	clear(recs)
	r.spare = recs
	r.advance()
}

// work runs one worker over the games it takes; boards left unfinished by
// a cancellation (Unknown records returned after it) are dropped.
func (r *runner) work(ctx context.Context, w Worker) {
	cpu := r.cfg.CPU
	if cpu == nil {
		// The thread's CPU clock measures this goroutine only while it
		// keeps the thread to itself.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		cpu = cputime.Thread
	}
	// The clock is read once per board (a read costs a system call): a
	// board's CPU time runs from the end of the previous one, so it also
	// holds the little work of queueing that one's record and taking the
	// next game (a thread waiting for one uses no CPU).
	c0, ok0 := cpu()
	for ctx.Err() == nil {
		g, ok := r.take(ctx)
		if !ok {
			return
		}
		t0 := r.clock()
		rec := w(ctx, g)
		rec.NS = int64(r.clock() - t0)
		rec.CPUNS = 0
		c1, ok1 := cpu()
		if ok0 && ok1 {
			rec.CPUNS = max(int64(c1-c0), 1) // 0 would read as not measured
		}
		c0, ok0 = c1, ok1
		rec.Game = g
		if ctx.Err() != nil && rec.Verdict == Unknown {
			return // interrupted, not finished
		}
		r.finish(rec)
	}
}

// progress reports progress when forced or when cfg.ProgressEvery has
// passed since the last report.
func (r *runner) progress(force bool) {
	if r.cfg.OnProgress == nil {
		return
	}
	if now := time.Now(); force || now.Sub(r.lastProg) >= r.every {
		r.lastProg = now
		r.cfg.OnProgress(Progress{Done: r.done, Total: r.cfg.Boards, Impossible: r.sum.Impossible,
			Unknown: r.sum.Unknown, Elapsed: now.Sub(r.startReal)})
	}
}

// deliver passes one record to cfg.OnRecord and the summary; solved is
// false for a record of cfg.Skip. After an error of OnRecord it does
// nothing more.
func (r *runner) deliver(rec Record, solved bool) {
	if r.err != nil {
		return
	}
	if r.cfg.OnRecord != nil {
		if err := r.cfg.OnRecord(rec); err != nil {
			r.err = err
			r.cancel()
			return
		}
	}
	r.sum.Add(rec)
	if solved {
		r.sum.Solved++
	}
	r.done++
	r.progress(false)
}

// advance delivers the contiguous run of finished games from next.
func (r *runner) advance() {
	for r.next < r.end {
		if rec, ok := r.pending[r.next]; ok {
			delete(r.pending, r.next)
			r.deliver(rec, true)
			<-r.tokens
		} else if rec, ok := r.skip[r.next]; ok { // skip is shared read-only with the workers
			r.deliver(rec, false)
		} else {
			return
		}
		r.next++
	}
}

// deliverRest delivers, in game order, the finished games after the first
// gap, which an interrupted (or failed) run leaves.
func (r *runner) deliverRest() {
	var rest []Record
	for _, rec := range r.pending {
		rest = append(rest, rec)
	}
	for g, rec := range r.skip {
		if g > r.next {
			rest = append(rest, rec)
		}
	}
	slices.SortFunc(rest, func(a, b Record) int { return cmp.Compare(a.Game, b.Game) })
	for _, rec := range rest {
		_, solved := r.pending[rec.Game]
		r.deliver(rec, solved)
	}
}
