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
// hands played out by the policy.
func TestPolicyDiscardMatchesOracle(t *testing.T) {
	f := tw16.Forms{}
	rng := rand.New(rand.NewPCG(20, 1))
	checked := 0
	check := func(c mjsolve.Counts) {
		t.Helper()
		want := policyDiscardOracle(&f, &c)
		if got := policyDiscard(&f, &c); got != want {
			t.Fatalf("%v: discards %s, the oracle %s", c, got, want)
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
			if err := g.Apply(g.Actions()[policy(&f, g)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 22000 {
		t.Fatalf("only %d parts checked", checked)
	}
}
