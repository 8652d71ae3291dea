package nopeek

import (
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

// sink keeps the benchmarks' results alive.
var sink Result

// BenchmarkPlayTurtle plays turtle boards (pcg seed 1, games 1..64 in
// turn) with each strategy; ns/op is per game, ns/move per move played.
func BenchmarkPlayTurtle(b *testing.B) {
	geo := geometry(b, "turtle")
	deals := make([][]solitaire.Group, 64)
	for g := range deals {
		deals[g] = deal(b, geo, uint64(g+1))
	}
	for _, s := range Strategies() {
		b.Run(s, func(b *testing.B) {
			p := player(b, geo, s)
			moves, g := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				sink = p.Play(deals[g%len(deals)], gameSource(uint64(g)))
				moves += sink.Moves
				g++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(moves, 1)), "ns/move")
		})
	}
}
