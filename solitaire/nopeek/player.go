package nopeek

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/playout"
)

// The strategies, weakest first.
const (
	stratRandom = iota
	stratGreedy
	stratLookahead
)

var strategyNames = []string{"random", "greedy", "lookahead"}

// strategyVersions are the versions of the strategies' implementations,
// by strategy: bump one whenever a change (here or in a package the
// strategy uses, such as playout) changes a game played from the same deal
// and source state. TestVersionsPinGames holds a digest of games of each
// version and fails when they change without a bump.
var strategyVersions = [...]string{stratRandom: "1", stratGreedy: "1", stratLookahead: "1"}

// Strategies returns the strategy names, weakest first: "random",
// "greedy", "lookahead".
func Strategies() []string { return append([]string(nil), strategyNames...) }

// StrategyError is the error of [NewPlayer] for a strategy name it does
// not know; its message lists the names it knows.
type StrategyError struct {
	Name string
}

func (e *StrategyError) Error() string {
	return fmt.Sprintf("nopeek: unknown strategy %q (want %s)", mjsolve.Excerpt(e.Name), strings.Join(strategyNames, ", "))
}

var errNoGeometry = errors.New("nopeek: no geometry")

// Result is the result of one game played without peeking.
type Result struct {
	Won   bool
	Moves int // matches played
	Left  int // tiles left when no match is visible (0 when Won)
}

// Player plays one strategy on boards of one geometry. It is not safe for
// concurrent use: make one per goroutine. It allocates nothing per game.
type Player struct {
	gi       *geoInfo
	strategy int
	rnd      *playout.Random // the random strategy's playouts
	view     state           // what the player sees of the game in play
	look     *lookahead      // the lookahead's search (nil for the others)
}

// NewPlayer returns a player of strategy (one of [Strategies]) on boards of
// geo. An unknown name is a *[StrategyError].
func NewPlayer(geo *solitaire.Geometry, strategy string) (*Player, error) {
	return NewPlayerOptions(geo, strategy, Options{})
}

// Options tunes a Player; the zero value is the default.
type Options struct {
	// Rollouts is the lookahead's budget per move with a choice to make:
	// the number of greedy playouts it runs, spread over the candidate
	// moves (0: DefaultRollouts). Other strategies ignore it.
	Rollouts int
}

// strategyIndex returns the index of the strategy named name, or a
// *StrategyError.
func strategyIndex(name string) (int, error) {
	for i, s := range strategyNames {
		if s == name {
			return i, nil
		}
	}
	return -1, &StrategyError{Name: name}
}

// Version names what determines the games of strategy played with opt:
// the version of the strategy's implementation ("1"), followed for the
// lookahead by its budget when it is not the default ("1+rollouts=256").
// Two players with the same strategy and version play the same game from
// the same deal and source state; a change that plays any game otherwise
// bumps the version (see the package documentation). An unknown strategy
// is a *[StrategyError].
func Version(strategy string, opt Options) (string, error) {
	k, err := strategyIndex(strategy)
	if err != nil {
		return "", err
	}
	return version(k, opt.Rollouts), nil
}

func version(k, rollouts int) string {
	v := strategyVersions[k]
	if k == stratLookahead && rollouts > 0 && rollouts != DefaultRollouts {
		v += fmt.Sprintf("+rollouts=%d", rollouts)
	}
	return v
}

// NewPlayerOptions is [NewPlayer] with options.
func NewPlayerOptions(geo *solitaire.Geometry, strategy string, opt Options) (*Player, error) {
	k, err := strategyIndex(strategy)
	if err != nil {
		return nil, err
	}
	if geo == nil {
		return nil, errNoGeometry
	}
	if geo.N > solitaire.DeckTiles {
		// The players keep at most four tiles a group.
		return nil, fmt.Errorf("nopeek: layouts of more than %d tiles (one deck) are not supported; this one has %d", solitaire.DeckTiles, geo.N)
	}
	p := &Player{gi: newGeoInfo(geo), strategy: k}
	switch k {
	case stratRandom:
		p.rnd = playout.NewRandom(geo)
	case stratLookahead:
		p.look = newLookahead(p.gi, opt.Rollouts)
	}
	return p, nil
}

// Strategy returns the name of the player's strategy.
func (p *Player) Strategy() string { return strategyNames[p.strategy] }

// Version returns the version of the player's games ([Version] of its
// strategy and options): a record of its games names it, so that games of
// another version are never taken for its own.
func (p *Player) Version() string {
	r := 0
	if p.look != nil {
		r = p.look.rollouts
	}
	return version(p.strategy, r)
}

// Play plays the deal groups (one group per slot, as solitaire.NewBoard
// takes) seeing only what a player sees: the layout, the faces of the
// tiles no tile on the board covers, and the faces of the tiles removed.
// It chooses with random numbers from src and is deterministic for equal
// groups and src state. A deal that is not one of the geometry (see
// solitaire.CheckDeal) is not played: every tile is left.
//
// The random strategy is McDonald's playout ([playout.Random]): a
// uniformly random legal match until none is left.
func (p *Player) Play(groups []solitaire.Group, src *rand.PCG) Result {
	if solitaire.CheckDeal(groups, p.gi.n) != nil {
		return Result{Left: p.gi.n}
	}
	if p.strategy == stratRandom {
		left := p.rnd.Playout(groups, src)
		return Result{Won: left == 0, Moves: (p.gi.n - left) / 2, Left: left}
	}
	return p.play(groups, src, nil)
}

// Trace plays the deal as Play does and appends the moves played to dst.
// For greedy and lookahead it plays the very game of Play (the same moves
// and result for the same src state). For random it plays the same
// process (a uniformly random legal match) through the player's view
// instead of package playout, with other random numbers, so its game
// differs from Play's with the same src.
func (p *Player) Trace(groups []solitaire.Group, src *rand.PCG, dst []solitaire.Move) ([]solitaire.Move, Result) {
	if solitaire.CheckDeal(groups, p.gi.n) != nil {
		return dst, Result{Left: p.gi.n}
	}
	r := p.play(groups, src, &dst)
	return dst, r
}

// play plays the game move by move on the view, appending the moves to
// *moves when moves is not nil.
func (p *Player) play(groups []solitaire.Group, src *rand.PCG, moves *[]solitaire.Move) Result {
	v := &p.view
	v.reset(p.gi, groups)
	n := 0
	for v.matches > 0 {
		var a, b uint8
		switch p.strategy {
		case stratRandom:
			a, b = v.uniform(src)
		case stratGreedy:
			a, b = greedy(v, src)
		default:
			a, b = p.look.choose(v, src)
		}
		if moves != nil {
			*moves = append(*moves, solitaire.Move{A: min(a, b), B: max(a, b)})
		}
		v.play(a, b, groups)
		n++
	}
	return Result{Won: v.left == 0, Moves: n, Left: v.left}
}
