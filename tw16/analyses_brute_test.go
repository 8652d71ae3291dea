package tw16

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// This file checks the exported analyses (Shanten, Waits, Effective with and
// without claim weights, Advise) against a brute force that shares nothing
// with the tables nor with the dynamic programme of oracle_test.go: it
// searches the complete forms (k sets and a pair, at most four copies of a
// kind) for the one that keeps most of the hand's tiles, and decomposes
// complete hands by trying a pair, a triplet or a sequence on the lowest kind.

// bruteKeep returns the most tiles of h that a form of k sets and a pair
// (at most four copies of a kind) can contain. It takes the lowest tile of
// h not yet placed and either leaves it out or places it in the pair, a
// triplet or one of the three sequences through it; the sets left over
// keep nothing (sets of kinds not in h).
func bruteKeep(h *[mjsolve.NumKinds]int, k int) int {
	var w, rem [mjsolve.NumKinds]int
	rem = *h
	best := 0
	var rec func(i, left int, pair bool, kept int)
	rec = func(i, left int, pair bool, kept int) {
		for i < mjsolve.NumKinds && rem[i] == 0 {
			i++
		}
		best = max(best, kept)
		if i == mjsolve.NumKinds || (left == 0 && pair) {
			return
		}
		free := 0
		for j := i; j < mjsolve.NumKinds; j++ {
			free += rem[j]
		}
		room := 3 * left
		if !pair {
			room += 2
		}
		if kept+min(free, room) <= best {
			return
		}
		// place a block: its kinds, and the gain (copies of h it covers)
		place := func(kinds []int, pairBlock bool) {
			for _, x := range kinds {
				if x < 0 || x >= mjsolve.NumKinds {
					return
				}
			}
			for _, x := range kinds {
				w[x]++
			}
			ok := true
			for _, x := range kinds {
				if w[x] > 4 {
					ok = false
				}
			}
			if ok {
				var took [3]int
				g := 0
				for j, x := range kinds {
					if rem[x] > 0 {
						rem[x]--
						took[j] = 1
						g++
					}
				}
				if pairBlock {
					rec(i, left, true, kept+g)
				} else {
					rec(i, left-1, pair, kept+g)
				}
				for j, x := range kinds {
					rem[x] += took[j]
				}
			}
			for _, x := range kinds {
				w[x]--
			}
		}
		if !pair {
			place([]int{i, i}, true)
		}
		if left > 0 {
			place([]int{i, i, i}, false)
			if i < 27 {
				n := i % 9
				if n <= 6 {
					place([]int{i, i + 1, i + 2}, false)
				}
				if n >= 1 && n <= 7 {
					place([]int{i - 1, i, i + 1}, false)
				}
				if n >= 2 {
					place([]int{i - 2, i - 1, i}, false)
				}
			}
		}
		// leave this copy out
		rem[i]--
		rec(i, left, pair, kept)
		rem[i]++
	}
	rec(0, k, false, 0)
	return best
}

func bruteSize(h *[mjsolve.NumKinds]int) int {
	n := 0
	for _, c := range h {
		n += c
	}
	return n
}

// bruteShanten is one less than the fewest tiles to exchange.
func bruteShanten(h *[mjsolve.NumKinds]int) int {
	if s, ok := bruteMemo[*h]; ok {
		return s
	}
	s := bruteShantenOf(h)
	bruteMemo[*h] = s
	return s
}

// bruteMemo keeps the shanten of the hands already searched.
var bruteMemo = map[[mjsolve.NumKinds]int]int{}

func bruteShantenOf(h *[mjsolve.NumKinds]int) int {
	n := bruteSize(h)
	k := (n - 1) / 3
	return 3*k + 2 - bruteKeep(h, k) - 1
}

// bruteDecomps lists every decomposition of a complete h into sets and a
// pair, each block as its kinds; a block of kind pair is [x x -1].
func bruteDecomps(h *[mjsolve.NumKinds]int) [][][3]int {
	var out [][][3]int
	var cur [][3]int
	var rec func(pair bool)
	rec = func(pair bool) {
		i := 0
		for i < mjsolve.NumKinds && h[i] == 0 {
			i++
		}
		if i == mjsolve.NumKinds {
			if pair {
				out = append(out, slices.Clone(cur))
			}
			return
		}
		if !pair && h[i] >= 2 {
			h[i] -= 2
			cur = append(cur, [3]int{i, i, -1})
			rec(true)
			cur = cur[:len(cur)-1]
			h[i] += 2
		}
		if h[i] >= 3 {
			h[i] -= 3
			cur = append(cur, [3]int{i, i, i})
			rec(pair)
			cur = cur[:len(cur)-1]
			h[i] += 3
		}
		if i < 27 && i%9 <= 6 && h[i+1] > 0 && h[i+2] > 0 {
			h[i]--
			h[i+1]--
			h[i+2]--
			cur = append(cur, [3]int{i, i + 1, i + 2})
			rec(pair)
			cur = cur[:len(cur)-1]
			h[i]++
			h[i+1]++
			h[i+2]++
		}
	}
	rec(false)
	return out
}

// bruteShapes returns the wait shapes of winning tile t over every
// decomposition of h+t (h of 3k+1 tiles), as a WaitShape.
func bruteShapes(h *[mjsolve.NumKinds]int, t int) WaitShape {
	h[t]++
	defer func() { h[t]-- }()
	var s WaitShape
	for _, d := range bruteDecomps(h) {
		for _, b := range d {
			switch {
			case b[2] == -1 && b[0] == t:
				s |= SingleTile
			case b[0] == b[1] && b[1] == b[2] && b[0] == t:
				s |= DualPong
			case b[0] != b[1] && b[1] == t:
				s |= Closed
			case b[0] != b[1] && b[0] == t:
				if b[2]%9 == 8 {
					s |= Edge
				} else {
					s |= TwoSided
				}
			case b[0] != b[1] && b[2] == t:
				if b[0]%9 == 0 {
					s |= Edge
				} else {
					s |= TwoSided
				}
			}
		}
	}
	return s
}

// bruteEffective returns, for h of 3k+1 tiles and extra copies held in melds,
// the effective kinds and their claim weights (thesis weights).
func bruteEffective(h *[mjsolve.NumKinds]int, melds *[mjsolve.NumKinds]int) (sh int, kinds []int, weight map[int]int) {
	sh = bruteShanten(h)
	weight = map[int]int{}
	for t := 0; t < mjsolve.NumKinds; t++ {
		if h[t]+melds[t] >= 4 {
			continue
		}
		h[t]++
		s := bruteShanten(h)
		h[t]--
		if s >= sh {
			continue
		}
		kinds = append(kinds, t)
		w := 1
		switch {
		case sh == 0:
			w = 1
		case bruteSize(h) < 4:
			w = 1
		default:
			helps := func(a, b int) bool {
				if a < 0 || b < 0 || h[a] == 0 || h[b] == 0 || (a == b && h[a] < 2) {
					return false
				}
				h[a]--
				h[b]--
				s := bruteShanten(h)
				h[a]++
				h[b]++
				return s < sh
			}
			if helps(t, t) {
				w = 4
			} else if t < 27 {
				n := t % 9
				if (n >= 2 && helps(t-2, t-1)) || (n >= 1 && n <= 7 && helps(t-1, t+1)) || (n <= 6 && helps(t+1, t+2)) {
					w = 2
				}
			}
		}
		weight[t] = w
	}
	return sh, kinds, weight
}

func toInts(c mjsolve.Counts) [mjsolve.NumKinds]int {
	var h [mjsolve.NumKinds]int
	for i, x := range c {
		h[i] = int(x)
	}
	return h
}

// variedHands are hands of varied shapes, 3k+1 sizes (waits, effective) and
// 3k+2 sizes (advice), with the shanten worked out by hand.
var variedHands = []struct {
	hand    string
	shanten int
}{
	// all-pung hands
	{"111m222p333s444z555z6z", 0},   // 16: five pungs, single wait 6z
	{"111m222p333s444z55z66z", 0},   // 16: dual-pong 5z/6z
	{"111m222p333s444z55z66z7z", 0}, // 17: discard 7z, tenpai
	{"111m222p333s44z55z66z77z", 1}, // 17: three pungs and four pairs
	// seven-pair-like hands (not a form here: only sets and a pair)
	{"1133m2244p5566s77z", 3},
	{"11m22m33m44p55p66p77z89s", 0},
	// four of a kind held
	{"1111222233334444z", 4},
	{"1111m2222p33334444s", 2},
	{"11112222333444z12m", 2},
	{"1111m234m567p789s11z5z", 1},
	{"1111m", 1},
	{"11112m", 0},
	{"1111m2222m", 0},
	// honors-heavy
	{"1234567z1234567z12z", 2},
	{"111222333z44z77z56z1m", 2},
	{"11223344556677z", 3},
	// 3k+1 / 3k+2 below 16
	{"1m", 0},
	{"12m", 0},
	{"13m", 0},
	{"19m", 0},
	{"1234m", 0},
	{"1235m", 0},
	{"147m258p369s1z", 6},
	{"2345678m", 0},
	{"23456788m", -1},
	{"1112345678999m", 0},
	{"1112345678999p5p", -1},
	{"123456789p111s23m55z", 0},
	{"123456789p111s1357m", 1},
	{"123456789p111s1357m7z", 1},
	{"123m456p789s123s11z55z", 0},
	{"13579m13579p1357s", 4},
	{"19m19p19s1234567z1m", 7},
}

func TestShantenByHand(t *testing.T) {
	for _, c := range variedHands {
		h := mjsolve.MustParseCounts(c.hand)
		got, err := Shanten(h)
		if err != nil {
			t.Errorf("%s: %v", c.hand, err)
			continue
		}
		hi := toInts(h)
		if b := bruteShanten(&hi); b != got {
			t.Errorf("%s: Shanten %d, brute force %d", c.hand, got, b)
		}
		if got != c.shanten {
			t.Errorf("%s: Shanten %d, by hand %d", c.hand, got, c.shanten)
		}
	}
}

// fewKindsHand draws a hand of n tiles from few kinds (so that shapes
// with pairs, triplets and fours come often).
func fewKindsHand(rng *rand.Rand, n int) mjsolve.Counts {
	var c mjsolve.Counts
	var pool []int
	switch rng.IntN(4) {
	case 0: // uniform
		for k := 0; k < mjsolve.NumKinds; k++ {
			pool = append(pool, k)
		}
	case 1: // one suit and honors
		s := rng.IntN(3) * 9
		for k := s; k < s+9; k++ {
			pool = append(pool, k)
		}
		for k := 27; k < 34; k++ {
			pool = append(pool, k)
		}
	case 2: // few kinds
		for len(pool) < 6 {
			k := rng.IntN(mjsolve.NumKinds)
			if !slices.Contains(pool, k) {
				pool = append(pool, k)
			}
		}
	default: // two suits
		for k := 0; k < 18; k++ {
			pool = append(pool, k)
		}
	}
	for i := 0; i < n; {
		k := pool[rng.IntN(len(pool))]
		if c[k] < 4 {
			c[k]++
			i++
		}
		if len(pool)*4 < n {
			break
		}
	}
	return c
}

func TestAnalysesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 17))
	perSize := 2
	if *long {
		perSize = 40
	}
	var hands []mjsolve.Counts
	for _, c := range variedHands {
		// Far hands with many kinds take the brute force seconds.
		if c.shanten < 3 || *long {
			hands = append(hands, mjsolve.MustParseCounts(c.hand))
		}
	}
	for _, n := range []int{1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17} {
		for i := 0; i < perSize; i++ {
			h := fewKindsHand(rng, n)
			if h.Total() == n {
				hands = append(hands, h)
			}
		}
	}
	var none [mjsolve.NumKinds]int
	claims := ThesisWeights()
	for _, h := range hands {
		hi := toInts(h)
		name := h.String()
		if bruteSize(&hi)%3 == 1 {
			checkWaits(t, name, h, &hi)
			sh, kinds, weight := bruteEffective(&hi, &none)
			for _, cw := range []*ClaimWeights{nil, &claims} {
				e, err := Effective(h, nil, cw)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if e.Shanten != sh {
					t.Errorf("%s: Effective shanten %d, brute %d", name, e.Shanten, sh)
				}
				if got := kindList(e.Kinds); !slices.Equal(got, kinds) {
					t.Errorf("%s: effective %v, brute %v", name, got, kinds)
					continue
				}
				wsum, csum := 0, 0
				for _, k := range kinds {
					rem := 4 - hi[k]
					w := 1
					if cw != nil {
						w = weight[k]
					}
					if int(e.Remaining[k]) != rem || int(e.Weight[k]) != w {
						t.Errorf("%s claims %v: kind %v remaining %d weight %d, brute %d %d", name, cw != nil, mjsolve.Kind(k), e.Remaining[k], e.Weight[k], rem, w)
					}
					wsum += rem * w
					csum += rem
				}
				if e.Count != csum || e.Weighted != wsum {
					t.Errorf("%s: count %d weighted %d, brute %d %d", name, e.Count, e.Weighted, csum, wsum)
				}
			}
		} else {
			checkAdvice(t, name, h, &hi)
		}
	}
}

func kindList(s KindSet) []int {
	var out []int
	for _, k := range s.Kinds() {
		out = append(out, int(k))
	}
	return out
}

func checkWaits(t *testing.T, name string, h mjsolve.Counts, hi *[mjsolve.NumKinds]int) {
	t.Helper()
	w, err := Waits(h, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sh := bruteShanten(hi)
	if w.Shanten != sh {
		t.Errorf("%s: Waits shanten %d, brute %d", name, w.Shanten, sh)
	}
	var want []string
	live := 0
	for k := 0; k < mjsolve.NumKinds; k++ {
		if hi[k] >= 4 {
			continue
		}
		hi[k]++
		win := bruteShanten(hi) == -1
		hi[k]--
		if !win {
			continue
		}
		live++
		want = append(want, fmt.Sprintf("%v:%d:%v", mjsolve.Kind(k), 4-hi[k], bruteShapes(hi, k)))
	}
	var got []string
	for _, x := range w.Waits() {
		got = append(got, fmt.Sprintf("%v:%d:%v", x.Kind, x.Remaining, x.Shapes))
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: waits %v, brute %v", name, got, want)
	}
	if w.Single != (live == 1) {
		t.Errorf("%s: single %v, brute %v", name, w.Single, live == 1)
	}
}

func checkAdvice(t *testing.T, name string, h mjsolve.Counts, hi *[mjsolve.NumKinds]int) {
	t.Helper()
	claims := ThesisWeights()
	var none [mjsolve.NumKinds]int
	for _, cw := range []*ClaimWeights{nil, &claims} {
		a, err := Advise(h, nil, cw)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s := bruteShanten(hi); a.Shanten != s {
			t.Errorf("%s: advice shanten %d, brute %d", name, a.Shanten, s)
		}
		type disc struct {
			kind, sh, weighted, tier int
			eff                      []int
		}
		var want []disc
		for d := 0; d < mjsolve.NumKinds; d++ {
			if hi[d] == 0 {
				continue
			}
			hi[d]--
			sh, kinds, weight := bruteEffective(hi, &none)
			wsum := 0
			for _, k := range kinds {
				w := 1
				if cw != nil {
					w = weight[k]
				}
				// the discarded tile is seen: 4 less the copies held before it
				rem := 4 - hi[k]
				if k == d {
					rem--
				}
				wsum += rem * w
			}
			tier := 2
			if hi[d] == 0 {
				lone := true
				if d < 27 {
					for dn := -2; dn <= 2; dn++ {
						n := d%9 + dn
						if dn != 0 && n >= 0 && n <= 8 && hi[d+dn] > 0 {
							lone = false
						}
					}
				}
				if lone && d >= 27 {
					tier = 0
				} else if lone {
					tier = 1
				}
			}
			hi[d]++
			want = append(want, disc{d, sh, wsum, tier, kinds})
		}
		slices.SortStableFunc(want, func(x, y disc) int {
			if x.sh != y.sh {
				return x.sh - y.sh
			}
			if x.weighted != y.weighted {
				return y.weighted - x.weighted
			}
			if x.tier != y.tier {
				return x.tier - y.tier
			}
			return x.kind - y.kind
		})
		got := a.Discards()
		if len(got) != len(want) {
			t.Errorf("%s: %d discards, brute %d", name, len(got), len(want))
			continue
		}
		for i := range got {
			g, w := got[i], want[i]
			if int(g.Kind) != w.kind || g.Effective.Shanten != w.sh || g.Effective.Weighted != w.weighted || int(g.Tier) != w.tier || !slices.Equal(kindList(g.Effective.Kinds), w.eff) {
				t.Errorf("%s claims %v: discard %d is %v sh %d weighted %d tier %d eff %v; brute %v sh %d weighted %d tier %d eff %v",
					name, cw != nil, i, g.Kind, g.Effective.Shanten, g.Effective.Weighted, g.Tier, kindList(g.Effective.Kinds),
					mjsolve.Kind(w.kind), w.sh, w.weighted, w.tier, w.eff)
				break
			}
		}
		// BestDiscard agrees with the first of Advise.
		_, bd, err := BestDiscard(h, nil, cw)
		if err != nil {
			t.Errorf("%s: BestDiscard: %v", name, err)
		} else if len(got) > 0 && bd.Kind != got[0].Kind {
			t.Errorf("%s: BestDiscard %v, Advise first %v", name, bd.Kind, got[0].Kind)
		}
	}
}

// TestVisibleBrute gives random tiles seen elsewhere: the remaining
// counts are 4 less the tiles seen (the hand included, and for advice the
// hand before its discard), 獨聽 counts only the winning kinds with a copy
// left, and the ranking of discards weighs the tiles left.
func TestVisibleBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 19))
	var none [mjsolve.NumKinds]int
	claims := ThesisWeights()
	for _, n := range []int{1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17} {
		for i := 0; i < 3; i++ {
			h := fewKindsHand(rng, n)
			if h.Total() != n {
				continue
			}
			seen := h
			for j := rng.IntN(40); j > 0; j-- {
				if k := rng.IntN(mjsolve.NumKinds); seen[k] < 4 {
					seen[k]++
				}
			}
			hi := toInts(h)
			name := h.String() + " seen " + seen.String()
			if n%3 == 1 {
				w, err := Waits(h, &seen)
				if err != nil {
					t.Fatal(err)
				}
				live := 0
				for _, x := range w.Waits() {
					if x.Remaining != 4-int(seen[x.Kind]) {
						t.Errorf("%s: wait %v remaining %d, want %d", name, x.Kind, x.Remaining, 4-int(seen[x.Kind]))
					}
					if x.Remaining > 0 {
						live++
					}
				}
				if w.Single != (live == 1) {
					t.Errorf("%s: single %v with %d live winning kinds", name, w.Single, live)
				}
				_, kinds, weight := bruteEffective(&hi, &none)
				e, err := Effective(h, &seen, &claims)
				if err != nil {
					t.Fatal(err)
				}
				if got := kindList(e.Kinds); !slices.Equal(got, kinds) {
					t.Errorf("%s: effective %v, brute %v", name, got, kinds)
				}
				for _, k := range kinds {
					if int(e.Remaining[k]) != 4-int(seen[k]) || int(e.Weight[k]) != weight[k] {
						t.Errorf("%s: %v remaining %d weight %d, want %d %d", name, mjsolve.Kind(k), e.Remaining[k], e.Weight[k], 4-int(seen[k]), weight[k])
					}
				}
				continue
			}
			a, err := Advise(h, &seen, &claims)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range a.Discards() {
				hi[d.Kind]--
				sh, kinds, weight := bruteEffective(&hi, &none)
				hi[d.Kind]++
				wsum := 0
				for _, k := range kinds {
					wsum += (4 - int(seen[k])) * weight[k]
				}
				if d.Effective.Shanten != sh || d.Effective.Weighted != wsum || !slices.Equal(kindList(d.Effective.Kinds), kinds) {
					t.Errorf("%s: discard %v sh %d weighted %d eff %v; brute %d %d %v", name, d.Kind, d.Effective.Shanten, d.Effective.Weighted, kindList(d.Effective.Kinds), sh, wsum, kinds)
				}
			}
			list := a.Discards()
			for j := 1; j < len(list); j++ {
				x, y := list[j-1], list[j]
				if x.Effective.Shanten > y.Effective.Shanten || x.Effective.Shanten == y.Effective.Shanten && x.Effective.Weighted < y.Effective.Weighted {
					t.Errorf("%s: %v ranked before %v", name, x.Kind, y.Kind)
				}
			}
		}
	}
}
