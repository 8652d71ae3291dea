package solver

import (
	"context"
	"flag"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

var (
	restarts = flag.String("restarts", "", "TestRestarts: restart schedules to compare, space-separated, the first the baseline: "+
		"x2:3000 (doubling from 3000 while within 24000), x1.5:1500, luby:500 (Luby × 500 while the total is under 45000), list:1000,2000")
	restartSeed0 = flag.Int("restarts.seed0", 0, "TestRestarts: first seed of the turtle's and ox's 24")
	restartOnly  = flag.String("restarts.only", "", "TestRestarts: comma-separated layouts to run (default: turtle, ox and every other installed Xmahjongg layout)")
)

// restartCost is the per-layout cost model of TestRestarts: instructions per
// board ≈ a·prune scans + b·random games + c, fitted by least squares over
// the boards of seed 0 (turtle games 2..500, the others' 2..200) under the
// schedule of the time (3,000 scans doubling to 24,000); where fewer than 20
// of those boards take more than one scan, a is the median of the others'
// and only b and c are fitted. Each board's instructions (its Redeal and
// Solve) are callgrind's counts between two calls of restartMark:
//
//	go test -c ./solver
//	GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --dump-before='*solver.restartMark' \
//	  --callgrind-out-file=cg/cg.%p ./solver.test -test.run TestRestarts -restarts x2:3000 -restarts.fit -test.v
//
// then the k-th dump's "summary:" paired with the k-th "board" line printed
// (callgrind runs the threads in turn: without GOGC=off a garbage collection
// between two marks lands in one board's count).
// The model's error on another schedule (Luby × 250): see docs/performance.md.
var restartCost = map[string][3]float64{
	"arena":      {2732, 23686, 72061},
	"arrow":      {2703, 21715, 76663},
	"boar":       {2732, 24387, 75367},
	"bridge":     {2544, 21147, 95686},
	"ceremonial": {2732, 27525, 69749},
	"deepwell":   {2732, 19928, 82942},
	"default":    {2758, 18918, 90311},
	"dog":        {2530, 24741, 70090},
	"dragon":     {2666, 22171, 79888},
	"farandole":  {2810, 17701, 87527},
	"hare":       {2774, 21003, 77714},
	"horse":      {2713, 17839, 137975},
	"hourglass":  {2732, 3536, 49961},
	"monkey":     {3144, 20465, 83662},
	"ox":         {2721, 19273, 3195},
	"papillon":   {2732, 9366, 50772},
	"ram":        {2927, 23247, 76563},
	"rat":        {2732, 24373, 79674},
	"rooster":    {2676, 21530, 79223},
	"schoon":     {5104, 7735, 52766},
	"snake":      {2732, 25451, 73650},
	"theater":    {2732, 26863, 67186},
	"tiger":      {2813, 19454, 51732},
	"wedges":     {2243, 21715, 74275},
}

var restartFitRun = flag.Bool("restarts.fit", false, "TestRestarts: one worker, seed 0 only, turtle games 1..500 and 1..200 of the others, "+
	"calling restartMark after each board and printing each board's scans and random games (the cost model's fit under callgrind)")

// restartMark is called after each board of a -restarts.fit run, where
// callgrind dumps its counts (--dump-before): a call is seen reliably, while
// Solve's return may be missed (Go switches stacks for the clock's vDSO call).
//
//go:noinline
func restartMark() {}

// schedule parses one restart schedule of the -restarts flag.
func schedule(s string) ([]int64, error) {
	kind, arg, ok := strings.Cut(s, ":")
	if !ok {
		return nil, fmt.Errorf("schedule %q: want kind:argument", s)
	}
	switch {
	case kind == "list":
		var b []int64
		for _, f := range strings.Split(arg, ",") {
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil || v <= 0 {
				return nil, fmt.Errorf("schedule %q: bad budget %q", s, f)
			}
			b = append(b, v)
		}
		return b, nil
	case kind == "luby":
		unit, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || unit <= 0 {
			return nil, fmt.Errorf("schedule %q: bad unit", s)
		}
		return luby(unit, 45000), nil
	case strings.HasPrefix(kind, "x"):
		f, err := strconv.ParseFloat(kind[1:], 64)
		first, err2 := strconv.ParseInt(arg, 10, 64)
		if err != nil || err2 != nil || f <= 1 || first <= 0 {
			return nil, fmt.Errorf("schedule %q: bad growth or first budget", s)
		}
		var b []int64
		for v := float64(first); v <= 24000; v *= f {
			b = append(b, int64(math.Round(v)))
		}
		return b, nil
	}
	return nil, fmt.Errorf("schedule %q: unknown kind %q", s, kind)
}

// luby returns unit times the Luby sequence 1, 1, 2, 1, 1, 2, 4, … up to
// the first total of at least total scans.
func luby(unit, total int64) []int64 {
	var b []int64
	sum := int64(0)
	for i := 1; sum < total; i++ {
		v := unit * lubyTerm(i)
		b = append(b, v)
		sum += v
	}
	return b
}

// lubyTerm is the i-th term (from 1) of the Luby sequence.
func lubyTerm(i int) int64 {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return lubyTerm(i - (1<<(k-1) - 1))
		}
	}
}

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := lubyTerm(i + 1); got != w {
			t.Errorf("term %d: %d, want %d", i+1, got, w)
		}
	}
	if b := luby(1000, 45000); len(b) != 23 || b[14] != 8000 || b[22] != 1000 {
		t.Errorf("luby(1000, 45000) = %v", b)
	}
	if b, err := schedule("x2:3000"); err != nil || fmt.Sprint(b) != fmt.Sprint(growing(3000, 2, 24000)) {
		t.Errorf("x2:3000 = %v, %v; want %v", b, err, growing(3000, 2, 24000))
	}
	if b, err := schedule("x1.5:1500"); err != nil || fmt.Sprint(b) != "[1500 2250 3375 5063 7594 11391 17086]" {
		t.Errorf("x1.5:1500 = %v, %v", b, err)
	}
}

// restartSet is one layout's boards in TestRestarts.
type restartSet struct {
	name  string
	geo   *solitaire.Geometry
	deals [][]solitaire.Group
	seeds []uint64
}

// restartSum is the work of one schedule on one layout.
type restartSum struct {
	scans, games, nodes, searched int64
	boards                        int
}

// TestRestarts compares restart schedules (with -restarts) on wide data,
// paired (the same boards and seeds for every schedule): turtle games
// 1..2000 and ox games 1..200 over 24 seeds from -restarts.seed0, and games
// 1..200 of every other installed Xmahjongg layout over seeds 0..5 (those
// whose boards are all decided without search are left out). Per layout it
// prints the prune scans, random games and search nodes per board and the
// cost by restartCost, and each schedule's cost ratios to the first; every
// schedule and seed must give each game the same verdict.
func TestRestarts(t *testing.T) {
	if *restarts == "" {
		t.Skip("restart schedules: run with -restarts 'x2:3000 …'")
	}
	var names []string
	var scheds [][]int64
	for _, f := range strings.Fields(*restarts) {
		b, err := schedule(f)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, f)
		scheds = append(scheds, b)
	}
	sets := restartSets(t)
	type job struct{ sched, set, seed int }
	var jobs []job
	for k := range scheds {
		for i, st := range sets {
			for j := range st.seeds {
				jobs = append(jobs, job{k, i, j})
			}
		}
	}
	perSeed := make([][][]restartSum, len(scheds)) // per schedule, set, seed
	verdicts := make([][][]Verdict, len(scheds))   // per schedule, set, seed: the verdicts
	for k := range scheds {
		perSeed[k] = make([][]restartSum, len(sets))
		verdicts[k] = make([][]Verdict, len(sets))
		for i, st := range sets {
			perSeed[k][i] = make([]restartSum, len(st.seeds))
			verdicts[k][i] = make([]Verdict, len(st.seeds)*len(st.deals))
		}
	}
	workers := runtime.GOMAXPROCS(0)
	if *restartFitRun {
		workers = 1
	}
	next := make(chan job)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range next {
				st := &sets[jb.set]
				s := New(st.geo)
				s.c.cfg.budgets = scheds[jb.sched]
				board, _ := solitaire.NewBoard(st.geo, st.deals[0])
				var sum restartSum
				var fit [][2]int64
				v := verdicts[jb.sched][jb.set][jb.seed*len(st.deals):]
				for i, d := range st.deals {
					if err := board.Redeal(d); err != nil {
						panic(err)
					}
					r := s.Solve(context.Background(), board, Options{Seed: st.seeds[jb.seed]})
					v[i] = r.Verdict
					sum.scans += r.Stats.Scans
					sum.games += r.Stats.RandomGames
					sum.nodes += r.Stats.Nodes
					sum.boards++
					if r.Method == Search {
						sum.searched++
					}
					if *restartFitRun {
						restartMark()
						fit = append(fit, [2]int64{r.Stats.Scans, r.Stats.RandomGames})
					}
				}
				for i, f := range fit {
					fmt.Printf("board %s %d %d %d\n", st.name, i+1, f[0], f[1])
				}
				perSeed[jb.sched][jb.set][jb.seed] = sum
			}
		}()
	}
	for _, jb := range jobs {
		next <- jb
	}
	close(next)
	wg.Wait()
	sums := make([][]restartSum, len(scheds))
	for k := range scheds {
		sums[k] = make([]restartSum, len(sets))
		for i := range sets {
			a := &sums[k][i]
			for _, sum := range perSeed[k][i] {
				a.scans += sum.scans
				a.games += sum.games
				a.nodes += sum.nodes
				a.searched += sum.searched
				a.boards += sum.boards
			}
		}
	}
	for i, st := range sets {
		want := verdicts[0][i]
		for k := range scheds {
			for j, v := range verdicts[k][i] {
				if v != want[j%len(st.deals)] {
					t.Fatalf("%s game %d: %v with %s seed %d, %v with %s seed %d", st.name, j%len(st.deals)+1,
						want[j%len(st.deals)], names[0], st.seeds[0], v, names[k], st.seeds[j/len(st.deals)])
				}
			}
		}
	}
	cost := func(name string, s restartSum) float64 {
		m, ok := restartCost[name]
		if !ok {
			return math.NaN()
		}
		return (m[0]*float64(s.scans) + m[1]*float64(s.games) + m[2]*float64(s.boards)) / float64(s.boards)
	}
	for k := range scheds {
		t.Logf("schedule %s: budgets %v, then unbounded", names[k], scheds[k])
		logProd, n := 0.0, 0
		turtle, ox := math.NaN(), math.NaN()
		for i, st := range sets {
			s := sums[k][i]
			if sums[0][i].searched == 0 {
				continue
			}
			b := float64(s.boards)
			c, c0 := cost(st.name, s), cost(st.name, sums[0][i])
			ratio := c / c0
			switch st.name {
			case "default":
				turtle = ratio
			case "ox":
				ox = ratio
			default:
				if !math.IsNaN(ratio) {
					logProd += math.Log(ratio)
					n++
				}
			}
			t.Logf("  %-10s %5d boards (%4d searched): %9.1f scans %6.1f games %7.2f nodes per board, %7.3f M instructions, %+6.1f%% (scans %+6.1f%%)",
				st.name, s.boards, s.searched, float64(s.scans)/b, float64(s.games)/b, float64(s.nodes)/b, c/1e6,
				100*(ratio-1), 100*(float64(s.scans)/float64(sums[0][i].scans)-1))
			if k > 0 && len(st.seeds) > 1 {
				r := make([]float64, len(st.seeds))
				for j := range r {
					r[j] = cost(st.name, perSeed[k][i][j]) / cost(st.name, perSeed[0][i][j])
				}
				first := r[0]
				slices.Sort(r)
				t.Logf("  %-10s cost ratio per seed: %+.1f%% to %+.1f%%, median %+.1f%%; seed %d %+.1f%%",
					"", 100*(r[0]-1), 100*(r[len(r)-1]-1), 100*(r[len(r)/2]-1), st.seeds[0], 100*(first-1))
			}
		}
		if k > 0 {
			t.Logf("  %s / %s: %s", names[k], names[0], restartVerdict(turtle, ox, math.Exp(logProd/float64(max(n, 1))), n))
		}
	}
}

// restartVerdict is the last line of a schedule's comparison in
// TestRestarts: the cost ratios of the turtle, ox (NaN when not run) and
// the geometric mean gm of the n others that ran, then whether the
// criterion fixed before measuring (docs/performance.md) is met: the turtle's cost −3%
// or more, ox's +5% at most, the others' geometric mean at most 1. Layouts
// not run are not named, and the criterion is judged only when all three
// parts ran.
func restartVerdict(turtle, ox, gm float64, n int) string {
	var parts []string
	if !math.IsNaN(turtle) {
		parts = append(parts, fmt.Sprintf("turtle %+.1f%%", 100*(turtle-1)))
	}
	if !math.IsNaN(ox) {
		parts = append(parts, fmt.Sprintf("ox %+.1f%%", 100*(ox-1)))
	}
	switch {
	case n == 1:
		parts = append(parts, fmt.Sprintf("the 1 other %+.1f%%", 100*(gm-1)))
	case n > 1:
		parts = append(parts, fmt.Sprintf("geometric mean of the %d others %+.1f%%", n, 100*(gm-1)))
	}
	line := strings.Join(parts, ", ")
	if len(parts) == 0 {
		line = "no layout with a searched board"
	}
	if !math.IsNaN(turtle) && !math.IsNaN(ox) && n > 0 {
		line += fmt.Sprintf(": criterion met %v", turtle <= 0.97 && ox <= 1.05 && gm <= 1.00)
	}
	return line
}

// TestRestartVerdict: the comparison's last line names only the layouts
// that ran (with -restarts.only ox it said "turtle +NaN%, ox +2.7%, no
// other layouts: criterion met false").
func TestRestartVerdict(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		turtle, ox, gm float64
		n              int
		want           string
	}{
		{0.96, 1.027, 0.99, 5, "turtle -4.0%, ox +2.7%, geometric mean of the 5 others -1.0%: criterion met true"},
		{0.98, 1.027, 0.99, 5, "turtle -2.0%, ox +2.7%, geometric mean of the 5 others -1.0%: criterion met false"},
		{0.96, 1.027, 1.01, 1, "turtle -4.0%, ox +2.7%, the 1 other +1.0%: criterion met false"},
		{nan, 1.027, 1, 0, "ox +2.7%"},
		{nan, 1.027, 1, 1, "ox +2.7%, the 1 other +0.0%"},
		{0.96, nan, 1, 0, "turtle -4.0%"},
		{nan, nan, 1.5, 2, "geometric mean of the 2 others +50.0%"},
		{nan, nan, 1, 0, "no layout with a searched board"},
	} {
		if got := restartVerdict(c.turtle, c.ox, c.gm, c.n); got != c.want {
			t.Errorf("restartVerdict(%v, %v, %v, %d) = %q, want %q", c.turtle, c.ox, c.gm, c.n, got, c.want)
		}
	}
}

// restartSets returns TestRestarts' boards: turtle, ox, then every other
// installed Xmahjongg layout the solver takes.
func restartSets(t *testing.T) []restartSet {
	turtleG := xmahjongg(t, "default")
	var others []layouts.Entry
	for _, e := range layouts.List() {
		if e.Source == layouts.SourceXmahjongg && e.Name != "xmahjongg/default" && e.Name != "xmahjongg/ox" {
			others = append(others, e)
		}
	}
	only := map[string]bool{}
	for _, n := range strings.Split(*restartOnly, ",") {
		if n != "" {
			only[n] = true
		}
	}
	seeds := func(first, n int) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			s[i] = uint64(first + i)
		}
		return s
	}
	var sets []restartSet
	known := map[string]bool{}
	add := func(name string, g *solitaire.Geometry, games int, sd []uint64) {
		if len(only) > 0 && !only[name] {
			return
		}
		if *restartFitRun {
			sd = sd[:1]
			if name == "default" {
				games = 500
			} else {
				games = 200
			}
		}
		st := restartSet{name: name, geo: g, seeds: sd}
		for k := 1; k <= games; k++ {
			st.deals = append(st.deals, solitaire.MJSolver{}.Deal(uint64(k), g.N, nil))
		}
		if _, err := solitaire.NewBoard(g, st.deals[0]); err != nil {
			t.Logf("%s: left out: %v", name, err)
			return
		}
		sets = append(sets, st)
	}
	add("default", turtleG, 2000, seeds(*restartSeed0, 24))
	add("ox", xmahjongg(t, "ox"), 200, seeds(*restartSeed0, 24))
	known["default"], known["ox"] = true, true
	for _, e := range others {
		name := strings.TrimPrefix(e.Name, "xmahjongg/")
		known[name] = true
		if e.Err != nil {
			t.Logf("%s: left out: %v", name, e.Err)
			continue
		}
		g, err := solitaire.Compile(e.Layout)
		if err != nil {
			t.Logf("%s: left out: %v", name, err)
			continue
		}
		add(name, g, 200, seeds(0, 6))
	}
	for n := range only {
		if !known[n] {
			t.Fatalf("-restarts.only: no layout %q (want default, ox or another installed Xmahjongg layout's name)", n)
		}
	}
	return sets
}
