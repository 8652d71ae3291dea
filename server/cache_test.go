package server

import (
	"runtime"
	"testing"
)

// TestCacheSizeBounds: a cache as large as MaxCacheBytes costs little up
// front (ristretto's counters are capped, not a tenth of the size), and a
// larger or negative size is refused.
func TestCacheSizeBounds(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c, err := newResultCache(8 << 30)
	runtime.ReadMemStats(&after)
	if err != nil || c == nil {
		t.Fatalf("an 8 GiB cache: %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 256<<20 {
		t.Errorf("an 8 GiB cache allocates %d MiB up front, want at most 256", got>>20)
	}
	c.c.Close()
	for _, c := range []struct {
		bytes int64
		want  string
	}{
		{-1, "server: cache size -1 is negative"},
		{MaxCacheBytes + 1, "server: cache size 1099511627777 is over 1099511627776"},
	} {
		if _, err := New(Config{Finder: testFinder(), CacheBytes: c.bytes}); err == nil || err.Error() != c.want {
			t.Errorf("CacheBytes %d: %v, want %q", c.bytes, err, c.want)
		}
	}
}

// TestQueueBound: a queue longer than MaxQueue is refused, not allocated.
func TestQueueBound(t *testing.T) {
	_, err := New(Config{Finder: testFinder(), Queue: 1 << 40})
	if want := "server: queue 1099511627776 is over 1048576"; err == nil || err.Error() != want {
		t.Errorf("Queue 2^40: %v, want %q", err, want)
	}
}
