package tw16

import (
	"encoding/json"
	"strings"

	"github.com/mjsolve/mjsolve"
)

// Set is one set of a winning hand as Score arranged it.
type Set struct {
	Meld Meld
	// Hand says the set was formed in the concealed part (not declared).
	Hand bool
	// Concealed says the set counts as concealed (暗刻 for a triplet): a
	// set of the concealed part, unless it is a triplet completed by another
	// player's tile; or a concealed kong.
	Concealed bool
	// Win says the winning tile completed this set.
	Win bool
}

// String writes the set as the score command shows it: "123m", "(123m)"
// for a declared meld, "[1111s]" for a concealed kong, with "*" after the
// set the winning tile completed ("678s*").
func (s Set) String() string {
	t := s.Meld.String()
	switch {
	case s.Meld.Type == ConcealedKong:
		t = "[" + t + "]"
	case !s.Hand:
		t = "(" + t + ")"
	}
	if s.Win {
		t += "*"
	}
	return t
}

type setJSON struct {
	Tiles     string `json:"tiles"`
	Type      string `json:"type"`
	Hand      bool   `json:"hand"`
	Concealed bool   `json:"concealed"`
	Win       bool   `json:"win"`
}

// MarshalJSON writes the set as
// {"tiles":"123m","type":"chow","hand":true,"concealed":true,"win":false};
// the type is that of MeldType.String.
func (s Set) MarshalJSON() ([]byte, error) {
	return json.Marshal(setJSON{s.Meld.String(), s.Meld.Type.String(), s.Hand, s.Concealed, s.Win})
}

// Arrangement is the decomposition of a winning hand that Score chose: all
// sets (those of the concealed part first, then the declared melds), the
// pair, the winning tile and the shape it completed.
type Arrangement struct {
	Pair    mjsolve.Kind
	Sets    []Set
	WinTile mjsolve.Kind
	// Wait is the one shape the winning tile completed in this arrangement:
	// TwoSided (兩面), Edge (邊張), Closed (嵌張), SingleTile (單騎: it
	// completed the pair) or DualPong (雙碰: it completed a triplet).
	Wait WaitShape
}

// WinSet returns what the winning tile completed: the set ("678s") or
// the pair ("55s").
func (a Arrangement) WinSet() string {
	for _, s := range a.Sets {
		if s.Win {
			return s.Meld.String()
		}
	}
	return a.pair()
}

func (a Arrangement) pair() string {
	var pair mjsolve.Counts
	pair[a.Pair] = 2
	return pair.String()
}

// String writes the sets (as Set.String) and the pair, with "*" after the
// pair when the winning tile completed it: "123m 444p 234s 678s* (222p)
// 66m", "(123m) (111p) (789p) (234s) [6666s] 55s*".
func (a Arrangement) String() string {
	var b strings.Builder
	won := false
	for _, s := range a.Sets {
		b.WriteString(s.String())
		b.WriteByte(' ')
		won = won || s.Win
	}
	b.WriteString(a.pair())
	if !won {
		b.WriteByte('*')
	}
	return b.String()
}

// MarshalJSON writes the arrangement with the wait shape by name:
// {"pair":"5z","sets":[…],"win_tile":"1z","wait":"dual-pong"}.
func (a Arrangement) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Pair    mjsolve.Kind `json:"pair"`
		Sets    []Set        `json:"sets"`
		WinTile mjsolve.Kind `json:"win_tile"`
		Wait    string       `json:"wait"`
	}{a.Pair, a.Sets, a.WinTile, a.Wait.String()})
}

// Payment is what one or more losing players each pay the winner.
type Payment struct {
	// Payer is "discarder" (the player who discarded the winning tile or was
	// robbed), "dealer" (the dealer, on a non-dealer's win), "each" (each of
	// the three others, on the dealer's self-drawn win) or "non-dealer"
	// (each of the two non-dealers, on a non-dealer's self-drawn win).
	Payer string `json:"payer"`
	// Count is how many players pay this.
	Count int `json:"count"`
	// Tai is the tai paid for: the hand's tai, plus the dealer's 2N+1 when
	// the dealer pays a non-dealer (莊家連N拉N).
	Tai int `json:"tai"`
	// Points is what each of them pays: Rules.Base + Rules.PerTai·Tai.
	Points int `json:"points"`
}

// Result is the score of a win.
type Result struct {
	Rules    string    `json:"rules"`
	Items    []Item    `json:"items"`
	Tai      int       `json:"tai"`
	Payments []Payment `json:"payments"`
	// Points is the total the winner collects.
	Points int `json:"points"`
	// Arrangement is the decomposition that scored best (nil for a flower
	// win); Decompositions is the number of ways the hand splits into sets
	// and a pair.
	Arrangement    *Arrangement `json:"arrangement,omitempty"`
	Decompositions int          `json:"decompositions"`
}

// payments splits what the winner collects. The dealer pays the tai of
// the dealer items more to a non-dealer winner, 2N+1 by the table
// (莊家連N拉N: 放槍時也要多賠); a dealer winner has those tai among the
// items already.
func payments(w *Win, r *Rules, tai int, selfDrawn bool) ([]Payment, int) {
	var ps [2]Payment
	n, total := paymentsInto(w, r, tai, selfDrawn, &ps)
	return append([]Payment(nil), ps[:n]...), total
}

// paymentsInto is payments into an array: n payments and their total.
func paymentsInto(w *Win, r *Rules, tai int, selfDrawn bool, ps *[2]Payment) (n, total int) {
	pay := func(payer string, count, t int) Payment {
		return Payment{Payer: payer, Count: count, Tai: t, Points: r.Base + r.PerTai*t}
	}
	extra := r.Tai(ItemDealer) + r.Tai(ItemDealerStreak)*w.DealerStreak
	switch {
	case selfDrawn && w.Dealer:
		ps[0], n = pay("each", 3, tai), 1
	case selfDrawn:
		ps[0], ps[1], n = pay("dealer", 1, tai+extra), pay("non-dealer", 2, tai), 2
	case w.DiscarderIsDealer:
		ps[0], n = pay("dealer", 1, tai+extra), 1
	default:
		ps[0], n = pay("discarder", 1, tai), 1
	}
	for _, p := range ps[:n] {
		total += p.Count * p.Points
	}
	return n, total
}
