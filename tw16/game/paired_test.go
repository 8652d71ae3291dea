package game

import (
	"errors"
	"strings"
	"testing"
)

// TestPaired compares two matches of three deals, two strategies two
// against two: each match's margin is its Table's, and the difference is
// taken hand by hand, so that a deal's luck, shared by both, cancels.
func TestPaired(t *testing.T) {
	names, against := [4]string{"s", "a", "s", "a"}, [4]string{"t", "a", "t", "a"}
	p, err := NewPaired(names, against)
	if err != nil {
		t.Fatal(err)
	}
	h := (Schedule{}).Hand(0) // players 0, 1, 2, 3 in seats 0, 1, 2, 3
	first := []Result{{Points: [4]int{2500, -2500, 0, 0}}, {Points: [4]int{-1500, -1500, -1500, 4500}}, {Points: [4]int{-2000, -2000, 6000, -2000}}}
	other := []Result{{Points: [4]int{1500, -1500, 0, 0}}, {Points: [4]int{-1500, -1500, -1500, 4500}}, {Points: [4]int{-1000, -1000, 3000, -1000}}}
	ta, tb := NewTable(names), NewTable(against)
	for i := range first {
		if err := p.Add(h, &first[i], h, &other[i]); err != nil {
			t.Fatal(err)
		}
		ta.Add(h, &first[i], [4]bool{})
		tb.Add(h, &other[i], [4]bool{})
	}
	// Per hand, a seat of s minus a seat of a: 2500, −3000, 4000 in the
	// first; 1500, −3000, 2000 in the other; the differences 1000, 0,
	// 2000: mean 1000, sample deviation 1000, half interval 1.96·1000/√3.
	a, b, d, lo, hi := p.Margins(0, 1)
	wa, _, _ := ta.TeamMargin(0, 1)
	wb, _, _ := tb.TeamMargin(0, 1)
	if a != wa || b != wb || abs(d-1000) > 1e-9 || abs(hi-d-1.959963984540054*1000/1.7320508075688772) > 1e-6 || abs(d-lo-(hi-d)) > 1e-9 {
		t.Errorf("margins %v, %v (tables %v, %v), difference %v (%v … %v)", a, b, wa, wb, d, lo, hi)
	}
	if _, _, d2, _, _ := p.Margins(1, 0); d2 != -d {
		t.Errorf("the margin the other way: %v, want %v", d2, -d)
	}
	var w strings.Builder
	if err := p.Write(&w); err != nil {
		t.Fatal(err)
	}
	want := "paired by deal, 3 hands:\ns - a: 1166.7 per hand per seat; against, t - a: 166.7; difference 1000.0, 95% interval -131.6 … 2131.6\n"
	if w.String() != want {
		t.Errorf("got\n%s\nwant\n%s", w.String(), want)
	}
	// The best strategy of the first match leads, whichever player it is:
	// here players 2 and 4, s.
	q, _ := NewPaired([4]string{"a", "s", "a", "s"}, [4]string{"a", "t", "a", "t"})
	for i := range first {
		fa, fb := first[i], other[i]
		for s := range fa.Points {
			fa.Points[s], fb.Points[s] = -fa.Points[s], -fb.Points[s]
		}
		q.Add(h, &fa, h, &fb)
	}
	w.Reset()
	q.Write(&w)
	if got := w.String(); got != "paired by deal, 3 hands:\ns - a: 1166.7 per hand per seat; against, t - a: 166.7; difference 1000.0, 95% interval -131.6 … 2131.6\n" {
		t.Errorf("best second: got %q", got)
	}
	// One hand gives no interval.
	q, _ = NewPaired(names, against)
	q.Add(h, &first[0], h, &other[0])
	w.Reset()
	q.Write(&w)
	if got := w.String(); got != "paired by deal, 1 hand:\ns - a: 2500.0 per hand per seat; against, t - a: 1500.0; difference 1000.0, no interval from one hand\n" {
		t.Errorf("one hand: got %q", got)
	}

	if _, err := NewPaired(names, [4]string{"t", "t", "a", "a"}); !errors.Is(err, ErrNotPaired) ||
		err.Error() != "the matches do not pair: players 1 and 2 are s and a in one match but t and t in the other" {
		t.Errorf("players grouped otherwise: %v", err)
	}
	h2 := (Schedule{}).Hand(16) // the second seating
	if h2.Players == h.Players {
		t.Fatalf("hand 2 seats the players as hand 1: %v", h2.Players)
	}
	if err := p.Add(h, &first[0], h2, &other[0]); !errors.Is(err, ErrNotPaired) || p.Hands() != 3 {
		t.Errorf("players seated otherwise: %v, %d hands", err, p.Hands())
	}
}
