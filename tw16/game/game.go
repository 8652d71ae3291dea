package game

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// DeadWall is the number of cards left in the wall when the hand is drawn
// (鐵八墩: eight stacks): a draw due with this many left ends the hand.
const DeadWall = 16

// Config sets up one hand.
type Config struct {
	// Seed shuffles the wall (ignored when Wall is given).
	Seed uint64
	// Wall, when not nil, is the wall in drawing order: the deal takes the
	// first 65 cards (17 for the dealer, then 16 for each seat in turn),
	// draws continue from the front and replacement draws come from the
	// end. It must hold each of the 136 cards (144 with Flowers) once.
	Wall []Card
	// Flowers plays with the eight flowers (144 cards); each is set aside
	// when dealt or drawn and replaced from the back of the wall.
	Flowers bool
	// Dealer is the seat that deals (莊家): it gets 17 cards and plays first.
	Dealer Seat
	// Round is the round wind (圈風). Seat s has the seat wind (門風) Wind(s).
	Round Wind
	// Rules score the win; the zero value means tw16.Competition() (with
	// Flowers set from Flowers).
	Rules tw16.Rules
	// Tables are the shanten tables that find the winning kinds of each
	// hand (nil: tw16.DefaultTables).
	Tables *tw16.TableSet
	// PointsOnly scores a win for its tai and payments alone (tw16.Tai,
	// tw16.Pay): Result.Score has no Items nor Arrangement, and the
	// slices of Result (Score.Payments, Win.Melds, Win.Flowers) are the
	// game's memory, valid until the next Reset or Load. A hand then
	// allocates nothing: for simulations that play many.
	PointsOnly bool
}

// Game is one hand of Taiwanese 16-tile Mahjong as a state machine: the
// player ToAct chooses one of Actions and Apply plays it; draws, flowers and
// the end of the hand follow by themselves. Reset deals a new hand into the
// same Game without allocating.
type Game struct {
	cfg   Config
	rules tw16.Rules
	forms tw16.Forms // with cfg.Tables
	memo  *winsMemo  // the winning kinds of parts met, by forms (nil: none yet)

	wall        [NumCards]Card
	nwall       int
	front, back int // the live wall is wall[front:back]

	hands [4]hand
	dealt [4][17]Card
	river [NumCards]Discarded
	nriv  int

	events []Event

	phase Phase
	toAct Seat

	// The turn: drew says it began with a draw or the deal (a self-drawn
	// win and kongs are possible), drawn is the card drawn (NoCard after
	// the deal), replaced that it came from the back of the wall.
	drew, replaced, canHu bool
	// huHand and huFlowers say what a win on the turn would be: the hand
	// is complete, or the seat holds all eight flowers (八仙過海).
	huHand, huFlowers bool
	drawn             Card

	// A claim window: the discard, the seats to ask in order, the next one.
	discard   Card
	discarder Seat
	queue     [5]claimSlot
	nq, qi    int

	// A pending added kong, or with robFlower a flower just set aside that
	// the seat holding the other seven may rob (七搶一).
	robFlower  bool
	added      Card
	addedSeat  Seat
	robbers    [3]Seat
	nrob, irob int

	// The first go-round (天胡, 地胡, 人胡): no claim or kong yet, and which
	// seats have drawn and discarded.
	interrupted bool
	hasDrawn    [4]bool
	discarded   [4]bool

	acts  [48]Action
	nacts int

	// loaded says the hand was set up by Load: there is no deal.
	loaded bool

	result  Result
	pays    [2]tw16.Payment
	scratch [tw16.MaxSets]tw16.Meld
	fls     [mjsolve.NumBonus]mjsolve.Bonus
	fls7    [mjsolve.NumBonus]mjsolve.Bonus
}

// Discarded is one discard of the hand.
type Discarded struct {
	Seat Seat
	Card Card
	// Claimed says another player took it into a meld (or won on it).
	Claimed bool
}

// New deals a hand.
func New(cfg Config) (*Game, error) {
	g := &Game{events: make([]Event, 0, 4*NumCards)}
	if err := g.Reset(cfg); err != nil {
		return nil, err
	}
	return g, nil
}

// errors Apply returns, wrapped with the details.
var (
	// ErrIllegal is the error of every action Apply refuses.
	ErrIllegal = errors.New("illegal action")
	// ErrOver is returned by Apply when the hand is over.
	ErrOver = errors.New("the hand is over")
)

// Reset deals a new hand by cfg into g, reusing its memory.
func (g *Game) Reset(cfg Config) error {
	if err := g.setConfig(cfg); err != nil {
		return err
	}
	if cfg.Wall != nil {
		if err := checkWall(cfg.Wall, g.nwall); err != nil {
			return err
		}
		copy(g.wall[:], cfg.Wall)
	} else {
		Shuffle(g.wall[:g.nwall], cfg.Seed)
	}
	g.loaded = false
	g.front, g.back = 0, g.nwall
	g.hands = [4]hand{}
	g.nriv = 0
	g.events = g.events[:0]
	g.interrupted = false
	g.hasDrawn = [4]bool{}
	g.discarded = [4]bool{}
	g.result = Result{}

	// The deal, then the flowers set aside in turn from the dealer.
	for p := range 4 {
		s := (cfg.Dealer + Seat(p)) & 3
		n := 16
		if p == 0 {
			n = 17
		}
		for i := range n {
			c := g.wall[g.front]
			g.front++
			g.dealt[s][i] = c
			g.hands[s].add(c)
		}
	}
	for p := range 4 {
		s := (cfg.Dealer + Seat(p)) & 3
		h := &g.hands[s]
		for h.n > 0 && h.cards[h.n-1].IsFlower() {
			f := h.cards[h.n-1]
			h.remove(f)
			g.setFlower(s, f)
			c := g.wall[g.back-1]
			g.back--
			g.events = append(g.events, Event{Type: EventDraw, Seat: s, From: s, Card: c, Replacement: true})
			h.add(c)
		}
	}
	for s := range Seat(4) {
		if s != cfg.Dealer {
			g.hands[s].updateWins(g.forms)
		}
	}
	g.startTurn(cfg.Dealer, true, NoCard, false)
	return nil
}

// setConfig checks cfg and sets the game's configuration from it.
func (g *Game) setConfig(cfg Config) error {
	if cfg.Dealer > 3 || cfg.Round > North {
		return fmt.Errorf("game: dealer %d or round %d out of range", cfg.Dealer, cfg.Round)
	}
	g.cfg = cfg
	g.cfg.Wall = nil
	g.rules = cfg.Rules
	g.forms = tw16.Forms{Tables: cfg.Tables}
	if g.rules.Name == "" {
		g.rules = tw16.Competition()
		g.rules.Flowers = cfg.Flowers
	}
	if g.rules.Flowers != cfg.Flowers {
		return fmt.Errorf("game: the %s rules have flowers %v but the wall has flowers %v", g.rules.Name, g.rules.Flowers, cfg.Flowers)
	}
	g.nwall = NumKindCards
	if cfg.Flowers {
		g.nwall = NumCards
	}
	return nil
}

// checkWall checks that w holds each of the first n cards once.
func checkWall(w []Card, n int) error {
	if len(w) != n {
		return fmt.Errorf("game: the wall has %d cards, not %d", len(w), n)
	}
	var seen [NumCards]bool
	for i, c := range w {
		if int(c) >= n || seen[c] {
			return fmt.Errorf("game: wall card %d (%s) is not a new card of the %d", i, c, n)
		}
		seen[c] = true
	}
	return nil
}

// Shuffle fills w with the first len(w) cards in an order given by seed (a
// Fisher–Yates shuffle driven by PCG seeded with seed).
func Shuffle(w []Card, seed uint64) {
	for i := range w {
		w[i] = Card(i)
	}
	var r rand.PCG
	r.Seed(seed, 0x6d6a736f6c7665) // "mjsolve"
	for i := len(w) - 1; i > 0; i-- {
		j, _ := bits.Mul64(r.Uint64(), uint64(i+1))
		w[i], w[j] = w[j], w[i]
	}
}

// setFlower sets the flower f aside for seat s.
func (g *Game) setFlower(s Seat, f Card) {
	h := &g.hands[s]
	h.flowers[h.nflowers] = f
	h.nflowers++
	g.events = append(g.events, Event{Type: EventFlower, Seat: s, From: s, Card: f})
}

// WallLeft returns the number of cards left in the wall.
func (g *Game) WallLeft() int { return g.back - g.front }

// Phase returns the kind of decision the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the hand is over.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// ToAct returns the seat whose decision the game waits for.
func (g *Game) ToAct() Seat { return g.toAct }

// Claim returns the stage of the claim window in PhaseClaim.
func (g *Game) Claim() Stage { return g.queue[g.qi].stage }

// Actions returns every legal action of ToAct (see Action), empty when the
// hand is over. The slice is valid until the next Apply or Reset.
func (g *Game) Actions() []Action { return g.acts[:g.nacts] }

// Events returns everything that happened in the hand so far. The slice
// is valid until the next Reset; events are only appended.
func (g *Game) Events() []Event { return g.events }

// Dealer returns the dealer's seat.
func (g *Game) Dealer() Seat { return g.cfg.Dealer }

// Round returns the round wind.
func (g *Game) Round() Wind { return g.cfg.Round }

// Flowers reports whether the hand is played with flowers.
func (g *Game) Flowers() bool { return g.cfg.Flowers }

// Rules returns the rules the hand is scored by.
func (g *Game) Rules() tw16.Rules { return g.rules }

// Dealt returns the cards dealt to seat s, flowers included, in the order
// dealt: 17 for the dealer, 16 for the others; nil after Load.
func (g *Game) Dealt(s Seat) []Card {
	if g.loaded {
		return nil
	}
	if s == g.cfg.Dealer {
		return g.dealt[s&3][:17]
	}
	return g.dealt[s&3][:16]
}

// Hand returns seat s's concealed cards, ascending. The slice is valid
// until the next Apply or Reset.
func (g *Game) Hand(s Seat) []Card { h := &g.hands[s&3]; return h.cards[:h.n] }

// Concealed returns the kinds of seat s's concealed cards.
func (g *Game) Concealed(s Seat) mjsolve.Counts { return g.hands[s&3].counts }

// Melds returns seat s's declared melds in the order made. The slice is
// valid until the next Apply or Reset.
func (g *Game) Melds(s Seat) []Meld { h := &g.hands[s&3]; return h.melds[:h.nmelds] }

// FlowersOf returns the flowers seat s has set aside.
func (g *Game) FlowersOf(s Seat) []Card { h := &g.hands[s&3]; return h.flowers[:h.nflowers] }

// WinningKinds returns the kinds that would complete seat s's concealed
// part when it holds 3k+1 cards: its waits, empty unless it is ready. The
// engine keeps them to offer wins; for a seat holding 3k+2 (in its turn)
// they are not meaningful.
func (g *Game) WinningKinds(s Seat) tw16.KindSet { return g.hands[s&3].wins }

// Discards returns every discard of the hand in order.
func (g *Game) Discards() []Discarded { return g.river[:g.nriv] }

// Wall returns the whole wall in drawing order (the cards dealt first).
func (g *Game) Wall() []Card { return g.wall[:g.nwall] }

// Result returns the outcome once the hand is over.
func (g *Game) Result() *Result { return &g.result }

// NoSeat stands for no seat (the winner of a drawn hand).
const NoSeat Seat = 255

// Apply plays a, an action of ToAct. An action that is not legal now is
// refused with an error wrapping ErrIllegal (ErrOver once the hand is
// over), and the game is unchanged.
func (g *Game) Apply(a Action) error {
	switch g.phase {
	case PhaseOver:
		return fmt.Errorf("game: %s: %w", a, ErrOver)
	case PhaseTurn:
		return g.applyTurn(a)
	case PhaseClaim:
		return g.applyClaim(a)
	}
	return g.applyRob(a)
}

// illegal is the error for a refused action.
func (g *Game) illegal(a Action, why string) error {
	return fmt.Errorf("game: seat %d cannot %s in the %s phase: %s: %w", g.toAct, a, g.phase, why, ErrIllegal)
}

// ownCards checks that the first n cards of a are distinct concealed cards
// of the player to act, all of kind k when k is valid.
func (g *Game) ownCards(a *Action, n int, k mjsolve.Kind) string {
	h := &g.hands[g.toAct]
	for i, c := range a.Cards[:n] {
		if !h.has(c) {
			return fmt.Sprintf("%s is not in the hand", c)
		}
		if c.IsFlower() || k < mjsolve.NumKinds && c.Kind() != k {
			return fmt.Sprintf("%s is not a %s", c, k)
		}
		for _, d := range a.Cards[:i] {
			if c == d {
				return fmt.Sprintf("%s is named twice", c)
			}
		}
	}
	return ""
}
