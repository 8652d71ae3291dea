package tw16

import (
	"encoding/json"
	"fmt"

	"github.com/mjsolve/mjsolve"
)

// Tier is how loose a discarded tile is, the thesis's order for discards
// that are otherwise equal (2.4.2): lone honors first, then lone numbered
// tiles, then tiles that break a partial set.
type Tier uint8

// The tiers, in the order they are discarded.
const (
	LoneHonor  Tier = iota // 孤張字牌: the only copy of an honor
	LoneNumber             // 孤張數牌: the only copy, nothing within two in its suit
	Connected              // part of a pair, a partial set or a set (搭子)
)

var tierNames = [...]string{"lone honor", "lone number", "connected"}

// String names the tier: "lone honor", "lone number" or "connected".
func (t Tier) String() string {
	if int(t) < len(tierNames) {
		return tierNames[t]
	}
	return fmt.Sprintf("Tier(%d)", t)
}

// Discard is one choice of discard from a hand of 3k+2 tiles and what the
// hand is left with.
type Discard struct {
	Kind mjsolve.Kind
	// Shanten and Effective describe the 3k+1 tiles left after the discard.
	Effective EffectiveInfo
	Tier      Tier
}

// Advice ranks the discards of a concealed part of 3k+2 tiles.
type Advice struct {
	// Shanten of the part before the discard (−1: it is complete).
	Shanten int
	n       uint8
	ranked  [mjsolve.NumKinds]Discard
}

// Discards returns one entry per distinct kind held, best first. Best is
// the lowest shanten after the discard, then most effective tiles not
// visible (weighted when claim weights are given), then the thesis's order
// of tiers, then kind.
func (a *Advice) Discards() []Discard { return a.ranked[:a.n] }

// MarshalJSON writes the ranked discards.
func (a Advice) MarshalJSON() ([]byte, error) {
	type jsonDiscard struct {
		Discard   string        `json:"discard"`
		Chinese   string        `json:"chinese"`
		Tier      string        `json:"tier"`
		Effective EffectiveInfo `json:"effective"`
	}
	out := struct {
		Shanten  int           `json:"shanten"`
		Discards []jsonDiscard `json:"discards"`
	}{Shanten: a.Shanten, Discards: []jsonDiscard{}}
	for _, d := range a.Discards() {
		out.Discards = append(out.Discards, jsonDiscard{d.Kind.String(), d.Kind.Chinese(), d.Tier.String(), d.Effective})
	}
	return json.Marshal(out)
}

// Advise ranks the discards of a concealed part of 3k+2 tiles counting the
// standard form; see Forms.Advise.
func Advise(concealed mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) (Advice, error) {
	return Forms{}.Advise(concealed, visible, claims)
}

// Advise ranks the discards of a concealed part of 3k+2 tiles (k ≤ 5). For
// every distinct kind held it gives the shanten and effective tiles of the
// part left after discarding it (see Effective; visible and claims as there
// — the discarded tile stays visible). The ranking is by lowest shanten,
// then most effective tiles not visible (weighted with claims), then the
// thesis's tiers (lone honors, lone numbered tiles, then the rest), then
// kind.
func (f Forms) Advise(concealed mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) (Advice, error) {
	var a Advice
	var own mjsolve.Counts
	k, seen, err := checkAdvicePart(&concealed, visible, &own)
	if err != nil {
		return a, err
	}
	var ps parts
	ps.init(f.tables(), &concealed, k)
	r := ps.replacement(&ps.row)
	if f.Ligu && k == maxMelds {
		r = min(r, liguReplacement(&concealed))
	}
	a.Shanten = r - 1

	// The rows with one more tile of a kind serve every discard from
	// another part (a kind held 4 times stays so).
	var up [mjsolve.NumKinds]uint8
	ps.ups(&concealed, &up)
	for d := mjsolve.Kind(0); d < mjsolve.NumKinds; d++ {
		if concealed[d] == 0 {
			continue
		}
		rows, r0 := ps.without(d)
		f.discard(&ps, &a.ranked[a.n], &concealed, &rows, r0, d, seen, claims, &up)
		a.n++
	}
	// Insertion sort: at most 34 entries, no allocation.
	list := a.ranked[:a.n]
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && better(&list[j], &list[j-1]); j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	return a, nil
}

// checkAdvicePart checks the concealed part of Advise and BestDiscard (3k+2
// tiles) and returns k and the tiles seen. Without visible counts the part
// before the discard is what is seen: own gets a copy of it, so that the
// discarded tile stays seen while the discards are tried on concealed.
func checkAdvicePart(concealed, visible, own *mjsolve.Counts) (int, *mjsolve.Counts, error) {
	if visible == nil {
		*own = *concealed
		visible = own
	}
	return checkPart(concealed, visible, 2, "advice needs a concealed part of 3k+2 tiles (2, 5, … 17), not %d")
}

// without returns the row numbers of the hand of ps less one tile of kind
// d, and their replacement number.
func (ps *parts) without(d mjsolve.Kind) ([numParts]uint8, int) {
	s, wd := partOf(d)
	rows := ps.row
	rows[s] = ps.rowAt(s, ps.idx[s]-wd)
	return rows, ps.replacement(&rows)
}

// discard fills dc with the discard of d from concealed (whose parts are
// ps), rows and r0 being ps.without(d).
func (f Forms) discard(ps *parts, dc *Discard, concealed *mjsolve.Counts, rows *[numParts]uint8, r0 int, d mjsolve.Kind,
	seen *mjsolve.Counts, claims *ClaimWeights, up *[mjsolve.NumKinds]uint8) {
	s, wd := partOf(d)
	concealed[d]--
	eff := ps.draws(concealed, rows, s, wd, r0, up)
	*dc = Discard{Kind: d, Tier: tierOf(concealed, d)}
	f.finish(ps.t, &dc.Effective, concealed, seen, claims, ps.k, r0, eff)
	concealed[d]++
}

// BestDiscard returns the shanten of a concealed part of 3k+2 tiles (k ≤ 5)
// and the discard Advise ranks first, counting the standard form; see
// Forms.BestDiscard.
func BestDiscard(concealed mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) (int, Discard, error) {
	return Forms{}.BestDiscard(concealed, visible, claims)
}

// BestDiscard returns the shanten and the best discard of a concealed part.
// For a part of 3k+2 tiles (k ≤ 5) the discard is the one Advise ranks
// first (Advise(…).Discards()[0]), for a program that plays the advice
// rather than shows it. It is faster than Advise: the discards ranked first
// leave the fewest shanten, so only those need their effective tiles
// counted.
func (f Forms) BestDiscard(concealed mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) (int, Discard, error) {
	if f.Ligu {
		// 嚦咕嚦咕 may lower the shanten after a discard: rank them all.
		a, err := f.Advise(concealed, visible, claims)
		if err != nil {
			return 0, Discard{}, err
		}
		return a.Shanten, a.ranked[0], nil
	}
	var best Discard
	var own mjsolve.Counts
	k, seen, err := checkAdvicePart(&concealed, visible, &own)
	if err != nil {
		return 0, best, err
	}
	var ps parts
	ps.init(f.tables(), &concealed, k)
	sh := ps.replacement(&ps.row) - 1
	// The fewest replacements a discard leaves, and the kinds that leave it.
	var r0s [mjsolve.NumKinds]int8
	low := 1 << 30
	for d := mjsolve.Kind(0); d < mjsolve.NumKinds; d++ {
		if concealed[d] > 0 {
			_, r0 := ps.without(d)
			r0s[d] = int8(r0)
			low = min(low, r0)
		}
	}
	var up [mjsolve.NumKinds]uint8
	ps.ups(&concealed, &up)
	var dc Discard
	first := true
	for d := mjsolve.Kind(0); d < mjsolve.NumKinds; d++ {
		if concealed[d] == 0 || int(r0s[d]) != low {
			continue
		}
		rows, r0 := ps.without(d)
		f.discard(&ps, &dc, &concealed, &rows, r0, d, seen, claims, &up)
		if first || better(&dc, &best) {
			best, first = dc, false
		}
	}
	return sh, best, nil
}

// better reports whether discard x ranks before y.
func better(x, y *Discard) bool {
	if x.Effective.Shanten != y.Effective.Shanten {
		return x.Effective.Shanten < y.Effective.Shanten
	}
	if x.Effective.Weighted != y.Effective.Weighted {
		return x.Effective.Weighted > y.Effective.Weighted
	}
	if x.Tier != y.Tier {
		return x.Tier < y.Tier
	}
	return x.Kind < y.Kind
}

// tierOf returns the tier of discarding d from the hand left after it, c.
func tierOf(c *mjsolve.Counts, d mjsolve.Kind) Tier {
	if c[d] > 0 {
		return Connected
	}
	if d.IsHonor() {
		return LoneHonor
	}
	n := d.Number()
	for dn := -2; dn <= 2; dn++ {
		if dn != 0 && n+dn >= 1 && n+dn <= 9 && c[int(d)+dn] > 0 {
			return Connected
		}
	}
	return LoneNumber
}
