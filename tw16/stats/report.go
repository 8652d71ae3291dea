package stats

import (
	"math"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/interval"
	"github.com/mjsolve/mjsolve/tw16"
)

// maxShanten bounds the shanten of 16 or 17 tiles: 5 sets and a pair need
// at most 2 tiles a set and 1 for the pair, 11 tiles, so shanten ≤ 10.
const maxShanten = 10

// Shapes lists the wait shapes in the order the report shows them.
var Shapes = [...]tw16.WaitShape{tw16.TwoSided, tw16.Edge, tw16.Closed, tw16.SingleTile, tw16.DualPong}

// Group gathers the outcomes of the dealer's hands or of the other seats'
// hands. The arrays are histograms: Start by shanten + 1, Allowed, Tenpai
// and Win by number of draws, WaitKinds and WaitLeft by value.
type Group struct {
	// Hands is the number of hands.
	Hands int64
	// Start counts the hands by their shanten as dealt, index shanten + 1.
	Start [maxShanten + 2]int64
	// Allowed counts the hands by the draws the seat gets.
	Allowed [MaxDraws + 1]int64
	// Tenpai and Win count the hands by the draws after which they were
	// first tenpai or complete; the rest never were.
	Tenpai, Win [MaxDraws + 1]int64
	// Waits is the number of hands whose waits were measured (tenpai with
	// 16 tiles); the rest of the fields count those hands.
	Waits int64
	// WaitKinds and WaitLeft count them by their number of winning kinds
	// and by the copies of those kinds the hand had not seen.
	WaitKinds [mjsolve.NumKinds + 1]int64
	WaitLeft  [4*mjsolve.NumKinds + 1]int64
	// Single counts the single waits (獨聽).
	Single int64
	// Shape[i] counts the hands whose waits include Shapes[i]; ShapeSets
	// counts them by the set of their shapes.
	Shape     [len(Shapes)]int64
	ShapeSets [1 << len(Shapes)]int64
}

// Add counts the outcome o.
func (g *Group) Add(o *Outcome) {
	g.Hands++
	g.Start[o.Start+1]++
	g.Allowed[o.Draws]++
	if o.Tenpai >= 0 {
		g.Tenpai[o.Tenpai]++
	}
	if o.Win >= 0 {
		g.Win[o.Win]++
	}
	if o.WaitKinds == 0 {
		return
	}
	g.Waits++
	g.WaitKinds[o.WaitKinds]++
	g.WaitLeft[o.WaitLeft]++
	if o.Single {
		g.Single++
	}
	for i, s := range Shapes {
		if o.Shapes&s != 0 {
			g.Shape[i]++
		}
	}
	g.ShapeSets[o.Shapes]++
}

// TenpaiRate is the share of g's hands that were tenpai within their draws.
func (g *Group) TenpaiRate() Rate { return RateOf(reached(g.Tenpai[:]), g.Hands) }

// WinRate is the share of g's hands that were complete within their draws.
func (g *Group) WinRate() Rate { return RateOf(reached(g.Win[:]), g.Hands) }

// Merge adds the counts of h to g.
func (g *Group) Merge(h *Group) {
	g.Hands += h.Hands
	addTo(g.Start[:], h.Start[:])
	addTo(g.Allowed[:], h.Allowed[:])
	addTo(g.Tenpai[:], h.Tenpai[:])
	addTo(g.Win[:], h.Win[:])
	g.Waits += h.Waits
	addTo(g.WaitKinds[:], h.WaitKinds[:])
	addTo(g.WaitLeft[:], h.WaitLeft[:])
	g.Single += h.Single
	addTo(g.Shape[:], h.Shape[:])
	addTo(g.ShapeSets[:], h.ShapeSets[:])
}

func addTo(a, b []int64) {
	for i := range a {
		a[i] += b[i]
	}
}

// Report is the hand statistics of a run: the deals played and the two
// groups of hands.
type Report struct {
	// Deals is the number of deals played, Requested the number asked for
	// (more when the run was interrupted).
	Deals, Requested int
	Seed             uint64
	Flowers          bool
	// Dealer gathers the dealer's hands (one per deal), NonDealer the
	// other three seats' hands (three per deal).
	Dealer, NonDealer Group
}

// Interrupted tells whether fewer deals were played than asked for.
func (r *Report) Interrupted() bool { return r.Deals < r.Requested }

// Merge adds the deals and counts of s to r.
func (r *Report) Merge(s *Report) {
	r.Deals += s.Deals
	r.Dealer.Merge(&s.Dealer)
	r.NonDealer.Merge(&s.NonDealer)
}

// Rate is a share with its 95% Wilson interval.
type Rate struct {
	Count int64   `json:"count"`
	Of    int64   `json:"of"`
	Rate  float64 `json:"rate"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// RateOf returns the share k of n with its interval (rate 0 when n is 0).
func RateOf(k, n int64) Rate {
	r := Rate{Count: k, Of: n}
	if n > 0 {
		r.Rate = float64(k) / float64(n)
	}
	r.Lo, r.Hi = interval.Wilson(k, n, interval.Z95)
	return r
}

// Mean is the mean of a histogram with its 95% interval (the normal
// approximation: the mean ± 1.96 standard errors) and the median.
type Mean struct {
	N      int64   `json:"n"`
	Mean   float64 `json:"mean"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Median int     `json:"median"`
}

// MeanOf returns the mean of the histogram h (h[i] values of i + offset).
func MeanOf(h []int64, offset int) Mean {
	var m Mean
	var sum float64
	for i, c := range h {
		m.N += c
		sum += float64(c) * float64(i+offset)
	}
	if m.N == 0 {
		return m
	}
	n := float64(m.N)
	m.Mean = sum / n
	var ss float64
	half := int64(0)
	m.Median = offset
	for i, c := range h {
		d := float64(i+offset) - m.Mean
		ss += float64(c) * d * d
		if half*2 < m.N {
			half += c
			m.Median = i + offset
		}
	}
	se := 0.0
	if m.N > 1 {
		se = math.Sqrt(ss/(n-1)) / math.Sqrt(n)
	}
	m.Lo, m.Hi = m.Mean-interval.Z95*se, m.Mean+interval.Z95*se
	return m
}

// reached returns the number of hands counted in the histogram h (Tenpai
// or Win).
func reached(h []int64) int64 {
	var n int64
	for _, c := range h {
		n += c
	}
	return n
}
