package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// policyDiscardOracle is the playout policy's discard as it was first
// written, one full shanten lookup per discard and per draw after it: the
// oracle policyDiscard must agree with.
func policyDiscardOracle(f *tw16.Forms, c *mjsolve.Counts) mjsolve.Kind {
	var shs [mjsolve.NumKinds]int
	minSh := 100
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if c[k] == 0 {
			continue
		}
		c[k]--
		shs[k] = shantenOf(f, c)
		c[k]++
		minSh = min(minSh, shs[k])
	}
	best, bestE, bestU := mjsolve.Kind(0), -1, 0
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if c[k] == 0 || shs[k] != minSh {
			continue
		}
		c[k]--
		e := 0
		for j := range mjsolve.Kind(mjsolve.NumKinds) {
			if j == k || c[j] >= 4 || !near(c, j) {
				continue
			}
			c[j]++
			if shantenOf(f, c) < minSh {
				e += 5 - int(c[j])
			}
			c[j]--
		}
		c[k]++
		u := connection(c, k)
		if e > bestE || e == bestE && u < bestU {
			best, bestE, bestU = k, e, u
		}
	}
	return best
}

// TestPolicyDiscardMatchesOracle: the policy's discard is the oracle's on
// random parts of every size 3k+2 (uniform, and drawn from few kinds so
// that pairs, sets and four copies are common) and on every discard of
// hands played out by the policy; the memo of the discards (discardMemo)
// answers as policyDiscardSh.
func TestPolicyDiscardMatchesOracle(t *testing.T) {
	f := tw16.Forms{}
	rng := rand.New(rand.NewPCG(20, 1))
	checked := 0
	memo := new(discardMemo)
	check := func(c mjsolve.Counts) {
		t.Helper()
		want := policyDiscardOracle(&f, &c)
		if got := policyDiscard(&f, &c); got != want {
			t.Fatalf("%v: discards %s, the oracle %s", c, got, want)
		}
		// The memo answers as policyDiscardSh, met for the first time or
		// again, hands of one slot replacing each other.
		k, sh := policyDiscardSh(&f, &c)
		for range 2 {
			if mk, msh := memo.discard(&f, &c); mk != k || msh != sh {
				t.Fatalf("%v: the memo discards %s (%d shanten), policyDiscardSh %s (%d)", c, mk, msh, k, sh)
			}
		}
		checked++
	}
	for i := range 20000 {
		n := 3*rng.IntN(6) + 2
		kinds := mjsolve.NumKinds
		if i%2 == 1 {
			kinds = 5 + rng.IntN(10) // at least 20 tiles to draw from
		}
		base := rng.IntN(mjsolve.NumKinds - kinds + 1)
		var c mjsolve.Counts
		for c.Total() < n {
			if k := base + rng.IntN(kinds); c[k] < 4 {
				c[k]++
			}
		}
		check(c)
	}
	for seed := range uint64(60) {
		g, err := game.New(game.Config{Seed: seed, Dealer: game.Seat(seed % 4)})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			if g.Phase() == game.PhaseTurn {
				check(g.Concealed(g.ToAct()))
			}
			if err := g.Apply(g.Actions()[policy(&f, nil, nil, g)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 22000 {
		t.Fatalf("only %d parts checked", checked)
	}
}

// TestSafestAgreesWithTheView: the folding discard, which reads the cards
// seen and each opponent's discards off the game, is the one the defence's
// risk (read off the seat's View) rates least likely to deal in, at every
// discard of hands played by the advice engine where the seat would fold.
func TestSafestAgreesWithTheView(t *testing.T) {
	f := tw16.Forms{}
	fo := foldAt{at: [4]int8{1, 1, 1, 1}}
	checked := 0
	for seed := range uint64(80) {
		eachDecision(t, seed, 20, 2, func(moves int, g *game.Game, v *game.View) bool {
			if g.Phase() != game.PhaseTurn {
				return true
			}
			s := g.ToAct()
			c := g.Concealed(s)
			_, sh := policyDiscardSh(&f, &c)
			fold, ready := fo.folds(g, s, sh)
			if !fold {
				return true
			}
			want, low, lowU := mjsolve.Kind(0), 1e9, 0
			for k := range mjsolve.Kind(mjsolve.NumKinds) {
				if v.Concealed[k] == 0 {
					continue
				}
				d := 0.0
				for o := range game.Seat(4) {
					if ready[o] > 0 {
						d += ready[o] * risk(v, o, k)
					}
				}
				if u := connection(&c, k); d < low || d == low && u < lowU {
					want, low, lowU = k, d, u
				}
			}
			if got := safest(g, s, &c, &ready); got != want {
				t.Fatalf("hand %d move %d: folds with %s, the view's safest is %s", seed, moves, got, want)
			}
			checked++
			return true
		})
	}
	if checked < 200 {
		t.Fatalf("only %d folds checked", checked)
	}
}

// TestFoldingDealsInLess: seats of the playout policy that fold from two
// shanten deal in less often than seats that never fold, over the same
// deals, and claim nothing while they fold.
func TestFoldingDealsInLess(t *testing.T) {
	f := tw16.Forms{}
	dealIns := func(fo *foldAt) int {
		n := 0
		for seed := range uint64(300) {
			g, err := game.New(game.Config{Seed: seed, Dealer: game.Seat(seed % 4)})
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				i := policy(&f, fo, nil, g)
				a := g.Actions()[i]
				if g.Phase() == game.PhaseClaim && a.Type != game.Hu {
					c := g.Concealed(g.ToAct())
					if fold, _ := fo.folds(g, g.ToAct(), shantenOf(&f, &c)); fold && a.Type != game.Pass {
						t.Fatalf("hand %d: a folding seat claims %s", seed, a)
					}
				}
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			if r := g.Result(); !r.Exhausted && !r.SelfDrawn {
				n++
			}
		}
		return n
	}
	attack, fold := dealIns(nil), dealIns(&foldAt{at: [4]int8{2, 2, 2, 2}})
	t.Logf("deal-ins in 300 hands: %d never folding, %d folding from two shanten", attack, fold)
	if fold >= attack {
		t.Fatalf("folding seats dealt in %d times, attacking ones %d", fold, attack)
	}
}

// TestHeldSet: heldSet is the set of the kinds with a count above zero,
// on random counts of every kind, 0 to 4 each.
func TestHeldSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 10000 {
		var c mjsolve.Counts
		var want tw16.KindSet
		for k := range c {
			if rng.IntN(2) == 0 {
				c[k] = uint8(1 + rng.IntN(4))
				want |= 1 << k
			}
		}
		if got := heldSet(&c); got != want {
			t.Fatalf("%v: held %v, want %v", c, got, want)
		}
	}
}

// TestTwinPlayoutsAgree checks what the search relies on to skip a
// folding candidate's playout: when a playout with the seat attacking says
// its twin, folding from 2 shanten, plays the same game, the twin played
// scores the same; and the twin does differ in some playouts (else the
// watch would say nothing).
func TestTwinPlayoutsAgree(t *testing.T) {
	same, differ, moved := 0, 0, 0
	for seed := range uint64(10) {
		eachDecision(t, seed, 0, 6, func(moves int, g *game.Game, v *game.View) bool {
			acts := g.Actions()
			e := NewEvaluator(nil, game.Config{}.Rules)
			if err := e.prepare(v, acts); err != nil {
				t.Fatalf("hand %d move %d: %v", seed, moves, err)
			}
			for w := range uint64(6) {
				if err := e.sample(seed, w); err != nil {
					t.Fatalf("hand %d move %d world %d: %v", seed, moves, w, err)
				}
				for i := range acts {
					p, s, err := e.playTwin(&acts[i], 2)
					if err != nil {
						t.Fatal(err)
					}
					q, err := e.playFolding(&acts[i], 2)
					if err != nil {
						t.Fatal(err)
					}
					switch {
					case s && p != q:
						t.Fatalf("hand %d move %d world %d %s: the twin said the same game, attacking %d points, folding %d", seed, moves, w, acts[i], p, q)
					case s:
						same++
					default:
						differ++
						if p != q {
							moved++
						}
					}
				}
			}
			return true
		})
	}
	t.Logf("%d playouts the same as their twin, %d not (%d of these scored otherwise)", same, differ, moved)
	if same == 0 || moved == 0 {
		t.Errorf("same %d, differ %d, scored otherwise %d: want some of each", same, differ, moved)
	}
}

// TestPackCounts: packCounts keeps every count (they unpack as they were,
// three bits a kind) and leaves the bits of the memo's answer clear, on
// random counts of 0 to 4 and on the extremes.
func TestPackCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	var all4 mjsolve.Counts
	for k := range all4 {
		all4[k] = 4
	}
	cases := []mjsolve.Counts{{}, all4, {0: 1}, {33: 4}}
	for range 5000 {
		var c mjsolve.Counts
		for k := range c {
			c[k] = uint8(rng.IntN(5))
		}
		cases = append(cases, c)
	}
	for _, c := range cases {
		lo, hi := packCounts(&c)
		if hi&^memoKeyMask != 0 {
			t.Fatalf("%v: packs into bits %#x of hi", c, hi&^memoKeyMask)
		}
		var got mjsolve.Counts
		for k := range got {
			b := 3 * k
			v := lo >> b // the bits of kind k, split between lo and hi
			if b >= 64 {
				v = hi >> (b - 64)
			} else if b > 61 {
				v |= hi << (64 - b)
			}
			got[k] = uint8(v & 7)
		}
		if got != c {
			t.Fatalf("%v packs to %#x %#x, which unpacks to %v", c, lo, hi, got)
		}
	}
}

// TestPolicyPlaysAsAdvice measures how often the playout policy discards
// what the advice strategy discards, at every discard of 80 hands of four
// advice players, by whether advice sees an opponent that looks ready:
// the playouts simulate advice's seats (and the search's own, which
// mostly plays advice's choice). Unthreatened, the two differ in the
// copies they count as unseen (the policy: those its hand does not hold;
// advice: those it has not seen anywhere) and in how they break ties (the
// policy: the least connected tile, a lone terminal before a lone honor;
// advice: a lone honor first, tw16.Tier); threatened, advice defends and
// the policy attacks. docs/play.md gives the figures and what a policy
// closer to advice measured.
func TestPolicyPlaysAsAdvice(t *testing.T) {
	f := tw16.Forms{}
	adv := NewAdvice(Options{})
	var n, same [2]int // calm, threatened
	for seed := range uint64(80) {
		eachDecision(t, seed, 0, 1, func(_ int, g *game.Game, v *game.View) bool {
			acts := g.Actions()
			if g.Phase() != game.PhaseTurn || acts[0].Type == game.Hu || len(acts) < 2 {
				return true
			}
			a := acts[adv.Choose(v, acts)]
			if a.Type != game.Discard {
				return true // a kong
			}
			c := g.Concealed(g.ToAct())
			i := 0
			if adv.threatened(v) {
				i = 1
			}
			n[i]++
			if policyDiscard(&f, &c) == a.Cards[0].Kind() {
				same[i]++
			}
			return true
		})
	}
	t.Logf("the policy discards as advice in %d of %d discards unthreatened (%.1f%%), %d of %d threatened (%.1f%%)",
		same[0], n[0], 100*float64(same[0])/float64(n[0]), same[1], n[1], 100*float64(same[1])/float64(n[1]))
	if n[0] < 1000 || n[1] < 300 {
		t.Fatalf("only %d and %d discards", n[0], n[1])
	}
	if float64(same[0]) < 0.65*float64(n[0]) {
		t.Errorf("unthreatened, the policy discards as advice in only %d of %d", same[0], n[0])
	}
}
