package bot

import (
	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// readiness estimates how likely opponent o is ready (聽牌) from what the
// table shows: the more melds it has exposed and the more it has
// discarded, the likelier. The shanten thesis's statistics (figure 3-1)
// have most players within one tile of ready by the eighth to twelfth
// go-round; a player with three or more melds has few tiles left to fix.
func readiness(v *game.View, o game.Seat) float64 {
	melds, turns := 0, 0
	for _, m := range v.MeldsOf(o) {
		if m.Type != tw16.ConcealedKong {
			melds++
		}
	}
	for _, d := range v.River[:v.NRiver] {
		if d.Seat == o {
			turns++
		}
	}
	return readinessOf(melds, turns)
}

// readinessOf is readiness for a player with melds exposed melds who has
// discarded turns times.
func readinessOf(melds, turns int) float64 {
	p := 0.15*float64(melds) + 0.035*float64(turns)
	if melds >= 3 {
		p += 0.3
	}
	return min(p, 1)
}

// tuning are the defence's thresholds.
type tuning struct {
	threat   float64 // readiness from which an opponent looks ready
	fold     int     // shanten (after the best discard) from which to fold
	nearFold float64 // one below fold: the danger above which to fold anyway
	// blend weighs the effective tiles kept against the danger when the
	// hand keeps its best shanten: the discard with the most
	// effective/most − blend·danger (0: the safest).
	blend float64
}

// defaultTuning are the thresholds chosen by self-play against the same bot
// without defence (TestDefence): folding from two shanten lost 312 points
// per hand over 3840 hands; from three, the loss is within noise.
var defaultTuning = tuning{threat: 0.5, fold: 3, nearFold: 0.5}

// threatened reports whether some opponent looks ready.
func (s *Advice) threatened(v *game.View) bool {
	if s.o.NoDefence {
		return false
	}
	for i := game.Seat(1); i < 4; i++ {
		if readiness(v, (v.Seat+i)&3) >= s.tune.threat {
			return true
		}
	}
	return false
}

// risk estimates how likely a discard of kind k deals in to opponent o if
// o is ready, by rules of thumb: a kind o has discarded itself is nearly
// safe (現物; Taiwanese rules have no furiten, so not quite); an honor is
// dangerous by the copies not yet seen (none unseen: nobody can wait on
// it); a numbered kind by the sequence waits still possible (both other
// kinds of the sequence with a copy unseen), halved on the suji side that o
// has discarded (筋: n±3), plus the pair waits its unseen copies allow.
func risk(v *game.View, o game.Seat, k mjsolve.Kind) float64 {
	return riskOf(&v.Seen, v.Discards[o&3], k)
}

// riskOf is risk for a player who has seen the cards seen and an opponent
// who has discarded the kinds disc.
func riskOf(seen *mjsolve.Counts, disc tw16.KindSet, k mjsolve.Kind) float64 {
	unseen := func(k mjsolve.Kind) int { return 4 - int(seen[k]) }
	pair := [5]float64{0, 0.12, 0.25, 0.3, 0.3}[max(0, unseen(k))]
	r := pair
	if !k.IsHonor() {
		n := k.Number()
		// Two-sided and edge waits: k with k+1, k+2 (the other end k+3),
		// k with k-1, k-2 (the other end k-3); closed: k-1, k+1.
		side := func(lo, hi, other int) float64 {
			if lo < 1 || hi > 9 || unseen(k+mjsolve.Kind(lo-n)) < 1 || unseen(k+mjsolve.Kind(hi-n)) < 1 {
				return 0
			}
			w := 0.35
			if other >= 1 && other <= 9 && disc.Has(k+mjsolve.Kind(other-n)) {
				w *= 0.4 // suji
			}
			return w
		}
		r += side(n+1, n+2, n+3) + side(n-2, n-1, n-3) + side(n-1, n+1, 0)*0.6
	}
	if disc.Has(k) {
		r *= 0.15
	}
	return min(r, 1)
}

// danger weighs the risk of discarding k by how ready each opponent looks;
// with Monte-Carlo sampling the risk comes from sampled ready hands.
func (s *Advice) danger(v *game.View, k mjsolve.Kind, mc *[4][mjsolve.NumKinds]float64) float64 {
	d := 0.0
	for i := game.Seat(1); i < 4; i++ {
		o := (v.Seat + i) & 3
		p := readiness(v, o)
		if p < 0.2 {
			continue
		}
		r := risk(v, o, k)
		if mc != nil {
			r = mc[o][k]
		}
		d += p * r
	}
	return d
}

// defend chooses the discard when an opponent looks ready: far from ready
// (tune.fold shanten or more after the best discard: three), the safest of
// all; else the safest of those keeping the best shanten, unless all of
// them are dangerous one shanten short of folding, when it folds too. Ties
// keep the advice order.
func (s *Advice) defend(v *game.View, ds []tw16.Discard) mjsolve.Kind {
	var mc *[4][mjsolve.NumKinds]float64
	if s.o.MonteCarlo > 0 {
		mc = s.sampleRisks(v)
	}
	best := ds[0].Effective.Shanten
	most := float64(max(1, ds[0].Effective.Count))
	safest := func(keep bool) (mjsolve.Kind, float64) {
		k, low, top := ds[0].Kind, 2.0, -1e9
		for _, d := range ds {
			if keep && d.Effective.Shanten > best {
				break
			}
			x := s.danger(v, d.Kind, mc)
			score := -x
			if keep && s.tune.blend > 0 {
				score = float64(d.Effective.Count)/most - s.tune.blend*x
			}
			if score > top {
				k, low, top = d.Kind, x, score
			}
		}
		return k, low
	}
	if best >= s.tune.fold {
		k, _ := safest(false)
		return k
	}
	k, low := safest(true)
	if best == s.tune.fold-1 && low > s.tune.nearFold {
		k, _ = safest(false)
	}
	return k
}
