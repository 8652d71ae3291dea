package bot

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/tw16"

	"github.com/mjsolve/mjsolve/tw16/game"
)

// midHand plays hand seed (dealer seed%4) with four advice seats and
// returns the game and the view of the seat to act after moves actions,
// or a nil view when the hand ends first.
func midHand(tb testing.TB, seed uint64, moves int) (*game.Game, *game.View) {
	tb.Helper()
	var v *game.View
	g := eachDecision(tb, seed, moves, 1, func(_ int, _ *game.Game, vw *game.View) bool {
		v = vw
		return false
	})
	return g, v
}

// eachDecision plays hand seed as midHand does, once, and calls fn with the
// game and the view of the seat to act after first, first+step, ...
// actions, until the hand ends or fn returns false; it returns the game.
// The game and the view are valid during the call only: play goes on
// after it.
func eachDecision(tb testing.TB, seed uint64, first, step int, fn func(moves int, g *game.Game, v *game.View) bool) *game.Game {
	tb.Helper()
	g, err := game.New(game.Config{Seed: seed, Dealer: game.Seat(seed % 4)})
	if err != nil {
		tb.Fatal(err)
	}
	var players [4]game.Strategy
	var views [4]game.View
	for s := range players {
		players[s] = NewAdvice(Options{})
		players[s].Begin(seed*4 + uint64(s))
		if err := views[s].Start(game.Seat(s), g.Dealer(), g.Round(), g.Flowers(), g.Dealt(game.Seat(s))); err != nil {
			tb.Fatal(err)
		}
	}
	seen := 0
	for m := 0; ; m++ {
		for ; seen < len(g.Events()); seen++ {
			for s := range views {
				views[s].Apply(&g.Events()[seen])
			}
		}
		if g.Over() {
			return g
		}
		s := g.ToAct()
		if m >= first && (m-first)%step == 0 && !fn(m, g, &views[s]) {
			return g
		}
		acts := g.Actions()
		if err := g.Apply(acts[players[s].Choose(&views[s], acts)]); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkPlayout samples a position of a hand a few moves in and plays
// the rest of the hand by the playout policy: the search's figure of
// merit is playouts per second per core (of wall-clock time and of the
// process's CPU time); it allocates nothing. Each playout here has a
// position of its own; within a decision (BenchmarkDecision) every
// position is played for each candidate, and the policy meets the hands
// it has seen again (discardMemo): more playouts a second.
func BenchmarkPlayout(b *testing.B) {
	g, v := midHand(b, 7, 10)
	acts := g.Actions()
	e := NewEvaluator(nil, game.Config{}.Rules)
	if err := e.prepare(v, acts); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	w := uint64(0)
	cpu := cpuTime()
	for b.Loop() {
		if err := e.sample(1, w); err != nil {
			b.Fatal(err)
		}
		w++
		if _, err := e.play(&acts[len(acts)-1]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	reportCPU(b, cpu, b.N)
}

// reportCPU reports the playouts per second of the process's CPU time
// since cpu (0 where it cannot be read): on a loaded machine the
// benchmark's wall-clock time counts the time it waited for a core.
func reportCPU(b *testing.B, cpu time.Duration, playouts int) {
	if used := cpuTime() - cpu; used > 0 && cpu > 0 {
		b.ReportMetric(float64(playouts)/used.Seconds(), "playouts/cpu-s")
	}
}

// BenchmarkDecision times whole decisions of the search at 1000 playouts.
func BenchmarkDecision(b *testing.B) {
	g, v := midHand(b, 7, 10)
	acts := g.Actions()
	s := NewSearch(Options{Samples: 1000})
	s.Begin(1)
	b.ReportAllocs()
	values, twins := 0, 0
	cpu := cpuTime()
	for b.Loop() {
		s.Choose(v, acts)
		values += s.Stats().Playouts
		twins += s.Stats().Twins
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(values-twins)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(twins)/float64(values), "twin-share")
	reportCPU(b, cpu, values-twins)
	if used := cpuTime() - cpu; used > 0 && cpu > 0 {
		b.ReportMetric(float64(values)/used.Seconds(), "values/cpu-s")
	}
}

// TestSamplesAgreeWithTheView samples positions at decisions of real
// hands: every sample loads (each card once: game.Game.Load checks), keeps
// what the seat sees (its hand, every meld shown, the river, the wall's
// size) and deals the others hands of their sizes.
func TestSamplesAgreeWithTheView(t *testing.T) {
	decisions := 0
	for seed := range uint64(40) {
		eachDecision(t, seed, 0, 7, func(moves int, g *game.Game, v *game.View) bool {
			decisions++
			e := NewEvaluator(nil, game.Config{}.Rules)
			if err := e.prepare(v, g.Actions()); err != nil {
				t.Fatalf("hand %d move %d: %v", seed, moves, err)
			}
			for w := range uint64(5) {
				if err := e.sample(seed, w); err != nil {
					t.Fatalf("hand %d move %d sample %d: %v", seed, moves, w, err)
				}
				p := &e.pos
				s := v.Seat
				if !slices.Equal(p.Hands[s][:p.NHand[s]], v.Hand()) {
					t.Fatalf("hand %d move %d: the sample's hand %v, the view's %v", seed, moves, p.Hands[s][:p.NHand[s]], v.Hand())
				}
				if p.NWall != v.WallLeft || p.NRiver != v.NRiver || p.Phase != g.Phase() || p.ToAct != g.ToAct() {
					t.Fatalf("hand %d move %d: wall %d river %d phase %s seat %d, want %d %d %s %d", seed, moves,
						p.NWall, p.NRiver, p.Phase, p.ToAct, v.WallLeft, v.NRiver, g.Phase(), g.ToAct())
				}
				for o := range game.Seat(4) {
					if p.NHand[o] != len(g.Hand(o)) || p.NMelds[o] != v.NMelds[o] {
						t.Fatalf("hand %d move %d: seat %d holds %d cards, %d melds; the game %d, %d",
							seed, moves, o, p.NHand[o], p.NMelds[o], len(g.Hand(o)), v.NMelds[o])
					}
					for i, m := range v.MeldsOf(o) {
						if m.Type != tw16.ConcealedKong && p.Melds[o][i] != m {
							t.Fatalf("hand %d move %d: seat %d's meld %s sampled as %s", seed, moves, o, m, p.Melds[o][i])
						}
					}
				}
				// The sampled game offers the decision the real one does.
				if !slices.Equal(e.g.Actions(), g.Actions()) {
					t.Fatalf("hand %d move %d: the sample offers %v, the game %v", seed, moves, e.g.Actions(), g.Actions())
				}
			}
			return true
		})
	}
	if decisions < 200 {
		t.Errorf("only %d decisions sampled", decisions)
	}
}

// TestEvaluateIsDeterministic: the same seed gives the same estimates,
// another seed others; a win is worth its exact score.
func TestEvaluateIsDeterministic(t *testing.T) {
	g, v := midHand(t, 3, 20)
	acts := g.Actions()
	e := NewEvaluator(nil, game.Config{}.Rules)
	a, err := e.Evaluate(v, acts, 30, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewEvaluator(nil, game.Config{}.Rules).Evaluate(v, acts, 30, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := e.Evaluate(v, acts, 30, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Errorf("seed 1: %v and %v; seed 2: %v", a, b, c)
	}
	for i, x := range a {
		if x.N != 30 || x.StdErr <= 0 || x.Mean < -30000 || x.Mean > 30000 {
			t.Errorf("action %s: %+v", acts[i], x)
		}
	}
	if _, err := e.Evaluate(v, acts, 0, 1, nil); err == nil {
		t.Error("0 samples: no error")
	}
}

// TestEvaluateWin: the value of a win offered is the points it scores,
// with no spread.
func TestEvaluateWin(t *testing.T) {
	found := 0
	for seed := uint64(0); seed < 200 && found < 5; seed++ {
		for moves := 0; found < 5; moves++ {
			g, v := midHand(t, seed, moves)
			if v == nil {
				break
			}
			acts := g.Actions()
			if acts[0].Type != game.Hu {
				continue
			}
			found++
			est, err := NewEvaluator(nil, game.Config{}.Rules).Evaluate(v, acts, 10, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Apply(acts[0]); err != nil {
				t.Fatal(err)
			}
			want := float64(g.Result().Points[v.Seat])
			if est[0].Mean != want || est[0].StdErr != 0 {
				t.Errorf("hand %d: the win is worth %+v, want %.0f exactly", seed, est[0], want)
			}
			break
		}
	}
	if found < 5 {
		t.Fatalf("only %d wins found", found)
	}
}

// TestSearchPlaysLegallyAndReproducibly plays hands of two search players
// (small budgets) against advice and random players: every choice is one
// of the actions offered (game.Play checks), no decision falls back to
// the advice engine (every in-process view samples), and the same seed
// gives the same table.
func TestSearchPlaysLegallyAndReproducibly(t *testing.T) {
	var tables [2]string
	for i := range tables {
		tab, err := SelfPlay(context.Background(), SelfPlayOptions{
			Strategies: [4]string{"search:samples=60", "advice", "search:samples=40,threads=2", "random"},
			Hands:      8, Seed: 5, Workers: 2,
		})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := tab.MarshalJSON()
		tables[i] = string(b)
	}
	if tables[0] != tables[1] {
		t.Errorf("the same seed played two tables:\n%s\n%s", tables[0], tables[1])
	}
}

// checked is a search whose every decision the test checks: no fallback.
type checked struct {
	*Search
	tb        testing.TB
	decisions *int
}

func (c checked) Choose(v *game.View, acts []game.Action) int {
	i := c.Search.Choose(v, acts)
	if c.Stats().Fallback {
		c.tb.Fatalf("seat %d fell back to advice on %v", v.Seat, acts)
	}
	if c.Stats().Playouts > 0 {
		*c.decisions++
	}
	return i
}

// TestSearchNeverFallsBack plays hands with flowers and without, search
// in every seat: every view in-process is sampled.
func TestSearchNeverFallsBack(t *testing.T) {
	decisions := 0
	var views [4]game.View
	for i := range 6 {
		g, err := game.New(game.Config{Seed: uint64(i), Dealer: game.Seat(i % 4), Flowers: i%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		var players [4]game.Strategy
		for s := range players {
			players[s] = checked{NewSearch(Options{Samples: 40}), t, &decisions}
			players[s].Begin(uint64(i*4 + s))
		}
		if err := game.Play(g, &players, &views); err != nil {
			t.Fatal(err)
		}
	}
	if decisions < 100 {
		t.Errorf("%d decisions searched", decisions)
	}
}

// TestSearchFirstDecisionCountsStart: with Options.Start long past, the
// first decision's time is spent before it begins (no sampled position,
// the advice engine's choice); the next has its whole think.
func TestSearchFirstDecisionCountsStart(t *testing.T) {
	g, v := midHand(t, 7, 10)
	acts := g.Actions()
	s := NewSearch(Options{Think: 300 * time.Millisecond, Start: time.Now().Add(-time.Hour)})
	s.Begin(1)
	a := NewAdvice(Options{})
	a.Begin(game.Mix(1, 1))
	want := a.Choose(v, acts)
	if i := s.Choose(v, acts); acts[i].Type != acts[want].Type || acts[i].Cards[0].Kind() != acts[want].Cards[0].Kind() {
		t.Errorf("first decision %s, the advice engine's %s", acts[i], acts[want])
	}
	if st := s.Stats(); st.Worlds != 0 || st.Candidates < 2 || st.Elapsed >= 300*time.Millisecond {
		t.Errorf("first decision: %+v, want no world at once", st)
	}
	s.Choose(v, acts)
	if st := s.Stats(); st.Worlds < 2 {
		t.Errorf("second decision: %+v, want more worlds", st)
	}
}

// TestSearchDeadlineFromArrival: the think counts from when the question
// arrived, not from when ChooseSince is called; the decision stops at
// the deadline.
func TestSearchDeadlineFromArrival(t *testing.T) {
	g, v := midHand(t, 7, 10)
	acts := g.Actions()
	s := NewSearch(Options{Think: 200 * time.Millisecond})
	s.Begin(1)
	s.ChooseSince(v, acts, time.Now().Add(-100*time.Millisecond))
	if st := s.Stats(); st.Elapsed >= 200*time.Millisecond {
		t.Errorf("100 ms left: %+v, the whole think taken", st)
	}
	s.ChooseSince(v, acts, time.Now().Add(-time.Second))
	if st := s.Stats(); st.Worlds != 0 || st.Playouts != 0 {
		t.Errorf("past the deadline: %+v, want no playout", st)
	}
}

// TestSearchConfirmIsDeterministic: the confirmation on fresh positions
// spends the rest of a samples budget, the same way for the same seed.
func TestSearchConfirmIsDeterministic(t *testing.T) {
	defer func(c float64) { confirmShare = c }(confirmShare)
	confirmShare = 0.3
	g, v := midHand(t, 3, 12)
	acts := g.Actions()
	var first []int
	for range 2 {
		s := NewSearch(Options{Samples: 600})
		s.Begin(5)
		var got []int
		for range 3 {
			got = append(got, s.Choose(v, acts))
			if st := s.Stats(); st.Playouts > 600+2*worldBatch*len(acts) || st.Playouts < 300 {
				t.Errorf("%d playouts for a budget of 600", st.Playouts)
			}
		}
		if first == nil {
			first = got
		} else if !slices.Equal(first, got) {
			t.Errorf("the same seed chose %v, then %v", first, got)
		}
	}
}

// TestSearchFoldChoice: a search that plays every candidate both
// attacking and folding plays legal actions (game.Play checks), samples
// every view, spends its budget and plays the same hands for the same
// seeds.
func TestSearchFoldChoice(t *testing.T) {
	play := func() []game.Event {
		var events []game.Event
		var views [4]game.View
		for i := range 3 {
			g, err := game.New(game.Config{Seed: uint64(i), Dealer: game.Seat(i % 4)})
			if err != nil {
				t.Fatal(err)
			}
			var players [4]game.Strategy
			decisions := 0
			for s := range players {
				x := NewSearch(Options{Samples: 60})
				x.foldChoice = 2
				players[s] = checked{x, t, &decisions}
				players[s].Begin(uint64(i*4 + s))
			}
			if err := game.Play(g, &players, &views); err != nil {
				t.Fatal(err)
			}
			if decisions < 20 {
				t.Errorf("hand %d: %d decisions searched", i, decisions)
			}
			events = append(events, g.Events()...)
		}
		return events
	}
	a, b := play(), play()
	if !slices.Equal(a, b) {
		t.Error("the same seeds played different hands")
	}
}

// TestSearchFoldChoiceFolds: with the fold choice, a candidate's attacking
// playouts are exactly the search's without it (the same sampled
// positions, the same policy), and its folding ones differ from them in
// some positions late in hands (the fold is played).
func TestSearchFoldChoiceFolds(t *testing.T) {
	const worlds = 8 // played by every candidate before any is pruned
	differ, checked := 0, 0
	for seed := range uint64(30) {
		for _, moves := range []int{10, 50, 70} {
			g, v := midHand(t, seed, moves)
			if v == nil || g.Phase() != game.PhaseTurn {
				continue
			}
			var s [2]*Search
			for i := range s {
				s[i] = NewSearch(Options{Samples: 600})
				s[i].foldChoice = 2 * i
				s[i].Begin(seed)
				s[i].Choose(v, g.Actions())
			}
			nc := len(s[0].cands)
			if nc < 2 || s[1].Stats().Worlds < worlds || s[0].Stats().Worlds < worlds || len(s[1].cands) != 2*nc {
				continue
			}
			checked++
			diff := false
			for w := range worlds {
				for c := range nc {
					attack, fold := s[1].vals[w*2*nc+c], s[1].vals[w*2*nc+nc+c]
					if plain := s[0].vals[w*nc+c]; attack != plain {
						t.Fatalf("hand %d move %d world %d: candidate %d attacking scores %d, without the fold choice %d", seed, moves, w, c, attack, plain)
					}
					diff = diff || fold != attack
				}
			}
			if diff {
				differ++
			}
		}
	}
	if checked < 30 || differ < 10 {
		t.Errorf("%d decisions checked, %d where folding changed a playout", checked, differ)
	}
	t.Logf("%d decisions checked, %d where folding changed a playout", checked, differ)
}

// TestStopWhenDecided checks that ending a decision once pruning has left
// a single action changes no choice, and that it does end some decisions
// early.
func TestStopWhenDecided(t *testing.T) {
	defer func(v bool) { stopWhenDecided = v }(stopWhenDecided)
	n, early := 0, 0
	for seed := range uint64(8) {
		eachDecision(t, seed, 2, 6, func(moves int, g *game.Game, v *game.View) bool {
			acts := g.Actions()
			var choice [2]int
			var played [2]int
			for i, stop := range []bool{false, true} {
				stopWhenDecided = stop
				s := NewSearch(Options{Samples: 600})
				s.Begin(seed)
				choice[i] = s.Choose(v, acts)
				played[i] = s.Stats().Playouts
			}
			if choice[0] != choice[1] {
				t.Fatalf("hand %d move %d: %s searched to the end, %s stopping when decided", seed, moves, acts[choice[0]], acts[choice[1]])
			}
			if played[1] > played[0] {
				t.Fatalf("hand %d move %d: %d playouts stopping when decided, %d without", seed, moves, played[1], played[0])
			}
			n++
			if played[1] < played[0] {
				early++
			}
			return true
		})
	}
	t.Logf("%d decisions, %d ended early", n, early)
	if early == 0 || early == n {
		t.Errorf("%d of %d decisions ended early: want some, not all", early, n)
	}
}
