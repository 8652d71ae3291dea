package bot

import (
	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Advice plays by the advice engine (tw16.Advise) as the shanten thesis's
// program does (chapter 2): it always wins when it can; it discards the
// tile that leaves the fewest shanten and, among those, the most effective
// tiles not yet visible (each copy alike: not weighted by how it can be
// had, the thesis's 吃碰比重), then the loosest tile (tw16.Tier); it
// claims a chow, a pong or a kong when that lowers its shanten (a kong when
// it costs nothing), and makes a concealed or added kong when that costs
// nothing. It defends (see danger) when an opponent looks ready: far from
// ready itself (three shanten) it folds, discarding the safest tile; nearer
// it keeps its shanten with the safest tile that does (see defend).
type Advice struct {
	o     Options
	forms tw16.Forms // with o.Tables
	r     rng
	mc    mcState
	tune  tuning
}

// NewAdvice returns the advice strategy with options o.
func NewAdvice(o Options) *Advice {
	return &Advice{o: o, forms: tw16.Forms{Tables: o.Tables}, tune: defaultTuning}
}

// Begin reseeds the strategy (used by the Monte-Carlo defence).
func (s *Advice) Begin(seed uint64) { s.r.seed(seed) }

// shanten is the shanten of a part known to be well formed; a bad part
// (which a View built from a misbehaving referee might hold) counts as far
// from ready.
func (s *Advice) shanten(c mjsolve.Counts) int {
	sh, err := s.forms.Shanten(c)
	if err != nil {
		return 99
	}
	return sh
}

// without returns c less the kinds of the first n cards of a.
func without(c mjsolve.Counts, a *game.Action, n int) mjsolve.Counts {
	for _, x := range a.Cards[:n] {
		if x.Valid() && !x.IsFlower() && c[x.Kind()] > 0 {
			c[x.Kind()]--
		}
	}
	return c
}

// Choose wins when offered, else decides the turn or the claim.
func (s *Advice) Choose(v *game.View, acts []game.Action) int {
	for i, a := range acts {
		if a.Type == game.Hu {
			return i
		}
	}
	if acts[len(acts)-1].Type == game.Discard {
		return s.turn(v, acts)
	}
	return s.claim(v, acts)
}

// kongCosts reports whether the kong a would raise the shanten of the
// concealed part c (3k+2 cards on a turn, 3k+1 on a discard).
func (s *Advice) kongCosts(c mjsolve.Counts, a *game.Action, sh0 int) bool {
	c2 := without(c, a, a.Type.CardsUsed())
	return s.shanten(c2) > sh0
}

// ownKong returns the index of a concealed or added kong to make on the
// seat's turn, or -1: one that does not raise the shanten, and an added
// kong (which can be robbed) only while no opponent looks ready.
func (s *Advice) ownKong(v *game.View, acts []game.Action) int {
	c := v.Concealed
	sh0 := -2
	for i := range acts {
		a := &acts[i]
		if a.Type != game.ConcealedKong && a.Type != game.AddedKong {
			continue
		}
		if sh0 == -2 {
			sh0 = s.shanten(c)
		}
		if a.Type == game.AddedKong && s.threatened(v) {
			continue
		}
		if !s.kongCosts(c, a, sh0) {
			return i
		}
	}
	return -1
}

// turn chooses a kong or a discard.
func (s *Advice) turn(v *game.View, acts []game.Action) int {
	if i := s.ownKong(v, acts); i >= 0 {
		return i
	}
	c := v.Concealed
	var kind mjsolve.Kind
	if s.threatened(v) { // never with NoDefence
		// The defence weighs every discard.
		adv, err := s.forms.Advise(c, &v.Seen, nil)
		if err != nil {
			adv, err = s.forms.Advise(c, nil, nil)
			if err != nil {
				return len(acts) - 1
			}
		}
		kind = s.defend(v, adv.Discards())
	} else {
		// Only the discard ranked first: tw16.BestDiscard, the same as
		// Advise's first at a fraction of the work.
		_, d, err := s.forms.BestDiscard(c, &v.Seen, nil)
		if err != nil {
			_, d, err = s.forms.BestDiscard(c, nil, nil)
			if err != nil {
				return len(acts) - 1
			}
		}
		kind = d.Kind
	}
	pick := -1
	for i, a := range acts {
		if a.Type == game.Discard && a.Cards[0].Kind() == kind && !a.Cards[0].IsFlower() {
			if pick < 0 || a.Cards[0] == v.Drawn {
				pick = i
			}
		}
	}
	if pick < 0 {
		return len(acts) - 1
	}
	return pick
}

// claim decides a claim (or, over the protocol, a kong asked alone): the
// claim that lowers the shanten most, the kong that costs nothing, else
// pass. Ties between chows go to the most effective tiles after.
func (s *Advice) claim(v *game.View, acts []game.Action) int {
	pass := len(acts) - 1
	if acts[0].Type == game.ConcealedKong || acts[0].Type == game.AddedKong {
		// Over the protocol a turn's kongs are asked alone (/ask gong).
		if i := s.ownKong(v, acts); i >= 0 {
			return i
		}
		return pass
	}
	c := v.Concealed
	sh0 := s.shanten(c)
	folding := !s.o.NoDefence && s.threatened(v) && sh0 >= s.tune.fold
	best, bestSh, bestEff := pass, sh0, -1
	for i := range acts[:pass] {
		a := &acts[i]
		switch a.Type {
		case game.Kong:
			if !s.kongCosts(c, a, sh0) && !folding {
				return i
			}
		case game.Pong, game.Chow:
			if folding {
				continue
			}
			c2 := without(c, a, 2)
			sh := s.shanten(c2)
			if sh > bestSh || sh == sh0 {
				continue
			}
			eff := -1
			if sh == bestSh && best != pass || sh < bestSh {
				if _, d, err := s.forms.BestDiscard(c2, &v.Seen, nil); err == nil {
					eff = d.Effective.Weighted
				}
			}
			if sh < bestSh || eff > bestEff {
				best, bestSh, bestEff = i, sh, eff
			}
		}
	}
	return best
}
