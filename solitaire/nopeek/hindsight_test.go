package nopeek

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// TestHindsightWorldsExact: in worlds dealt from positions of turtle games
// in progress, the candidates the hindsight search counts as keeping the
// world winnable (from the position's solution, its pairings with the
// candidate's group changed, or a solve) are exactly those after which
// the solver, asked directly, finds the world winnable.
func TestHindsightWorldsExact(t *testing.T) {
	geo := geometry(t, "turtle")
	p := quickPlayer(t, geo, "hindsight")
	h := p.hind
	sv := solver.New(geo)
	src := rand.NewPCG(3, 4)
	var checked, won, lost, rootLost int
	for g := uint64(1); g <= 6; g++ {
		groups := deal(t, geo, g)
		moves, _ := p.Trace(groups, gameSource(g), nil)
		var v state
		v.reset(p.gi, groups)
		for i, m := range moves {
			if i%5 == 2 && h.candidates(&v) > 1 {
				for range 3 {
					h.batch(&v, src, h.samples-1) // one world
					for k := range h.n {
						h.alive[k] = true
					}
					var r worldResult
					h.ws[0].decide(h, &v, h.faces[0], &r, true)
					root := r.winnable
					for k, c := range h.cand[:h.n] {
						b := solitaire.Board{Geo: geo, Groups: h.faces[0], Present: v.present}
						b.Play(solitaire.Move{A: min(c.A, c.B), B: max(c.A, c.B)})
						want := sv.Solve(context.Background(), &b, solver.Options{}).Verdict == solver.Winnable
						if got := r.won[k]; got != want {
							t.Fatalf("game %d move %d: candidate %v counted %v, the solver says winnable %v (position winnable %v)", g, i, c, got, want, root)
						}
						if want && !root {
							t.Fatalf("game %d move %d: candidate %v wins a lost world", g, i, c)
						}
						checked++
						switch {
						case want:
							won++
						case root:
							lost++
						default:
							rootLost++
						}
					}
				}
			}
			v.play(m.A, m.B, groups)
		}
	}
	t.Logf("%d candidates in worlds: %d keep it winnable, %d lose a winnable world, %d in lost worlds", checked, won, lost, rootLost)
	if won < 100 || lost < 20 || rootLost < 20 {
		t.Errorf("too few cases of each kind: %d won, %d lost, %d in lost worlds", won, lost, rootLost)
	}
}

// TestNeverWinsImpossible plays boards the exact solver proves impossible
// with every strategy: none is won (a game that clears the board would
// prove it winnable), and every board won is winnable.
func TestNeverWinsImpossible(t *testing.T) {
	for _, c := range []struct {
		layout string
		games  uint64
	}{{"stairs20", 60}, {"cross12", 60}, {"turtle", 300}} {
		geo := geometry(t, c.layout)
		sv := solver.New(geo)
		var impossible [][]solitaire.Group
		var winnable [][]solitaire.Group
		for g := uint64(1); g <= c.games; g++ {
			groups := deal(t, geo, g)
			b, err := solitaire.NewBoard(geo, groups)
			if err != nil {
				t.Fatal(err)
			}
			switch sv.Solve(context.Background(), b, solver.Options{}).Verdict {
			case solver.Impossible:
				impossible = append(impossible, groups)
			case solver.Winnable:
				if len(winnable) < 3 {
					winnable = append(winnable, groups)
				}
			}
		}
		if len(impossible) < 3 {
			t.Fatalf("%s: only %d impossible deals among %d", c.layout, len(impossible), c.games)
		}
		impossible = impossible[:min(len(impossible), 6)]
		for _, s := range Strategies() {
			p := quickPlayer(t, geo, s)
			for i, groups := range impossible {
				if r := p.Play(groups, gameSource(uint64(i))); r.Won || r.Left == 0 {
					t.Errorf("%s %s: won an impossible board: %+v", c.layout, s, r)
				}
			}
		}
	}
}

// TestAdvise: along traced games of every strategy, the view Advise
// makes of the position reached is the game's (but for the order of the
// free tiles), and Advise gives the strategy's move in it from the same
// source state; two positions differing only in faces the player cannot see get
// the same advice; and the hindsight strategy's figures are consistent.
func TestAdvise(t *testing.T) {
	geo := geometry(t, "turtle")
	r := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	for _, s := range Strategies() {
		p := quickPlayer(t, geo, s)
		reasons := map[Reason]int{}
		for g := uint64(1); g <= 2; g++ {
			groups := deal(t, geo, g)
			moves, _ := p.Trace(groups, gameSource(g), nil)
			b, _ := solitaire.NewBoard(geo, groups)
			var v state
			v.reset(p.gi, groups)
			for i, m := range moves {
				if i%4 == 1 {
					seed := r.Uint64()
					adv, err := p.Advise(ctx, b, rand.NewPCG(seed, 1))
					if err != nil {
						t.Fatal(err)
					}
					var w state
					w.resetAt(p.gi, b.Groups, b.Present)
					if !sameView(&w, &v) {
						t.Fatalf("%s game %d move %d: resetAt's view differs from the game's", s, g, i)
					}
					a, c := choice(p, &w, rand.NewPCG(seed, 1))
					if adv.Move != (solitaire.Move{A: min(a, c), B: max(a, c)}) {
						t.Fatalf("%s game %d move %d: Advise %v, the strategy %d-%d", s, g, i, adv.Move, a, c)
					}
					if err := b.CheckMove(adv.Move); err != nil {
						t.Fatalf("%s game %d move %d: %v", s, g, i, err)
					}
					other := *b
					other.Groups = shuffleHidden(b.Groups, hiddenOf(&v), r)
					adv2, err := p.Advise(ctx, &other, rand.NewPCG(seed, 1))
					if err != nil || adv2 != adv {
						t.Fatalf("%s game %d move %d: %+v, with other hidden faces %+v (%v)", s, g, i, adv, adv2, err)
					}
					if ViewHash(&other) != ViewHash(b) {
						t.Fatalf("game %d move %d: ViewHash sees hidden faces", g, i)
					}
					reasons[adv.Reason]++
					if adv.Matches != v.matches {
						t.Errorf("%s: %d matches, the view has %d", s, adv.Matches, v.matches)
					}
					switch {
					case s != "hindsight":
						if adv.Samples != 0 {
							t.Errorf("%s: figures %+v", s, adv)
						}
					case adv.Samples < 1 || adv.Samples > 12 || adv.Winnable > adv.Samples || adv.Kept > adv.Winnable:
						t.Errorf("%s: figures %+v", s, adv)
					case adv.Reason != Chosen && adv.Kept != adv.Winnable:
						t.Errorf("%s: a %v move keeps %d of %d", s, adv.Reason, adv.Kept, adv.Winnable)
					}
				}
				b.Play(m)
				v.play(m.A, m.B, groups)
			}
			adv, err := p.Advise(ctx, b, rand.NewPCG(1, 1))
			if err != nil || adv.Reason != NoMove || adv.Matches != 0 || adv.Move != (solitaire.Move{}) {
				t.Errorf("%s: at the end of the game %+v, %v", s, adv, err)
			}
		}
		if s != "random" && (reasons[Chosen] == 0 || reasons[Cleaning] == 0) || reasons[Forced]+reasons[Chosen] == 0 {
			t.Errorf("%s: reasons %v", s, reasons)
		}
	}
}

func TestAdviseErrors(t *testing.T) {
	geo := geometry(t, "turtle")
	p := quickPlayer(t, geo, "hindsight")
	b, _ := solitaire.NewBoard(geo, deal(t, geo, 1))
	small := geometry(t, "tiny8")
	sb, _ := solitaire.NewBoard(small, deal(t, small, 1))
	if _, err := p.Advise(context.Background(), sb, rand.NewPCG(1, 1)); err == nil {
		t.Error("no error for a board of another layout")
	}
	bad := *b
	bad.Groups = append([]solitaire.Group(nil), b.Groups...)
	bad.Groups[0] = bad.Groups[1] + 1
	if bad.Groups[0] == b.Groups[0] {
		bad.Groups[0]++
	}
	if _, err := p.Advise(context.Background(), &bad, rand.NewPCG(1, 1)); err == nil {
		t.Error("no error for a bad deal")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Advise(ctx, b, rand.NewPCG(1, 1)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// The player still plays after a cancelled advice.
	if r1, r2 := p.Play(b.Groups, gameSource(1)), quickPlayer(t, geo, "hindsight").Play(b.Groups, gameSource(1)); r1 != r2 {
		t.Errorf("after a cancelled advice %+v, a new player %+v", r1, r2)
	}
}

// TestViewHash: positions a player can tell apart hash apart.
func TestViewHash(t *testing.T) {
	geo := geometry(t, "turtle")
	b, _ := solitaire.NewBoard(geo, deal(t, geo, 2))
	h0 := ViewHash(b)
	m := b.Matches(nil)[0]
	b.Play(m)
	if ViewHash(b) == h0 {
		t.Error("a move does not change the hash")
	}
	b.Undo(m)
	c := *b
	c.Groups = append([]solitaire.Group(nil), b.Groups...)
	free := b.Free().AppendTo(nil)
	i, j := free[0], free[1]
	for k := 1; c.Groups[i] == c.Groups[j]; k++ {
		j = free[k]
	}
	c.Groups[i], c.Groups[j] = c.Groups[j], c.Groups[i]
	if ViewHash(&c) == h0 {
		t.Error("swapping two visible faces does not change the hash")
	}
}

// sameView reports whether two views are the same position seen alike,
// whatever the order of their lists of free tiles.
func sameView(v, w *state) bool {
	a, b := *v, *w
	for g := range solitaire.NumGroups {
		for k := range a.fl[g] {
			if k >= int(a.cnt[g]) {
				a.fl[g][k], b.fl[g][k] = 0, 0
			}
		}
		slices.Sort(a.fl[g][:a.cnt[g]])
		slices.Sort(b.fl[g][:b.cnt[g]])
	}
	return a == b
}

// TestHindsightWorkers: the hindsight strategy deciding its deals on
// several goroutines plays the same games, and gives the same advice with
// the same figures, as on one.
func TestHindsightWorkers(t *testing.T) {
	geo := geometry(t, "turtle")
	ctx := context.Background()
	one, err := NewPlayerOptions(geo, "hindsight", Options{Samples: 48})
	if err != nil {
		t.Fatal(err)
	}
	many, err := NewPlayerOptions(geo, "hindsight", Options{Samples: 48, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(many.hind.ws) != 3 || many.Version() != one.Version() {
		t.Fatalf("%d world solvers, version %s; want 3 and %s", len(many.hind.ws), many.Version(), one.Version())
	}
	reasons := map[Reason]int{}
	for g := uint64(1); g <= 3; g++ {
		groups := deal(t, geo, g)
		m1, r1 := one.Trace(groups, gameSource(g), nil)
		m2, r2 := many.Trace(groups, gameSource(g), nil)
		if solitaire.FormatMoves(m1) != solitaire.FormatMoves(m2) || r1 != r2 {
			t.Fatalf("game %d: %+v with one worker, %+v with three", g, r1, r2)
		}
		b, _ := solitaire.NewBoard(geo, groups)
		for i, m := range m1 {
			if i%3 == 0 {
				a1, err1 := one.Advise(ctx, b, rand.NewPCG(g, uint64(i)))
				a2, err2 := many.Advise(ctx, b, rand.NewPCG(g, uint64(i)))
				if err1 != nil || err2 != nil || a1 != a2 {
					t.Fatalf("game %d move %d: advice %+v (%v) with one worker, %+v (%v) with three", g, i, a1, err1, a2, err2)
				}
				reasons[a1.Reason]++
			}
			b.Play(solitaire.Move{A: min(m.A, m.B), B: max(m.A, m.B)})
		}
	}
	if reasons[Chosen] < 10 || reasons[Forced]+reasons[Cleaning] < 3 {
		t.Errorf("advice compared: %v; want at least 10 chosen and 3 cleaning or forced", reasons)
	}
}

// TestNearTie: among the live candidates the leader beats by at most
// cfg.tieSE standard deviations of the worlds the two split, the one that
// uncovers the most tiles is played.
func TestNearTie(t *testing.T) {
	geo := geometry(t, "turtle")
	p := player(t, geo, "hindsight")
	h := p.hind
	if h.cfg.tieSE != 1 {
		t.Fatalf("config %+v; the cases below are for tieSE 1", h.cfg)
	}
	// A position with two candidates that uncover different numbers of
	// tiles: lo uncovers fewer than hi.
	var v state
	lo, hi := -1, -1
	for g := uint64(1); g <= 20 && lo < 0; g++ {
		groups := deal(t, geo, g)
		v.reset(p.gi, groups)
		for h.candidates(&v) > 1 && lo < 0 {
			for i, a := range h.cand[:h.n] {
				for j, b := range h.cand[:h.n] {
					if lo < 0 && uncovers(&v, a.A, a.B) < uncovers(&v, b.A, b.B) {
						lo, hi = i, j
					}
				}
			}
			if lo < 0 {
				v.play(h.cand[0].A, h.cand[0].B, groups)
			}
		}
	}
	if lo < 0 {
		t.Fatal("no position with candidates that uncover different numbers of tiles")
	}
	// set gives candidate k the worlds [0, 100) but those in lost.
	set := func(k int, lost []int) {
		h.hist[k] = [sampleWords]uint64{}
		h.wins[k] = 0
		for i := range 100 {
			if !slices.Contains(lost, i) {
				h.hist[k][i>>6] |= 1 << (i & 63)
				h.wins[k]++
			}
		}
	}
	for _, c := range []struct {
		loLost, hiLost []int
		hiAlive        bool
		tieSE          float64
		want           int
	}{
		{nil, nil, true, 1, hi},                         // the same worlds
		{[]int{10}, []int{0}, true, 1, hi},              // the same count, split 1:1
		{nil, []int{0}, true, 1, hi},                    // 1 behind of 1 split: 1 <= 1*sqrt(1)
		{nil, []int{0, 1}, true, 1, lo},                 // 2 behind of 2 split: 2 > sqrt(2)
		{[]int{10, 11}, []int{0, 1, 2, 3}, true, 1, hi}, // 2 behind of 6 split: 2 <= 2.45
		{[]int{10}, []int{0, 1, 2, 3}, true, 1, lo},     // 3 behind of 5 split: 3 > 2.24
		{[]int{10}, []int{0, 1, 2, 3}, true, 2, hi},     // 3 <= 2*2.24
		{nil, []int{0}, true, 0, lo},                    // only equal counts tie at 0
		{[]int{10}, []int{0}, true, 0, hi},
		{nil, nil, false, 1, lo}, // hi dropped
	} {
		for k := range h.n {
			h.alive[k] = false
		}
		set(lo, c.loLost)
		set(hi, c.hiLost)
		h.alive[lo], h.alive[hi] = true, c.hiAlive
		h.cfg.tieSE = c.tieSE
		if got := h.nearTie(&v, lo); got != c.want {
			t.Errorf("leader lost %v, other lost %v (alive %v), tieSE %v: played %d, want %d (lo %d, hi %d)", c.loLost, c.hiLost, c.hiAlive, c.tieSE, got, c.want, lo, hi)
		}
	}
}
