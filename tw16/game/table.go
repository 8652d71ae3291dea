package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Table adds up a match between four players, by player (0–3, in the
// order the players were given), whatever their seats in each hand.
type Table struct {
	names [4]string
	hands int
	stats [4]tally
	// diff[i][j] adds up player i's points minus player j's, per hand;
	// team[i][j] the mean points per seat of the players named as i minus
	// those of the players named as j.
	diff [4][4]moments
	team [4][4]moments
}

// tally is one player's running totals.
type tally struct {
	wins, selfDrawn, dealIns, drawn, failures, absent int
	points                                            moments
	tai                                               int // over the wins
	decisions                                         int
	think, longest                                    time.Duration
}

// moments are the count-free sums of a sample: its sum and sum of squares.
type moments struct{ sum, sq float64 }

func (m *moments) add(x float64) { m.sum += x; m.sq += x * x }

// NewTable starts a table for four players with these names.
func NewTable(names [4]string) *Table { return &Table{names: names} }

// Add counts one hand h with its result; failed[s] says the program at
// seat s failed in it (a wrong instruction, a crash, a hang: see
// tw16/referee).
func (t *Table) Add(h Scheduled, r *Result, failed [4]bool) {
	t.hands++
	var pts [4]float64
	for s := range Seat(4) {
		p := h.Players[s]
		st := &t.stats[p]
		pts[p] = float64(r.Points[s])
		st.points.add(pts[p])
		if failed[s] {
			st.failures++
		}
		switch {
		case r.Exhausted:
			st.drawn++
		case r.Winner == s:
			st.wins++
			st.tai += r.Score.Tai
			if r.SelfDrawn {
				st.selfDrawn++
			}
		case r.From == s && !r.SelfDrawn:
			st.dealIns++
		}
	}
	team := teamPoints(&t.names, h, r) // mean points per seat of each name's players
	for i := range 4 {
		for j := range 4 {
			t.diff[i][j].add(pts[i] - pts[j])
			t.team[i][j].add(team[i] - team[j])
		}
	}
}

// AddAbsent counts a hand in which player p had no program at all (a
// remote player whose wrapper was not connected: the dummy played its
// seat); Add counts the hand itself, and it as a failure.
func (t *Table) AddAbsent(p int) { t.stats[p].absent++ }

// AddTime counts n decisions of player p that took total in all, the
// longest of them longest.
func (t *Table) AddTime(p, n int, total, longest time.Duration) {
	t.stats[p].decisions += n
	t.stats[p].think += total
	t.stats[p].longest = max(t.stats[p].longest, longest)
}

// Merge adds the hands of o (a table of the same players).
func (t *Table) Merge(o *Table) {
	t.hands += o.hands
	for p := range 4 {
		a, b := &t.stats[p], &o.stats[p]
		a.wins += b.wins
		a.selfDrawn += b.selfDrawn
		a.dealIns += b.dealIns
		a.drawn += b.drawn
		a.failures += b.failures
		a.absent += b.absent
		a.tai += b.tai
		a.decisions += b.decisions
		a.think += b.think
		a.longest = max(a.longest, b.longest)
		a.points.sum += b.points.sum
		a.points.sq += b.points.sq
		for q := range 4 {
			t.diff[p][q].sum += o.diff[p][q].sum
			t.diff[p][q].sq += o.diff[p][q].sq
			t.team[p][q].sum += o.team[p][q].sum
			t.team[p][q].sq += o.team[p][q].sq
		}
	}
}

// Hands returns the number of hands added.
func (t *Table) Hands() int { return t.hands }

// PlayerStats are one player's totals over a match.
type PlayerStats struct {
	Name  string `json:"name"`
	Score int64  `json:"score"`
	// Wins counts the hands won, SelfDrawn those won by self-draw,
	// DealIns the hands lost by discarding the winning tile (or being
	// robbed), Drawn the drawn hands, Failures the hands in which the
	// player's program failed.
	Wins      int `json:"wins"`
	SelfDrawn int `json:"self_drawn"`
	DealIns   int `json:"deal_ins"`
	Drawn     int `json:"drawn"`
	Failures  int `json:"failures"`
	// Absent counts the failures in which the player had no program at
	// all (AddAbsent); only a remote player can be absent.
	Absent int `json:"absent,omitempty"`
	// Mean is the mean score per hand and CI95 its 95% interval (normal
	// approximation: mean ± 1.96 standard errors).
	Mean float64    `json:"mean"`
	CI95 [2]float64 `json:"ci95"`
	// MeanTai is the mean tai of the player's wins; Decisions counts the
	// decisions timed (see AddTime), Think is their mean time and Longest
	// the longest, in seconds (not in the JSON, which stays the same from
	// run to run).
	MeanTai   float64 `json:"mean_tai"`
	Decisions int     `json:"decisions,omitempty"`
	Think     float64 `json:"-"`
	Longest   float64 `json:"-"`
}

// Player returns the totals of player p.
func (t *Table) Player(p int) PlayerStats {
	st := &t.stats[p]
	mean, lo, hi := interval(st.points, t.hands)
	return PlayerStats{
		Name: t.names[p], Score: int64(math.Round(st.points.sum)),
		Wins: st.wins, SelfDrawn: st.selfDrawn, DealIns: st.dealIns, Drawn: st.drawn, Failures: st.failures, Absent: st.absent,
		Mean: mean, CI95: [2]float64{lo, hi},
		MeanTai: ratio(float64(st.tai), st.wins), Decisions: st.decisions, Think: ratio(st.think.Seconds(), st.decisions),
		Longest: st.longest.Seconds(),
	}
}

// ratio is x/n, 0 for no n.
func ratio(x float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return x / float64(n)
}

// TeamMargin returns by how much one player out-scored another over a
// table. It compares the players named as player i with those named as
// player j, per hand and per seat (the mean points of a seat of the one
// minus the mean of a seat of the other), with its 95% interval: for
// matches of two strategies, two seats each.
func (t *Table) TeamMargin(i, j int) (mean, lo, hi float64) { return interval(t.team[i][j], t.hands) }

// WriteStrength writes the strength of each strategy for people. It gives
// each strategy (the players of one name) with its seats, wins, deal-ins,
// drawn hands, mean tai of a win and time per decision, then the margin per
// hand and seat of the best over each other, with its 95% interval.
func (t *Table) WriteStrength(w io.Writer) error {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "strategy\tseats\tmean/hand/seat\twins\tdeal-ins\tdrawn\tmean tai\ttime/decision\tlongest\t\n")
	var reps []int
	for p := range 4 {
		if slices.Index(t.names[:], t.names[p]) != p {
			continue
		}
		reps = append(reps, p)
		var seats []string
		var sum tally
		for q := range 4 {
			if t.names[q] == t.names[p] {
				seats = append(seats, fmt.Sprint(q+1))
				st := &t.stats[q]
				sum.wins += st.wins
				sum.dealIns += st.dealIns
				sum.drawn = st.drawn
				sum.tai += st.tai
				sum.decisions += st.decisions
				sum.think += st.think
				sum.longest = max(sum.longest, st.longest)
				sum.points.sum += st.points.sum
			}
		}
		think, longest := "-", "-"
		if sum.decisions > 0 {
			think = (sum.think / time.Duration(sum.decisions)).Round(10 * time.Microsecond).String()
			longest = sum.longest.Round(time.Millisecond).String()
		}
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%d\t%d\t%d\t%.2f\t%s\t%s\t\n", t.names[p], strings.Join(seats, ","),
			ratio(sum.points.sum, t.hands*len(seats)), sum.wins, sum.dealIns, sum.drawn, ratio(float64(sum.tai), sum.wins), think, longest)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for line := range bytes.Lines(buf.Bytes()) {
		if _, err := fmt.Fprintf(w, "%s\n", bytes.TrimRight(line, " \n")); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "%d %s\n", t.hands, plural(t.hands, "hand", "hands"))
	best := reps[0]
	for _, p := range reps {
		if m, _, _ := t.TeamMargin(p, best); m > 0 {
			best = p
		}
	}
	for _, p := range reps {
		if p == best || t.hands < 2 {
			continue
		}
		m, lo, hi := t.TeamMargin(best, p)
		fmt.Fprintf(w, "%s - %s: %.1f per hand per seat, 95%% interval %.1f … %.1f\n", t.names[best], t.names[p], m, lo, hi)
	}
	_, err := fmt.Fprint(w)
	return err
}

// Margin returns by how much player i out-scored player j per hand on
// average, with its 95% interval (the hands are paired: the same deals).
func (t *Table) Margin(i, j int) (mean, lo, hi float64) { return interval(t.diff[i][j], t.hands) }

// interval returns the mean of a sample of n and its 95% interval.
func interval(m moments, n int) (mean, lo, hi float64) {
	if n == 0 {
		return 0, 0, 0
	}
	mean = m.sum / float64(n)
	if n < 2 {
		return mean, mean, mean
	}
	v := max(0, (m.sq-m.sum*mean)/float64(n-1))
	h := 1.959963984540054 * math.Sqrt(v/float64(n))
	return mean, mean - h, mean + h
}

// MarshalJSON writes {"hands": N, "players": [...]}, the players in the
// order given (see PlayerStats).
func (t *Table) MarshalJSON() ([]byte, error) {
	out := struct {
		Hands   int           `json:"hands"`
		Players []PlayerStats `json:"players"`
	}{Hands: t.hands}
	for p := range 4 {
		out.Players = append(out.Players, t.Player(p))
	}
	return json.Marshal(out)
}

// WriteText writes the table for people: one row per player, the number
// of hands, a line for each player who was absent from some (AddAbsent),
// then the margin of the best player over each other one.
func (t *Table) WriteText(w io.Writer) error {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "player\tscore\twins\tself-drawn\tdeal-ins\tdrawn\tfailures\tmean/hand\t95%% interval\t\n")
	best := 0
	for p := range 4 {
		st := t.Player(p)
		if st.Mean > t.Player(best).Mean {
			best = p
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.1f\t%.1f … %.1f\t\n",
			st.Name, st.Score, st.Wins, st.SelfDrawn, st.DealIns, st.Drawn, st.Failures, st.Mean, st.CI95[0], st.CI95[1])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	// The cells end with a tab to align the last column right; drop the
	// padding that leaves at the end of each line.
	for line := range bytes.Lines(buf.Bytes()) {
		if _, err := fmt.Fprintf(w, "%s\n", bytes.TrimRight(line, " \n")); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "%d %s\n", t.hands, plural(t.hands, "hand", "hands"))
	for p := range 4 {
		if n := t.stats[p].absent; n > 0 {
			fmt.Fprintf(w, "%s (player %d) was absent from %d %s, played by the dummy (counted as failures)\n",
				t.names[p], p+1, n, plural(n, "hand", "hands"))
		}
	}
	for p := range 4 {
		if p == best || t.hands < 2 {
			continue
		}
		m, lo, hi := t.Margin(best, p)
		fmt.Fprintf(w, "%s (player %d) - %s (player %d): %.1f per hand, 95%% interval %.1f … %.1f\n",
			t.names[best], best+1, t.names[p], p+1, m, lo, hi)
	}
	_, err := fmt.Fprint(w)
	return err
}

// plural is one for n == 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
