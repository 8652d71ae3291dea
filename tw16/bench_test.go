package tw16

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

var sinkInt int

// randomHands draws count uniform random hands of n tiles from the 136.
func randomHands(count, n int, seed uint64) []mjsolve.Counts {
	rng := rand.New(rand.NewPCG(seed, 7))
	hands := make([]mjsolve.Counts, count)
	for i := range hands {
		hands[i] = mixes[0].randomHand(rng, n)
	}
	return hands
}

// BenchmarkShanten measures the shanten of random 16- and 17-tile hands
// (alternating), tables loaded.
func BenchmarkShanten(b *testing.B) {
	hands := append(randomHands(2048, 16, 1), randomHands(2048, 17, 2)...)
	rand.New(rand.NewPCG(3, 3)).Shuffle(len(hands), func(i, j int) { hands[i], hands[j] = hands[j], hands[i] })
	tables()
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; b.Loop(); i++ {
		v, _ := Shanten(hands[i&4095])
		s += v
	}
	sinkInt = s
}
