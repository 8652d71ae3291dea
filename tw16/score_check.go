package tw16

import (
	"github.com/mjsolve/mjsolve"
)

// handTiles is the number of tiles of a Taiwanese hand between turns:
// sixteen, a kong counting three.
const handTiles = 16

// MaxDealerStreak and MaxStake bound what Score accepts, so that points
// cannot overflow: a dealer streak (N of 連N拉N) of at most 1000, and a base
// and points per tai of at most a billion each.
const (
	MaxDealerStreak = 1000
	MaxStake        = 1_000_000_000
)

// checkWin returns an error naming the first thing in w that cannot happen
// under the rules r. It does not check that the hand is complete.
func checkWin(w *Win, r *Rules) error {
	// Direct calls, not a loop over the checks: through function values
	// w and r would escape to the heap in Score.
	if err := checkParts(w); err != nil {
		return err
	}
	if err := checkFlowers(w, r); err != nil {
		return err
	}
	if err := checkTiles(w); err != nil {
		return err
	}
	if err := checkDealer(w, r); err != nil {
		return err
	}
	if err := checkRules(r); err != nil {
		return err
	}
	return checkSituation(w)
}

// checkParts checks that the winds, the melds and the winning tile are
// valid values.
func checkParts(w *Win) error {
	if !w.Seat.Valid() || !w.Seat.IsWind() {
		return inputErrorf("seat wind %s is not a wind", w.Seat)
	}
	if !w.Round.Valid() || !w.Round.IsWind() {
		return inputErrorf("round wind %s is not a wind", w.Round)
	}
	if len(w.Melds) > MaxSets {
		return fieldErrorf(FieldMelds, "%d melds and kongs; a hand has at most %d", len(w.Melds), MaxSets)
	}
	for _, m := range w.Melds {
		if !m.Valid() {
			return inputErrorf("invalid meld %s", m)
		}
	}
	if !w.Tile.IsBonus() && !w.Tile.Kind().Valid() || w.Tile.IsBonus() && !w.Tile.Bonus().Valid() {
		return inputErrorf("invalid winning tile %d", uint8(w.Tile))
	}
	return nil
}

// checkFlowers checks that the rules play with flowers if there are any,
// and that each flower is valid and given once.
func checkFlowers(w *Win, r *Rules) error {
	if !r.Flowers && (len(w.Flowers) > 0 || w.Tile.IsBonus()) {
		return inputErrorf("%s play without flowers (136 tiles)", r.called())
	}
	var seen [mjsolve.NumBonus]bool
	for _, b := range w.Flowers {
		if !b.Valid() {
			return inputErrorf("invalid flower %d", uint8(b))
		}
		if seen[b] {
			return inputErrorf("flower %s (%s) given twice", b, b.Chinese())
		}
		seen[b] = true
	}
	return nil
}

// allTiles counts every tile of the win but the flowers: the concealed
// part, the melds and the winning tile.
func allTiles(w *Win) mjsolve.Counts {
	all := w.Concealed
	all.AddCounts(MeldCounts(w.Melds))
	if !w.Tile.IsBonus() {
		all.Add(w.Tile.Kind())
	}
	return all
}

// checkTiles checks the size of the concealed part and that no kind has
// more than four copies.
func checkTiles(w *Win) error {
	if err := w.Concealed.Validate(); err != nil {
		return wrapError("", "hand: ", err)
	}
	want := handTiles - 3*len(w.Melds)
	if got := w.Concealed.Total(); got != want {
		return inputErrorf("hand has %s; with %s it needs %d before the winning tile", countNoun(got, "tile"), countNoun(len(w.Melds), "meld"), want)
	}
	for k, n := range allTiles(w) {
		if n > 4 {
			return inputErrorf("%d copies of %s counting the melds and the winning tile (at most 4)", n, mjsolve.Kind(k))
		}
	}
	return nil
}

// CheckDealerStreak checks a dealer streak (N of 連N拉N) under rules r, as
// [Score] does: 0 to [MaxDealerStreak], and 0 under rules without
// consecutive dealing. A bad one is an *[InputError]. Nil rules are the
// zero [Rules], as Score takes them: no consecutive dealing.
func CheckDealerStreak(n int, r *Rules) error {
	if r == nil {
		r = &Rules{}
	}
	switch {
	case n < 0:
		return inputErrorf("negative dealer streak %d", n)
	case n > MaxDealerStreak:
		return inputErrorf("dealer streak %d is over %d", n, MaxDealerStreak)
	case n > 0 && !r.ConsecutiveDealing:
		return inputErrorf("%s have no consecutive dealing (dealer streak %d)", r.called(), n)
	}
	return nil
}

// checkDealer checks the dealer streak, the stake, and who discarded, in
// the order of Score's errors: a streak out of range comes before the
// stake, a streak the rules do not allow after it.
func checkDealer(w *Win, r *Rules) error {
	if w.DealerStreak < 0 || w.DealerStreak > MaxDealerStreak {
		return CheckDealerStreak(w.DealerStreak, r) // the range errors
	}
	if r.Base < 0 || r.Base > MaxStake || r.PerTai < 0 || r.PerTai > MaxStake {
		return inputErrorf("stake %d + %d per tai is outside 0..%d", r.Base, r.PerTai, MaxStake)
	}
	if err := CheckDealerStreak(w.DealerStreak, r); err != nil {
		return err
	}
	if w.DiscarderIsDealer && (w.Dealer || w.SelfDrawn) {
		return inputErrorf("the discarder can be the dealer only on a non-dealer's win by discard")
	}
	return nil
}

// checkRules checks the tai of every item under the rules.
func checkRules(r *Rules) error {
	for id := range NumItems {
		if t := r.Tai(id); t < 0 || t > MaxItemTai {
			return inputErrorf("%s give %s (%s) %d tai (want 0..%d)", r.called(), id.Chinese(), id, t, MaxItemTai)
		}
	}
	return nil
}

// checkSituation checks that the situation of the win is possible.
func checkSituation(w *Win) error {
	if w.FirstTurn > EarthlyReady {
		return inputErrorf("invalid first-turn situation %d", w.FirstTurn)
	}
	if w.Tile.IsBonus() {
		return checkFlowerWin(w)
	}
	if w.AfterKong {
		if err := checkAfterKong(w); err != nil {
			return err
		}
	}
	if w.RobKong {
		if err := checkRobKong(w); err != nil {
			return err
		}
	}
	return checkFirstTurn(w)
}

// checkFlowerWin checks a flower win: the other seven flowers, and no
// other situation.
func checkFlowerWin(w *Win) error {
	b := w.Tile.Bonus()
	others := 0
	for _, f := range w.Flowers {
		others += b2i(f != b)
	}
	if len(w.Flowers) != mjsolve.NumBonus-1 || others != len(w.Flowers) {
		return inputErrorf("a flower win needs the other seven flowers (七搶一, 八仙過海); have %d of them", others)
	}
	if w.LastTile || w.AfterKong || w.RobKong || w.FirstTurn != NotFirstTurn {
		return inputErrorf("a flower win takes no other situation (last tile, after kong, robbing a kong, first turn)")
	}
	return nil
}

// checkAfterKong checks 槓上開花: self-drawn, and the replacement tile (嶺上
// 牌) follows the winner's own kong or a flower set aside: without either
// there was nothing to replace.
func checkAfterKong(w *Win) error {
	if !w.SelfDrawn {
		return inputErrorf("a win after a kong (槓上開花) is self-drawn")
	}
	kong := false
	for _, m := range w.Melds {
		kong = kong || m.Type.IsKong()
	}
	if !kong && len(w.Flowers) == 0 {
		return inputErrorf("a win after a kong (槓上開花) needs a kong among the melds or a flower set aside")
	}
	return nil
}

// checkRobKong checks 搶槓: on another player's added kong, so not
// self-drawn, not the last tile, and the other three copies in that
// player's pong.
func checkRobKong(w *Win) error {
	if w.SelfDrawn {
		return inputErrorf("robbing a kong (搶槓) is not a self-drawn win")
	}
	if w.LastTile {
		return inputErrorf("robbing a kong (搶槓) cannot be on the last tile")
	}
	all := allTiles(w)
	if k := w.Tile.Kind(); all[k] != 1 {
		return inputErrorf("robbing a kong of %s needs the other three %s in another player's pong, but the hand holds %d", k, k, all[k]-1)
	}
	return nil
}

// checkFirstTurn checks who may win a first-turn hand, and how.
func checkFirstTurn(w *Win) error {
	noMelds := len(w.Melds) == 0
	switch w.FirstTurn {
	case NotFirstTurn:
		return nil
	case HeavenlyHand:
		if !w.Dealer || !w.SelfDrawn || !noMelds {
			return inputErrorf("天胡 (tianhu) is the dealer's self-drawn win with no meld and no concealed kong")
		}
	case EarthlyHand:
		if w.Dealer || !w.SelfDrawn || !noMelds {
			return inputErrorf("地胡 (dihu) is a non-dealer's self-drawn win with no meld or kong")
		}
	case HumanHand:
		if w.Dealer || w.SelfDrawn || !noMelds {
			return inputErrorf("人胡 (renhu) is a non-dealer's win on a discard with no meld or kong")
		}
	case EarthlyReady:
		for _, m := range w.Melds {
			if m.Type != ConcealedKong {
				return inputErrorf("地聽 (diting) allows no chow, pong or exposed kong")
			}
		}
		return nil
	}
	if w.LastTile || w.RobKong {
		return inputErrorf("%s is in the first go-round: no last tile, no robbing a kong", w.FirstTurn)
	}
	return nil
}
