package analysis

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
	"unsafe"
)

func TestBucketEdges(t *testing.T) {
	// Buckets are monotone in the value, and each value lies in the bucket
	// whose midpoint is within 0.8% of it.
	rng := rand.New(rand.NewPCG(1, 2))
	prev := 0
	for v := int64(1); v < 1<<20; v += 1 + v/97 {
		b := bucketOf(v)
		if b < prev {
			t.Fatalf("bucketOf(%d) = %d < bucketOf of a smaller value %d", v, b, prev)
		}
		prev = b
	}
	for range 100000 {
		v := int64(rng.Uint64N(1 << 50))
		mid := bucketMid(bucketOf(v))
		if v > 0 && math.Abs(mid-float64(v))/float64(v) > 0.008 {
			t.Fatalf("value %d: bucket midpoint %v off by more than 0.8%%", v, mid)
		}
	}
	for v := int64(1); v < 64; v++ {
		if got := bucketMid(bucketOf(v)); got != float64(v) {
			t.Fatalf("small value %d: bucket midpoint %v, want exact", v, got)
		}
	}
}

func TestTimeStatsAgainstSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ts TimeStats
	var all []int64
	var total int64
	for g := uint64(1); g <= 20000; g++ {
		// Log-normal-ish times from 10µs to a few seconds.
		ns := int64(math.Exp(rng.NormFloat64()*1.5 + 12))
		all = append(all, ns)
		total += ns
		ts.Add(ns, g)
	}
	slices.Sort(all)
	for _, q := range []float64{0.01, 0.25, 0.5, 0.9, 0.99, 0.999} {
		exact := all[int(math.Ceil(q*float64(len(all))))-1]
		got := int64(ts.Quantile(q))
		if math.Abs(float64(got-exact))/float64(exact) > 0.016 {
			t.Errorf("q%v: histogram %d, exact %d: more than 1.6%% apart", q, got, exact)
		}
	}
	if ts.Quantile(1) != time.Duration(all[len(all)-1]) || ts.Max != all[len(all)-1] || ts.Min != all[0] {
		t.Errorf("max/min: got %d %d, want %d %d", ts.Max, ts.Min, all[len(all)-1], all[0])
	}
	if ts.Mean() != time.Duration(total/int64(len(all))) {
		t.Errorf("mean %v, want %v", ts.Mean(), time.Duration(total/int64(len(all))))
	}
}

func TestTimeStatsConstantValuesExact(t *testing.T) {
	var ts TimeStats
	for g := uint64(1); g <= 999; g++ {
		ts.Add(1234567, g)
	}
	for _, q := range []float64{0, 0.5, 0.99, 1} {
		if got := ts.Quantile(q); got != 1234567 {
			t.Errorf("Quantile(%v) = %d, want 1234567", q, got)
		}
	}
	if ts.MaxGame != 1 {
		t.Errorf("MaxGame = %d, want the first game with the maximum, 1", ts.MaxGame)
	}
}

func TestSummaryMergeEqualsAdd(t *testing.T) {
	var whole, a, b Summary
	for g := uint64(1); g <= 5000; g++ {
		r := fakeDecide(g)
		r.Game, r.NS = g, int64(splitmix64(g+99)%5_000_000)
		whole.Add(r)
		if g%3 == 0 {
			a.Add(r)
		} else {
			b.Add(r)
		}
	}
	a.Merge(&b)
	if a.Boards != whole.Boards || a.Winnable != whole.Winnable || a.Impossible != whole.Impossible ||
		a.Unknown != whole.Unknown || a.Time != whole.Time || !slices.Equal(a.MethodCounts(), whole.MethodCounts()) {
		t.Fatalf("merged summary differs from the summary of all records")
	}
	var total int64
	for _, m := range whole.MethodCounts() {
		total += m.NS
	}
	if total != whole.Time.Total {
		t.Fatalf("time per method adds up to %d, total %d", total, whole.Time.Total)
	}
	if whole.Boards != 5000 || whole.Winnable+whole.Impossible+whole.Unknown != 5000 {
		t.Fatalf("counts do not add up: %+v", whole)
	}
	wantRate := float64(whole.Impossible) / float64(whole.Winnable+whole.Impossible)
	if whole.Rate() != wantRate {
		t.Errorf("Rate() = %v, want %v (unknowns left out)", whole.Rate(), wantRate)
	}
}

func TestMethodCountsOrder(t *testing.T) {
	s := Summary{Methods: map[Method]int64{"search": 5, "random": 80, "prune": 5, "budget": 1},
		MethodNS: map[Method]int64{"search": 500, "random": 80, "prune": 5, "budget": 1000}}
	got := s.MethodCounts()
	want := []MethodCount{{"random", 80, 80}, {"prune", 5, 5}, {"search", 5, 500}, {"budget", 1, 1000}}
	if !slices.Equal(got, want) {
		t.Errorf("MethodCounts() = %v, want %v", got, want)
	}
}

func TestSummarySizeFixed(t *testing.T) {
	// The time histogram is a fixed array: adding boards never allocates.
	var s Summary
	s.Add(Record{Game: 1, Method: "random", NS: 5})
	allocs := testing.AllocsPerRun(1000, func() {
		s.Add(Record{Game: 2, Method: "random", NS: 123456})
	})
	if allocs != 0 {
		t.Errorf("Summary.Add allocates %v times per record", allocs)
	}
	if size := unsafe.Sizeof(s.Time); size > 40<<10 {
		t.Errorf("TimeStats is %d bytes", size)
	}
}

func TestZeroRecordIsUnknown(t *testing.T) {
	// A record nobody filled in is never counted as decided.
	var s Summary
	s.Add(Record{Game: 1})
	if s.Unknown != 1 || s.Winnable != 0 || s.Impossible != 0 || s.Decided() != 0 {
		t.Errorf("zero record counted as %+v", s)
	}
	if v := (Record{}).Verdict; v != Unknown || v.String() != "unknown" {
		t.Errorf("zero verdict %v", v)
	}
}

// Huge times do not overflow: the mean of four boards of 2^62 ns is 2^62 ns,
// the totals saturate.
func TestTimeStatsHugeTimes(t *testing.T) {
	var s, a, b Summary
	for g := range uint64(4) {
		r := Record{Game: g, Verdict: Winnable, Method: "random", NS: 1 << 62}
		s.Add(r)
		if g < 2 {
			a.Add(r)
		} else {
			b.Add(r)
		}
	}
	a.Merge(&b)
	for _, x := range []*Summary{&s, &a} {
		if x.Time.Mean() != 1<<62 || x.Time.Total != math.MaxInt64 || x.MethodNS["random"] != math.MaxInt64 {
			t.Errorf("mean %d, total %d, method ns %d", x.Time.Mean(), x.Time.Total, x.MethodNS["random"])
		}
	}
}
