package analysis

import (
	"context"
	"io"
	"testing"
)

var sinkSummary *Summary

// BenchmarkRunOverhead measures the runner's own cost per board (dispatch,
// in-order delivery, summary) with a worker that does nothing.
func BenchmarkRunOverhead(b *testing.B) {
	b.ReportAllocs()
	nw := func() Worker {
		return func(context.Context, uint64) Record { return Record{Verdict: Winnable, Method: "random"} }
	}
	s, err := Run(context.Background(), Config{First: 1, Boards: uint64(b.N), Workers: 2}, nw)
	if err != nil {
		b.Fatal(err)
	}
	sinkSummary = s
}

// BenchmarkRecordWriteZst measures writing one compressed record line.
func BenchmarkRecordWriteZst(b *testing.B) {
	b.ReportAllocs()
	w, err := NewRecordWriter(io.Discard, true, testHeader(1, 1<<62))
	if err != nil {
		b.Fatal(err)
	}
	r := fakeDecide(12345)
	r.NS = 123456
	for i := 0; b.Loop(); i++ {
		r.Game = uint64(i + 1)
		if err := w.Write(r); err != nil {
			b.Fatal(err)
		}
	}
	w.Close()
}

// BenchmarkSummaryAdd measures counting one record.
func BenchmarkSummaryAdd(b *testing.B) {
	b.ReportAllocs()
	s := &Summary{}
	r := fakeDecide(7)
	for i := 0; b.Loop(); i++ {
		r.Game, r.NS = uint64(i), int64(i%1000000)
		s.Add(r)
	}
	sinkSummary = s
}
