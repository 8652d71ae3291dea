package nopeek_test

import (
	"flag"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/internal/cputime"
	"github.com/mjsolve/mjsolve/internal/interval"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
)

var (
	longGames = flag.Int("games", 10000, "turtle boards for the -long win rates")
)

// TestWinRatesLong plays turtle boards 1..-games (pcg dealer, seed 1)
// with random, greedy and lookahead on all cores and checks that the win rates are
// ordered lookahead > greedy > random with 95% Wilson intervals that do
// not overlap. It logs the rates, the intervals and the CPU time per
// board and per move.
func TestWinRatesLong(t *testing.T) {
	if !flag.Lookup("long").Value.(flag.Getter).Get().(bool) {
		t.Skip("-long not set")
	}
	l, _ := layouts.Builtin("turtle")
	geo, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	dealer := solitaire.PCG{Seed: 1}
	n := *longGames
	type tally struct {
		won, moves, left int
		cpu              time.Duration
	}
	var lo, hi [3]float64
	names := nopeek.Strategies()[:3] // hindsight: TestHindsightLong
	for k, s := range names {
		var mu sync.Mutex
		var sum tally
		next := make(chan int)
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				p, err := nopeek.NewPlayer(geo, s)
				if err != nil {
					panic(err)
				}
				var my tally
				c0, _ := cputime.Thread()
				for g := range next {
					r := p.Play(dealer.Deal(uint64(g), geo.N, nil), rand.NewPCG(uint64(g), 0x6e6f7065656b))
					if r.Won {
						my.won++
					}
					my.moves += r.Moves
					my.left += r.Left
				}
				c1, _ := cputime.Thread()
				my.cpu = c1 - c0
				mu.Lock()
				sum.won += my.won
				sum.moves += my.moves
				sum.left += my.left
				sum.cpu += my.cpu
				mu.Unlock()
			})
		}
		for g := 1; g <= n; g++ {
			next <- g
		}
		close(next)
		wg.Wait()
		lo[k], hi[k] = interval.Wilson(int64(sum.won), int64(n), interval.Z95)
		t.Logf("%-9s %5d of %d won: %.2f%% (95%% CI %.2f%%–%.2f%%), mean %.1f tiles left, %.1f moves; CPU %v per board, %v per move",
			s, sum.won, n, 100*float64(sum.won)/float64(n), 100*lo[k], 100*hi[k], float64(sum.left)/float64(n), float64(sum.moves)/float64(n),
			sum.cpu/time.Duration(n), sum.cpu/time.Duration(max(sum.moves, 1)))
	}
	for k := 1; k < 3; k++ {
		if lo[k] <= hi[k-1] {
			t.Errorf("%s's interval (from %.2f%%) overlaps %s's (to %.2f%%)", names[k], 100*lo[k], names[k-1], 100*hi[k-1])
		}
	}
}
