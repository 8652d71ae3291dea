package stats

import (
	"testing"

	"github.com/mjsolve/mjsolve/tw16"
)

// sink keeps the benchmarks' results alive.
var sink int

// BenchmarkDeal deals and plays one deal's four hands per op: the per-deal
// cost of Run on one core (ns/op is ns per deal), without allocation.
func BenchmarkDeal(b *testing.B) {
	for _, flowers := range []bool{false, true} {
		name := "no-flowers"
		if flowers {
			name = "flowers"
		}
		b.Run(name, func(b *testing.B) {
			p := NewPlayer(tw16.DefaultTables())
			var r Report
			var d Deal
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := r.play(p, &d, DealSeed(1, i), flowers); err != nil {
					b.Fatal(err)
				}
				i++
			}
			sink += int(r.Dealer.Hands)
		})
	}
}
