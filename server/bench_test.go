package server

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// benchHint measures POST /api/hint through the handler (no network): the
// request decoded and checked, the answer found (in the cache when there
// is one) and encoded.
func benchHint(b *testing.B, cacheBytes int64) {
	s, err := New(Config{Finder: testFinder(), Workers: 1, CacheBytes: cacheBytes})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	h := s.Handler()
	body := boardBody("turtle", dealt(b, "turtle", 3), "")
	run := func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/hint", strings.NewReader(body)))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"hint":[42,143]`) {
			b.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
	run()
	if s.cache != nil {
		s.cache.c.Wait()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		run()
	}
}

func BenchmarkHintCached(b *testing.B) { benchHint(b, 1<<20) }
func BenchmarkHintSolved(b *testing.B) { benchHint(b, 0) }
