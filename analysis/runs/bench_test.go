package runs

import (
	"context"
	"runtime"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

var sinkSummary *analysis.Summary

// BenchmarkMainJobTurtle runs the main job's runner with the real solver on
// turtle games 1..b.N (pcg, seed 1) with GOMAXPROCS workers: ns/op is wall
// time per board, so "-cpu 1,2" shows the speed-up from one to two workers:
//
//	go test ./analysis/runs -run '^$' -bench MainJobTurtle -cpu 1,2 -benchtime 5000x
func BenchmarkMainJobTurtle(b *testing.B) {
	b.ReportAllocs()
	geo, err := solitaire.Compile(builtin(b, "turtle"))
	if err != nil {
		b.Fatal(err)
	}
	cfg := analysis.Config{First: 1, Boards: uint64(b.N), Workers: runtime.GOMAXPROCS(0)}
	s, err := analysis.Run(context.Background(), cfg, Workers(geo, solitaire.PCG{Seed: 1}, solver.Options{}))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(s.Impossible)/float64(s.Boards)*100, "%unwinnable")
	sinkSummary = s
}
