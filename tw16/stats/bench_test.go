package stats

import (
	"runtime"
	"testing"

	"github.com/mjsolve/mjsolve/internal/cputime"
	"github.com/mjsolve/mjsolve/tw16"
)

// sink keeps the benchmarks' results alive.
var sink int

// BenchmarkDeal deals and plays one deal's four hands per op: the per-deal
// cost of Run on one core (ns/op is ns per deal), without allocation. It
// also reports the thread's CPU time per deal (cpu-ns/deal), which stays
// meaningful when other work shares the machine and stretches ns/op.
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
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0, ok := cputime.Thread()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := r.play(p, &d, DealSeed(1, i), flowers); err != nil {
					b.Fatal(err)
				}
				i++
			}
			if cpu1, ok1 := cputime.Thread(); ok && ok1 {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/deal")
			}
			sink += int(r.Dealer.Hands)
		})
	}
}
