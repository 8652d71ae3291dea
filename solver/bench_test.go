package solver

import (
	"context"
	"flag"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/internal/gametest"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

var sink Result

// turtleBoards deals games first..first+n−1 of the mjsolver dealer on the
// Xmahjongg default layout (the turtle in de Bondt's slot order), or on the
// built-in turtle when Xmahjongg is not installed: its slots are the same,
// in the same order (TestBuiltinTurtleIsXmahjonggDefault).
func turtleBoards(t testing.TB, first, n int) (*solitaire.Geometry, [][]solitaire.Group) {
	l, err := layouts.Find("xmahjongg/default")
	if err != nil {
		l, _ = layouts.Builtin("turtle")
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	deals := make([][]solitaire.Group, n)
	for i := range deals {
		deals[i] = solitaire.MJSolver{}.Deal(uint64(first+i), g.N, nil)
	}
	return g, deals
}

// TestBuiltinTurtleIsXmahjonggDefault: the built-in turtle has the slots of
// Xmahjongg's default layout in the same order, so the mjsolver dealer deals
// the same boards on both.
func TestBuiltinTurtleIsXmahjonggDefault(t *testing.T) {
	x, err := layouts.Find("xmahjongg/default")
	if err != nil {
		gametest.Missing(t, "no Xmahjongg default layout installed: %v", err)
	}
	b, _ := layouts.Builtin("turtle")
	if !slices.Equal(x.Slots, b.Slots) {
		t.Error("the built-in turtle's slots differ from Xmahjongg's default layout")
	}
}

// BenchmarkTurtle solves turtle games 1..2000 (mjsolver dealer) in turn, one
// board per iteration: ns/op is the mean time per board over the cycle.
func BenchmarkTurtle(b *testing.B) {
	g, deals := turtleBoards(b, 1, 2000)
	s := New(g)
	board, _ := solitaire.NewBoard(g, deals[0])
	ctx := context.Background()
	var scans int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		board.Redeal(deals[i%len(deals)])
		sink = s.Solve(ctx, board, Options{})
		scans += sink.Stats.Scans
	}
	b.ReportMetric(float64(scans)/float64(b.N), "scans/op")
}

// TestTurtleDistribution prints the time per board on turtle games
// 1..2000 (with -long): mean, median, p99, max, scans and methods. The
// thread CPU time leaves out the time other processes held the CPU.
func TestTurtleDistribution(t *testing.T) {
	if !*long {
		t.Skip("timing distribution: run with -long")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g, deals := turtleBoards(t, 1, 2000)
	s := New(g)
	board, _ := solitaire.NewBoard(g, deals[0])
	ctx := context.Background()
	for _, d := range deals[:200] { // warm up
		board.Redeal(d)
		s.Solve(ctx, board, Options{})
	}
	times := make([]time.Duration, len(deals))
	var total, cpu time.Duration
	var scans, games, nodes int64
	methods := map[Method]int{}
	impossible := 0
	maxGame := 0
	for i, d := range deals {
		board.Redeal(d)
		c0 := threadCPU()
		r := s.Solve(ctx, board, Options{})
		cpu += threadCPU() - c0
		times[i] = r.Stats.Duration
		total += r.Stats.Duration
		scans += r.Stats.Scans
		games += r.Stats.RandomGames
		nodes += r.Stats.Nodes
		methods[r.Method]++
		if r.Verdict == Impossible {
			impossible++
		}
		if times[i] > times[maxGame] {
			maxGame = i
		}
	}
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	n := len(deals)
	t.Logf("turtle games 1..%d, wall time per board: mean %v median %v p99 %v max %v (game %d); thread CPU mean %v",
		n, total/time.Duration(n), sorted[n/2], sorted[n*99/100], sorted[n-1], maxGame+1, cpu/time.Duration(n))
	t.Logf("impossible %d; methods %v; per board: %.0f scans, %.0f random games, %.0f nodes",
		impossible, methods, float64(scans)/float64(n), float64(games)/float64(n), float64(nodes)/float64(n))
}

// BenchmarkOx solves ox games 1..200 (mjsolver dealer, the Xmahjongg ox
// layout) in turn, one board per iteration; it is skipped when Xmahjongg is
// not installed.
func BenchmarkOx(b *testing.B) {
	g := xmahjongg(b, "ox")
	deals := make([][]solitaire.Group, 200)
	for i := range deals {
		deals[i] = solitaire.MJSolver{}.Deal(uint64(1+i), g.N, nil)
	}
	s := New(g)
	board, _ := solitaire.NewBoard(g, deals[0])
	ctx := context.Background()
	var scans int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		board.Redeal(deals[i%len(deals)])
		sink = s.Solve(ctx, board, Options{})
		scans += sink.Stats.Scans
	}
	b.ReportMetric(float64(scans)/float64(b.N), "scans/op")
}

var seedSweep = flag.Bool("seeds", false, "TestSeeds: prune scans and nodes per board over seeds 0..11")

// TestSeeds prints the prune scans, search nodes and random games per
// board and the boards won by random play and by the search over seeds
// 0..11 on turtle games 1..2000 and ox games 1..200 (24,000 and 2,400
// solves; with -seeds): the load-free measure by which docs/performance.md judges
// changes of the search's path, which swing by a few % from seed to seed.
// Every seed must give each game the same verdict.
func TestSeeds(t *testing.T) {
	if !*seedSweep {
		t.Skip("seed sweep: run with -seeds")
	}
	for _, l := range []struct {
		name  string
		games int
	}{{"default", 2000}, {"ox", 200}} {
		g := xmahjongg(t, l.name)
		s := New(g)
		deals := make([][]solitaire.Group, l.games)
		for i := range deals {
			deals[i] = solitaire.MJSolver{}.Deal(uint64(1+i), g.N, nil)
		}
		board, _ := solitaire.NewBoard(g, deals[0])
		verdicts := make([]Verdict, l.games)
		var scans, nodes, games int64
		methods := map[Method]int{}
		const seeds = 12
		for seed := range uint64(seeds) {
			for i, d := range deals {
				board.Redeal(d)
				r := s.Solve(context.Background(), board, Options{Seed: seed})
				if seed == 0 {
					verdicts[i] = r.Verdict
				} else if r.Verdict != verdicts[i] {
					t.Fatalf("%s game %d: %v with seed 0, %v with seed %d", l.name, i+1, verdicts[i], r.Verdict, seed)
				}
				scans += r.Stats.Scans
				nodes += r.Stats.Nodes
				games += r.Stats.RandomGames
				methods[r.Method]++
			}
		}
		n := float64(seeds * l.games)
		t.Logf("%s games 1..%d, seeds 0..%d: %.1f prune scans, %.2f search nodes, %.1f random games per board; won by random play %d, decided by the search %d",
			l.name, l.games, seeds-1, float64(scans)/n, float64(nodes)/n, float64(games)/n, methods[Random], methods[Search])
	}
}
