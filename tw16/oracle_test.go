package tw16

import (
	"flag"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve"
)

// long turns on the long checks: a million random hands per size against
// the oracle.
var long = flag.Bool("long", false, "run the long checks (a million random hands per size against the oracle)")

// The oracle: a dynamic programme over kinds that shares nothing with the
// tables. It walks the kinds in order, carrying how many sequences were
// started one kind back (a) and two kinds back (b), how many sets are used
// (m) and whether the pair is placed (p); at each kind it chooses how many
// sequences start there, whether a triplet and whether the pair lie there,
// and charges the copies the completed form needs beyond those held.
const oracleInf = 1 << 20

type oracleState [5][5][maxMelds + 1][2]int // [a][b][m][p] → fewest tiles added

func newOracleState() *oracleState {
	var s oracleState
	s.fill()
	s[0][0][0][0] = 0
	return &s
}

func (s *oracleState) fill() {
	for a := range s {
		for b := range s[a] {
			for m := range s[a][b] {
				s[a][b][m] = [2]int{oracleInf, oracleInf}
			}
		}
	}
}

// step moves the state over one kind held h times; seqStart says whether a
// sequence may start at this kind (a numbered suit's 1 to 7).
func (s *oracleState) step(h int, seqStart bool, out *oracleState) {
	s.stepUpTo(h, seqStart, maxMelds, out)
}

// stepUpTo is step with at most k sets.
func (s *oracleState) stepUpTo(h int, seqStart bool, k int, out *oracleState) {
	out.fill()
	for a := 0; a < 5; a++ {
		for b := 0; a+b < 5; b++ {
			for m := 0; m <= k; m++ {
				for p := 0; p < 2; p++ {
					cost := s[a][b][m][p]
					if cost >= oracleInf {
						continue
					}
					for seq := 0; a+b+seq <= 4 && m+seq <= k; seq++ {
						if seq > 0 && !seqStart {
							break
						}
						for trip := 0; trip < 2 && m+seq+trip <= k; trip++ {
							for pair := 0; pair < 2-p; pair++ {
								need := a + b + seq + 3*trip + 2*pair
								if need > 4 {
									continue
								}
								c := cost + max(need-h, 0)
								o := &out[seq][a][m+seq+trip][p+pair]
								*o = min(*o, c)
							}
						}
					}
				}
			}
		}
	}
}

// oracleReplacement returns the fewest tiles to add to or exchange in c to
// make k sets and a pair.
func oracleReplacement(c *mjsolve.Counts, k int) int {
	cur, next := newOracleState(), new(oracleState)
	for kind := 0; kind < mjsolve.NumKinds; kind++ {
		num := kind%9 + 1
		cur.stepUpTo(int(c[kind]), kind < 27 && num <= 7, k, next)
		cur, next = next, cur
	}
	return cur[0][0][k][1]
}

// handMix is a way to draw random hands.
type handMix struct {
	name   string
	weight [mjsolve.NumKinds]float64 // relative weight of each kind
}

// mixes are the random hand distributions the oracle tests use: uniform
// kinds, one suit, honors-heavy, two suits, and few kinds (many copies).
var mixes = func() []handMix {
	var out []handMix
	add := func(name string, w func(k mjsolve.Kind) float64) {
		m := handMix{name: name}
		for k := range m.weight {
			m.weight[k] = w(mjsolve.Kind(k))
		}
		out = append(out, m)
	}
	add("uniform", func(mjsolve.Kind) float64 { return 1 })
	add("one suit", func(k mjsolve.Kind) float64 {
		if k.Suit() == mjsolve.Pin {
			return 1
		}
		return 0.02
	})
	add("honors", func(k mjsolve.Kind) float64 {
		if k.IsHonor() {
			return 1
		}
		return 0.1
	})
	add("two suits", func(k mjsolve.Kind) float64 {
		if k.Suit() == mjsolve.Man || k.Suit() == mjsolve.Sou {
			return 1
		}
		return 0.05
	})
	add("few kinds", func(k mjsolve.Kind) float64 {
		if k%4 == 1 {
			return 1
		}
		return 0
	})
	return out
}()

// randomHand draws n tiles from the mix, at most 4 of a kind.
func (m *handMix) randomHand(rng *rand.Rand, n int) mjsolve.Counts {
	var c mjsolve.Counts
	total := 0.0
	for _, w := range m.weight {
		total += w
	}
	for drawn := 0; drawn < n; {
		x := rng.Float64() * total
		k := 0
		for ; k < mjsolve.NumKinds-1 && x >= m.weight[k]; k++ {
			x -= m.weight[k]
		}
		if m.weight[k] == 0 || c[k] == 4 {
			continue
		}
		c[k]++
		drawn++
	}
	return c
}

// validSizes are the sizes of a concealed part: 3k+1 and 3k+2, k ≤ 5.
var validSizes = []int{1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17}
