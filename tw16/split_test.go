package tw16

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// TestSplitAgreesWithShanten walks random hands of every mix one tile at a
// time (adding and removing random kinds, some of them refused) and checks
// after every step the Split's shanten against Forms.Shanten of its counts
// and its effective kinds against adding each kind (and, for 3k+2 tiles,
// the same after each discard), with and without
// 嚦咕嚦咕, and that Add and Remove refuse exactly what they must.
func TestSplitAgreesWithShanten(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 4))
	steps := 0
	for _, ligu := range []bool{false, true} {
		f := Forms{Ligu: ligu}
		for _, m := range mixes {
			for range 120 {
				n := 3*rng.IntN(6) + 1 + rng.IntN(2)
				c := m.randomHand(rng, n)
				s, err := f.Split(c)
				if err != nil {
					t.Fatalf("%v: %v", c, err)
				}
				for range 40 {
					k := mjsolve.Kind(rng.IntN(mjsolve.NumKinds))
					want := s.Counts()
					var ok, wantOK bool
					if rng.IntN(2) == 0 {
						wantOK = want[k] < 4 && s.Len() < 17
						ok = s.Add(k)
						if wantOK {
							want[k]++
						}
					} else {
						wantOK = want[k] > 0
						ok = s.Remove(k)
						if wantOK {
							want[k]--
						}
					}
					if ok != wantOK || s.Counts() != want || s.Len() != want.Total() {
						t.Fatalf("%s of %v: ok %v (want %v), counts %v (want %v), %d tiles",
							k, c, ok, wantOK, s.Counts(), want, s.Len())
					}
					sh, ok := s.Shanten()
					if want.Total()%3 == 0 {
						if ok {
							t.Fatalf("%v: shanten %d of a part of %d tiles", want, sh, want.Total())
						}
						continue
					}
					ref, err := f.Shanten(want)
					if err != nil {
						t.Fatal(err)
					}
					if !ok || sh != ref {
						t.Fatalf("%v (ligu %v): split shanten %d %v, Shanten %d", want, ligu, sh, ok, ref)
					}
					const some = AllKinds / 7 // every third kind
					if got, brute := s.Effective(AllKinds), effectiveBrute(t, f, want, ref); got != brute || s.Effective(some) != brute&some {
						t.Fatalf("%v (ligu %v): effective %v, adding each kind %v", want, ligu, got, brute)
					}
					if want.Total()%3 == 2 {
						checkAfter(t, f, &s)
					}
					steps++
				}
			}
		}
	}
	if steps < 10000 {
		t.Fatalf("only %d hands checked", steps)
	}
}

// effectiveBrute returns the kinds whose addition to c, of shanten sh,
// lowers its shanten by Forms.Shanten: every kind tried, none for a part of
// 3k+2 tiles.
func effectiveBrute(t *testing.T, f Forms, c mjsolve.Counts, sh int) KindSet {
	var eff KindSet
	if c.Total()%3 != 1 {
		return 0
	}
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if c[k] == 4 {
			continue
		}
		c[k]++
		s, err := f.Shanten(c)
		if err != nil {
			t.Fatal(err)
		}
		if s < sh {
			eff.Add(k)
		}
		c[k]--
	}
	return eff
}

// checkAfter checks ShantenAfter and EffectiveAfter of every kind against
// the shanten of the counts less that kind and the effective kinds of
// those counts, both found by Forms.Shanten.
func checkAfter(t *testing.T, f Forms, s *Split) {
	t.Helper()
	c := s.Counts()
	for d := range mjsolve.Kind(mjsolve.NumKinds) {
		sh, ok := s.ShantenAfter(d)
		eff := s.EffectiveAfter(d, AllKinds)
		if c[d] == 0 {
			if ok || eff != 0 {
				t.Fatalf("%v: after %s not held: %d %v, %v", c, d, sh, ok, eff)
			}
			continue
		}
		c[d]--
		ref, err := f.Shanten(c)
		if err != nil {
			t.Fatal(err)
		}
		const odd = AllKinds / 3 // every other kind
		if brute := effectiveBrute(t, f, c, ref); !ok || sh != ref || eff != brute || s.EffectiveAfter(d, odd) != brute&odd {
			t.Fatalf("%v less %s (ligu %v): shanten %d %v, effective %v; by Shanten %d, %v", s.Counts(), d, f.Ligu, sh, ok, eff, ref, brute)
		}
		c[d]++
	}
}

// TestSplitRefusesBadParts checks that Split fails as Shanten does.
func TestSplitRefusesBadParts(t *testing.T) {
	for _, h := range []string{"123m", "123456789m123p456s111z", "11111m"} {
		c, err := mjsolve.ParseCounts(h)
		if err != nil {
			// A fifth copy is refused by the parser too: build it by hand.
			c = mjsolve.Counts{0: 5}
		}
		if _, err := (Forms{}).Split(c); err == nil {
			t.Errorf("%s: no error", h)
		}
	}
}
