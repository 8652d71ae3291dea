package analysis

import (
	"context"
	"time"
)

// splitmix64 scrambles a game number into a deterministic pseudo-random
// value for the fake worker.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// fakeDecide is a deterministic stand-in for the solver: about 3% of games
// impossible, 1% unknown, the rest winnable, with a method and a scan count
// that depend on the game only.
func fakeDecide(game uint64) Record {
	h := splitmix64(game)
	r := Record{Verdict: Winnable, Method: "random", Scans: int64(h>>40) % 5000}
	switch {
	case h%100 < 3:
		r.Verdict, r.Method = Impossible, "prune"
		if h%7 == 0 {
			r.Method = "search"
		}
		r.MinLeft = 2 + int(h>>8)%6*2
	case h%100 == 3:
		r.Verdict, r.Method = Unknown, "budget"
	case h%100 < 20:
		r.Method = "search"
		r.Nodes = int64(h>>20) % 100000
	default:
		r.Random = int64(h>>50)%50 + 1
	}
	return r
}

// fakeWorker returns fakeDecide's record; every sleepEvery-th game (if
// non-zero) sleeps a little so that workers finish out of order.
func fakeWorker(sleepEvery uint64) func() Worker {
	return func() Worker {
		return func(ctx context.Context, game uint64) Record {
			if sleepEvery != 0 && game%sleepEvery == 0 {
				select {
				case <-time.After(time.Millisecond):
				case <-ctx.Done():
					return Record{Verdict: Unknown, Method: "budget"}
				}
			}
			return fakeDecide(game)
		}
	}
}

// stepClock is a fake clock advancing by step on every call.
func stepClock(step time.Duration) func() time.Duration {
	var t time.Duration
	return func() time.Duration { t += step; return t }
}

// expected returns the fake records of games first..first+n−1 with NS
// zeroed.
func expected(first, n uint64) []Record {
	out := make([]Record, 0, n)
	for g := first; g < first+n; g++ {
		r := fakeDecide(g)
		r.Game = g
		out = append(out, r)
	}
	return out
}

func zeroNS(rs []Record) []Record {
	out := make([]Record, len(rs))
	for i, r := range rs {
		r.NS, r.CPUNS = 0, 0
		out[i] = r
	}
	return out
}
