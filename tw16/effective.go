package tw16

import (
	"encoding/json"
	"math/bits"

	"github.com/mjsolve/mjsolve"
)

// ClaimWeights weigh effective tiles by how they can be had. They are the
// thesis's 吃碰比重 (its table 2-1): a tile that is effective only when drawn
// counts Draw times its remaining copies; one that also helps when claimed
// for a chow (from the player on the left only) counts Chow times; one that
// helps when claimed for a pong (from any player) counts Pong times. At
// tenpai any player's discard of a winning tile wins, and every winning
// tile counts Tenpai times.
type ClaimWeights struct {
	Draw, Chow, Pong, Tenpai int
}

// ThesisWeights returns the claim weights of the thesis. They are chow 2
// and pong 4 before tenpai (the number of sources of the tile: the wall and
// the left player, or the wall and the three others), 1 and 1 at tenpai; a
// tile no claim helps has only the wall: 1.
func ThesisWeights() ClaimWeights { return ClaimWeights{Draw: 1, Chow: 2, Pong: 4, Tenpai: 1} }

// EffectiveInfo lists the effective tiles (有效牌) of a concealed part of 3k+1
// tiles: the kinds whose draw lowers its shanten.
type EffectiveInfo struct {
	Shanten int
	// Kinds are the effective kinds.
	Kinds KindSet
	// Count is the number of copies of the effective kinds not visible.
	Count int
	// Weighted is the sum over effective kinds of the copies not visible
	// times the kind's claim weight; it equals Count without claim weights.
	Weighted int
	// Remaining and Weight give, per effective kind, the copies not visible
	// and the claim weight (1 without weights).
	Remaining [mjsolve.NumKinds]uint8
	Weight    [mjsolve.NumKinds]uint8
}

// MarshalJSON writes the effective kinds with their remaining copies and weights.
func (e EffectiveInfo) MarshalJSON() ([]byte, error) {
	type jsonKind struct {
		Kind      string `json:"kind"`
		Chinese   string `json:"chinese"`
		Remaining int    `json:"remaining"`
		Weight    int    `json:"weight"`
	}
	out := struct {
		Shanten  int        `json:"shanten"`
		Count    int        `json:"count"`
		Weighted int        `json:"weighted"`
		Kinds    []jsonKind `json:"kinds"`
	}{Shanten: e.Shanten, Count: e.Count, Weighted: e.Weighted, Kinds: []jsonKind{}}
	for _, k := range e.Kinds.Kinds() {
		out.Kinds = append(out.Kinds, jsonKind{k.String(), k.Chinese(), int(e.Remaining[k]), int(e.Weight[k])})
	}
	return json.Marshal(out)
}

// Effective returns the effective tiles of a concealed part of 3k+1 tiles
// counting the standard form; see Forms.Effective.
func Effective(concealed mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) (EffectiveInfo, error) {
	return Forms{}.Effective(concealed, visible, claims)
}

// Effective returns the effective tiles of a concealed part of 3k+1 tiles
// (k ≤ 5). They are the kinds t, of which the part holds fewer than 4, such
// that the part with t added has a lower shanten (after its best discard).
// Different decompositions contribute together: the set is their union, as
// the thesis asks. visible is as for Waits (nil: only the concealed part is
// seen); a kind whose copies are all visible stays in Kinds with 0
// remaining. With claims, each kind is weighted by how it can be had (see
// ClaimWeights).
func (f Forms) Effective(concealed mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) (EffectiveInfo, error) {
	var e EffectiveInfo
	k, seen, err := checkPart(&concealed, visible, 1,
		"effective tiles need a concealed part of 3k+1 tiles (1, 4, … 16), not %d; give a hand of 3k+2 tiles to advise")
	if err != nil {
		return e, err
	}
	var ps parts
	ps.init(f.tables(), &concealed, k)
	r0 := ps.replacement(&ps.row)
	var up [mjsolve.NumKinds]uint8
	ps.ups(&concealed, &up)
	eff := ps.draws(&concealed, &ps.row, -1, 0, r0, &up)
	f.finish(ps.t, &e, &concealed, seen, claims, k, r0, eff)
	return e, nil
}

// finish fills e from the replacement number r0 of the part c and the
// kinds eff whose addition lowers it (standard form), applying the special
// forms and the claim weights (with the tables pt).
func (f Forms) finish(pt *partTables, e *EffectiveInfo, c, seen *mjsolve.Counts, claims *ClaimWeights, k, r0 int, eff KindSet) {
	if f.Ligu && k == maxMelds {
		// With 嚦咕嚦咕 a draw may lower the better of the two forms.
		rl := liguReplacement(c)
		best := min(r0, rl)
		var both KindSet
		for t := mjsolve.Kind(0); t < mjsolve.NumKinds; t++ {
			if c[t] == 4 {
				continue
			}
			r := r0
			if eff.Has(t) {
				r--
			}
			c[t]++
			r = min(r, liguReplacement(c))
			c[t]--
			if r < best {
				both.Add(t)
			}
		}
		r0, eff = best, both
	}
	e.Shanten = r0 - 1
	e.Kinds = eff
	for x := uint64(eff); x != 0; x &= x - 1 {
		t := mjsolve.Kind(bits.TrailingZeros64(x))
		rem := 4 - int(seen[t])
		weight := 1
		if claims != nil {
			weight = claimWeight(pt, c, t, k, e.Shanten, claims)
		}
		e.Remaining[t], e.Weight[t] = uint8(rem), uint8(weight)
		e.Count += rem
		e.Weighted += rem * weight
	}
}

// claimWeight returns the weight of effective kind t of part c (shanten sh)
// with the tables pt.
func claimWeight(pt *partTables, c *mjsolve.Counts, t mjsolve.Kind, k, sh int, w *ClaimWeights) int {
	if sh == 0 {
		return w.Tenpai
	}
	if k == 0 {
		return w.Draw
	}
	// After a claim the part loses two tiles and one set to complete.
	helps := func(a, b mjsolve.Kind) bool {
		if c[a] == 0 || c[b] == 0 || (a == b && c[a] < 2) {
			return false
		}
		c[a]--
		c[b]--
		r := replacement(pt, c)
		c[a]++
		c[b]++
		return r-1 < sh
	}
	if helps(t, t) {
		return w.Pong
	}
	if !t.IsHonor() {
		n := t.Number()
		if (n >= 3 && helps(t-2, t-1)) || (n >= 2 && n <= 8 && helps(t-1, t+1)) || (n <= 7 && helps(t+1, t+2)) {
			return w.Chow
		}
	}
	return w.Draw
}
