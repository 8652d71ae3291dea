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

var sinkAdvice Advice

// BenchmarkAdvise measures full discard advice with effective tiles for
// random 17-tile hands.
func BenchmarkAdvise(b *testing.B) {
	hands := randomHands(1024, 17, 5)
	tables()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sinkAdvice, _ = Advise(hands[i&1023], nil, nil)
	}
}

var sinkDiscard Discard

// BenchmarkBestDiscard measures the first discard of the advice for the
// hands of BenchmarkAdvise: what a program that plays the advice needs.
func BenchmarkBestDiscard(b *testing.B) {
	hands := randomHands(1024, 17, 5)
	tables()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		_, sinkDiscard, _ = BestDiscard(hands[i&1023], nil, nil)
	}
}

var sinkWaits WaitInfo

// tenpaiHands makes count tenpai hands of 16 tiles: a random complete
// 17-tile hand (sets and a pair drawn at random) less one random tile, kept
// when it is tenpai (it always is).
func tenpaiHands(count int, seed uint64) []mjsolve.Counts {
	rng := rand.New(rand.NewPCG(seed, 11))
	var out []mjsolve.Counts
	for len(out) < count {
		var c mjsolve.Counts
		ok := true
		for set := 0; set < maxMelds && ok; set++ {
			if rng.IntN(3) == 0 {
				k := rng.IntN(mjsolve.NumKinds)
				c[k] += 3
			} else {
				k := rng.IntN(27)
				if k%9 > 6 {
					k -= 2
				}
				c[k]++
				c[k+1]++
				c[k+2]++
			}
		}
		c[rng.IntN(mjsolve.NumKinds)] += 2
		for _, v := range c {
			ok = ok && v <= 4
		}
		if !ok {
			continue
		}
		kinds := c.Kinds()
		c[kinds[rng.IntN(len(kinds))]]--
		out = append(out, c)
	}
	return out
}

// BenchmarkWaits measures the waits, with shapes, of tenpai 16-tile hands.
func BenchmarkWaits(b *testing.B) {
	hands := tenpaiHands(1024, 9)
	tables()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sinkWaits, _ = Waits(hands[i&1023], nil)
	}
}

var sinkTables *partTables

// BenchmarkTablesLoad measures loading the tables from the cache file
// (read, zstd decompression, checksum) and deriving the pair tables, as
// the first analysis does.
func BenchmarkTablesLoad(b *testing.B) {
	path, _ := TableOptions{CacheDir: b.TempDir()}.CachePath()
	t, took := buildTables()
	if _, err := writeCache(path, t, cacheHeader{buildTime: took}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tb, _, _, err := readCache(path)
		if err != nil {
			b.Fatal(err)
		}
		sinkTables = tb
	}
}

// BenchmarkTablesBuild measures generating both tables (two goroutines:
// the honors' small table beside the suits').
func BenchmarkTablesBuild(b *testing.B) {
	for b.Loop() {
		sinkTables, _ = buildTables()
	}
}

var sinkEffective EffectiveInfo

// BenchmarkEffective measures the effective tiles of random 16-tile hands.
func BenchmarkEffective(b *testing.B) {
	hands := randomHands(1024, 16, 13)
	tables()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sinkEffective, _ = Effective(hands[i&1023], nil, nil)
	}
}
