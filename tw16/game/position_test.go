package game

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestLoadContinuesIdentically saves positions of real hands at every kind
// of decision, loads each into another Game and plays the same actions on
// both: the loaded game offers the same actions, produces the same events
// and ends with the same result.
func TestLoadContinuesIdentically(t *testing.T) {
	g, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	var p Position
	var e greedy
	r := rand.New(rand.NewPCG(3, 4))
	phases := map[Phase]int{}
	stages := map[Stage]int{}
	for i := range 1000 {
		cfg := Config{Seed: uint64(i), Dealer: Seat(i % 4), Round: Wind(i / 4 % 4), Flowers: i%3 == 0}
		if err := g.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		e.Begin(uint64(i))
		// The actions of the whole hand, by the greedy strategy (with
		// random claims) or at random.
		acts := playViewed(t, g, func(v *View, offered []Action) int {
			k := r.IntN(len(offered))
			if i%2 == 1 {
				k = e.Choose(v, offered)
			}
			for j, a := range offered {
				if a.Type == AddedKong {
					k = j // kongs to rob
				}
			}
			return k
		})
		want := *g.Result()
		// Replay the hand, loading a copy at a few points.
		if err := g.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		for j, a := range acts {
			if r.IntN(6) == 0 || g.Phase() != PhaseTurn {
				g.Save(&p)
				if err := l.Load(cfg, &p); err != nil {
					t.Fatalf("hand %d, move %d: %v", i, j, err)
				}
				phases[g.Phase()]++
				if g.Phase() == PhaseClaim {
					stages[g.Claim()]++
				}
				compareGames(t, g, l)
				from := len(g.Events())
				for _, b := range acts[j:] {
					if err := l.Apply(b); err != nil {
						t.Fatalf("hand %d, move %d: the loaded game refuses %s: %v", i, j, b, err)
					}
				}
				if got := l.Result(); !reflect.DeepEqual(*got, want) {
					t.Fatalf("hand %d loaded at move %d: result %+v, want %+v", i, j, *got, want)
				}
				// The events after the load are those of the original.
				if err := replayTo(g, cfg, acts); err != nil {
					t.Fatal(err)
				}
				if got, want := l.Events(), g.Events()[from:]; !reflect.DeepEqual(got, want) {
					t.Fatalf("hand %d loaded at move %d: events differ:\n%v\n%v", i, j, got, want)
				}
				if err := replayTo(g, cfg, acts[:j]); err != nil {
					t.Fatal(err)
				}
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("positions loaded by phase %v, claims by stage %v", phases, stages)
	for _, ph := range []Phase{PhaseTurn, PhaseClaim, PhaseRob} {
		if phases[ph] == 0 {
			t.Errorf("no position of the %s phase was loaded", ph)
		}
	}
	for _, st := range []Stage{StageHu, StagePong, StageChow} {
		if stages[st] == 0 {
			t.Errorf("no claim at the %s stage was loaded", st)
		}
	}
}

// playViewed plays g, just dealt, to its end, each action the one choose
// picks from the view of the seat to act (kept up to date from the
// events), and returns the actions played.
func playViewed(t *testing.T, g *Game, choose func(v *View, offered []Action) int) []Action {
	t.Helper()
	var views [4]View
	for s := range Seat(4) {
		if err := views[s].Start(s, g.Dealer(), g.Round(), g.Flowers(), g.Dealt(s)); err != nil {
			t.Fatal(err)
		}
	}
	var acts []Action
	for seen := 0; !g.Over(); {
		for ; seen < len(g.Events()); seen++ {
			for s := range views {
				views[s].Apply(&g.Events()[seen])
			}
		}
		offered := g.Actions()
		a := offered[choose(&views[g.ToAct()], offered)]
		acts = append(acts, a)
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return acts
}

// replayTo deals cfg into g and plays acts.
func replayTo(g *Game, cfg Config, acts []Action) error {
	if err := g.Reset(cfg); err != nil {
		return err
	}
	for _, a := range acts {
		if err := g.Apply(a); err != nil {
			return err
		}
	}
	return nil
}

// compareGames checks that l, loaded from a position of g, shows the same
// state.
func compareGames(t *testing.T, g, l *Game) {
	t.Helper()
	if g.Phase() != l.Phase() || g.ToAct() != l.ToAct() || g.WallLeft() != l.WallLeft() {
		t.Fatalf("loaded: phase %s seat %d wall %d, want %s %d %d", l.Phase(), l.ToAct(), l.WallLeft(), g.Phase(), g.ToAct(), g.WallLeft())
	}
	if !reflect.DeepEqual(g.Actions(), l.Actions()) {
		t.Fatalf("loaded: actions %v, want %v", l.Actions(), g.Actions())
	}
	for s := range Seat(4) {
		if !reflect.DeepEqual(g.Hand(s), l.Hand(s)) || !reflect.DeepEqual(g.Melds(s), l.Melds(s)) ||
			!reflect.DeepEqual(g.FlowersOf(s), l.FlowersOf(s)) || g.hands[s].n%3 == 1 && g.hands[s].wins != l.hands[s].wins {
			t.Fatalf("loaded: seat %d differs: %v %v %v wins %v; want %v %v %v wins %v", s, l.Hand(s), l.Melds(s), l.FlowersOf(s), l.hands[s].wins, g.Hand(s), g.Melds(s), g.FlowersOf(s), g.hands[s].wins)
		}
	}
	if !reflect.DeepEqual(g.Discards(), l.Discards()) {
		t.Fatalf("loaded: river differs")
	}
	if l.Dealt(0) != nil || len(l.Wall()) != len(g.Wall()) {
		t.Fatalf("loaded: Dealt %v, %d wall cards", l.Dealt(0), len(l.Wall()))
	}
	checkInvariants(t, l)
}

func TestLoadRefusesBadPositions(t *testing.T) {
	g, err := New(Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	// A position in the claim phase, some moves in.
	for g.Phase() != PhaseClaim || g.Claim() != StagePong {
		acts := g.Actions()
		a := acts[len(acts)-1]
		if g.Phase() == PhaseTurn {
			a = acts[len(acts)/2]
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if g.Over() {
			t.Fatal("no pong offered")
		}
	}
	var good Position
	g.Save(&good)
	l, _ := New(Config{})
	if err := l.Load(Config{}, &good); err != nil {
		t.Fatalf("the saved position: %v", err)
	}
	o := good.ToAct
	other := (o + 2) & 3
	if good.River[good.NRiver-1].Seat == other {
		other = (o + 1) & 3
	}
	for _, c := range []struct {
		name, want string
		change     func(p *Position)
	}{
		{"a card twice", "placed twice", func(p *Position) { p.Wall[0] = p.Hands[o][0] }},
		{"a card missing", "nowhere", func(p *Position) { p.NWall-- }},
		{"a hand too small", "nowhere", func(p *Position) { p.NHand[o]-- }},
		{"a moved card", "holds 17 cards", func(p *Position) {
			p.Hands[other][p.NHand[other]] = p.Wall[p.NWall-1]
			p.NHand[other]++
			p.NWall--
		}},
		{"no such card", "not a card", func(p *Position) { p.Wall[0] = 140 }},
		{"a wrong claimer", "cannot claim", func(p *Position) { p.ToAct = (p.ToAct + 2) & 3; p.Stage = StageChow }},
		{"the over phase", "phase over", func(p *Position) { p.Phase = PhaseOver }},
		{"a short wall", "cards in the wall", func(p *Position) {
			n := p.NWall - DeadWall + 1
			copy(p.River[p.NRiver:], make([]Discarded, n))
			for i, c := range p.Wall[:n] {
				p.River[p.NRiver+i] = Discarded{Seat: o, Card: c}
			}
			p.NRiver += n
			copy(p.Wall[:], p.Wall[n:p.NWall])
			p.NWall -= n
		}},
	} {
		p := good
		c.change(&p)
		err := l.Load(Config{}, &p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// TestLoadAllocatesNothing saves and loads positions into the same games.
func TestLoadAllocatesNothing(t *testing.T) {
	g, _ := New(Config{Seed: 9})
	l, _ := New(Config{})
	var p Position
	for range 20 {
		g.Apply(g.Actions()[0])
	}
	allocs := testing.AllocsPerRun(100, func() {
		g.Save(&p)
		if err := l.Load(Config{}, &p); err != nil {
			t.Fatal(err)
		}
		l.Apply(l.Actions()[0])
	})
	if allocs != 0 {
		t.Errorf("Save, Load and a move: %.1f allocations, want 0", allocs)
	}
}

// TestCopyFromContinuesIdentically plays real hands, copies the game at
// random points of each and plays the rest of the hand on the copy: it
// ends with the same events and result, the original plays on as if not
// copied, and the copy of an ended hand keeps its result when the
// original is dealt anew.
func TestCopyFromContinuesIdentically(t *testing.T) {
	g, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	var c, ended Game // c: the copies of the hand, ended: of the hand ended
	var e greedy
	r := rand.New(rand.NewPCG(5, 6))
	copies, wins := 0, 0
	for i := range 300 {
		cfg := Config{Seed: uint64(i), Dealer: Seat(i % 4), Round: Wind(i / 4 % 4), Flowers: i%3 == 0, PointsOnly: i%2 == 0}
		if err := g.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		e.Begin(uint64(i))
		acts := playViewed(t, g, e.Choose)
		// The result as text: its slices are in g's memory.
		want, wantEvents := fmt.Sprintf("%+v", *g.Result()), append([]Event(nil), g.Events()...)
		if err := g.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		copied := false
		for j, a := range acts {
			if r.IntN(8) == 0 {
				c.CopyFrom(g)
				copies++
				copied = true
				for _, b := range acts[j:] {
					if err := c.Apply(b); err != nil {
						t.Fatalf("hand %d, move %d: the copy refuses %s: %v", i, j, b, err)
					}
				}
				if got := fmt.Sprintf("%+v", *c.Result()); got != want || !reflect.DeepEqual(c.Events(), wantEvents) {
					t.Fatalf("hand %d copied at move %d: result %s, want %s (or the events differ)", i, j, got, want)
				}
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if got := fmt.Sprintf("%+v", *g.Result()); got != want || !reflect.DeepEqual(g.Events(), wantEvents) {
			t.Fatalf("hand %d: copying changed the original: result %s, want %s", i, got, want)
		}
		ended.CopyFrom(g)
		if !g.Result().Exhausted {
			wins++
		}
		if err := g.Reset(Config{Seed: uint64(i) + 1000, PointsOnly: cfg.PointsOnly}); err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			if err := g.Apply(g.Actions()[0]); err != nil {
				t.Fatal(err)
			}
		}
		if got := fmt.Sprintf("%+v", *ended.Result()); got != want {
			t.Fatalf("hand %d: the copy's result %s changed to %s with the original's next hand", i, want, got)
		}
		if copied && !reflect.DeepEqual(c.Events(), wantEvents) {
			t.Fatalf("hand %d: the original's next hand changed the events of a copy", i)
		}
	}
	if copies < 1000 || wins < 50 {
		t.Errorf("only %d copies, %d hands won", copies, wins)
	}
	// The copies allocate nothing.
	allocs := testing.AllocsPerRun(100, func() {
		c.CopyFrom(g)
	})
	if allocs != 0 {
		t.Errorf("CopyFrom: %.1f allocations, want 0", allocs)
	}
}
