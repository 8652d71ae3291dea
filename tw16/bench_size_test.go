package tw16

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// sizeHands is the number of hands each size benchmark cycles through: more
// than the 4096 of BenchmarkShanten, so that the tables are not all in the
// nearest caches.
const sizeHands = 1 << 14

// BenchmarkShantenSize measures the shanten of random hands of every size.
func BenchmarkShantenSize(b *testing.B) {
	for _, n := range validSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			hands := randomHands(sizeHands, n, uint64(100+n))
			tables()
			b.ReportAllocs()
			s := 0
			for i := 0; b.Loop(); i++ {
				v, _ := Shanten(hands[i&(sizeHands-1)])
				s += v
			}
			sinkInt = s
		})
	}
}

// BenchmarkEffectiveSize measures the effective tiles of random hands of
// 3k+1 tiles, k = 1..5.
func BenchmarkEffectiveSize(b *testing.B) {
	for _, n := range []int{4, 7, 10, 13, 16} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			hands := randomHands(sizeHands, n, uint64(200+n))
			tables()
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkEffective, _ = Effective(hands[i&(sizeHands-1)], nil, nil)
			}
		})
	}
}

// BenchmarkAdviseSize measures discard advice for random hands of 3k+2
// tiles, k = 1..5.
func BenchmarkAdviseSize(b *testing.B) {
	for _, n := range []int{5, 8, 11, 14, 17} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			hands := randomHands(sizeHands, n, uint64(300+n))
			tables()
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sinkAdvice, _ = Advise(hands[i&(sizeHands-1)], nil, nil)
			}
		})
	}
}

// BenchmarkWaitsSize measures the waits of tenpai hands of 3k+1 tiles,
// k = 1..5, and of random ones (mostly not tenpai: the shanten path).
func BenchmarkWaitsSize(b *testing.B) {
	for _, n := range []int{4, 7, 10, 13, 16} {
		for _, kind := range []string{"tenpai", "random"} {
			b.Run(fmt.Sprintf("%s/%d", kind, n), func(b *testing.B) {
				hands := randomHands(sizeHands, n, uint64(400+n))
				if kind == "tenpai" {
					hands = tenpaiHandsOf(sizeHands, n/3, uint64(500+n))
				}
				tables()
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					sinkWaits, _ = Waits(hands[i&(sizeHands-1)], nil)
				}
			})
		}
	}
}

// tenpaiHandsOf makes count tenpai hands of 3k+1 tiles: k random sets and a
// pair (at most 4 copies of a kind) less one random tile.
func tenpaiHandsOf(count, k int, seed uint64) []mjsolve.Counts {
	rng := rand.New(rand.NewPCG(seed, 13))
	out := make([]mjsolve.Counts, 0, count)
	for len(out) < count {
		var c mjsolve.Counts
		for range k {
			if rng.IntN(3) == 0 {
				c[rng.IntN(mjsolve.NumKinds)] += 3
			} else {
				t := rng.IntN(27)
				if t%9 > 6 {
					t -= 2
				}
				c[t]++
				c[t+1]++
				c[t+2]++
			}
		}
		c[rng.IntN(mjsolve.NumKinds)] += 2
		if c.Validate() != nil {
			continue
		}
		kinds := c.Kinds()
		c[kinds[rng.IntN(len(kinds))]]--
		out = append(out, c)
	}
	return out
}
