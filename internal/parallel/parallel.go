package parallel

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Job is tasks 0 to N−1 and what each worker does with them.
type Job[S any] struct {
	N int
	// Workers is the number of goroutines (0: runtime.GOMAXPROCS(0));
	// never more than N, never fewer than one.
	Workers int
	// New makes a worker's state; an error stops the job.
	New func() (S, error)
	// Do runs task i with the worker's state; an error stops the job.
	Do func(s S, i int) error
	// Merge, when not nil, takes the state of a worker that stops (its
	// tasks done, or the job stopped), one call at a time. A worker whose
	// New failed has no state to merge.
	Merge func(s S)
	// Progress, when not nil, hears the number of tasks done, every Step
	// tasks of a worker (0 or 1: after each) and when a worker stops, one
	// call at a time, in increasing order (the last: all the tasks run).
	Progress func(done int)
	Step     int
}

// Run runs the job's tasks, each once, on its workers, until all are done,
// ctx is cancelled or one fails. It returns the first error of New or Do,
// else ctx's error; the states of the tasks run are merged either way.
func Run[S any](ctx context.Context, j Job[S]) error {
	workers := j.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, j.N))
	step := int64(max(1, j.Step))
	var (
		next, done atomic.Int64
		mu         sync.Mutex
		firstErr   error
		wg         sync.WaitGroup
	)
	// The count is added under the lock that orders the calls, so that
	// Progress hears counts that only go up and the last one is the total.
	progress := func(n int64) {
		if j.Progress == nil {
			return
		}
		mu.Lock()
		j.Progress(int(done.Add(n)))
		mu.Unlock()
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := j.New()
			made := err == nil
			var since int64
			for err == nil && ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= j.N {
					break
				}
				if err = j.Do(s, i); err != nil {
					break
				}
				if since++; since == step {
					progress(since)
					since = 0
				}
			}
			if since > 0 {
				progress(since)
			}
			mu.Lock()
			defer mu.Unlock()
			if made && j.Merge != nil {
				j.Merge(s)
			}
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}
