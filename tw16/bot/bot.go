package bot

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Names lists the strategies New knows.
func Names() []string { return []string{"search", "advice", "random", "draw-discard"} }

// Options tune the search and advice strategies; the zero value is the
// default.
type Options struct {
	// Think is the search's time per decision (0: DefaultThink) when
	// Samples is 0; at most MaxThink.
	Think time.Duration
	// Samples, when above zero, is the search's budget in playouts per
	// decision instead of a time: its play is then deterministic for the
	// seed. At most MaxSamples.
	Samples int
	// Threads is the number of goroutines the search plays on (0: one);
	// at most MaxThreads.
	Threads int
	// Start, when set, is when the program started: the search's first
	// decision counts its Think from it, so that starting the process and
	// loading the tables do not make the first reply late.
	Start time.Time

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

// New returns the strategy named by spec: a name (see Names), for search
// and advice optionally followed by a colon and comma-separated options
// that change o, so that one match can set the players apart. Search
// takes "think=DURATION" (a Go duration: "100ms", "1s"), "samples=N" and
// "threads=N" ("search:samples=2000"); advice takes "no-defence" and
// "monte-carlo=N" ("advice:no-defence", "advice:monte-carlo=200"). A value
// out of its range (see MaxThink, MaxSamples, MaxThreads, MaxMonteCarlo)
// is an error.
func New(spec string, o Options) (game.Strategy, error) {
	name, opts, hasOpts := strings.Cut(spec, ":")
	if hasOpts && name != "advice" && name != "search" {
		return nil, fmt.Errorf("bot: strategy %q takes no options", name)
	}
	if hasOpts {
		for _, opt := range strings.Split(opts, ",") {
			if err := o.set(name, spec, opt); err != nil {
				return nil, err
			}
		}
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	switch name {
	case "search":
		return NewSearch(o), nil
	case "advice":
		return NewAdvice(o), nil
	case "random":
		return &Random{}, nil
	case "draw-discard":
		return DrawDiscard{}, nil
	}
	return nil, fmt.Errorf("bot: unknown strategy %q (want %s)", name, strings.Join(Names(), ", "))
}

// set applies one option of strategy name's spec.
func (o *Options) set(name, spec, opt string) error {
	key, val, hasVal := strings.Cut(opt, "=")
	number := func(max int) (int, error) {
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 || n > max {
			return 0, fmt.Errorf("bot: %q: %s wants a number 0 to %d, not %q", spec, key, max, val)
		}
		return n, nil
	}
	var err error
	switch {
	case name == "advice" && key == "no-defence" && !hasVal:
		o.NoDefence = true
	case name == "advice" && key == "monte-carlo" && hasVal:
		o.MonteCarlo, err = number(MaxMonteCarlo)
	case name == "search" && key == "samples" && hasVal:
		o.Samples, err = number(MaxSamples)
	case name == "search" && key == "threads" && hasVal:
		o.Threads, err = number(MaxThreads)
	case name == "search" && key == "think" && hasVal:
		d, perr := time.ParseDuration(val)
		if perr != nil || d <= 0 || d > MaxThink {
			return fmt.Errorf("bot: %q: think wants a duration above 0 and at most %s, not %q", spec, MaxThink, val)
		}
		o.Think = d
	case name == "advice":
		return fmt.Errorf("bot: %q: unknown option %q (want no-defence or monte-carlo=N)", spec, opt)
	default:
		return fmt.Errorf("bot: %q: unknown option %q (want think=DURATION, samples=N or threads=N)", spec, opt)
	}
	return err
}

// check checks the options' ranges.
func (o *Options) check() error {
	switch {
	case o.MonteCarlo < 0 || o.MonteCarlo > MaxMonteCarlo:
		return fmt.Errorf("bot: monte-carlo %d: want 0 to %d samples", o.MonteCarlo, MaxMonteCarlo)
	case o.Samples < 0 || o.Samples > MaxSamples:
		return fmt.Errorf("bot: samples %d: want 0 to %d playouts", o.Samples, MaxSamples)
	case o.Think < 0 || o.Think > MaxThink:
		return fmt.Errorf("bot: think %s: want 0 to %s", o.Think, MaxThink)
	case o.Threads < 0 || o.Threads > MaxThreads:
		return fmt.Errorf("bot: threads %d: want 0 to %d", o.Threads, MaxThreads)
	}
	return nil
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
