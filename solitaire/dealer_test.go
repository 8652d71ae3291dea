package solitaire

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestGlibcRand compares with the outputs of glibc 2.x's srand(s); rand()
// printed by a C program.
func TestGlibcRand(t *testing.T) {
	for _, c := range []struct {
		seed uint32
		want [5]uint32
	}{
		{0, [5]uint32{1804289383, 846930886, 1681692777, 1714636915, 1957747793}},
		{1, [5]uint32{1804289383, 846930886, 1681692777, 1714636915, 1957747793}},
		{2, [5]uint32{1505335290, 1738766719, 190686788, 260874575, 747983061}},
		{42, [5]uint32{71876166, 708592740, 1483128881, 907283241, 442951012}},
		{2147483647, [5]uint32{1065668062, 2142264300, 1066566375, 1064012770, 2141034222}},
		{2147483648, [5]uint32{1336741213, 1210407648, 1447044896, 337392383, 82502902}},
		{4294967295, [5]uint32{254925627, 1205188300, 366127624, 1401405153, 76053476}},
	} {
		var r glibcRand
		r.seed(c.seed)
		var got [5]uint32
		for i := range got {
			got[i] = r.next()
		}
		if got != c.want {
			t.Errorf("srand(%d): rand() = %v, want %v", c.seed, got, c.want)
		}
	}
}

func groupsOf(s string) []Group {
	var g []Group
	for _, f := range strings.Fields(s) {
		v, _ := strconv.Atoi(f)
		g = append(g, Group(v))
	}
	return g
}

// TestMJSolverDeals checks the mjsolver dealer against the first tiles of
// game 1 as mjsolver deals them and against deals printed by a C program
// that runs the same algorithm on glibc's rand.
func TestMJSolverDeals(t *testing.T) {
	got := MJSolver{}.Deal(1, 144, nil)
	if want := groupsOf("24 4 13 22 31 17 19 33 17 26 30 23"); !slices.Equal(got[:12], want) {
		t.Errorf("game 1 on 144 slots begins %v, want %v", got[:12], want)
	}
	for _, c := range []struct {
		game uint64
		n    int
		want string
	}{
		{1, 144, "24 4 13 22 31 17 19 33 17 26 30 23 3 34 7 14 20 13 20 28 33 3 31 10 34 9 9 32 7 0 10 25 4 34 35 20 6 15 2 22 17 1 5 6 21 5 28 2 30 0 29 29 26 10 8 26 11 27 6 13 31 6 12 14 18 2 1 19 3 7 27 15 9 1 35 19 33 33 27 24 11 16 8 24 23 34 25 29 2 13 0 22 25 27 15 15 10 12 11 23 12 23 14 1 8 19 18 35 5 11 26 30 21 9 28 4 31 16 21 21 20 24 18 16 28 16 32 35 29 22 30 7 18 17 8 14 25 3 32 5 32 0 12 4"},
		{7, 142, "18 20 10 30 0 34 13 33 12 4 26 9 2 23 34 8 1 32 0 3 29 27 31 30 29 26 28 19 34 0 10 5 16 9 29 11 30 14 7 31 18 6 1 15 15 9 24 2 5 29 2 6 13 22 23 3 7 7 17 6 8 27 18 11 19 22 20 20 31 13 16 31 21 3 35 9 2 28 32 12 14 21 26 21 8 17 23 8 12 11 14 19 5 24 25 22 25 7 34 35 14 13 25 12 3 28 16 32 16 26 10 23 15 32 4 10 30 20 6 17 15 5 24 1 19 27 33 24 1 18 27 21 28 33 22 4 25 17 0 4 33 11"},
		{3000000000, 40, "7 9 8 3 4 7 8 5 6 6 6 9 5 8 9 0 8 2 7 1 7 5 6 4 0 0 9 4 0 2 5 3 1 3 1 3 4 1 2 2"},
		{2, 6, "0 0 0 0 1 1"},
	} {
		got := MJSolver{}.Deal(c.game, c.n, nil)
		if want := groupsOf(c.want); !slices.Equal(got, want) {
			t.Errorf("mjsolver game %d on %d slots = %v, want %v", c.game, c.n, got, want)
		}
	}
}

// TestMJSolverDealFast checks the mjsolver deal as the main job makes it
// (flat generator, remainders by multiplication, byte-indexed swaps)
// against the algorithm as written, for every size up to MaxTiles and games
// from the whole range, and the plain path beyond MaxTiles.
func TestMJSolverDealFast(t *testing.T) {
	games := []uint32{0, 1, 2, 3, 7, 1118, 2147483647, 2147483648, math.MaxUint32}
	for k := range uint32(12) {
		games = append(games, k*357913941+k)
	}
	for n := 0; n <= MaxTiles; n++ {
		for _, g := range games {
			want := mjsolverDealPlain(g, make([]Group, n))
			if got := (MJSolver{}).Deal(uint64(g), n, make([]Group, 0, n)); !slices.Equal(got, want) {
				t.Fatalf("game %d on %d slots: %v, want %v", g, n, got, want)
			}
		}
	}
	for g := range uint32(300) {
		want := mjsolverDealPlain(g, make([]Group, 144))
		if got := (MJSolver{}).Deal(uint64(g), 144, nil); !slices.Equal(got, want) {
			t.Fatalf("game %d on 144 slots: %v, want %v", g, got, want)
		}
	}
	big := MJSolver{}.Deal(5, 2*DeckTiles, nil)
	want := mjsolverDealPlain(5, make([]Group, 2*DeckTiles))
	if !slices.Equal(big, want) {
		t.Errorf("game 5 on %d slots: %v, want %v", 2*DeckTiles, big, want)
	}
	if err := CheckDeal(big, 2*DeckTiles); err != nil {
		t.Errorf("game 5 on %d slots: %v", 2*DeckTiles, err)
	}
}

// TestHalfMod checks the remainder of the mjsolver deal's fast path,
// (y>>1) % d by two multiplications, against the division for every d up to
// DeckTiles: on the smallest values, around every multiple of 2d near the top
// of the 32-bit range (where the rounding of ⌈2^64/2d⌉ weighs most) and on
// 20,000 random values per d.
func TestHalfMod(t *testing.T) {
	var p rand.PCG
	p.Seed(1, 2)
	for d := 1; d <= DeckTiles; d++ {
		check := func(y uint32) {
			if got, want := halfMod(y, remainderInverses[d], d), (y>>1)%uint32(d); uint32(got) != want {
				t.Fatalf("halfMod(%d, d=%d) = %d, want %d", y, d, got, want)
			}
		}
		for y := range uint32(8*d + 8) {
			check(y)
			check(math.MaxUint32 - y)
		}
		top := math.MaxUint32 / uint32(2*d) * uint32(2*d)
		for k := range uint32(64) {
			m := top - k*uint32(2*d)
			check(m - 1)
			check(m)
			check(m + 1)
			check(m + uint32(2*d) - 1)
		}
		for range 20000 {
			check(uint32(p.Uint64()))
		}
	}
}

// TestDealsUseEachGroup checks that every deal of both dealers uses each
// group four times (the pair group twice), for every even size.
func TestDealsUseEachGroup(t *testing.T) {
	for _, d := range []Dealer{PCG{}, PCG{Seed: 99}, MJSolver{}} {
		for n := 2; n <= MaxTiles; n += 2 {
			for game := range uint64(3) {
				if err := CheckDeal(d.Deal(game, n, nil), n); err != nil {
					t.Fatalf("%v game %d n %d: %v", d, game, n, err)
				}
			}
		}
	}
}

// TestPCGWorkers deals the same games on 1 and on 8 goroutines, in
// different orders, and compares.
func TestPCGWorkers(t *testing.T) {
	const games = 400
	deal := func(workers int) [][]Group {
		out := make([][]Group, games)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				d := PCG{Seed: 12345}
				buf := make([]Group, 0, MaxTiles)
				for k := games - 1 - w; k >= 0; k -= workers {
					out[k] = slices.Clone(d.Deal(uint64(k), 144, buf))
				}
			})
		}
		wg.Wait()
		return out
	}
	one, eight := deal(1), deal(8)
	distinct := map[string]bool{}
	for k := range games {
		if !slices.Equal(one[k], eight[k]) {
			t.Fatalf("game %d differs between 1 and 8 workers", k)
		}
		distinct[fmt.Sprint(one[k])] = true
	}
	if len(distinct) != games {
		t.Errorf("%d distinct deals in %d games", len(distinct), games)
	}
	if slices.Equal(PCG{Seed: 1}.Deal(5, 144, nil), PCG{Seed: 2}.Deal(5, 144, nil)) {
		t.Error("seeds 1 and 2 deal the same game 5")
	}
}

// TestPCGGolden pins the pcg deals so that a change of algorithm shows.
func TestPCGGolden(t *testing.T) {
	got := PCG{Seed: 0}.Deal(1, 144, nil)
	want := groupsOf(pcgGame1)
	if !slices.Equal(got, want) {
		t.Errorf("pcg seed 0 game 1 = %v", numbers(got))
	}
}

// TestPCGUniform deals 8 tiles of two groups 70000 times: each of the
// 8!/(4!·4!) = 70 arrangements should come about 1000 times. A chi-square
// statistic above 130 (69 degrees of freedom) has probability below 1e-5.
func TestPCGUniform(t *testing.T) {
	counts := map[string]int{}
	buf := make([]Group, 0, 8)
	const deals = 70000
	for k := range uint64(deals) {
		counts[fmt.Sprint(PCG{Seed: 3}.Deal(k, 8, buf))]++
	}
	if len(counts) != 70 {
		t.Fatalf("%d arrangements, want 70", len(counts))
	}
	chi2 := 0.0
	for _, c := range counts {
		d := float64(c) - deals/70
		chi2 += d * d / (deals / 70)
	}
	if chi2 > 130 {
		t.Errorf("chi-square %.1f over 70 arrangements", chi2)
	}
}

func TestDealerByName(t *testing.T) {
	if d, err := DealerByName("pcg", 5); err != nil || d != (PCG{Seed: 5}) {
		t.Errorf("pcg: %v, %v", d, err)
	}
	if d, err := DealerByName("mjsolver", 5); err != nil || d != (MJSolver{}) {
		t.Errorf("mjsolver: %v, %v", d, err)
	}
	if _, err := DealerByName("glibc", 0); err == nil || err.Error() != `solitaire: unknown dealer "glibc" (want pcg or mjsolver)` {
		t.Errorf("glibc: %v", err)
	}
	_, err := DealerByName("glibc", 0)
	if de, ok := errors.AsType[*DealerError](err); !ok || de.Name != "glibc" || de.Error() != `unknown dealer "glibc" (want pcg or mjsolver)` {
		t.Errorf("glibc: %#v, want a *DealerError", err)
	}
}

func TestDealReusesDst(t *testing.T) {
	buf := make([]Group, 3, MaxTiles)
	for _, d := range []Dealer{PCG{}, MJSolver{}} {
		got := d.Deal(1, 144, buf)
		if &got[0] != &buf[0] || len(got) != 144 {
			t.Errorf("%v did not deal into dst", d)
		}
		if n := testing.AllocsPerRun(10, func() { d.Deal(1, 144, buf) }); n != 0 {
			t.Errorf("%v allocates %.0f times per deal", d, n)
		}
	}
}

const pcgGame1 = "30 29 34 33 24 21 34 9 11 24 6 34 15 22 3 30 5 30 18 17 7 4 23 21 33 16 22 30 17 6 5 20 28 13 7 4 8 17 8 35 27 27 12 13 31 1 20 21 16 27 31 12 18 19 22 13 23 16 0 32 26 22 25 28 25 33 35 24 15 1 13 29 15 26 10 1 9 1 35 19 8 20 3 10 31 8 29 23 11 14 28 17 7 0 9 11 35 21 5 16 31 24 25 29 32 32 34 32 15 33 26 28 18 14 23 0 6 2 7 5 3 25 14 14 26 19 27 9 11 2 2 18 4 19 10 2 12 12 6 20 10 0 3 4"

func numbers(g []Group) string {
	var b strings.Builder
	for i, v := range g {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(v)))
	}
	return b.String()
}

func TestMJSolverGameRange(t *testing.T) {
	// Game 2^32 is not game 0 again: the dealer refuses it.
	last := MJSolver{}.Deal(math.MaxUint32, 144, nil)
	if len(last) != 144 || CheckDeal(last, 144) != nil {
		t.Fatalf("game 2^32-1: %d tiles", len(last))
	}
	if got := (MJSolver{}).Deal(1<<32, 144, make([]Group, 144)); len(got) != 0 {
		t.Errorf("game 2^32 dealt %d tiles, want none", len(got))
	}
	if err := CheckGame(MJSolver{}, math.MaxUint32); err != nil {
		t.Errorf("game 2^32-1: %v", err)
	}
	err := CheckGame(MJSolver{}, 1<<32)
	var re *GameRangeError
	if !errors.As(err, &re) || re.Dealer != "mjsolver" || re.Game != 1<<32 || re.Last != math.MaxUint32 {
		t.Fatalf("CheckGame(mjsolver, 2^32) = %v", err)
	}
	if want := "solitaire: the mjsolver dealer has games 0 to 4294967295, not 4294967296"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if err := CheckGame(PCG{Seed: 1}, math.MaxUint64); err != nil {
		t.Errorf("pcg: %v", err)
	}
	g := turtle(t)
	if _, err := DealBoard(g, MJSolver{}, 1<<32); !errors.As(err, &re) {
		t.Errorf("DealBoard(game 2^32) = %v, want a GameRangeError", err)
	}
	b, err := DealBoard(g, MJSolver{}, 1)
	if err != nil || !slices.Equal(b.Groups, MJSolver{}.Deal(1, g.N, nil)) {
		t.Errorf("DealBoard(game 1): %v", err)
	}
}
