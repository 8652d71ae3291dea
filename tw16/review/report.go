package review

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/mjsolve/mjsolve/internal/interval"
)

// Report sums up reviewed hands by player name.
type Report struct {
	// Samples and Seed are the evaluator's budget and seed.
	Samples int    `json:"samples"`
	Seed    uint64 `json:"seed"`
	// Hands counts the hands reviewed.
	Hands int `json:"hands"`
	// Players sum up each player by name, in the order of the names.
	Players []PlayerSummary `json:"players"`
	// Worst are the decisions with the highest cost, the highest first.
	Worst []Decision `json:"worst"`
	// WorstN is the number of worst decisions kept (0: none).
	WorstN int `json:"-"`
}

// PlayerSummary sums up the seats one player (by name) held.
type PlayerSummary struct {
	Name string `json:"name"`
	// Hands counts the hands in which it held a seat reviewed; Failed
	// those in which its program failed, NoDecision those in which it
	// made no decision to rate (a program that failed before its first).
	Hands      int `json:"hands"`
	Failed     int `json:"failed"`
	NoDecision int `json:"no_decision"`
	// Decisions are the decisions rated, Agreed those where the engine
	// chose the same, Dummy those the dummy made after failures.
	Decisions int `json:"decisions"`
	Agreed    int `json:"agreed"`
	Dummy     int `json:"dummy"`
	// Cost is the points lost by the estimate in all; Points the points
	// the player actually won.
	Cost   float64 `json:"cost"`
	Points int     `json:"points"`
	// Agreement, CostPerHand, CostPerDecision and PointsPerHand follow.
	Agreement       float64 `json:"agreement"`
	CostPerHand     float64 `json:"cost_per_hand"`
	CostPerDecision float64 `json:"cost_per_decision"`
	PointsPerHand   float64 `json:"points_per_hand"`
	// CostCI95 is a 95% interval of CostPerHand, normal over the hands
	// (the seats the player held in one hand taken together, as their
	// costs share the hand's tiles), so that a difference between two
	// players can be told from noise. Both ends are CostPerHand when the
	// player held seats in fewer than two hands.
	CostCI95 [2]float64 `json:"cost_per_hand_ci95"`
	// The hands in which the player held a seat, and over them the sums
	// of c², c·k and k² for c the cost and k the seats of a hand.
	handsIn       int
	sc2, sck, sk2 float64
}

// ci95 sets CostCI95: the ratio estimator's variance, n/(n−1) times the
// squared residuals c − r·k over the square of the seats, r being
// CostPerHand.
func (p *PlayerSummary) ci95() {
	r := p.CostPerHand
	p.CostCI95 = [2]float64{r, r}
	n := float64(p.handsIn)
	if p.handsIn < 2 || p.Hands == 0 {
		return
	}
	res := max(0, p.sc2-2*r*p.sck+r*r*p.sk2)
	half := interval.Z95 * math.Sqrt(n/(n-1)*res) / float64(p.Hands)
	p.CostCI95 = [2]float64{r - half, r + half}
}

// Add adds a reviewed hand: its seats to their players, its decisions
// to the worst ones. Reports of the same hands added in the same order are
// the same.
func (r *Report) Add(hr *HandReview) {
	r.Hands++
	// The cost and seats of each player in this hand, for CostCI95.
	type held struct {
		cost  float64
		seats int
	}
	this := make(map[string]held, len(hr.Seats))
	for _, sr := range hr.Seats {
		h := this[sr.Name]
		this[sr.Name] = held{h.cost + sr.Cost, h.seats + 1}
	}
	for _, sr := range hr.Seats {
		i := slices.IndexFunc(r.Players, func(p PlayerSummary) bool { return p.Name == sr.Name })
		if i < 0 {
			i = len(r.Players)
			r.Players = append(r.Players, PlayerSummary{Name: sr.Name})
		}
		p := &r.Players[i]
		p.Hands++
		if sr.Failed {
			p.Failed++
		}
		if sr.Decisions == 0 {
			p.NoDecision++
		}
		p.Decisions += sr.Decisions
		p.Agreed += sr.Agreed
		p.Dummy += sr.Dummy
		p.Cost += sr.Cost
		p.Points += sr.Points
		p.Agreement = ratio(float64(p.Agreed), p.Decisions)
		p.CostPerHand = ratio(p.Cost, p.Hands)
		p.CostPerDecision = ratio(p.Cost, p.Decisions)
		p.PointsPerHand = ratio(float64(p.Points), p.Hands)
		if h, ok := this[sr.Name]; ok {
			delete(this, sr.Name)
			c, k := h.cost, float64(h.seats)
			p.handsIn++
			p.sc2 += c * c
			p.sck += c * k
			p.sk2 += k * k
		}
		p.ci95()
	}
	slices.SortStableFunc(r.Players, func(a, b PlayerSummary) int { return cmp.Compare(a.Name, b.Name) })
	if r.WorstN <= 0 {
		return
	}
	for _, d := range hr.Decisions {
		if d.Agree || d.Cost <= 0 {
			continue
		}
		if len(r.Worst) == r.WorstN && d.Cost <= r.Worst[len(r.Worst)-1].Cost {
			continue
		}
		d.File = hr.File
		i, _ := slices.BinarySearchFunc(r.Worst, d, func(a, b Decision) int { return cmp.Compare(b.Cost, a.Cost) })
		for i < len(r.Worst) && r.Worst[i].Cost == d.Cost {
			i++ // the earlier decision of two of equal cost first
		}
		r.Worst = slices.Insert(r.Worst, i, d)
		if len(r.Worst) > r.WorstN {
			r.Worst = r.Worst[:r.WorstN]
		}
	}
}

func ratio(x float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return x / float64(n)
}

// WriteText writes the report for people: a row per player, the budget,
// then the worst decisions.
func (r *Report) WriteText(w io.Writer) error {
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\thands\tdecisions\tagreed\tcost/hand\t95% interval\tcost/decision\tpoints/hand\tfailed\tdummy moves\t")
	for _, p := range r.Players {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f%%\t%.1f\t%.1f … %.1f\t%.1f\t%.1f\t%d\t%d\t\n", p.Name, p.Hands, p.Decisions, 100*p.Agreement,
			p.CostPerHand, p.CostCI95[0], p.CostCI95[1], p.CostPerDecision, p.PointsPerHand, p.Failed, p.Dummy)
	}
	tw.Flush()
	fmt.Fprintf(&b, "%d %s reviewed at %d samples, seed %d\n", r.Hands, noun(r.Hands, "hand"), r.Samples, r.Seed)
	if len(r.Worst) > 0 {
		fmt.Fprintf(&b, "the %d worst %s:\n", len(r.Worst), noun(len(r.Worst), "decision"))
		tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "cost\tfile\thand\tmove\tseat\tplayer\tchosen\tengine\tposition")
		for _, d := range r.Worst {
			fmt.Fprintf(tw, "%.1f\t%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\n", d.Cost, d.File, d.Hand, d.N, d.Seat, d.Name, d.Chosen, d.Best, d.Position)
		}
		tw.Flush()
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Line describes a reviewed hand on one line: "hand 7: seat 1 advice 14
// decisions, 13 agreed, cost 120.5; seat 3 …".
func (hr *HandReview) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "hand %d:", hr.Hand)
	for i, s := range hr.Seats {
		if i > 0 {
			b.WriteByte(';')
		}
		fmt.Fprintf(&b, " seat %d %s %d %s, %d agreed, cost %.1f", s.Seat, s.Name, s.Decisions, noun(s.Decisions, "decision"), s.Agreed, s.Cost)
		if s.Failed {
			fmt.Fprintf(&b, ", failed (%d dummy %s)", s.Dummy, noun(s.Dummy, "move"))
		}
	}
	if len(hr.Seats) == 0 {
		b.WriteString(" no seat reviewed")
	}
	return b.String()
}

func noun(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}
