package nopeek

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/internal/cputime"
	"github.com/mjsolve/mjsolve/internal/interval"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

var (
	hsLayout  = flag.String("hindsight.layout", "turtle", "TestHindsightLong: the built-in layout")
	hsFirst   = flag.Int("hindsight.first", 1, "TestHindsightLong: the first game")
	hsGames   = flag.Int("hindsight.games", 2000, "TestHindsightLong: the games")
	hsSamples = flag.Int("hindsight.samples", 0, "TestHindsightLong: the budget (0: DefaultSamples)")
	hsWorkers = flag.Int("hindsight.workers", 0, "TestHindsightLong: games played at once (0: GOMAXPROCS)")
	hsOut     = flag.String("hindsight.out", "", "TestHindsightLong: write one line per game to `FILE`")
)

// hsGame is one game of TestHindsightLong.
type hsGame struct {
	game                   int
	winnable, won          bool
	moves, decisions       int
	left                   int
	cpu, decideCPU, maxCPU time.Duration
	solves, samples        int64
}

// TestHindsightLong (with -long) plays games -hindsight.first.. of a
// built-in layout (pcg dealer, seed 1) with the hindsight strategy, with
// the random numbers "mjsolve solitaire play --seed 1" gives it (so the
// same games), and decides each deal exactly. It checks that no game the
// solver proves impossible is won, and logs the win rate with its 95%
// Wilson interval beside the rate of winnable deals, and the CPU time of
// the playing thread per move: mean, median, 99th percentile and most.
// With -hindsight.out it writes a line per game as it ends (the CPU time
// of each move in µs last), so that a run stopped early still counts.
func TestHindsightLong(t *testing.T) {
	if !*long {
		t.Skip("-long not set")
	}
	l, ok := layouts.Builtin(*hsLayout)
	if !ok {
		t.Fatalf("no built-in layout %q", *hsLayout)
	}
	geo, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	dealer := solitaire.PCG{Seed: 1}
	key := RunSeed(1, "hindsight")
	workers := *hsWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var out *bufio.Writer
	if *hsOut != "" {
		f, err := os.Create(*hsOut)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		out = bufio.NewWriter(f)
		defer out.Flush()
	}
	var (
		mu      sync.Mutex
		games   []hsGame
		perMove []time.Duration
	)
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Go(func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p, err := NewPlayerOptions(geo, "hindsight", Options{Samples: *hsSamples})
			if err != nil {
				panic(err)
			}
			sv := solver.New(geo)
			var mine []time.Duration
			for g := range next {
				groups := dealer.Deal(uint64(g), geo.N, nil)
				b, _ := solitaire.NewBoard(geo, groups)
				r := hsGame{game: g, winnable: sv.Solve(context.Background(), b, solver.Options{}).Verdict == solver.Winnable}
				st0 := p.hind.stats
				src := rand.NewPCG(key, uint64(g))
				v := &p.view
				v.reset(p.gi, groups)
				mine = mine[:0]
				for v.matches > 0 {
					d0 := p.hind.stats.decisions
					c0, _ := cputime.Thread()
					a, b := p.hind.choose(v, src)
					c1, _ := cputime.Thread()
					d := c1 - c0
					mine = append(mine, d)
					r.cpu += d
					r.maxCPU = max(r.maxCPU, d)
					if p.hind.stats.decisions > d0 {
						r.decisions++
						r.decideCPU += d
					}
					v.play(a, b, groups)
					r.moves++
				}
				r.left, r.won = v.left, v.left == 0
				r.solves, r.samples = p.hind.stats.solves-st0.solves, p.hind.stats.samples-st0.samples
				mu.Lock()
				games = append(games, r)
				perMove = append(perMove, mine...)
				if out != nil {
					fmt.Fprintf(out, "%d won=%v winnable=%v moves=%d decisions=%d left=%d cpu_ns=%d decide_ns=%d max_move_ns=%d samples=%d solves=%d move_us=",
						r.game, r.won, r.winnable, r.moves, r.decisions, r.left, r.cpu.Nanoseconds(), r.decideCPU.Nanoseconds(), r.maxCPU.Nanoseconds(), r.samples, r.solves)
					for i, d := range mine {
						if i > 0 {
							out.WriteByte(',')
						}
						fmt.Fprint(out, d.Microseconds())
					}
					out.WriteByte('\n')
					out.Flush()
				}
				if len(games)%100 == 0 {
					t.Logf("%d games played, %v", len(games), time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		})
	}
	for g := *hsFirst; g < *hsFirst+*hsGames; g++ {
		next <- g
	}
	close(next)
	wg.Wait()

	var won, winnable, moves, decisions, left int
	var cpu, decideCPU time.Duration
	var samples, solves int64
	for _, r := range games {
		if r.won && !r.winnable {
			t.Errorf("game %d: won, but the solver proves it impossible", r.game)
		}
		if r.won {
			won++
		}
		if r.winnable {
			winnable++
		}
		moves += r.moves
		decisions += r.decisions
		cpu += r.cpu
		decideCPU += r.decideCPU
		samples += r.samples
		solves += r.solves
		if !r.won {
			left += r.left
		}
	}
	n := int64(len(games))
	lo, hi := interval.Wilson(int64(won), n, interval.Z95)
	plo, phi := interval.Wilson(int64(winnable), n, interval.Z95)
	t.Logf("%s games %d..%d (pcg seed 1), hindsight %s: won %d = %.2f%% (95%% CI %.2f%%–%.2f%%); winnable with peeking %d = %.2f%% (95%% CI %.2f%%–%.2f%%); %.1f tiles left on lost games",
		*hsLayout, *hsFirst, *hsFirst+*hsGames-1, version(stratHindsight, Options{Samples: *hsSamples}), won, 100*float64(won)/float64(n), 100*lo, 100*hi,
		winnable, 100*float64(winnable)/float64(n), 100*plo, 100*phi, float64(left)/float64(max(n-int64(won), 1)))
	slices.Sort(perMove)
	q := func(f float64) time.Duration { return perMove[min(len(perMove)-1, int(f*float64(len(perMove))))] }
	t.Logf("CPU per move (%d moves, %d with a choice): mean %v, median %v, p99 %v, max %v; per move with a choice %v; per game %v",
		moves, decisions, cpu/time.Duration(moves), q(0.5), q(0.99), perMove[len(perMove)-1], decideCPU/time.Duration(max(decisions, 1)), cpu/time.Duration(n))
	t.Logf("%.1f deals and %.1f solves per move with a choice; %d workers, wall %v",
		float64(samples)/float64(max(decisions, 1)), float64(solves)/float64(max(decisions, 1)), workers, time.Since(start).Round(time.Second))
}
