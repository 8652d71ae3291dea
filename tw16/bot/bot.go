package bot

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Names lists the strategies New knows.
func Names() []string { return []string{"advice", "random", "draw-discard"} }

// Options tune the advice strategy; the zero value is the default.
type Options struct {
	// MonteCarlo, when above zero, estimates how dangerous each discard
	// is by sampling this many ready hands per threatening opponent from
	// the unseen tiles (the shanten thesis, chapter 3) instead of by the
	// rules of thumb alone; at most MaxMonteCarlo.
	MonteCarlo int
	// NoDefence turns defence off: the strategy always plays for its own
	// hand.
	NoDefence bool
	// Tables are the shanten tables the strategy and the games of SelfPlay
	// look up (nil: tw16.DefaultTables).
	Tables *tw16.TableSet
}

// New returns the strategy named by spec: a name (see Names), for advice
// optionally followed by a colon and comma-separated options that change
// o: "no-defence", "monte-carlo=N" ("advice:no-defence",
// "advice:monte-carlo=200"), so that one match can set the players apart.
// A MonteCarlo outside 0 to MaxMonteCarlo is an error.
func New(spec string, o Options) (game.Strategy, error) {
	name, opts, hasOpts := strings.Cut(spec, ":")
	if hasOpts && name != "advice" {
		return nil, fmt.Errorf("bot: strategy %q takes no options", name)
	}
	if hasOpts {
		for _, opt := range strings.Split(opts, ",") {
			key, val, hasVal := strings.Cut(opt, "=")
			switch {
			case key == "no-defence" && !hasVal:
				o.NoDefence = true
			case key == "monte-carlo" && hasVal:
				n, err := strconv.Atoi(val)
				if err != nil || n < 0 || n > MaxMonteCarlo {
					return nil, fmt.Errorf("bot: %q: monte-carlo wants a number of samples 0 to %d", spec, MaxMonteCarlo)
				}
				o.MonteCarlo = n
			default:
				return nil, fmt.Errorf("bot: %q: unknown option %q (want no-defence or monte-carlo=N)", spec, opt)
			}
		}
	}
	if o.MonteCarlo < 0 || o.MonteCarlo > MaxMonteCarlo {
		return nil, fmt.Errorf("bot: monte-carlo %d: want 0 to %d samples", o.MonteCarlo, MaxMonteCarlo)
	}
	switch name {
	case "advice":
		return NewAdvice(o), nil
	case "random":
		return &Random{}, nil
	case "draw-discard":
		return DrawDiscard{}, nil
	}
	return nil, fmt.Errorf("bot: unknown strategy %q (want %s)", name, strings.Join(Names(), ", "))
}

// MaxMonteCarlo bounds Options.MonteCarlo, the Monte-Carlo samples per
// opponent and decision, so that a decision ends in a fraction of a second.
const MaxMonteCarlo = 100000

// rng is a small random source kept by value (no allocation per hand).
type rng struct{ p rand.PCG }

func (r *rng) seed(s uint64) { r.p.Seed(s, 0x626f74) }

// intN returns a number in [0, n).
func (r *rng) intN(n int) int {
	hi, _ := bits.Mul64(r.p.Uint64(), uint64(n))
	return int(hi)
}

// Random chooses uniformly among the actions offered.
type Random struct{ r rng }

// Begin reseeds the strategy.
func (s *Random) Begin(seed uint64) { s.r.seed(seed) }

// Choose picks an action at random.
func (s *Random) Choose(_ *game.View, acts []game.Action) int { return s.r.intN(len(acts)) }

// DrawDiscard is the referee's stand-in for a failed program, as the
// framework paper describes the failure mode: it discards the card it has
// just drawn (the last dealt card, as the dealer's first move) and claims
// nothing, not even a win.
type DrawDiscard struct{}

// Begin does nothing: the strategy has no randomness.
func (DrawDiscard) Begin(uint64) {}

// Choose passes, or discards the drawn card.
func (DrawDiscard) Choose(v *game.View, acts []game.Action) int {
	last := -1
	for i, a := range acts {
		switch a.Type {
		case game.Pass:
			return i
		case game.Discard:
			if a.Cards[0] == v.Drawn {
				return i
			}
			last = i
		}
	}
	if last < 0 {
		// Only a win or kongs offered with no discard: cannot happen in a
		// turn, which always offers discards.
		return 0
	}
	return last
}
