package game

import (
	"errors"
	"fmt"
	"io"
	"slices"
)

// Paired compares two matches played on the same deals, hand by hand: the
// same walls, with the same players (by number) at the same seats, played
// by the players of one match and then by those of the other (two versions
// of a bot, or one bot at two budgets). The luck of the walls, which two
// unpaired tables each carry in full, then partly cancels.
//
// Its margins are Table.TeamMargin's, per hand and seat, taken in each
// match and then subtracted hand by hand.
type Paired struct {
	names, against [4]string
	hands          int
	// a and b add up the team margins of each match; d their difference.
	a, b, d [4][4]moments
}

// ErrNotPaired reports two matches that cannot be compared hand by hand.
var ErrNotPaired = errors.New("the matches do not pair")

// NewPaired starts a comparison of the match of the players names with
// the match of the players against. The players must group alike into
// strategies (players 1 and 3 of one name in both, say), however each
// match names them.
func NewPaired(names, against [4]string) (*Paired, error) {
	for i := range 4 {
		for j := range 4 {
			if (names[i] == names[j]) != (against[i] == against[j]) {
				return nil, fmt.Errorf("%w: players %d and %d are %s and %s in one match but %s and %s in the other",
					ErrNotPaired, i+1, j+1, names[i], names[j], against[i], against[j])
			}
		}
	}
	return &Paired{names: names, against: against}, nil
}

// Add counts one deal: hand h played with result r in the first match and
// hand ha with result ra in the other. Both must seat the players alike.
func (p *Paired) Add(h Scheduled, r *Result, ha Scheduled, ra *Result) error {
	if h.Players != ha.Players {
		return fmt.Errorf("%w: hand %d seats players %v, hand %d players %v", ErrNotPaired, h.Index+1, plus1(h.Players), ha.Index+1, plus1(ha.Players))
	}
	ta, tb := teamPoints(&p.names, h, r), teamPoints(&p.against, ha, ra)
	p.hands++
	for i := range 4 {
		for j := range 4 {
			ma, mb := ta[i]-ta[j], tb[i]-tb[j]
			p.a[i][j].add(ma)
			p.b[i][j].add(mb)
			p.d[i][j].add(ma - mb)
		}
	}
	return nil
}

// plus1 numbers players from 1, as people do.
func plus1(ps [4]int) [4]int {
	for i := range ps {
		ps[i]++
	}
	return ps
}

// teamPoints returns, for each player, the mean points per seat in hand h
// (result r) of the players named as it.
func teamPoints(names *[4]string, h Scheduled, r *Result) [4]float64 {
	var pts, team [4]float64
	for s := range Seat(4) {
		pts[h.Players[s]] = float64(r.Points[s])
	}
	for i := range 4 {
		n := 0
		for j := range 4 {
			if names[j] == names[i] {
				team[i] += pts[j]
				n++
			}
		}
		team[i] /= float64(n)
	}
	return team
}

// Hands returns the number of deals added.
func (p *Paired) Hands() int { return p.hands }

// Margins returns, for the players named as player i against those named
// as player j, the margin per hand and seat in the first match and in the
// other, and the difference of the two with its 95% interval (the hands
// paired by deal).
func (p *Paired) Margins(i, j int) (first, other, diff, lo, hi float64) {
	first, _, _ = interval(p.a[i][j], p.hands)
	other, _, _ = interval(p.b[i][j], p.hands)
	diff, lo, hi = interval(p.d[i][j], p.hands)
	return first, other, diff, lo, hi
}

// Write writes the comparison for people: for the best strategy of the
// first match (as Table.WriteStrength chooses it) against each other, its
// margin in each match and the difference, with its 95% interval (none
// from a single hand).
func (p *Paired) Write(w io.Writer) error {
	var reps []int
	for i := range 4 {
		if slices.Index(p.names[:], p.names[i]) == i {
			reps = append(reps, i)
		}
	}
	best := reps[0]
	for _, i := range reps {
		if m, _, _, _, _ := p.Margins(i, best); m > 0 {
			best = i
		}
	}
	if _, err := fmt.Fprintf(w, "paired by deal, %d %s:\n", p.hands, plural(p.hands, "hand", "hands")); err != nil {
		return err
	}
	for _, i := range reps {
		if i == best {
			continue
		}
		a, b, d, lo, hi := p.Margins(best, i)
		iv := fmt.Sprintf("95%% interval %.1f … %.1f", lo, hi)
		if p.hands < 2 {
			iv = "no interval from one hand"
		}
		if _, err := fmt.Fprintf(w, "%s - %s: %.1f per hand per seat; against, %s - %s: %.1f; difference %.1f, %s\n",
			p.names[best], p.names[i], a, p.against[best], p.against[i], b, d, iv); err != nil {
			return err
		}
	}
	return nil
}
