package parallel

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// Every task runs once, on the state of the worker that took it, and
// every worker's state is merged: the merged counts are the tasks.
func TestRunEachTaskOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 100} {
		got := make([]int, 1000)
		var merged, last int
		err := Run(context.Background(), Job[*[]int]{
			N: len(got), Workers: workers, Step: 7,
			New: func() (*[]int, error) { s := []int{}; return &s, nil },
			Do:  func(s *[]int, i int) error { *s = append(*s, i); return nil },
			Merge: func(s *[]int) {
				merged++
				for _, i := range *s {
					got[i]++
				}
			},
			Progress: func(done int) { last = max(last, done) },
		})
		if err != nil || merged < 1 || merged > max(workers, 1000) || last != len(got) {
			t.Errorf("%d workers: err %v, %d merged, progress up to %d", workers, err, merged, last)
		}
		if i := slices.IndexFunc(got, func(n int) bool { return n != 1 }); i >= 0 {
			t.Errorf("%d workers: task %d ran %d times", workers, i, got[i])
		}
	}
}

// The first error stops the job and is returned; a worker whose state
// could not be made merges nothing; a cancelled context stops the job
// with its error and the tasks done merged.
func TestRunStops(t *testing.T) {
	bad := errors.New("bad")
	ran := 0
	err := Run(context.Background(), Job[int]{N: 100, Workers: 1,
		New: func() (int, error) { return 0, nil },
		Do: func(_ int, i int) error {
			ran++
			if i == 10 {
				return bad
			}
			return nil
		}})
	if err != bad || ran != 11 {
		t.Errorf("failing task: %v after %d tasks, want bad after 11", err, ran)
	}
	merged := 0
	err = Run(context.Background(), Job[int]{N: 5, Workers: 2,
		New:   func() (int, error) { return 0, bad },
		Do:    func(int, int) error { t.Error("a task ran without state"); return nil },
		Merge: func(int) { merged++ }})
	if err != bad || merged != 0 {
		t.Errorf("failing New: %v, %d merged", err, merged)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := 0
	err = Run(ctx, Job[*int]{N: 1000, Workers: 1,
		New: func() (*int, error) { return new(int), nil },
		Do: func(s *int, i int) error {
			if *s++; i == 41 {
				cancel()
			}
			return nil
		},
		Merge: func(s *int) { done += *s }})
	if !errors.Is(err, context.Canceled) || done != 42 {
		t.Errorf("cancelled: %v with %d tasks merged, want 42", err, done)
	}
}

// Progress hears counts that only go up, one task at a time with Step 1,
// and its last count is the number of tasks: a progress line never goes
// back and ends at the total.
func TestProgressInOrder(t *testing.T) {
	const n = 20000
	for range 20 {
		progressInOrder(t, n)
	}
}

func progressInOrder(t *testing.T, n int) {
	var heard []int
	err := Run(context.Background(), Job[struct{}]{N: n, Workers: 8, Step: 1,
		New:      func() (struct{}, error) { return struct{}{}, nil },
		Do:       func(struct{}, int) error { return nil },
		Progress: func(done int) { heard = append(heard, done) },
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range heard {
		if d != i+1 {
			t.Fatalf("report %d of progress is %d, want %d (reports out of order)", i, d, i+1)
		}
	}
	if len(heard) != n {
		t.Fatalf("%d progress reports, want %d", len(heard), n)
	}
}
