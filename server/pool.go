package server

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// pool runs solves on a fixed number of workers, each with its own solvers
// (one per geometry, reused board after board), behind a bounded queue:
// a job that finds the queue full is refused at once.
type pool struct {
	tasks chan *task
	wg    sync.WaitGroup

	mu     sync.RWMutex // held for reading while submitting, for writing to close
	closed bool

	busy   atomic.Int64 // tasks being solved
	solves atomic.Int64 // tasks solved
	rate   rateCounter
}

// task is one solve: run is called on a worker with a solver for the
// board's geometry; done is closed after it (or when the task was dropped
// because its context ended while it waited).
type task struct {
	ctx   context.Context
	board *solitaire.Board
	run   func(ctx context.Context, s *solver.Solver, b *solitaire.Board)
	done  chan struct{}
}

// maxSolversPerWorker bounds the solvers a worker keeps for different
// geometries.
const maxSolversPerWorker = 8

func newPool(workers, queue int) *pool {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	p := &pool{tasks: make(chan *task, max(queue, 0))}
	p.wg.Add(workers)
	for range workers {
		go p.work()
	}
	return p
}

func (p *pool) work() {
	defer p.wg.Done()
	solvers := make(map[*solitaire.Geometry]*solver.Solver)
	for t := range p.tasks {
		if t.ctx.Err() != nil {
			close(t.done)
			continue
		}
		s, ok := solvers[t.board.Geo]
		if !ok {
			if len(solvers) >= maxSolversPerWorker {
				clear(solvers)
			}
			s = solver.New(t.board.Geo)
			solvers[t.board.Geo] = s
		}
		p.busy.Add(1)
		t.run(t.ctx, s, t.board)
		p.busy.Add(-1)
		p.solves.Add(1)
		p.rate.add(time.Now())
		close(t.done)
	}
}

// submit queues t, or returns errQueueFull at once when the queue is full
// (errShuttingDown after close).
func (p *pool) submit(t *task) error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return errShuttingDown
	}
	select {
	case p.tasks <- t:
		return nil
	default:
		return errQueueFull
	}
}

// close refuses new tasks, lets the workers finish the queued ones (those
// whose context has ended are dropped at once) and waits for them.
func (p *pool) close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.tasks)
	}
	p.mu.Unlock()
	p.wg.Wait()
}

// queued is the number of tasks waiting for a worker.
func (p *pool) queued() int { return len(p.tasks) }

// rateCounter counts events in the last seconds, one bucket per second.
type rateCounter struct {
	mu      sync.Mutex
	buckets [rateWindow + 1]struct {
		sec int64
		n   int64
	}
}

// rateWindow is the number of whole seconds a rate is averaged over.
const rateWindow = 10

func (r *rateCounter) add(now time.Time) {
	sec := now.Unix()
	r.mu.Lock()
	b := &r.buckets[sec%int64(len(r.buckets))]
	if b.sec != sec {
		b.sec, b.n = sec, 0
	}
	b.n++
	r.mu.Unlock()
}

// perSecond is the mean rate over the last rateWindow whole seconds.
func (r *rateCounter) perSecond(now time.Time) float64 {
	sec := now.Unix()
	var n int64
	r.mu.Lock()
	for _, b := range r.buckets {
		if b.sec < sec && b.sec >= sec-rateWindow {
			n += b.n
		}
	}
	r.mu.Unlock()
	return float64(n) / rateWindow
}
