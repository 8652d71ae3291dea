package nopeek

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
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
	stratHindsight
)

var strategyNames = []string{"random", "greedy", "lookahead", "hindsight"}

// strategyVersions are the versions of the strategies' implementations,
// by strategy: bump one whenever a change (here or in a package the
// strategy uses, such as playout) changes a game played from the same deal
// and source state. TestVersionsPinGames holds a digest of games of each
// version and fails when they change without a bump.
var strategyVersions = [...]string{stratRandom: "1", stratGreedy: "1", stratLookahead: "1", stratHindsight: "4"}

// Strategies returns the strategy names, weakest first: "random",
// "greedy", "lookahead", "hindsight".
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
	hind     *hindsight      // the hindsight search (nil for the others)
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
	// Samples is the hindsight strategy's budget per move with a choice
	// to make: the number of deals of the hidden faces it decides exactly
	// (0: DefaultSamples; at most MaxSamples). Other strategies ignore it.
	Samples int
	// Workers is the number of goroutines on which the hindsight strategy
	// decides the deals of a move (0 or 1: the calling one alone). The
	// deals are dealt in order from the one random source before they are
	// shared out, so the moves, the games and the advice do not depend on
	// it; only the time does. It does not enter the Version. Other
	// strategies ignore it.
	Workers int
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
// lookahead and hindsight by its budget when it is not the default
// ("1+rollouts=256", "1+samples=64").
// Two players with the same strategy and version play the same game from
// the same deal and source state; a change that plays any game otherwise
// bumps the version (see the package documentation). An unknown strategy
// is a *[StrategyError].
func Version(strategy string, opt Options) (string, error) {
	k, err := strategyIndex(strategy)
	if err != nil {
		return "", err
	}
	return version(k, opt), nil
}

func version(k int, opt Options) string {
	v := strategyVersions[k]
	if k == stratLookahead && opt.Rollouts > 0 && opt.Rollouts != DefaultRollouts {
		v += fmt.Sprintf("+rollouts=%d", opt.Rollouts)
	}
	if k == stratHindsight && opt.Samples > 0 && min(opt.Samples, MaxSamples) != DefaultSamples {
		v += fmt.Sprintf("+samples=%d", min(opt.Samples, MaxSamples))
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
	case stratHindsight:
		p.hind = newHindsight(p.gi, opt.Samples, opt.Workers)
	}
	return p, nil
}

// Strategy returns the name of the player's strategy.
func (p *Player) Strategy() string { return strategyNames[p.strategy] }

// Version returns the version of the player's games ([Version] of its
// strategy and options): a record of its games names it, so that games of
// another version are never taken for its own.
func (p *Player) Version() string {
	var opt Options
	if p.look != nil {
		opt.Rollouts = p.look.rollouts
	}
	if p.hind != nil {
		opt.Samples = p.hind.samples
	}
	return version(p.strategy, opt)
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
// For greedy, lookahead and hindsight it plays the very game of Play (the same moves
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
		case stratLookahead:
			a, b = p.look.choose(v, src)
		default:
			a, b = p.hind.choose(v, src)
		}
		if moves != nil {
			*moves = append(*moves, solitaire.Move{A: min(a, b), B: max(a, b)})
		}
		v.play(a, b, groups)
		n++
	}
	return Result{Won: v.left == 0, Moves: n, Left: v.left}
}

// Reason says why a player plays the move it advises.
type Reason uint8

// The reasons.
const (
	NoMove   Reason = iota // no legal match: the game is over
	Cleaning               // a cleaning move, which never spoils a game (see the package documentation)
	Forced                 // the only legal match
	Chosen                 // chosen by the strategy among several matches
)

var reasonNames = [...]string{NoMove: "none", Cleaning: "cleaning", Forced: "forced", Chosen: "chosen"}

// String returns "none", "cleaning", "forced" or "chosen".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Advice is the move a player would make in a position of a game in
// progress, from what it sees of it ([Player.Advise]).
type Advice struct {
	Move    solitaire.Move // the match to play (A < B); the zero Move when Reason is NoMove
	Reason  Reason
	Matches int // the legal matches of the position
	// The hindsight strategy's figures (0 for the other strategies):
	// Samples deals of the faces the player has not seen were decided
	// exactly; in Winnable of them the position can still be cleared, and
	// in Kept of them the position after Move can.
	Samples, Winnable, Kept int
}

// Advise returns the move the player's strategy would make in the
// position b (a game in progress on the player's geometry: b.Present the
// tiles on the board), seeing only what a player sees: the faces of the
// tiles removed and of those on the board that no tile on the board
// covers. Two positions that differ only in faces the player cannot see
// get the same advice from the same src state. An error is returned for a
// board of another geometry or a deal that is not one of it
// (solitaire.CheckDeal), and ctx's error when it is done before the
// advice is found.
//
// The hindsight strategy also says how it sees the position's chances
// (Advice.Samples, Winnable, Kept), for a cleaning or forced move too.
func (p *Player) Advise(ctx context.Context, b *solitaire.Board, src *rand.PCG) (Advice, error) {
	if b.Geo != p.gi.geo {
		return Advice{}, errors.New("nopeek: the board is not of the player's layout")
	}
	if err := solitaire.CheckDeal(b.Groups, p.gi.n); err != nil {
		return Advice{}, err
	}
	if err := ctx.Err(); err != nil {
		return Advice{}, err
	}
	v := &p.view
	v.resetAt(p.gi, b.Groups, b.Present)
	adv := Advice{Matches: v.matches}
	if v.matches == 0 {
		return adv, nil
	}
	var a, c uint8
	_, _, clean := v.cleaning()
	switch {
	case clean && p.strategy != stratRandom:
		adv.Reason = Cleaning
	case v.matches == 1:
		adv.Reason = Forced
	default:
		adv.Reason = Chosen
	}
	switch p.strategy {
	case stratRandom:
		a, c = v.uniform(src)
	case stratGreedy:
		a, c = greedy(v, src)
	case stratLookahead:
		a, c = p.look.choose(v, src)
	default:
		h := p.hind
		h.ctx = ctx
		defer func() { h.ctx = context.Background() }()
		if adv.Reason == Chosen {
			h.candidates(v)
			m := h.cand[h.decide(v, src)]
			a, c = m.A, m.B
			adv.Samples, adv.Winnable, adv.Kept = h.last.samples, h.last.winnable, h.last.kept
		} else {
			a, c = h.choose(v, src)
			adv.Samples, adv.Winnable = h.chances(v, src)
			adv.Kept = adv.Winnable // a cleaning or forced move spoils nothing
		}
		if err := ctx.Err(); err != nil {
			return Advice{}, err
		}
	}
	adv.Move = solitaire.Move{A: min(a, c), B: max(a, c)}
	return adv, nil
}

// ViewHash is a hash of what a player sees of the position b: the tiles
// on the board, and the faces of the tiles removed and of the tiles on
// the board that no tile on the board covers. A program that seeds
// [Player.Advise] from it gives the same advice to positions a player
// cannot tell apart.
func ViewHash(b *solitaire.Board) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := range b.Geo.N {
		x := uint64(0xfe) // a tile on the board, covered
		switch {
		case !b.Present.Has(i):
			x = 0x100 | uint64(b.Groups[i])
		case !b.Geo.Covers[i].Intersects(b.Present):
			x = uint64(b.Groups[i])
		}
		h = (h ^ x) * 0x100000001b3
	}
	return h
}

// RunSeed is the first word of the PCG seed of the games that mjsolve
// solitaire play (package runs) has strategy play in a run with seed seed;
// the second word is the game number. It is a hash of both, so that every
// strategy and seed has its own stream of random numbers.
func RunSeed(seed uint64, strategy string) uint64 {
	h := fnv.New64a()
	h.Write([]byte("mjsolve/nopeek\x00" + strategy + "\x00"))
	h.Write(binary.LittleEndian.AppendUint64(nil, seed))
	return h.Sum64()
}

// Budget returns the budget per move with a choice that a version of
// strategy (as [Version] writes it) names: the lookahead's playouts or
// the hindsight strategy's deals, the default when the version names
// none; 0 for the other strategies, whatever the version. A version of
// the lookahead or hindsight that is not of this form is an error; an
// unknown strategy a *[StrategyError].
func Budget(strategy, version string) (int, error) {
	k, err := strategyIndex(strategy)
	if err != nil {
		return 0, err
	}
	if k != stratLookahead && k != stratHindsight {
		return 0, nil
	}
	base, extra, found := strings.Cut(version, "+")
	if base == "" {
		return 0, fmt.Errorf("nopeek: %s version %q has no implementation version", strategy, mjsolve.Excerpt(version))
	}
	key, def := "samples=", DefaultSamples
	if k == stratLookahead {
		key, def = "rollouts=", DefaultRollouts
	}
	if !found {
		return def, nil
	}
	v, ok := strings.CutPrefix(extra, key)
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n <= 0 {
		return 0, fmt.Errorf("nopeek: %s version %q does not name a budget", strategy, mjsolve.Excerpt(version))
	}
	return n, nil
}
