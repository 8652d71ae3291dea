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
}

// Game is one hand of Taiwanese 16-tile Mahjong as a state machine: the
// player ToAct chooses one of Actions and Apply plays it; draws, flowers and
// the end of the hand follow by themselves. Reset deals a new hand into the
// same Game without allocating.
type Game struct {
	cfg   Config
	rules tw16.Rules

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

	result  Result
	scratch [tw16.MaxSets]tw16.Meld
	fls     [mjsolve.NumBonus]mjsolve.Bonus
	fls7    [mjsolve.NumBonus]mjsolve.Bonus
}

// claimSlot is one seat asked at one stage of a claim window.
type claimSlot struct {
	seat  Seat
	stage Stage
}

// Discarded is one discard of the hand.
type Discarded struct {
	Seat Seat
	Card Card
	// Claimed says another player took it into a meld (or won on it).
	Claimed bool
}

// hand is what one seat holds.
type hand struct {
	cards    [18]Card // concealed, ascending
	n        int
	counts   mjsolve.Counts
	melds    [tw16.MaxSets]Meld
	nmelds   int
	flowers  [mjsolve.NumBonus]Card
	nflowers int
	// wins are the kinds that complete the concealed part when it has
	// 3k+1 cards (empty unless tenpai).
	wins tw16.KindSet
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
	if cfg.Dealer > 3 || cfg.Round > North {
		return fmt.Errorf("game: dealer %d or round %d out of range", cfg.Dealer, cfg.Round)
	}
	g.cfg = cfg
	g.cfg.Wall = nil
	g.rules = cfg.Rules
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
	if cfg.Wall != nil {
		if err := checkWall(cfg.Wall, g.nwall); err != nil {
			return err
		}
		copy(g.wall[:], cfg.Wall)
	} else {
		Shuffle(g.wall[:g.nwall], cfg.Seed)
	}
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
			g.hands[s].updateWins()
		}
	}
	g.startTurn(cfg.Dealer, true, NoCard, false)
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
// dealt: 17 for the dealer, 16 for the others.
func (g *Game) Dealt(s Seat) []Card {
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

// Discards returns every discard of the hand in order.
func (g *Game) Discards() []Discarded { return g.river[:g.nriv] }

// Wall returns the whole wall in drawing order (the cards dealt first).
func (g *Game) Wall() []Card { return g.wall[:g.nwall] }

// Result returns the outcome once the hand is over.
func (g *Game) Result() *Result { return &g.result }

// add puts c among the concealed cards.
func (h *hand) add(c Card) {
	i := h.n
	for i > 0 && h.cards[i-1] > c {
		h.cards[i] = h.cards[i-1]
		i--
	}
	h.cards[i] = c
	h.n++
	if !c.IsFlower() {
		h.counts[c.Kind()]++
	}
}

// has reports whether c is among the concealed cards.
func (h *hand) has(c Card) bool {
	for _, x := range h.cards[:h.n] {
		if x == c {
			return true
		}
	}
	return false
}

// remove takes c from the concealed cards; it must be there.
func (h *hand) remove(c Card) {
	i := 0
	for h.cards[i] != c {
		i++
	}
	copy(h.cards[i:h.n-1], h.cards[i+1:h.n])
	h.n--
	if !c.IsFlower() {
		h.counts[c.Kind()]--
	}
}

// lowest returns the lowest n copies of kind k held, into out.
func (h *hand) lowest(k mjsolve.Kind, out []Card) {
	j := 0
	for _, c := range h.cards[:h.n] {
		if j < len(out) && !c.IsFlower() && c.Kind() == k {
			out[j] = c
			j++
		}
	}
}

// updateWins recomputes the winning kinds of a concealed part of 3k+1.
func (h *hand) updateWins() {
	h.wins = 0
	sh, err := tw16.Shanten(h.counts)
	if err != nil || sh != 0 {
		return
	}
	e, err := tw16.Effective(h.counts, nil, nil)
	if err == nil {
		h.wins = e.Kinds
	}
}

// pongOf returns the index of seat h's pong of kind k, or -1.
func (h *hand) pongOf(k mjsolve.Kind) int {
	for i, m := range h.melds[:h.nmelds] {
		if m.Type == tw16.Pong && m.Cards[0].Kind() == k {
			return i
		}
	}
	return -1
}

// kongAllowed says a kong may be declared: its replacement draw must come
// from the live wall.
func (g *Game) kongAllowed() bool { return g.WallLeft() > DeadWall }

// startTurn gives the turn to s, who drew drawn (or was dealt, drawn
// NoCard) when drew, or claimed a discard.
func (g *Game) startTurn(s Seat, drew bool, drawn Card, replaced bool) {
	g.phase, g.toAct = PhaseTurn, s
	g.drew, g.drawn, g.replaced = drew, drawn, replaced
	h := &g.hands[s]
	g.huHand, g.huFlowers = false, false
	if drew {
		if drawn == NoCard {
			sh, err := tw16.Shanten(h.counts)
			g.huHand = err == nil && sh == -1
		} else {
			g.huHand = h.wins.Has(drawn.Kind())
		}
		g.huFlowers = h.nflowers == mjsolve.NumBonus
	}
	g.canHu = g.huHand || g.huFlowers
	n := 0
	if g.canHu {
		g.acts[n] = Act(Hu)
		n++
	}
	if drew && g.kongAllowed() {
		for k, c := range h.counts {
			if c == 4 {
				a := Act(ConcealedKong)
				h.lowest(mjsolve.Kind(k), a.Cards[:4])
				g.acts[n] = a
				n++
			}
		}
		for _, m := range h.melds[:h.nmelds] {
			if k := m.Cards[0].Kind(); m.Type == tw16.Pong && h.counts[k] > 0 {
				a := Act(AddedKong)
				h.lowest(k, a.Cards[:1])
				g.acts[n] = a
				n++
			}
		}
	}
	for _, c := range h.cards[:h.n] {
		g.acts[n] = Act(Discard, c)
		n++
	}
	g.nacts = n
}

// draw gives s the next card of the wall (from the back for a replacement),
// setting flowers aside, and starts its turn; or ends the hand drawn.
func (g *Game) draw(s Seat, replacement bool) {
	for {
		if g.WallLeft() <= DeadWall {
			g.exhausted()
			return
		}
		var c Card
		if replacement {
			g.back--
			c = g.wall[g.back]
		} else {
			c = g.wall[g.front]
			g.front++
			g.hasDrawn[s] = true
		}
		g.events = append(g.events, Event{Type: EventDraw, Seat: s, From: s, Card: c, Replacement: replacement})
		if !c.IsFlower() {
			g.hands[s].add(c)
			g.startTurn(s, true, c, replacement)
			return
		}
		g.setFlower(s, c)
		for o := range Seat(4) {
			if o != s && g.hands[o].nflowers == mjsolve.NumBonus-1 {
				// o holds the other seven: it may rob this one (七搶一).
				g.robFlower, g.added, g.addedSeat = true, c, s
				g.robbers[0], g.nrob, g.irob = o, 1, 0
				g.phase, g.toAct = PhaseRob, o
				g.acts[0], g.acts[1], g.nacts = Act(Hu), Act(Pass), 2
				return
			}
		}
		replacement = true
	}
}

// exhausted ends the hand drawn.
func (g *Game) exhausted() {
	g.events = append(g.events, Event{Type: EventExhausted, Card: NoCard})
	g.phase, g.nacts = PhaseOver, 0
	g.result = Result{Exhausted: true, Winner: NoSeat, From: NoSeat, Card: NoCard}
}

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

func (g *Game) applyTurn(a Action) error {
	s := g.toAct
	h := &g.hands[s]
	switch a.Type {
	case Discard:
		if why := g.ownCards(&a, 1, mjsolve.NumKinds); why != "" {
			return g.illegal(a, why)
		}
		g.discardCard(s, a.Cards[0])
		return nil
	case Hu:
		if !g.canHu {
			return g.illegal(a, "the hand is not complete or was not drawn")
		}
		win := g.drawn
		if win == NoCard {
			win = h.cards[h.n-1]
		}
		if g.huFlowers {
			return g.flowerWin(s, s, h.flowers[h.nflowers-1], win)
		}
		return g.win(s, s, win, false)
	case ConcealedKong:
		if !g.drew || !g.kongAllowed() {
			return g.illegal(a, "a kong needs a draw this turn and a replacement left in the wall")
		}
		k := a.Cards[0].Kind()
		if why := g.ownCards(&a, 4, k); why != "" {
			return g.illegal(a, why)
		}
		m := Meld{Type: tw16.ConcealedKong, Cards: a.Cards, Claimed: NoCard, From: s}
		sortCards(&m.Cards)
		for _, c := range m.Cards {
			h.remove(c)
		}
		h.melds[h.nmelds] = m
		h.nmelds++
		g.interrupted = true
		h.updateWins()
		g.events = append(g.events, Event{Type: EventConcealedKong, Seat: s, From: s, Card: NoCard, Meld: m})
		g.draw(s, true)
		return nil
	case AddedKong:
		if !g.drew || !g.kongAllowed() {
			return g.illegal(a, "a kong needs a draw this turn and a replacement left in the wall")
		}
		c := a.Cards[0]
		if why := g.ownCards(&a, 1, mjsolve.NumKinds); why != "" {
			return g.illegal(a, why)
		}
		i := h.pongOf(c.Kind())
		if i < 0 {
			return g.illegal(a, "no pong of "+c.Kind().String())
		}
		h.remove(c)
		g.interrupted = true
		h.updateWins()
		m := h.melds[i]
		m.Type, m.Cards[3] = tw16.Kong, c
		sortCards(&m.Cards)
		g.events = append(g.events, Event{Type: EventAddedKong, Seat: s, From: s, Card: c, Meld: m})
		g.robFlower, g.added, g.addedSeat = false, c, s
		g.nrob, g.irob = 0, 0
		for i := Seat(1); i < 4; i++ {
			o := (s + i) & 3
			if g.hands[o].wins.Has(c.Kind()) {
				g.robbers[g.nrob] = o
				g.nrob++
			}
		}
		if g.nrob == 0 {
			g.completeAddedKong()
			return nil
		}
		g.phase, g.toAct = PhaseRob, g.robbers[0]
		g.acts[0], g.acts[1], g.nacts = Act(Hu), Act(Pass), 2
		return nil
	}
	return g.illegal(a, "not a turn action")
}

// completeAddedKong makes the pending added kong and draws its replacement.
func (g *Game) completeAddedKong() {
	s := g.addedSeat
	h := &g.hands[s]
	i := h.pongOf(g.added.Kind())
	m := &h.melds[i]
	m.Type, m.Cards[3] = tw16.Kong, g.added
	sortCards(&m.Cards)
	g.draw(s, true)
}

// sortCards sorts the cards of a meld ascending (NoCard last).
func sortCards(cs *[4]Card) {
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// discardCard plays s's discard of c and opens the claim window.
func (g *Game) discardCard(s Seat, c Card) {
	h := &g.hands[s]
	h.remove(c)
	h.updateWins()
	g.discarded[s] = true
	g.river[g.nriv] = Discarded{Seat: s, Card: c}
	g.nriv++
	g.events = append(g.events, Event{Type: EventDiscard, Seat: s, From: s, Card: c})
	g.discard, g.discarder = c, s
	k := c.Kind()
	n := 0
	for i := Seat(1); i < 4; i++ {
		o := (s + i) & 3
		if g.hands[o].wins.Has(k) {
			g.queue[n] = claimSlot{o, StageHu}
			n++
		}
	}
	for i := Seat(1); i < 4; i++ {
		o := (s + i) & 3
		if g.hands[o].counts[k] >= 2 {
			g.queue[n] = claimSlot{o, StagePong}
			n++
			break
		}
	}
	if next := s.Next(); g.canChow(next, k) {
		g.queue[n] = claimSlot{next, StageChow}
		n++
	}
	g.nq, g.qi = n, 0
	if n == 0 {
		g.draw(s.Next(), false)
		return
	}
	g.askClaim()
}

// chowShapes are the offsets of the two own kinds of a chow from the
// claimed kind.
var chowShapes = [3][2]int{{-2, -1}, {-1, 1}, {1, 2}}

// chowKinds returns the two own kinds of chow shape i on k, if the shape
// stays within k's suit.
func chowKinds(k mjsolve.Kind, i int) (a, b mjsolve.Kind, ok bool) {
	if k.IsHonor() {
		return 0, 0, false
	}
	n := k.Number()
	lo, hi := n+chowShapes[i][0], n+chowShapes[i][1]
	if lo < 1 || hi > 9 {
		return 0, 0, false
	}
	return k + mjsolve.Kind(chowShapes[i][0]), k + mjsolve.Kind(chowShapes[i][1]), true
}

// canChow reports whether seat s holds a chow on kind k.
func (g *Game) canChow(s Seat, k mjsolve.Kind) bool {
	c := &g.hands[s].counts
	for i := range chowShapes {
		if a, b, ok := chowKinds(k, i); ok && c[a] > 0 && c[b] > 0 {
			return true
		}
	}
	return false
}

// askClaim offers the current seat of the claim window its actions.
func (g *Game) askClaim() {
	q := g.queue[g.qi]
	g.phase, g.toAct = PhaseClaim, q.seat
	h := &g.hands[q.seat]
	k := g.discard.Kind()
	n := 0
	switch q.stage {
	case StageHu:
		g.acts[n] = Act(Hu)
		n++
	case StagePong:
		a := Act(Pong)
		h.lowest(k, a.Cards[:2])
		g.acts[n] = a
		n++
		if h.counts[k] == 3 && q.seat != g.discarder.Next() && g.kongAllowed() {
			a := Act(Kong)
			h.lowest(k, a.Cards[:3])
			g.acts[n] = a
			n++
		}
	case StageChow:
		for i := range chowShapes {
			x, y, ok := chowKinds(k, i)
			if ok && h.counts[x] > 0 && h.counts[y] > 0 {
				a := Act(Chow)
				h.lowest(x, a.Cards[:1])
				h.lowest(y, a.Cards[1:2])
				g.acts[n] = a
				n++
			}
		}
	}
	g.acts[n] = Act(Pass)
	g.nacts = n + 1
}

func (g *Game) applyClaim(a Action) error {
	s, q := g.toAct, g.queue[g.qi]
	k := g.discard.Kind()
	switch {
	case a.Type == Pass:
		g.qi++
		if g.qi < g.nq {
			g.askClaim()
		} else {
			g.draw(g.discarder.Next(), false)
		}
		return nil
	case a.Type == Hu && q.stage == StageHu:
		g.river[g.nriv-1].Claimed = true
		return g.win(s, g.discarder, g.discard, false)
	case a.Type == Pong && q.stage == StagePong:
		if why := g.ownCards(&a, 2, k); why != "" {
			return g.illegal(a, why)
		}
		g.claim(s, a, tw16.Pong, 2)
		g.startTurn(s, false, NoCard, false)
		return nil
	case a.Type == Kong && q.stage == StagePong:
		switch {
		case s == g.discarder.Next():
			return g.illegal(a, "no exposed kong on the previous player's discard")
		case !g.kongAllowed():
			return g.illegal(a, "no replacement left in the wall")
		}
		if why := g.ownCards(&a, 3, k); why != "" {
			return g.illegal(a, why)
		}
		g.claim(s, a, tw16.Kong, 3)
		g.hands[s].updateWins()
		g.draw(s, true)
		return nil
	case a.Type == Chow && q.stage == StageChow:
		if why := g.ownCards(&a, 2, mjsolve.NumKinds); why != "" {
			return g.illegal(a, why)
		}
		x, y := a.Cards[0].Kind(), a.Cards[1].Kind()
		if x > y {
			x, y = y, x
		}
		ok := false
		for i := range chowShapes {
			p, r, fits := chowKinds(k, i)
			ok = ok || fits && p == x && r == y
		}
		if !ok {
			return g.illegal(a, fmt.Sprintf("%s and %s make no sequence with %s", a.Cards[0], a.Cards[1], g.discard))
		}
		g.claim(s, a, tw16.Chow, 2)
		g.startTurn(s, false, NoCard, false)
		return nil
	}
	return g.illegal(a, fmt.Sprintf("the %s stage of the claim on %s", q.stage, g.discard))
}

// claim makes seat s's meld of type t from the discard and n own cards.
func (g *Game) claim(s Seat, a Action, t tw16.MeldType, n int) {
	h := &g.hands[s]
	m := Meld{Type: t, Cards: [4]Card{NoCard, NoCard, NoCard, NoCard}, Claimed: g.discard, From: g.discarder}
	copy(m.Cards[:], a.Cards[:n])
	m.Cards[n] = g.discard
	sortCards(&m.Cards)
	for _, c := range a.Cards[:n] {
		h.remove(c)
	}
	h.melds[h.nmelds] = m
	h.nmelds++
	g.river[g.nriv-1].Claimed = true
	g.interrupted = true
	et := [...]EventType{tw16.Chow: EventChow, tw16.Pong: EventPong, tw16.Kong: EventKong}[t]
	g.events = append(g.events, Event{Type: et, Seat: s, From: g.discarder, Card: g.discard, Meld: m})
}

func (g *Game) applyRob(a Action) error {
	switch a.Type {
	case Pass:
		g.irob++
		if g.irob < g.nrob {
			g.toAct = g.robbers[g.irob]
			return nil
		}
		if g.robFlower {
			g.robFlower = false
			g.draw(g.addedSeat, true)
			return nil
		}
		g.completeAddedKong()
		return nil
	case Hu:
		if g.robFlower {
			return g.flowerWin(g.toAct, g.addedSeat, g.added, NoCard)
		}
		return g.win(g.toAct, g.addedSeat, g.added, true)
	}
	return g.illegal(a, "only hu or pass on an added kong")
}
