package solitaire

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"

	"github.com/mjsolve/mjsolve/internal/input"
)

// A Dealer deals the tiles of numbered games on a layout. Deal returns, for
// game number game on a layout of n slots, the group of each slot, a
// permutation of the groups 0 0 0 0 1 1 1 1 … (n/4 groups of four, and a
// pair when n is 2 mod 4); past one deck (n > DeckTiles), a full deck and
// pairs of a second one (see [CheckDeal]). The deal depends on game and n
// only, never on what was dealt before, so games can be dealt in any order
// on any number of workers. Deal writes into dst's storage when cap(dst) ≥
// n and then does not allocate. A dealer without game (see [CheckGame])
// returns an empty deal, which no board accepts. Dealers are safe for
// concurrent use.
type Dealer interface {
	Deal(game uint64, n int, dst []Group) []Group
}

// GameRangeError is a game number a dealer does not have: the cause of
// the *[InputError] that [CheckGame] returns.
type GameRangeError struct {
	Dealer string // the dealer's name, e.g. "mjsolver"
	Game   uint64 // the game asked for
	Last   uint64 // the dealer's last game (its first is 0)
}

func (e *GameRangeError) Error() string {
	return fmt.Sprintf("the %s dealer has games 0 to %d, not %d", e.Dealer, e.Last, e.Game)
}

// lastGamer is a dealer with fewer games than uint64 numbers.
type lastGamer interface {
	LastGame() uint64
}

// CheckGame returns an *InputError whose cause is a *GameRangeError when
// d does not deal game: the
// mjsolver dealer has games 0 to 2^32−1 only. Other dealers have every game.
func CheckGame(d Dealer, game uint64) error {
	if lg, ok := d.(lastGamer); ok && game > lg.LastGame() {
		return input.Wrap("solitaire", "", &GameRangeError{Dealer: fmt.Sprint(d), Game: game, Last: lg.LastGame()})
	}
	return nil
}

// DealBoard deals game of d on g: the game is checked with [CheckGame] and
// the deal with [CheckDeal] (a failure of the latter is a dealer bug).
func DealBoard(g *Geometry, d Dealer, game uint64) (*Board, error) {
	if err := CheckGame(d, game); err != nil {
		return nil, err
	}
	return NewBoard(g, d.Deal(game, g.N, nil))
}

// DealerNames lists the names DealerByName knows, the default first.
var DealerNames = []string{"pcg", "mjsolver"}

// DealerByName returns the dealer called name: "pcg" (PCG{Seed: seed}) or
// "mjsolver" (MJSolver{}, which has no seed). Another name is an
// *InputError whose cause is a *DealerError.
func DealerByName(name string, seed uint64) (Dealer, error) {
	switch name {
	case "pcg":
		return PCG{Seed: seed}, nil
	case "mjsolver":
		return MJSolver{}, nil
	}
	return nil, input.Wrap("solitaire", "", &DealerError{Name: name})
}

// DealerField is the dealer of a request's field "deal". It is the dealer
// named name with seed: "" is the default dealer (DealerNames[0]), and an
// unknown name is DealerByName's *InputError with Field "deal".
func DealerField(name string, seed uint64) (Dealer, error) {
	if name == "" {
		name = DealerNames[0]
	}
	d, err := DealerByName(name, seed)
	if ie, ok := err.(*InputError); ok {
		ie.Field = "deal"
	}
	return d, err
}

// DealerError is a dealer name that [DealerByName] does not know: the
// cause of its *[InputError].
type DealerError struct{ Name string }

func (e *DealerError) Error() string {
	return fmt.Sprintf("unknown dealer %q (want %s)", e.Name, strings.Join(DealerNames, " or "))
}

// PCG deals a uniformly random permutation (a Fisher–Yates shuffle) drawn
// from math/rand/v2's PCG generator seeded with (Seed, game). Bounded
// numbers are drawn with Lemire's multiply-and-reject method on
// PCG.Uint64, which the package fixes here rather than relying on
// rand.Rand, so a deal stays the same across Go releases.
type PCG struct {
	Seed uint64
}

// String returns "pcg seed S".
func (d PCG) String() string { return fmt.Sprintf("pcg seed %d", d.Seed) }

// Deal implements Dealer. Past one deck (n > DeckTiles) the faces are a
// full deck and (n−DeckTiles)/2 pairs drawn first, uniformly without
// replacement, from the 72 pairs of a second deck (two of each group), as
// KMahjongg deals its large layouts; the shuffle follows.
func (d PCG) Deal(game uint64, n int, dst []Group) []Group {
	dst = standard(n, dst)
	var p rand.PCG
	p.Seed(d.Seed, game)
	if n > DeckTiles {
		secondDeck(&p, dst)
	}
	for i := n - 1; i > 0; i-- {
		j := uniform(&p, uint64(i+1))
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}

// uniform returns a uniform number in [0, n) from p (Lemire 2019).
func uniform(p *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(p.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(p.Uint64(), n)
		}
	}
	return hi
}

// standard returns dst resized to n (reallocated only when too small) and
// filled with the groups in slot order: 0 0 0 0 1 1 1 1 …, and past one
// deck the same again (group (i mod DeckTiles)/4).
func standard(n int, dst []Group) []Group {
	if cap(dst) < n {
		dst = make([]Group, n)
	}
	dst = dst[:n]
	for i := range dst {
		dst[i] = Group(i % DeckTiles / 4)
	}
	return dst
}

// secondDeck replaces the faces of deal past DeckTiles by pairs drawn from
// p uniformly without replacement from the 72 pairs of a second deck (a
// partial Fisher–Yates shuffle of the pairs).
func secondDeck(p *rand.PCG, deal []Group) {
	var pairs [2 * NumGroups]Group
	for i := range pairs {
		pairs[i] = Group(i / 2)
	}
	for k, i := 0, DeckTiles; i+1 < len(deal) && k < len(pairs); k, i = k+1, i+2 {
		j := k + int(uniform(p, uint64(len(pairs)-k)))
		pairs[k], pairs[j] = pairs[j], pairs[k]
		deal[i], deal[i+1] = pairs[k], pairs[k]
	}
}

// MJSolver deals exactly the boards that Michiel de Bondt's Mahjong
// Solitaire solver deals for game number game on an Xmahjongg layout, with
// the slots in file order. It seeds the C library's generator with
// srand(game) (glibc's rand(); game is truncated to 32 bits as C's unsigned
// int is), deals with an inside-out shuffle
//
//	for i in 0..n-1: l = rand() % (i+1); v[i] = v[l]; v[l] = i/4
//
// and then mixes with 99 passes of
//
//	for i in 1..n-1: swap v[i], v[rand() % (i+1)]
//
// v[i] being the group of slot i.
type MJSolver struct{}

// String returns "mjsolver".
func (MJSolver) String() string { return "mjsolver" }

// LastGame is the last game the dealer has, 2^32−1: srand takes 32 bits.
func (MJSolver) LastGame() uint64 { return math.MaxUint32 }

// Deal implements Dealer. It refuses a game beyond [MJSolver.LastGame]
// rather than dealing game mod 2^32 again: it then returns dst[:0], which
// no board accepts (see [CheckGame] for the error to give).
func (d MJSolver) Deal(game uint64, n int, dst []Group) []Group {
	if game > d.LastGame() {
		return dst[:0]
	}
	if cap(dst) < n {
		dst = make([]Group, n)
	}
	if n > DeckTiles {
		return mjsolverDealPlain(uint32(game), dst[:n])
	}
	return mjsolverDeal(uint32(game), dst[:n])
}

// mjsolverDealPlain is the mjsolver deal of game on len(v) slots into v,
// written as the algorithm reads. Past one deck, where de Bondt's solver
// has no faces, slot i's group is (i mod DeckTiles)/4 (a second deck in
// order, as KMahjongg 0.4 dealt).
func mjsolverDealPlain(game uint32, v []Group) []Group {
	n := len(v)
	var r glibcRand
	r.seed(game)
	for i := range n {
		l := r.next() % uint32(i+1)
		v[i] = v[l]
		v[l] = Group(i % DeckTiles / 4)
	}
	for range 99 {
		for i := 1; i < n; i++ {
			j := r.next() % uint32(i+1)
			v[i], v[j] = v[j], v[i]
		}
	}
	return v
}

// mjsolverDeal is [mjsolverDealPlain] for at most DeckTiles slots, about
// half the time (the main job deals every board: 14,301 random numbers and
// swaps on 144 slots). The generator's last 31 values sit in a flat array
// that each pass extends, with r_{i−3}, r_{i−2}, r_{i−1} in registers (the
// ring of glibcRand makes each value wait for one stored three steps
// before); the passes go three steps at a time, so that each of the three
// registers takes its turn and none is copied; rand() % d is found by
// [halfMod], two multiplications and no division; and the slots are
// swapped in a 256-byte array indexed by bytes, without bounds checks.
func mjsolverDeal(game uint32, v []Group) []Group {
	n := min(len(v), DeckTiles) // len(v), as Deal ensures; the bound lets the compiler drop index checks
	var r glibcRand
	r.seed(game)
	// x[0:31] holds r_{i−31}..r_{i−1} for the next value r_i, then the
	// values of the current pass.
	var x [31 + DeckTiles]uint32
	for i := range x[:31] {
		x[i] = r.s[(r.f+i)%len(r.s)]
	}
	a, b, c := x[28], x[29], x[30]
	inv := remainderInverses // a copy on the stack: the loops run faster than from the global
	var w [256]Group
	for i := 0; i < n; i++ {
		y := x[i] + a
		x[i+31] = y
		a, b, c = b, c, y
		l := halfMod(y, inv[i+1], i+1)
		w[i] = w[l]
		w[l] = Group(i / 4)
	}
	if n >= 2 {
		copy(x[:31], x[n:n+31])
		for range 99 {
			// Steps p+1, p+2, p+3: a, b and c hold r_{i−3} in turn.
			p := 0
			for ; p < n-3; p += 3 {
				a += x[p]
				x[p+31] = a
				j := halfMod(a, inv[p+2], p+2)
				w[p+1], w[j] = w[j], w[p+1]
				b += x[p+1]
				x[p+32] = b
				j = halfMod(b, inv[p+3], p+3)
				w[p+2], w[j] = w[j], w[p+2]
				c += x[p+2]
				x[p+33] = c
				j = halfMod(c, inv[p+4], p+4)
				w[p+3], w[j] = w[j], w[p+3]
			}
			for i := p + 1; i < n; i++ { // the last one or two steps
				y := x[i-1] + a
				x[i+30] = y
				a, b, c = b, c, y
				j := halfMod(y, inv[i+1], i+1)
				w[i], w[j] = w[j], w[i]
			}
			copy(x[:31], x[n-1:n+30])
		}
	}
	copy(v, w[:n])
	return v
}

// halfMod returns (y>>1) % d, which is rand() % d for the generator's
// value y, given inv = remainderInverses[d]: Lemire's remainder by
// multiplication for the divisor 2d gives y % 2d, and halving that is
// (y>>1) % d, so the shift folds into the table. The product of the high
// word by d instead of 2d is that halving: for z = (inv·y mod 2^64)·2d/2^64,
// ⌊z⌋ = y % 2d = m and ⌊z/2⌋ = ⌊m/2⌋.
func halfMod(y uint32, inv uint64, d int) uint8 {
	hi, _ := bits.Mul64(inv*uint64(y), uint64(d))
	return uint8(hi)
}

// remainderInverses holds ⌈2^64/2d⌉ for d = 1..DeckTiles: y % 2d is the
// high word of (inv[d]·y mod 2^64)·2d for any 32-bit y (Lemire, Kaser and
// Kurz 2019), which [halfMod] uses. Made once, read only.
var remainderInverses = func() (inv [DeckTiles + 1]uint64) {
	for d := 1; d <= DeckTiles; d++ {
		inv[d] = ^uint64(0)/uint64(2*d) + 1
	}
	return inv
}()

// glibcRand is the generator behind glibc's srand and rand (random_r of
// type 3): an additive lagged Fibonacci generator r_i = r_{i−31} + r_{i−3}
// mod 2^32 started from a Park–Miller sequence, returning r_i >> 1.
type glibcRand struct {
	s    [31]uint32
	f, r int // the positions of r_{i−31} (overwritten by r_i) and r_{i−3}
}

// seed does srand(seed): r_0 = seed (1 when 0), r_i = 16807·r_{i−1} mod
// (2^31 − 1) for i = 1..30 on signed 32-bit values, then drops 310 outputs.
func (g *glibcRand) seed(seed uint32) {
	if seed == 0 {
		seed = 1
	}
	w := int64(int32(seed))
	g.s[0] = uint32(w)
	for i := 1; i < len(g.s); i++ {
		// glibc computes this with Schrage's method on 32-bit ints; for a
		// negative seed that equals C's truncating % plus the modulus.
		w = 16807 * w % 2147483647
		if w < 0 {
			w += 2147483647
		}
		g.s[i] = uint32(w)
	}
	g.f, g.r = 3, 0
	for range 310 {
		g.next()
	}
}

// next does rand().
func (g *glibcRand) next() uint32 {
	g.s[g.f] += g.s[g.r]
	v := g.s[g.f] >> 1
	if g.f++; g.f == len(g.s) {
		g.f = 0
	}
	if g.r++; g.r == len(g.s) {
		g.r = 0
	}
	return v
}
