package winnable

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/playout"
	"github.com/mjsolve/mjsolve/solver"
)

// DefaultPlayouts is the number of random playouts that measure a deal's
// difficulty: enough that most winnable turtle deals have a share above
// zero (at 100, a third of them have none).
const DefaultPlayouts = 1000

// DefaultSample is the number of winnable deals whose difficulty defines
// the bands of a layout.
const DefaultSample = 300

// DefaultMaxTries bounds the deals looked at for one deal kept, so that a
// layout with no winnable deal (Hourglass, Papillon) ends.
const DefaultMaxTries = 1000

// difficultyStream is the PCG stream of the playouts of game g (seeded
// with (seed, g)): the main job's (analysis/runs), so that a deal's
// difficulty is that of its record there.
const difficultyStream = 0x6d63646f6e616c64 // "mcdonald"

// tieStream is the stream of the playouts that break ties (seeded with
// (seed, g) too), and tiePlayouts their number.
const (
	tieStream   = difficultyStream ^ 0x7469 // "ti"
	tiePlayouts = 100
)

// Band is a difficulty band of winnable deals: the thirds of a layout's
// uniformly random winnable deals by their share of random playouts that
// clear them.
type Band uint8

// The bands; Any keeps every winnable deal.
const (
	Any    Band = iota
	Easy        // the third most often cleared by random play
	Medium      // the middle third
	Hard        // the third least often cleared
)

var bandNames = [...]string{Any: "any", Easy: "easy", Medium: "medium", Hard: "hard"}

// BandNames are the names ParseBand reads.
var BandNames = []string{"easy", "medium", "hard"}

// String returns "easy", "medium", "hard" or "any".
func (b Band) String() string {
	if int(b) < len(bandNames) {
		return bandNames[b]
	}
	return fmt.Sprintf("Band(%d)", uint8(b))
}

// MarshalText writes the band's name.
func (b Band) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText reads a band's name (see ParseBand).
func (b *Band) UnmarshalText(t []byte) error {
	v, err := ParseBand(string(t))
	*b = v
	return err
}

// ParseBand reads "easy", "medium", "hard" or "any".
func ParseBand(s string) (Band, error) {
	for i, n := range bandNames {
		if s == n {
			return Band(i), nil
		}
	}
	return Any, fmt.Errorf("winnable: unknown difficulty %q (want easy, medium or hard)", s)
}

// Bands are the difficulty bands of a layout: a deal whose score (see
// Difficulty) is at most Hard is hard, one above Easy is easy, the others
// medium. They are the thirds (by rank) of Sample winnable deals: the
// first winnable games of the pcg dealer with seed 1, each measured with
// Playouts playouts.
type Bands struct {
	Playouts int     `json:"playouts"`
	Sample   int     `json:"sample"`
	Hard     float64 `json:"hard_at_most"`
	Easy     float64 `json:"easy_above"`
	Tried    uint64  `json:"tried"` // deals dealt to find the sample
}

// Of returns the band of a deal of difficulty d.
func (b Bands) Of(d Difficulty) Band {
	switch s := d.Score(); {
	case s <= b.Hard:
		return Hard
	case s > b.Easy:
		return Easy
	}
	return Medium
}

// Difficulty is the measure of a winnable deal. It counts how many of
// Playouts uniformly random playouts cleared it (McDonald's measure), and,
// to order deals that as many playouts cleared (on a hard layout most deals
// are cleared by none), the mean share of the tiles that 100 more playouts
// took off.
type Difficulty struct {
	Clears   int     `json:"clears"`
	Playouts int     `json:"playouts"`
	Removed  float64 `json:"removed"`
}

// Score orders deals from hard (0) to easy (1): the share of playouts that
// cleared the deal, ties ordered by the share of tiles taken off, which
// never reaches the next count of clears.
func (d Difficulty) Score() float64 {
	return (float64(d.Clears) + 0.999*d.Removed) / float64(d.Playouts)
}

// Measure measures the difficulty of deals on one geometry: McDonald's
// share of uniformly random playouts (no cleaning, no peeking) that clear
// the deal. It is not safe for concurrent use.
type Measure struct {
	pl  *playout.Random
	pcg *rand.PCG
	// Playouts per deal and the seed of their stream.
	Playouts int
	Seed     uint64
}

// NewMeasure returns a measure of k playouts per deal (DefaultPlayouts
// when k ≤ 0) on g, whose playouts of game g come from a PCG seeded with
// (seed, g) in the main job's stream for them. The playouts keep at most
// four tiles a group: g may have at most 144 tiles.
func NewMeasure(g *solitaire.Geometry, k int, seed uint64) (*Measure, error) {
	if g.N > solitaire.DeckTiles {
		return nil, fmt.Errorf("winnable: difficulty is measured on layouts of at most %d tiles; this one has %d", solitaire.DeckTiles, g.N)
	}
	if k <= 0 {
		k = DefaultPlayouts
	}
	return &Measure{pl: playout.NewRandom(g), pcg: rand.NewPCG(0, 0), Playouts: k, Seed: seed}, nil
}

// Measure returns the difficulty of game's deal groups. Its playouts of
// game come from a PCG seeded with (seed, game) in the main job's stream
// for them, so Clears is the main job's record for that game and seed; the
// tie-break playouts from another stream.
func (m *Measure) Measure(groups []solitaire.Group, game uint64) Difficulty {
	m.pcg.Seed(m.Seed^difficultyStream, game)
	d := Difficulty{Clears: m.pl.Clears(groups, m.Playouts, m.pcg), Playouts: m.Playouts}
	m.pcg.Seed(m.Seed^tieStream, game)
	left := 0
	for range tiePlayouts {
		left += m.pl.Playout(groups, m.pcg)
	}
	n := len(groups)
	d.Removed = float64(tiePlayouts*n-left) / float64(tiePlayouts*n)
	return d
}

// Options choose the deals of Deals.
type Options struct {
	Dealer solitaire.Dealer // nil: pcg seed 1
	First  uint64           // the first game looked at
	// Band keeps only winnable deals of that band (Bands must be set);
	// Any keeps every winnable deal.
	Band  Band
	Bands Bands
	// Measure, when set, measures every deal kept (it must be set with a
	// band).
	Measure *Measure
	// MaxTries bounds the games looked at for each deal kept
	// (DefaultMaxTries when 0): Deals stops with ErrNoneFound after
	// MaxTries games in a row without one.
	MaxTries uint64
	// Timeout bounds the solver on each deal (0: none); a deal it does not
	// decide is skipped and counted unknown.
	Timeout time.Duration
}

// Deal is a winnable deal found by Deals.
type Deal struct {
	Game       uint64
	Board      *solitaire.Board // a board of its own
	Moves      []solitaire.Move // a solution, its own
	Difficulty Difficulty       // with a measure
	Band       Band             // with a measure and bands: its band
}

// Stats count the games Deals looked at.
type Stats struct {
	Tried      uint64 `json:"tried"`
	Winnable   uint64 `json:"winnable"`
	Impossible uint64 `json:"impossible"`
	Unknown    uint64 `json:"unknown"`
	Kept       uint64 `json:"kept"`
	Next       uint64 `json:"next_game"` // the game after the last looked at
}

// ErrNoneFound is returned by Deals when MaxTries games in a row gave no
// deal to keep.
var ErrNoneFound = errors.New("winnable: no deal found")

// Deals yields winnable deals of the chosen band on g. It deals games
// First, First+1, … of opt.Dealer, decides each one exactly with the solver
// and calls yield with each winnable deal of the band, until yield returns
// false, ctx is done (its error is returned) or MaxTries games in a row
// gave none (an error wrapping ErrNoneFound). Keeping the deals the solver
// proves winnable (rejection) makes them uniform among the dealer's
// winnable deals, and the band among those of the band.
func Deals(ctx context.Context, g *solitaire.Geometry, opt Options, yield func(Deal) bool) (Stats, error) {
	d := opt.Dealer
	if d == nil {
		d = solitaire.PCG{Seed: 1}
	}
	if opt.Band != Any && (opt.Measure == nil || opt.Bands.Playouts != opt.Measure.Playouts) {
		return Stats{}, errors.New("winnable: a band needs its bands and a measure of as many playouts")
	}
	maxTries := opt.MaxTries
	if maxTries == 0 {
		maxTries = DefaultMaxTries
	}
	s := solver.New(g)
	st := Stats{Next: opt.First}
	groups := make([]solitaire.Group, 0, g.N)
	b := &solitaire.Board{Geo: g, Groups: make([]solitaire.Group, g.N)}
	since := uint64(0)
	for game := opt.First; ; game++ {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		if since >= maxTries {
			return st, fmt.Errorf("%w in %d games from game %d", ErrNoneFound, since, game-since)
		}
		if err := solitaire.CheckGame(d, game); err != nil {
			return st, err
		}
		st.Tried++
		st.Next = game + 1
		since++
		groups = d.Deal(game, g.N, groups[:0])
		if err := b.Redeal(groups); err != nil {
			return st, fmt.Errorf("winnable: game %d: %w", game, err)
		}
		r := s.Solve(ctx, b, solver.Options{Timeout: opt.Timeout})
		switch r.Verdict {
		case solver.Impossible:
			st.Impossible++
			continue
		case solver.Unknown:
			if err := ctx.Err(); err != nil {
				st.Tried--
				return st, err
			}
			st.Unknown++
			continue
		}
		st.Winnable++
		deal := Deal{Game: game, Board: b.Clone(), Moves: slices.Clone(r.Moves)}
		if opt.Measure != nil {
			deal.Difficulty = opt.Measure.Measure(groups, game)
			if opt.Bands.Playouts == opt.Measure.Playouts {
				deal.Band = opt.Bands.Of(deal.Difficulty)
			}
			if opt.Band != Any && deal.Band != opt.Band {
				continue
			}
		}
		st.Kept++
		since = 0
		if !yield(deal) {
			return st, nil
		}
	}
}

// Calibrate finds the bands of g: the thirds by rank of the scores of
// sample (DefaultSample when 0) winnable deals of the pcg dealer with
// seed 1 from game 1, measured by m.
func Calibrate(ctx context.Context, g *solitaire.Geometry, m *Measure, sample int) (Bands, error) {
	if sample <= 0 {
		sample = DefaultSample
	}
	shares := make([]float64, 0, sample)
	st, err := Deals(ctx, g, Options{Dealer: solitaire.PCG{Seed: 1}, First: 1, Measure: m}, func(d Deal) bool {
		shares = append(shares, d.Difficulty.Score())
		return len(shares) < sample
	})
	if err != nil {
		return Bands{}, fmt.Errorf("winnable: the bands of %d winnable deals: %w", sample, err)
	}
	slices.Sort(shares)
	return Bands{
		Playouts: m.Playouts,
		Sample:   sample,
		Hard:     shares[(sample-1)/3],
		Easy:     shares[(2*sample-1)/3],
		Tried:    st.Tried,
	}, nil
}
