package gamedeal

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// Names are the games whose generators New knows.
var Names = []string{"kmahjongg", "gnome", "xmahjongg"}

// IsName reports whether name is one of Names.
func IsName(name string) bool { return slices.Contains(Names, name) }

// Stats tell how a deal was made. They count the generator's attempts (a
// failed attempt is started again with the random numbers that follow) and,
// for GNOME's, the nodes of its depth-first search and whether it fell back
// to ignoring which tiles are free.
type Stats struct {
	Attempts int
	Nodes    int64
	Fallback bool
}

// A Dealer deals as a game's own generator does, on one geometry. It
// implements solitaire.Dealer for that geometry's size (another n gives an
// empty deal, which no board accepts) and is safe for concurrent use.
type Dealer interface {
	solitaire.Dealer
	// DealStats is Deal with the generator's statistics.
	DealStats(game uint64, dst []solitaire.Group) ([]solitaire.Group, Stats)
}

// New returns the dealer of game name ("kmahjongg", "gnome" or
// "xmahjongg") on g, its game k drawn from a PCG seeded with (seed, k).
// GNOME's and xmahjongg's generators deal one deck: they refuse layouts
// of more than 144 tiles.
func New(name string, g *solitaire.Geometry, seed uint64) (Dealer, error) {
	t := newTopology(g)
	switch name {
	case "kmahjongg":
		return &kmahjongg{t: t, seed: seed}, nil
	case "gnome", "xmahjongg":
		if g.N > solitaire.DeckTiles {
			return nil, fmt.Errorf("gamedeal: the %s dealer deals one deck (%d tiles); this layout has %d", name, solitaire.DeckTiles, g.N)
		}
		if name == "gnome" {
			return &gnome{t: t, seed: seed}, nil
		}
		return &xmahjongg{t: t, seed: seed}, nil
	}
	return nil, fmt.Errorf("gamedeal: unknown dealer %q (want %s)", name, strings.Join(Names, ", "))
}

// topology is what the generators read of a layout: per slot its
// neighbours on its level (left, right), the slots it lies on (under) and
// those lying on it (over).
type topology struct {
	g                        *solitaire.Geometry
	n                        int
	left, right, under, over [][]int
	slots                    []layouts.Slot
}

func newTopology(g *solitaire.Geometry) *topology {
	return &topology{g: g, n: g.N, left: g.LeftList, right: g.RightList, under: g.UnderList, over: g.CoverList, slots: g.Layout.Slots}
}

// rng is a PCG with bounded draws by Lemire's method (fixed here, so deals
// do not change with Go's rand.Rand).
type rng struct{ p rand.PCG }

func newRNG(seed, game, stream uint64) *rng {
	r := &rng{}
	r.p.Seed(seed^stream, game)
	return r
}

// intn returns a uniform number in [0, n), n > 0.
func (r *rng) intn(n int) int {
	hi, lo := bits.Mul64(r.p.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.p.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// pairGroup is the group of pair p when pairs 2m and 2m+1 form group m (the
// way GNOME and xmahjongg number their tiles: four of a face, two pairs).
func pairGroup(p int) solitaire.Group { return solitaire.Group(p / 2) }

// resize returns dst with length n, reallocated when too small.
func resize(dst []solitaire.Group, n int) []solitaire.Group {
	if cap(dst) < n {
		return make([]solitaire.Group, n)
	}
	return dst[:n]
}

// maxAttempts bounds the attempts of a generator that starts again when
// stuck (KMahjongg gives up after 64, xmahjongg never): past it the deal
// is empty, which no board accepts.
const maxAttempts = 100_000
