package tw16

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/mjsolve/mjsolve"
)

func TestMain(m *testing.M) {
	// Keep the tests' tables cache out of the user's cache directory.
	dir, err := os.MkdirTemp("", "tw16-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	SetDefaultTableOptions(TableOptions{CacheDir: dir})
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// tables returns the default tables, as the package-level functions use.
func tables() *partTables { return Forms{}.tables() }

// rowValue returns the value for m melds and p pairs of a packed entry.
func rowValue(x uint64, m, p int) int { return int(x>>(4*(2*m+p))) & 15 }

// TestTablesExhaustive checks every entry of both tables, for every count
// vector of a numbered suit and of the honors, against the oracle walked
// over the vectors as a trie (the state after the first kinds is shared by
// all vectors with those counts).
func TestTablesExhaustive(t *testing.T) {
	tb := tables()
	for _, part := range []struct {
		name  string
		n     int
		seq   bool
		table func(idx int) uint64
		rows  int
	}{
		{"honors", honorKinds, false, tb.honor, tb.nHonor},
		{"suit", suitKinds, true, tb.suit, tb.nSuit},
	} {
		t.Run(part.name, func(t *testing.T) {
			// Exactly the rows met: an unused row number would be a bug.
			used := make([]bool, part.rows)
			states := make([]oracleState, part.n+1)
			states[0] = *newOracleState()
			bad := 0
			var walk func(depth, idx int)
			walk = func(depth, idx int) {
				if depth == part.n {
					used[rowNumber(tb, part.seq, idx)] = true
					s := &states[depth]
					for m := 0; m <= maxMelds; m++ {
						for p := 0; p < 2; p++ {
							want := min(s[0][0][m][p], valueCap)
							if got := rowValue(part.table(idx), m, p); got != want && bad < 10 {
								bad++
								var h [suitKinds]int
								decode(idx, part.n, &h)
								t.Errorf("counts %v, %d melds, %d pair: table %d, oracle %d", h[:part.n], m, p, got, want)
							}
						}
					}
					return
				}
				for h := 0; h <= 4; h++ {
					states[depth].step(h, part.seq && depth < 7, &states[depth+1])
					walk(depth+1, idx+h*pow5[depth])
				}
			}
			walk(0, 0)
			for r, ok := range used {
				if !ok {
					t.Errorf("row %d of %d is the row of no vector", r, part.rows)
				}
			}
		})
	}
}

// rowNumber returns the row number of the vector with index idx of a suit
// (seq) or of the honors.
func rowNumber(tb *partTables, seq bool, idx int) int {
	if seq {
		return int(tb.suitRow[idx])
	}
	return int(tb.honorRow[idx])
}

// TestTablesRows checks the numbers of distinct rows that the tables' layout
// and the cache format rely on (buildTables panics past 256).
func TestTablesRows(t *testing.T) {
	tb := tables()
	if tb.nSuit != 187 || tb.nHonor != 83 {
		t.Errorf("%d suit rows and %d honor rows, want 187 and 83", tb.nSuit, tb.nHonor)
	}
	for idx := suitVectors; idx < suitIndexes; idx++ {
		if tb.suitRow[idx] != 0 {
			t.Fatalf("suit row number past the vectors at %d: %d", idx, tb.suitRow[idx])
		}
	}
}

// TestShantenKnown checks hands whose shanten is worked out by hand,
// including those where four copies of a kind defeat the block formula.
func TestShantenKnown(t *testing.T) {
	for _, c := range []struct {
		hand string
		want int
	}{
		{"1111222233334444z", 4},
		{"1111m2222p33334444s", 2},
		{"11112222333444z12m", 2},
		{"123456789m123p11z", -1},    // 14 tiles: 4 sets and a pair
		{"123456789m123p1z5s", 0},    // 14 tiles, one exchange from complete
		{"123456789m123456p1z", 0},   // 16 tiles: 5 sets, waits on the pair
		{"123456789m123456p11z", -1}, // 17 tiles, complete
		{"123456789m123456p12z", 0},  // 17 tiles, discard one honor: tenpai
		{"1z", 0},                    // a single tile waits on its pair
		{"12m", 0},                   // two tiles: one exchange from a pair
		{"11m", -1},                  // a pair
		{"1m9p", 0},                  // 2 tiles, not a pair: one exchange
		{"1111m", 1},                 // 4 copies: 111m + a pair of another kind needs 2
		{"1234m", 0},                 // waits 1m or 4m
		{"1119m", 0},                 // 111m + 9m single
		{"19m19p19s1234567z", 8},     // 16 singles: 5 sets + pair need 9 tiles
	} {
		h := mjsolve.MustParseCounts(c.hand)
		got, err := Shanten(h)
		if err != nil {
			t.Errorf("Shanten(%s): %v", c.hand, err)
			continue
		}
		if got != c.want {
			t.Errorf("Shanten(%s) = %d, want %d", c.hand, got, c.want)
		}
		if k := h.Total() / 3; oracleReplacement(&h, k)-1 != c.want {
			t.Errorf("oracle(%s) = %d, want %d", c.hand, oracleReplacement(&h, k)-1, c.want)
		}
	}
}

// TestShantenOracle compares the tables with the oracle on random hands of
// every size and mix: a few thousand per size by default, a million per
// size with -long.
func TestShantenOracle(t *testing.T) {
	t.Parallel()
	perSize := 2000
	if *long {
		perSize = 1_000_000
	}
	for _, n := range validSizes {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(n), 42))
			k := n / 3
			for i := 0; i < perSize; i++ {
				mix := &mixes[i%len(mixes)]
				h := mix.randomHand(rng, n)
				got, err := Shanten(h)
				if err != nil {
					t.Fatalf("Shanten(%s): %v", h, err)
				}
				if want := oracleReplacement(&h, k) - 1; got != want {
					t.Fatalf("%s hand %s: Shanten %d, oracle %d", mix.name, h, got, want)
				}
			}
		})
	}
}

// TestIndexes checks the part indexes against the plain base-5 sums.
func TestIndexes(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < 10000; i++ {
		var c mjsolve.Counts
		for k := range c {
			c[k] = uint8(rng.IntN(5))
		}
		var want [4]int
		for k := range c {
			want[k/9] += int(c[k]) * pow5[k%9]
		}
		m, p, s, z := indexes(&c)
		if got := [4]int{m, p, s, z}; got != want {
			t.Fatalf("indexes(%v) = %v, want %v", c, got, want)
		}
	}
}
