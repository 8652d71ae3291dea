package tw16

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// oracleDraws returns, for each kind, the oracle's replacement number of c
// plus that kind (-1 for a kind held 4 times).
func oracleDraws(c mjsolve.Counts, k int) (r0 int, draws [mjsolve.NumKinds]int) {
	r0 = oracleReplacement(&c, k)
	for t := range draws {
		if c[t] == 4 {
			draws[t] = -1
			continue
		}
		c[t]++
		draws[t] = oracleReplacement(&c, k)
		c[t]--
	}
	return r0, draws
}

func checkEffective(t *testing.T, c mjsolve.Counts, e *EffectiveInfo) {
	t.Helper()
	checkEffectiveSeen(t, c, c, e)
}

// checkEffectiveSeen is checkEffective with the tiles seen (the concealed
// part of an advice before its discard, which stays seen).
func checkEffectiveSeen(t *testing.T, c, seen mjsolve.Counts, e *EffectiveInfo) {
	t.Helper()
	k := c.Total() / 3
	r0, draws := oracleDraws(c, k)
	var want KindSet
	count := 0
	for kind, r := range draws {
		if r >= 0 && r < r0 {
			want.Add(mjsolve.Kind(kind))
			count += 4 - int(seen[kind])
		}
	}
	if e.Shanten != r0-1 || e.Kinds != want || e.Count != count || e.Weighted != count {
		t.Fatalf("hand %s: shanten %d kinds %s count %d weighted %d; oracle %d %s %d",
			c, e.Shanten, e.Kinds, e.Count, e.Weighted, r0-1, want, count)
	}
}

// TestEffectiveOracle checks the effective tiles of random 3k+1 hands of
// every size against the oracle.
func TestEffectiveOracle(t *testing.T) {
	t.Parallel()
	perSize := 150
	if *long {
		perSize = 10000
	}
	for _, n := range validSizes {
		if n%3 != 1 {
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		for i := 0; i < perSize; i++ {
			c := mixes[i%len(mixes)].randomHand(rng, n)
			e, err := Effective(c, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkEffective(t, c, &e)
			// The waits agree: tenpai exactly when the shanten is 0, and
			// then the winning kinds are the effective ones.
			w, err := Waits(c, nil)
			if err != nil || w.Shanten != e.Shanten || (e.Shanten == 0) != (w.Kinds != 0) || (e.Shanten == 0 && w.Kinds != e.Kinds) {
				t.Fatalf("hand %s: waits %s shanten %d (%v); effective %s shanten %d", c, w.Kinds, w.Shanten, err, e.Kinds, e.Shanten)
			}
		}
	}
}

// TestAdviseOracle checks every discard of random 3k+2 hands against
// Effective and the oracle, and the ranking.
func TestAdviseOracle(t *testing.T) {
	t.Parallel()
	perSize := 25
	if *long {
		perSize = 1000
	}
	for _, n := range validSizes {
		if n%3 != 2 {
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(n), 6))
		for i := 0; i < perSize; i++ {
			c := mixes[i%len(mixes)].randomHand(rng, n)
			a, err := Advise(c, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if want := oracleReplacement(&c, n/3) - 1; a.Shanten != want {
				t.Fatalf("hand %s: shanten %d, oracle %d", c, a.Shanten, want)
			}
			list := a.Discards()
			distinct := 0
			for _, v := range c {
				if v > 0 {
					distinct++
				}
			}
			if len(list) != distinct {
				t.Fatalf("hand %s: %d discards, want %d", c, len(list), distinct)
			}
			best := 99
			for j := range list {
				d := &list[j]
				h := c
				h[d.Kind]--
				checkEffectiveSeen(t, h, c, &d.Effective)
				best = min(best, d.Effective.Shanten)
				if j > 0 && better(d, &list[j-1]) {
					t.Fatalf("hand %s: discard %s ranked after %s", c, d.Kind, list[j-1].Kind)
				}
			}
			if best != a.Shanten && a.Shanten >= 0 {
				t.Fatalf("hand %s: best discard leaves shanten %d, hand has %d", c, best, a.Shanten)
			}
		}
	}
}

// TestWaitsOracle checks the waits of random tenpai hands: the winning
// kinds against the oracle and the shapes against the roles of the winning
// kind in every decomposition that Decompose finds.
func TestWaitsOracle(t *testing.T) {
	t.Parallel()
	count := 1000
	if *long {
		count = 100000
	}
	for i, c := range tenpaiHands(count, 77) {
		w, err := Waits(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if w.Shanten != 0 {
			t.Fatalf("hand %s: shanten %d, want 0", c, w.Shanten)
		}
		var want KindSet
		live := 0
		for kind := mjsolve.Kind(0); kind < mjsolve.NumKinds; kind++ {
			if c[kind] == 4 {
				continue
			}
			h := c
			h[kind]++
			if oracleReplacement(&h, 5) != 0 {
				continue
			}
			want.Add(kind)
			live++
			var shapes WaitShape
			for _, d := range Decompose(h) {
				if d.Pair == kind {
					shapes |= SingleTile
				}
				for _, m := range d.Melds() {
					shapes |= roleIn(m, kind)
				}
			}
			if got := w.Shape(kind); got != shapes {
				t.Fatalf("hand %d %s wins on %s: shapes %s, decompositions give %s", i, c, kind, got, shapes)
			}
		}
		if w.Kinds != want || w.Single != (live == 1) {
			t.Fatalf("hand %s: waits %s single %v, oracle %s", c, w.Kinds, w.Single, want)
		}
	}
}

// roleIn is the role of the winning kind k in meld m, worked out from the
// meld's tiles.
func roleIn(m Meld, k mjsolve.Kind) WaitShape {
	if !m.Contains(k) {
		return 0
	}
	if m.Type != Chow {
		return DualPong
	}
	low, n := m.Kind, m.Kind.Number()
	switch {
	case k == low+1:
		return Closed
	case k == low && n == 7, k == low+2 && n == 1:
		return Edge
	}
	return TwoSided
}

func ExampleShanten() {
	for _, hand := range []string{"1111222233334444z", "1111m2222p33334444s", "123456789m123456p1z"} {
		s, err := Shanten(mjsolve.MustParseCounts(hand))
		fmt.Println(hand, s, err)
	}
	// Output:
	// 1111222233334444z 4 <nil>
	// 1111m2222p33334444s 2 <nil>
	// 123456789m123456p1z 0 <nil>
}

func ExampleWaits() {
	w, err := Waits(mjsolve.MustParseCounts("123456789p 111s 23m 55z"), nil)
	if err != nil {
		panic(err)
	}
	for _, x := range w.Waits() {
		fmt.Println(x.Kind, x.Remaining, x.Shapes, x.Shapes.Chinese())
	}
	fmt.Println("single wait:", w.Single)
	// Output:
	// 1m 4 two-sided 兩面
	// 4m 4 two-sided 兩面
	// single wait: false
}

func ExampleAdvise() {
	a, err := Advise(mjsolve.MustParseCounts("123456789p 111s 1357m 7z"), nil, nil)
	if err != nil {
		panic(err)
	}
	for _, d := range a.Discards()[:3] {
		e := d.Effective
		fmt.Printf("discard %s: shanten %d, %d tiles (%s), %s\n", d.Kind, e.Shanten, e.Count, e.Kinds, d.Tier)
	}
	// Output:
	// discard 7z: shanten 1, 24 tiles (1234567m), lone honor
	// discard 1m: shanten 1, 17 tiles (3467m7z), connected
	// discard 7m: shanten 1, 17 tiles (1245m7z), connected
}

func ExampleEffective() {
	claims := ThesisWeights()
	e, err := Effective(mjsolve.MustParseCounts("123456789p 111s 1357m"), nil, &claims)
	if err != nil {
		panic(err)
	}
	for _, k := range e.Kinds.Kinds() {
		fmt.Print(k, "×", e.Remaining[k], "·", e.Weight[k], " ")
	}
	fmt.Println("=", e.Weighted)
	// Output:
	// 1m×3·1 2m×4·2 3m×3·1 4m×4·2 5m×3·1 6m×4·2 7m×3·1 = 36
}
