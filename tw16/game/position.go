package game

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// Position is a hand in progress with every card placed: each seat's
// concealed cards, melds and flowers, the river, the live wall in drawing
// order, whose decision it is and the first go-round's flags. Save takes
// one from a Game, and Load sets a Game to one, so that a search can play a
// position on from a sampled deal of the cards it cannot see (tw16/bot's
// search strategy builds one from a View and sampled hidden cards). It is
// a value of fixed arrays: filling and loading one allocates nothing.
type Position struct {
	// Hands are each seat's concealed cards, NHand[s] of them, in any
	// order; with the melds counted as three cards each, every seat holds
	// 16, but the seat to act in PhaseTurn holds 17.
	Hands [4][18]Card
	NHand [4]int
	// Melds are each seat's declared melds in the order made (a pending
	// added kong is still a Pong), NMelds[s] of them.
	Melds  [4][tw16.MaxSets]Meld
	NMelds [4]int
	// Flowers are the flowers each seat has set aside, NFlowers[s].
	Flowers  [4][mjsolve.NumBonus]Card
	NFlowers [4]int
	// River is every discard in order, NRiver of them; a Claimed one is
	// among a meld's cards, not counted again.
	River  [NumCards]Discarded
	NRiver int
	// Wall is the live wall in drawing order, NWall cards (at least
	// DeadWall): draws take Wall[0], Wall[1], …; replacement draws take
	// Wall[NWall-1], Wall[NWall-2], ….
	Wall  [NumCards]Card
	NWall int

	// Phase and ToAct say whose decision it is (not PhaseOver).
	Phase Phase
	ToAct Seat
	// In PhaseTurn: Drew says the turn began with a draw (or the deal, for
	// the dealer's first turn) rather than a claim, so that a self-drawn
	// win and kongs may be offered; Drawn is the card drawn (NoCard after
	// the deal or a claim) and Replaced says it came from the back of the
	// wall.
	Drew, Replaced bool
	Drawn          Card
	// In PhaseClaim the discard is the last of River: ToAct is asked at
	// Stage, and the seats asked before it in the claim order (see Stage)
	// have passed.
	Stage Stage
	// In PhaseRob: AddedSeat added the card Added to its pong (not among
	// its cards, nor yet in the meld), or with RobFlower set the flower
	// Added aside (among its Flowers); ToAct may rob it, and the seats
	// before it in the order have passed.
	Added     Card
	AddedSeat Seat
	RobFlower bool

	// The first go-round (天胡, 地胡, 人胡): Interrupted says a claim or a
	// kong has been made; HasDrawn[s] that seat s has drawn from the front
	// of the wall, HasDiscarded[s] that it has discarded.
	Interrupted  bool
	HasDrawn     [4]bool
	HasDiscarded [4]bool
}

// Save fills p with the position of g, which must not be over (p is left
// unchanged then).
func (g *Game) Save(p *Position) {
	if g.phase == PhaseOver {
		return
	}
	for s := range 4 {
		h := &g.hands[s]
		p.Hands[s] = h.cards
		p.NHand[s] = h.n
		p.Melds[s] = h.melds
		p.NMelds[s] = h.nmelds
		p.Flowers[s] = h.flowers
		p.NFlowers[s] = h.nflowers
	}
	copy(p.River[:], g.river[:g.nriv])
	p.NRiver = g.nriv
	p.NWall = copy(p.Wall[:], g.wall[g.front:g.back])
	p.Phase, p.ToAct = g.phase, g.toAct
	p.Drew, p.Replaced, p.Drawn = false, false, NoCard
	p.Stage = StageHu
	p.Added, p.AddedSeat, p.RobFlower = NoCard, 0, false
	switch g.phase {
	case PhaseTurn:
		p.Drew, p.Replaced, p.Drawn = g.drew, g.replaced, g.drawn
	case PhaseClaim:
		p.Stage = g.queue[g.qi].stage
	case PhaseRob:
		p.Added, p.AddedSeat, p.RobFlower = g.added, g.addedSeat, g.robFlower
	}
	p.Interrupted, p.HasDrawn, p.HasDiscarded = g.interrupted, g.hasDrawn, g.discarded
}

// CopyFrom sets g to the state of src: the game goes on from there as src
// would, its events those of src (in g's own memory). A program that plays
// many continuations of one position loads it once and copies it for each,
// far cheaper than Load. After the first copy it allocates nothing.
// Playing on either game leaves the other as it was (the result of an
// ended src included).
func (g *Game) CopyFrom(src *Game) {
	if g == src {
		return
	}
	events, memo := g.events, g.memo
	*g = *src
	g.events = append(events[:0], src.events...)
	// The memo is g's own (the same answers, not shared state); the
	// result's slices point into g's arrays, as src's into src's.
	g.memo = memo
	w, sc := &g.result.Win, &g.result.Score
	w.Melds = rebase(w.Melds, src.scratch[:], g.scratch[:])
	w.Flowers = rebase(rebase(w.Flowers, src.fls[:], g.fls[:]), src.fls7[:], g.fls7[:])
	sc.Payments = rebase(sc.Payments, src.pays[:], g.pays[:])
}

// rebase returns s, or the same part of to when s is a part of from
// starting at its first element.
func rebase[T any](s, from, to []T) []T {
	if len(s) > 0 && &s[0] == &from[0] {
		return to[:len(s)]
	}
	return s
}

// Load sets g to the position p of a hand set up by cfg (Dealer, Round,
// Flowers, Rules, Tables; Seed and Wall are ignored), reusing g's memory:
// it allocates nothing. It checks that p is a position of the rules: every
// card of the wall (136, or 144 with flowers) in exactly one place, hands
// of the right size, melds that are melds, a decision that can be asked in
// it; on an error g is left unusable until the next Reset or Load.
//
// The game goes on from p exactly as it would have from the game p was
// saved from. Events starts empty, Dealt returns nil, and Wall returns the
// cards outside the live wall (in no particular order) before the live
// wall.
func (g *Game) Load(cfg Config, p *Position) error {
	cfg.Seed, cfg.Wall = 0, nil
	if err := g.setConfig(cfg); err != nil {
		return err
	}
	g.phase = PhaseOver // until loaded
	g.nacts = 0
	g.loaded = true
	g.events = g.events[:0]
	g.result = Result{}
	if err := g.loadCards(p); err != nil {
		return err
	}
	g.interrupted, g.hasDrawn, g.discarded = p.Interrupted, p.HasDrawn, p.HasDiscarded
	if p.ToAct > 3 {
		return fmt.Errorf("game: position: seat %d to act", p.ToAct)
	}
	s := p.ToAct
	for o := range Seat(4) {
		size := g.hands[o].n + 3*g.hands[o].nmelds
		want := 16
		if p.Phase == PhaseTurn && o == s {
			want = 17
		}
		if size != want {
			return fmt.Errorf("game: position: seat %d holds %d cards counting 3 per meld, not %d", o, size, want)
		}
	}
	switch p.Phase {
	case PhaseTurn:
		return g.loadTurn(p)
	case PhaseClaim:
		return g.loadClaim(p)
	case PhaseRob:
		return g.loadRob(p)
	}
	return fmt.Errorf("game: position: phase %s", p.Phase)
}

// loadCards places the cards of p in g and checks that each card is in
// exactly one place.
func (g *Game) loadCards(p *Position) error {
	var seen [NumCards]bool
	put := func(c Card, where string) error {
		if int(c) >= g.nwall {
			return fmt.Errorf("game: position: %s: %s is not a card of the wall", where, c)
		}
		if seen[c] {
			return fmt.Errorf("game: position: %s: %s is placed twice", where, c)
		}
		seen[c] = true
		return nil
	}
	for s := range 4 {
		h := &g.hands[s]
		*h = hand{}
		if p.NHand[s] < 0 || p.NHand[s] > len(p.Hands[s]) || p.NMelds[s] < 0 || p.NMelds[s] > tw16.MaxSets ||
			p.NFlowers[s] < 0 || p.NFlowers[s] > mjsolve.NumBonus {
			return fmt.Errorf("game: position: seat %d: %d cards, %d melds, %d flowers", s, p.NHand[s], p.NMelds[s], p.NFlowers[s])
		}
		for _, c := range p.Hands[s][:p.NHand[s]] {
			if err := put(c, "a hand"); err != nil {
				return err
			}
			if c.IsFlower() {
				return fmt.Errorf("game: position: seat %d holds the flower %s", s, c)
			}
			h.add(c)
		}
		for i, m := range p.Melds[s][:p.NMelds[s]] {
			if err := checkMeld(m); err != nil {
				return fmt.Errorf("game: position: seat %d's meld %d: %w", s, i+1, err)
			}
			for _, c := range m.Cards[:m.Size()] {
				if err := put(c, "a meld"); err != nil {
					return err
				}
			}
			h.melds[i] = m
		}
		h.nmelds = p.NMelds[s]
		for i, c := range p.Flowers[s][:p.NFlowers[s]] {
			if err := put(c, "the flowers"); err != nil {
				return err
			}
			if !c.IsFlower() {
				return fmt.Errorf("game: position: seat %d set %s aside, not a flower", s, c)
			}
			h.flowers[i] = c
		}
		h.nflowers = p.NFlowers[s]
	}
	if p.NRiver < 0 || p.NRiver > len(p.River) {
		return fmt.Errorf("game: position: %d discards", p.NRiver)
	}
	for _, d := range p.River[:p.NRiver] {
		if d.Seat > 3 || !d.Card.Valid() || d.Card.IsFlower() {
			return fmt.Errorf("game: position: discard %s by seat %d", d.Card, d.Seat)
		}
		if !d.Claimed {
			if err := put(d.Card, "the river"); err != nil {
				return err
			}
		}
	}
	g.nriv = copy(g.river[:], p.River[:p.NRiver])
	if p.Phase == PhaseRob && !p.RobFlower {
		if err := put(p.Added, "the added kong"); err != nil {
			return err
		}
	}
	if p.NWall < DeadWall || p.NWall > g.nwall {
		return fmt.Errorf("game: position: %d cards in the wall, want at least %d", p.NWall, DeadWall)
	}
	for _, c := range p.Wall[:p.NWall] {
		if err := put(c, "the wall"); err != nil {
			return err
		}
	}
	// The cards out of the wall first, then the live wall.
	g.front, g.back = g.nwall-p.NWall, g.nwall
	copy(g.wall[g.front:], p.Wall[:p.NWall])
	i := 0
	for c := range Card(g.nwall) {
		if !seen[c] {
			return fmt.Errorf("game: position: %s is nowhere", c)
		}
	}
	for _, c := range g.wall[g.front:g.back] {
		seen[c] = false
	}
	for c := range Card(g.nwall) {
		if seen[c] {
			g.wall[i] = c
			i++
		}
	}
	return nil
}

// checkMeld checks that m is a meld of its type.
func checkMeld(m Meld) error {
	n := m.Size()
	for _, c := range m.Cards[:n] {
		if !c.Valid() || c.IsFlower() {
			return fmt.Errorf("%s: not a meld", m)
		}
	}
	k := m.Cards[0].Kind()
	switch m.Type {
	case tw16.Chow:
		if k.IsHonor() || k.Number() > 7 || m.Cards[1].Kind() != k+1 || m.Cards[2].Kind() != k+2 {
			return fmt.Errorf("%s: not a sequence", m)
		}
	case tw16.Pong, tw16.Kong, tw16.ConcealedKong:
		for _, c := range m.Cards[1:n] {
			if c.Kind() != k {
				return fmt.Errorf("%s: not of one kind", m)
			}
		}
	default:
		return fmt.Errorf("meld type %d", m.Type)
	}
	for i := 1; i < n; i++ {
		if m.Cards[i] <= m.Cards[i-1] {
			return fmt.Errorf("%s: cards not ascending", m)
		}
	}
	return nil
}

// updateAllWins recomputes the winning kinds of every 3k+1 hand; the seat
// in turn s, holding 3k+2 with the drawn card drawn, gets those of its
// hand without it.
func (g *Game) updateAllWins(turn Seat, drawn Card) {
	for s := range Seat(4) {
		h := &g.hands[s]
		switch {
		case h.n%3 == 1:
			h.updateWins(g.forms)
		case s == turn && drawn != NoCard:
			h.remove(drawn)
			h.updateWins(g.forms)
			h.add(drawn)
		}
	}
}

func (g *Game) loadTurn(p *Position) error {
	s := p.ToAct
	if p.Drawn != NoCard && (!p.Drew || !g.hands[s].has(p.Drawn)) {
		return fmt.Errorf("game: position: seat %d drew %s, which it does not hold", s, p.Drawn)
	}
	if p.Drawn == NoCard && p.Drew && (s != g.cfg.Dealer || p.NRiver > 0) {
		return fmt.Errorf("game: position: seat %d's turn follows a draw of no card, not the deal", s)
	}
	g.updateAllWins(s, p.Drawn)
	g.startTurn(s, p.Drew, p.Drawn, p.Replaced)
	return nil
}

func (g *Game) loadClaim(p *Position) error {
	if p.NRiver == 0 || g.river[p.NRiver-1].Claimed {
		return fmt.Errorf("game: position: a claim with no discard to claim")
	}
	d := g.river[p.NRiver-1]
	g.updateAllWins(NoSeat, NoCard)
	g.discard, g.discarder = d.Card, d.Seat
	g.nq = g.claimQueue(d.Seat, d.Card.Kind())
	g.qi = -1
	for i, q := range g.queue[:g.nq] {
		if q.seat == p.ToAct && q.stage == p.Stage {
			g.qi = i
		}
	}
	if g.qi < 0 {
		return fmt.Errorf("game: position: seat %d cannot claim %s at the %s stage", p.ToAct, d.Card, p.Stage)
	}
	g.askClaim()
	return nil
}

func (g *Game) loadRob(p *Position) error {
	g.updateAllWins(NoSeat, NoCard)
	g.robFlower, g.added, g.addedSeat = p.RobFlower, p.Added, p.AddedSeat
	g.nrob, g.irob = 0, -1
	if p.AddedSeat > 3 || p.AddedSeat == p.ToAct {
		return fmt.Errorf("game: position: seat %d robbing seat %d", p.ToAct, p.AddedSeat)
	}
	if p.RobFlower {
		h := &g.hands[p.AddedSeat]
		if !p.Added.IsFlower() || h.nflowers == 0 || h.flowers[h.nflowers-1] != p.Added || g.hands[p.ToAct].nflowers != mjsolve.NumBonus-1 {
			return fmt.Errorf("game: position: seat %d cannot rob the flower %s", p.ToAct, p.Added)
		}
		g.robbers[0], g.nrob, g.irob = p.ToAct, 1, 0
	} else {
		if p.Added.IsFlower() || g.hands[p.AddedSeat].pongOf(p.Added.Kind()) < 0 {
			return fmt.Errorf("game: position: seat %d has no pong to add %s to", p.AddedSeat, p.Added)
		}
		for i := Seat(1); i < 4; i++ {
			o := (p.AddedSeat + i) & 3
			if g.hands[o].wins.Has(p.Added.Kind()) {
				if o == p.ToAct {
					g.irob = g.nrob
				}
				g.robbers[g.nrob] = o
				g.nrob++
			}
		}
		if g.irob < 0 {
			return fmt.Errorf("game: position: seat %d cannot rob the kong of %s", p.ToAct, p.Added)
		}
	}
	g.phase, g.toAct = PhaseRob, p.ToAct
	g.acts[0], g.acts[1], g.nacts = Act(Hu), Act(Pass), 2
	return nil
}
