package nopeek

import (
	"runtime"
	"testing"

	"github.com/mjsolve/mjsolve/internal/cputime"
	"github.com/mjsolve/mjsolve/solitaire"
)

// sink keeps the benchmarks' results alive.
var sink Result

// BenchmarkPlayTurtle plays turtle boards (pcg seed 1, games 1..64 in
// turn) with each strategy at its default budget; ns/op is the wall time
// per game, ns/move the wall time per move played and cpu-ns/move the
// CPU time of the benchmark's thread per move (what the load of a shared
// machine does not inflate by waiting).
func BenchmarkPlayTurtle(b *testing.B) {
	geo := geometry(b, "turtle")
	deals := make([][]solitaire.Group, 64)
	for g := range deals {
		deals[g] = deal(b, geo, uint64(g+1))
	}
	for _, s := range Strategies() {
		b.Run(s, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p := player(b, geo, s)
			moves, g := 0, 0
			b.ReportAllocs()
			c0, _ := cputime.Thread()
			for b.Loop() {
				sink = p.Play(deals[g%len(deals)], gameSource(uint64(g)))
				moves += sink.Moves
				g++
			}
			c1, _ := cputime.Thread()
			moves = max(moves, 1)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
			b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(moves), "cpu-ns/move")
		})
	}
}
