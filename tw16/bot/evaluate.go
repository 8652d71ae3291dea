package bot

import (
	"errors"
	"fmt"
	"math"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Estimate is the estimated value of one action: the mean points the seat
// gains in the hand (negative: pays) over N playouts, and the standard
// error of that mean.
type Estimate struct {
	Mean   float64 `json:"mean"`
	StdErr float64 `json:"stderr"`
	N      int     `json:"n"`
}

// Evaluator estimates the value of a seat's actions by simulation: it
// samples the cards the seat cannot see (the other hands, their concealed
// kongs and the wall's order) consistently with its View, sets a game to
// each sampled position (game.Game.Load), plays each action there and the
// rest of the hand by a fast policy for every seat, and averages the
// seat's points under the game's rules (the competition's by default:
// 1000 + 500 per tai, paid by the discarder or, self-drawn, by all). Every
// action is played in the same sampled positions (common random numbers),
// so their differences are measured far more precisely than their values.
//
// An Evaluator is not safe for concurrent use; after its first decision it
// allocates nothing per playout. The search strategy decides by it, and
// the reviewer of transcripts rates every decision with Evaluate.
type Evaluator struct {
	forms tw16.Forms
	cfg   game.Config
	// g holds the sampled position, loaded once; each playout plays on a
	// copy of it in pg.
	g, pg *game.Game
	r     rng

	// base is the position as the seat knows it, the hidden cards still
	// to place; pos is a sampled one.
	base, pos game.Position
	seat      game.Seat
	// pool are the cards the seat cannot see; sizes the number of
	// concealed cards each other seat holds; kongs the concealed kongs
	// to fill (seat·8 + meld index).
	pool    [game.NumCards]game.Card
	npool   int
	sizes   [4]int
	kongs   [4 * tw16.MaxSets]uint8
	nkongs  int
	flowers [mjsolve.NumBonus]game.Card
	nflow   int
	// forbid are the kinds each other seat cannot be waiting on: it would
	// have won on them (discards since its last own discard); ndisc the
	// discards each seat has made.
	forbid [4]tw16.KindSet
	ndisc  [4]int
	cands  [96]uint8
	hands  [4]mjsolve.Counts
	// turnPass says a Pass in the seat's own turn means playing on (the
	// protocol asks kongs and self-drawn wins alone): the policy discards.
	turnPass bool
	// foldOwn and foldOther are the shanten from which the seat and the
	// other seats fold in the playouts (0: never; see foldAt), fold the
	// seats' thresholds for the decision at hand.
	foldOwn, foldOther int8
	fold               foldAt
	// memo remembers the policy's discards (see discardMemo).
	memo *discardMemo
}

// playoutFold are the default foldOwn and foldOther of an Evaluator.
var playoutFold = [2]int8{0, 0}

// NewEvaluator returns an evaluator that looks up the shanten tables
// (nil: tw16.DefaultTables) and scores by rules (the zero Rules: the
// competition's).
func NewEvaluator(tables *tw16.TableSet, rules tw16.Rules) *Evaluator {
	return &Evaluator{forms: tw16.Forms{Tables: tables}, cfg: game.Config{Tables: tables, Rules: rules, PointsOnly: true},
		foldOwn: playoutFold[0], foldOther: playoutFold[1], memo: new(discardMemo)}
}

// ErrView is the error of a View the evaluator cannot sample from: its
// cards do not add up (a protocol view told of impossible cards) or the
// actions are not a decision of its seat.
var ErrView = errors.New("bot: the view cannot be sampled")

// Evaluate estimates the value of each of acts, the legal actions of v's
// seat, with samples sampled positions (each action is played once in
// each), deterministically for seed; out receives the estimates in the
// order of acts (it is grown when short) and is returned.
func (e *Evaluator) Evaluate(v *game.View, acts []game.Action, samples int, seed uint64, out []Estimate) ([]Estimate, error) {
	if samples < 1 {
		return nil, fmt.Errorf("bot: %d samples", samples)
	}
	if err := e.prepare(v, acts); err != nil {
		return nil, err
	}
	if len(acts) > 48 {
		return nil, fmt.Errorf("%w: %d actions", ErrView, len(acts))
	}
	out = append(out[:0], make([]Estimate, len(acts))...)
	var sq [48]float64
	for w := range samples {
		if err := e.sample(seed, uint64(w)); err != nil {
			return nil, err
		}
		for i := range acts {
			p, err := e.play(&acts[i])
			if err != nil {
				return nil, err
			}
			out[i].Mean += float64(p)
			sq[i] += float64(p) * float64(p)
			out[i].N++
		}
	}
	for i := range out {
		n := float64(out[i].N)
		mean := out[i].Mean / n
		out[i].Mean = mean
		if out[i].N > 1 {
			out[i].StdErr = math.Sqrt(max(0, sq[i]-n*mean*mean) / (n - 1) / n)
		}
	}
	return out, nil
}

// prepare builds the known part of the position from v and the decision
// acts, and the pool of hidden cards.
func (e *Evaluator) prepare(v *game.View, acts []game.Action) error {
	if len(acts) == 0 {
		return fmt.Errorf("%w: no action", ErrView)
	}
	if e.g == nil {
		g, err := game.New(game.Config{Tables: e.cfg.Tables})
		if err != nil {
			return err
		}
		e.g, e.pg = g, new(game.Game)
	}
	e.cfg.Dealer, e.cfg.Round, e.cfg.Flowers = v.Dealer, v.Round, v.FlowerWall
	if e.cfg.Rules.Name != "" && e.cfg.Rules.Flowers != v.FlowerWall {
		return fmt.Errorf("%w: the %s rules do not match the wall's flowers", ErrView, e.cfg.Rules.Name)
	}
	nwall := game.NumKindCards
	if v.FlowerWall {
		nwall = game.NumCards
	}
	p := &e.base
	*p = game.Position{}
	e.seat = v.Seat
	e.fold = foldAt{}
	for o := range e.fold.at {
		e.fold.at[o] = e.foldOther
	}
	e.fold.at[v.Seat&3] = e.foldOwn
	var placed [game.NumCards]bool
	place := func(c game.Card) error {
		if int(c) >= nwall || placed[c] {
			return fmt.Errorf("%w: card %s seen twice or out of the wall", ErrView, c)
		}
		placed[c] = true
		return nil
	}
	s := v.Seat & 3
	p.NHand[s] = copy(p.Hands[s][:], v.Hand())
	for _, c := range v.Hand() {
		if err := place(c); err != nil {
			return err
		}
	}
	e.nkongs = 0
	for o := range game.Seat(4) {
		ms := v.MeldsOf(o)
		p.NMelds[o] = copy(p.Melds[o][:], ms)
		for i, m := range ms {
			if m.Type == tw16.ConcealedKong && !m.Cards[0].Valid() {
				e.kongs[e.nkongs] = uint8(o)*8 + uint8(i)
				e.nkongs++
				continue
			}
			for _, c := range m.Cards[:m.Size()] {
				if err := place(c); err != nil {
					return err
				}
			}
		}
		n := 0
		for _, c := range v.FlowerCards[o][:v.Flowers[o]] {
			if c.Valid() {
				if err := place(c); err != nil {
					return err
				}
				p.Flowers[o][n] = c
				n++
			}
		}
		if n != v.Flowers[o] {
			return fmt.Errorf("%w: flowers not told", ErrView)
		}
		p.NFlowers[o] = n
	}
	p.NRiver = copy(p.River[:], v.River[:v.NRiver])
	for _, d := range p.River[:p.NRiver] {
		if !d.Claimed {
			if err := place(d.Card); err != nil {
				return err
			}
		}
	}
	if err := e.decision(v, acts); err != nil {
		return err
	}
	if p.Phase == game.PhaseRob && !p.RobFlower {
		// The view shows the kong made; the position has the pong and
		// the added card apart.
		placed[p.Added] = false
		if err := place(p.Added); err != nil {
			return err
		}
	}
	e.npool, e.nflow = 0, 0
	for c := range game.Card(nwall) {
		switch {
		case placed[c]:
		case c.IsFlower():
			e.flowers[e.nflow] = c
			e.nflow++
		default:
			e.pool[e.npool] = c
			e.npool++
		}
	}
	need := v.WallLeft - e.nflow + 4*e.nkongs
	for o := range game.Seat(4) {
		e.sizes[o] = 0
		if o != s {
			e.sizes[o] = 16 - 3*p.NMelds[o]
			need += e.sizes[o]
		}
	}
	if need != e.npool || v.WallLeft < game.DeadWall {
		return fmt.Errorf("%w: %d hidden cards for %d places", ErrView, e.npool, need)
	}
	e.forbidden(v)
	e.ndisc = [4]int{}
	for _, d := range v.River[:v.NRiver] {
		e.ndisc[d.Seat&3]++
	}
	return nil
}

// decision sets the phase of the base position from the actions offered
// and the latest event.
func (e *Evaluator) decision(v *game.View, acts []game.Action) error {
	p := &e.base
	s := v.Seat & 3
	p.ToAct = s
	p.Drawn, p.Added = game.NoCard, game.NoCard
	e.turnPass = false
	anyMeld := false
	for o := range 4 {
		anyMeld = anyMeld || v.NMelds[o] > 0
	}
	p.Interrupted = anyMeld
	discards := [4]int{}
	for _, d := range v.River[:v.NRiver] {
		p.HasDiscarded[d.Seat&3] = true
		discards[d.Seat&3]++
	}
	for o := range game.Seat(4) {
		p.HasDrawn[o] = o != v.Dealer && discards[o] > 0 || o == v.Dealer && discards[o] > 1
	}
	switch {
	case v.NHand%3 == 2:
		p.Phase = game.PhaseTurn
		p.Drawn = v.Drawn
		p.Drew = v.Drawn != game.NoCard
		p.Replaced = p.Drew && v.Last.Type == game.EventDraw && v.Last.Replacement
		if p.Drew && !v.Last.Replacement {
			p.HasDrawn[s] = true
		}
		if !p.Drew && s == v.Dealer && v.NRiver == 0 && !anyMeld {
			p.Drew = true // the dealer's dealt hand
		}
		for _, a := range acts {
			if a.Type == game.Pass {
				e.turnPass = true
			}
		}
	case v.Last.Type == game.EventAddedKong || v.Last.Type == game.EventFlower:
		p.Phase = game.PhaseRob
		p.Added, p.AddedSeat = v.Last.Card, v.Last.Seat
		p.RobFlower = v.Last.Type == game.EventFlower
		if !p.RobFlower {
			o := v.Last.Seat & 3
			for i := range p.NMelds[o] {
				m := &p.Melds[o][i]
				if m.Type == tw16.Kong && m.Cards[0].Kind() == p.Added.Kind() {
					m.Type = tw16.Pong
					j := 0
					for _, c := range m.Cards {
						if c != p.Added {
							m.Cards[j] = c
							j++
						}
					}
					m.Cards[3] = game.NoCard
				}
			}
		}
	case v.Last.Type == game.EventDiscard:
		p.Phase = game.PhaseClaim
		p.Stage = game.StageHu
		for _, a := range acts {
			switch a.Type {
			case game.Pong, game.Kong:
				p.Stage = game.StagePong
			case game.Chow:
				p.Stage = game.StageChow
			}
		}
	default:
		return fmt.Errorf("%w: no decision after a %s", ErrView, v.Last.Type)
	}
	return nil
}

// forbidden sets the kinds each other seat cannot be waiting on: a kind
// discarded by another seat since its own last discard would have been won
// on (every strategy here wins when it can), unless it was the current
// discard and the seat is asked after this one.
func (e *Evaluator) forbidden(v *game.View) {
	e.forbid = [4]tw16.KindSet{}
	var done [4]bool
	for i := v.NRiver - 1; i >= 0; i-- {
		d := v.River[i]
		done[d.Seat&3] = true
		for o := range game.Seat(4) {
			if done[o] || o == v.Seat || o == d.Seat {
				continue
			}
			if i == v.NRiver-1 && e.base.Phase == game.PhaseClaim && e.base.Stage == game.StageHu &&
				(o-d.Seat)&3 > (v.Seat-d.Seat)&3 {
				continue // asked after this seat
			}
			if !d.Card.IsFlower() {
				e.forbid[o].Add(d.Card.Kind())
			}
		}
	}
}

// maxRedeals bounds the redeals of a sample whose hands break what the
// other seats' play says (waiting on a kind they let pass).
const maxRedeals = 20

// sample sets e.pos to the sampled position numbered w for seed.
func (e *Evaluator) sample(seed, w uint64) error {
	e.r.seed(game.Mix(seed, w))
	for try := 0; ; try++ {
		if err := e.deal(); err != nil {
			return err
		}
		ok := true
		for o := range game.Seat(4) {
			if o != e.seat && e.g.WinningKinds(o)&e.forbid[o] != 0 {
				ok = false
			}
		}
		if ok || try == maxRedeals {
			return nil
		}
	}
}

// deal places the hidden cards at random and loads the position into the
// evaluator's game.
func (e *Evaluator) deal() error {
	p := &e.pos
	*p = e.base
	pool := e.pool[:e.npool]
	// Concealed kongs first: a kind whose four copies are all hidden.
	n := len(pool)
	for _, km := range e.kongs[:e.nkongs] {
		var cand [mjsolve.NumKinds]uint8
		nc := 0
		var count [mjsolve.NumKinds]uint8
		for _, c := range pool[:n] {
			count[c.Kind()]++
		}
		for k, x := range count {
			if x == 4 {
				cand[nc] = uint8(k)
				nc++
			}
		}
		if nc == 0 {
			return fmt.Errorf("%w: no kind left for a concealed kong", ErrView)
		}
		k := mjsolve.Kind(cand[e.r.intN(nc)])
		m := &p.Melds[km/8][km%8]
		j := 0
		for i := 0; i < n; {
			if pool[i].Kind() == k {
				m.Cards[j] = pool[i]
				j++
				n--
				pool[i], pool[n] = pool[n], pool[i]
				continue
			}
			i++
		}
		sortMeld(&m.Cards)
	}
	// The hands by the opponent model (kinds), then their cards and the
	// wall's order at random.
	var kinds mjsolve.Counts
	for _, c := range pool[:n] {
		kinds[c.Kind()]++
	}
	first := e.r.intN(4) // no seat always drawn first
	for i := range game.Seat(4) {
		o := (game.Seat(first) + i) & 3
		e.hands[o] = mjsolve.Counts{}
		if o != e.seat {
			e.hands[o] = e.dealHand(&kinds, e.sizes[o], targetShanten(&e.r, e.ndisc[o], p.NMelds[o]), e.forbid[o])
		}
	}
	for i := n - 1; i > 0; i-- {
		j := e.r.intN(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	at := n
	for i := n - 1; i >= 0; i-- {
		// The cards dealt move to the end of the pool, the wall's stay
		// in front in their random order.
		c := pool[i]
		for o := range game.Seat(4) {
			if e.hands[o][c.Kind()] > 0 {
				e.hands[o][c.Kind()]--
				p.Hands[o][p.NHand[o]] = c
				p.NHand[o]++
				at--
				pool[i], pool[at] = pool[at], pool[i]
				break
			}
		}
	}
	n = at
	at = 0
	p.NWall = copy(p.Wall[:], pool[at:n])
	if e.nflow > 0 {
		p.NWall += copy(p.Wall[p.NWall:], e.flowers[:e.nflow])
		for i := p.NWall - 1; i > 0; i-- {
			j := e.r.intN(i + 1)
			p.Wall[i], p.Wall[j] = p.Wall[j], p.Wall[i]
		}
	}
	return e.g.Load(e.cfg, p)
}

// sortMeld sorts a meld's cards ascending.
func sortMeld(cs *[4]game.Card) {
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// playFolding is play with the seat folding in the playout from fold
// shanten (0: never; below 0: e.foldOwn).
func (e *Evaluator) playFolding(a *game.Action, fold int8) (int, error) {
	if fold < 0 {
		return e.play(a)
	}
	s := e.seat & 3
	e.fold.at[s] = fold
	p, err := e.play(a)
	e.fold.at[s] = e.foldOwn
	return p, err
}

// playTwin is playFolding with the seat attacking (fold 0), watching the
// twin playout in which it folds from twin shanten: same reports that the
// twin would have played the very same game, and so scored p too.
func (e *Evaluator) playTwin(a *game.Action, twin int8) (p int, same bool, err error) {
	e.fold.twin, e.fold.twinSeat, e.fold.diverged = twin, e.seat, false
	p, err = e.playFolding(a, 0)
	same = !e.fold.diverged
	e.fold.twin, e.fold.diverged = 0, false
	return p, same, err
}

// play plays action a in the sampled position (a copy of it) and the rest
// of the hand by the policy, and returns the seat's points.
func (e *Evaluator) play(a *game.Action) (int, error) {
	g := e.pg
	g.CopyFrom(e.g)
	if a.Type == game.Pass && e.turnPass {
		// Playing on in the turn: the policy's discard.
		acts := g.Actions()
		if err := g.Apply(acts[policyTurn(&e.forms, &e.fold, e.memo, g, acts, false)]); err != nil {
			return 0, err
		}
	} else if err := g.Apply(*a); err != nil {
		return 0, fmt.Errorf("%w: %s: %w", ErrView, a, err)
	}
	return playout(&e.forms, &e.fold, e.memo, g, e.seat)
}
