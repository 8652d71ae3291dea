package stats

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// bruteShanten is the shanten of a hand of 16 or 17 tiles found by
// enumerating the complete hands it could become, sharing nothing with the
// tw16 tables: the fewest tiles to add (the others are given up) to hold
// five sets and a pair with at most four of a kind, less one. Sets that
// share no kind with the hand cost three tiles whichever they are, so only
// sets touching the hand are enumerated, and the others are "fillers".
func bruteShanten(c mjsolve.Counts) int {
	type set [3]mjsolve.Kind
	var cands []set
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if c[k] > 0 {
			cands = append(cands, set{k, k, k})
		}
		if !k.IsHonor() && k.Number() <= 7 && c[k]+c[k+1]+c[k+2] > 0 {
			cands = append(cands, set{k, k + 1, k + 2})
		}
	}
	var used mjsolve.Counts
	best := 1 << 30
	var rec func(start, left, cost int)
	rec = func(start, left, cost int) {
		if cost >= best {
			return
		}
		// The remaining sets as fillers, then the pair.
		fill := cost + 3*left
		for k := range used {
			if used[k]+2 <= 4 {
				add := max(0, int(used[k])+2-int(c[k])) - max(0, int(used[k])-int(c[k]))
				best = min(best, fill+add)
			}
		}
		if left == 0 {
			return
		}
		for i := start; i < len(cands); i++ {
			s := cands[i]
			add, ok := 0, true
			for _, k := range s {
				if used[k] == 4 {
					ok = false
				}
				if used[k] >= c[k] {
					add++
				}
				used[k]++
			}
			if ok {
				rec(i, left-1, cost+add)
			}
			for _, k := range s {
				used[k]--
			}
		}
	}
	rec(0, 5, 0)
	return best - 1
}

// TestBruteShanten checks the brute force on hands whose shanten is known.
func TestBruteShanten(t *testing.T) {
	for _, tc := range []struct {
		hand string
		want int
	}{
		{"123m456p789s111z22z333z", -1}, // complete, 17 tiles
		{"123m456p789s111z22z33z", 0},   // 雙碰 on 2z and 3z
		{"123456789m123456p1z", 0},      // 單騎 on 1z
		{"123456789m123456p12z", 0},     // 17 tiles: discard either honor for 單騎
		{"147m258p369s1234567z", 10},    // 16 lone tiles, no two in one set: 2 a set, 1 for the pair
		{"147m258p369s11234567z", 9},    // the same with a pair
	} {
		c := mjsolve.MustParseCounts(tc.hand)
		if c.Total() != 16 && c.Total() != 17 {
			t.Fatalf("%s: %d tiles", tc.hand, c.Total())
		}
		if got := bruteShanten(c); got != tc.want {
			t.Errorf("%s: brute force %d, want %d", tc.hand, got, tc.want)
		}
	}
}

// TestStartShanten checks the starting shanten of the hands of a few
// deals against the brute force, the deal by deal histogram against the
// report of Run, and the report's counts against each other.
func TestStartShanten(t *testing.T) {
	const deals = 12
	var want [2][maxShanten + 2]int64
	var d Deal
	p := NewPlayer(nil)
	for i := range deals {
		d.Reset(DealSeed(5, i), false)
		for s := range 4 {
			o, err := p.Play(&d, s)
			if err != nil {
				t.Fatal(err)
			}
			sh := bruteShanten(d.Hands[s])
			if o.Start != sh {
				t.Fatalf("deal %d seat %d %s: start shanten %d, brute force %d", i, s, d.Hands[s], o.Start, sh)
			}
			want[min(s, 1)][sh+1]++
		}
	}
	r, err := Run(context.Background(), Options{Deals: deals, Seed: 5, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Dealer.Start != want[0] || r.NonDealer.Start != want[1] {
		t.Fatalf("start shanten dealer %v non-dealer %v, want %v %v", r.Dealer.Start, r.NonDealer.Start, want[0], want[1])
	}
	checkCounts(t, r)
}

// checkCounts checks that the counts of a report agree: one dealer hand
// and three others per deal, every histogram summing to its hands, no
// more wins than tenpai hands, no more waits measured than tenpai hands.
func checkCounts(t *testing.T, r *Report) {
	t.Helper()
	sum := func(h []int64) int64 { return reached(h) }
	if r.Dealer.Hands != int64(r.Deals) || r.NonDealer.Hands != 3*int64(r.Deals) {
		t.Fatalf("%d deals: %d dealer hands, %d others", r.Deals, r.Dealer.Hands, r.NonDealer.Hands)
	}
	for name, g := range map[string]*Group{"dealer": &r.Dealer, "non-dealer": &r.NonDealer} {
		if sum(g.Start[:]) != g.Hands || sum(g.Allowed[:]) != g.Hands {
			t.Errorf("%s: start shanten %d, draws allowed %d, of %d hands", name, sum(g.Start[:]), sum(g.Allowed[:]), g.Hands)
		}
		tenpai, won := sum(g.Tenpai[:]), sum(g.Win[:])
		if won > tenpai || tenpai > g.Hands || g.Waits > tenpai {
			t.Errorf("%s: %d won, %d tenpai, %d waits measured, %d hands", name, won, tenpai, g.Waits, g.Hands)
		}
		// Every hand that wins was tenpai with 16 tiles first, unless it
		// was dealt complete.
		if complete := g.Start[0]; g.Waits != tenpai-complete {
			t.Errorf("%s: %d waits measured, %d tenpai of which %d dealt complete", name, g.Waits, tenpai, complete)
		}
		if sum(g.WaitKinds[:]) != g.Waits || sum(g.WaitLeft[:]) != g.Waits || sum(g.ShapeSets[:]) != g.Waits {
			t.Errorf("%s: wait histograms do not count the %d hands", name, g.Waits)
		}
		// 獨聽 counting the hand's own tiles: one winning kind (a kind
		// held four times does not win).
		if g.Single != g.WaitKinds[1] {
			t.Errorf("%s: %d single waits, %d hands with one winning kind", name, g.Single, g.WaitKinds[1])
		}
		for i := range g.Tenpai {
			// A hand wins at the earliest on the draw after its tenpai.
			if sum(g.Win[:i+1]) > sum(g.Tenpai[:i+1]) {
				t.Errorf("%s: more hands won than tenpai by draw %d", name, i)
			}
		}
		if g.Start[0] != 0 && name == "non-dealer" {
			t.Errorf("a 16-tile hand cannot be complete")
		}
	}
	if r.NonDealer.Tenpai[0] != r.NonDealer.Start[1] {
		t.Errorf("non-dealer tenpai at draw 0: %d, dealt tenpai %d", r.NonDealer.Tenpai[0], r.NonDealer.Start[1])
	}
}

// TestWorkersDoNotMatter checks that the report does not depend on the
// number of workers, with and without flowers.
func TestWorkersDoNotMatter(t *testing.T) {
	for _, flowers := range []bool{false, true} {
		var first *Report
		for _, w := range []int{1, 3, 8} {
			r, err := Run(context.Background(), Options{Deals: 150, Seed: 9, Flowers: flowers, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			checkCounts(t, r)
			if first == nil {
				first = r
				continue
			}
			if !reflect.DeepEqual(r, first) {
				t.Fatalf("flowers %v: %d workers give another report than 1", flowers, w)
			}
		}
		// Another seed gives other deals.
		r, err := Run(context.Background(), Options{Deals: 150, Seed: 10, Flowers: flowers})
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(r.NonDealer, first.NonDealer) {
			t.Fatalf("seeds 9 and 10 give the same report")
		}
	}
}

// TestRunInterrupted checks that a cancelled run returns the deals it
// played, counted consistently, with the context's error.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	r, err := Run(ctx, Options{Deals: 100000, Seed: 1, Workers: 2, Progress: func(done int) {
		calls++
		if done >= 200 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if r.Deals < 200 || r.Deals >= 100000 || !r.Interrupted() || calls == 0 {
		t.Fatalf("%d deals of %d, interrupted %v, %d progress calls", r.Deals, r.Requested, r.Interrupted(), calls)
	}
	checkCounts(t, r)
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil || !strings.Contains(b.String(), "of 100000 (interrupted)") {
		t.Fatalf("text %q (%v) does not say it was interrupted", b.String(), err)
	}
	if _, err := Run(context.Background(), Options{Deals: -1}); err == nil {
		t.Fatal("-1 deals accepted")
	}
}

// TestJSONShape checks the members of the JSON report and their values
// against the report.
func TestJSONShape(t *testing.T) {
	r, err := Run(context.Background(), Options{Deals: 40, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Deals, Requested int
		Seed             uint64
		Flowers          bool
		Interrupted      bool
		Hands            map[string]int64
		DrawsAllowed     map[string]map[string]int64 `json:"draws_allowed"`
		StartShanten     map[string]map[string]int64 `json:"start_shanten"`
		StartMean        map[string]Mean             `json:"start_shanten_mean"`
		Tenpai, Win      map[string]struct {
			Reached Rate
			Draws   map[string]int64
			Mean    Mean
		}
		Waits map[string]struct {
			Hands        int64
			WinningKinds map[string]int64 `json:"winning_kinds"`
			TilesLeft    map[string]int64 `json:"tiles_left"`
			Single       Rate             `json:"single_wait"`
			Shapes       map[string]Rate
			ShapeSets    map[string]int64 `json:"shape_sets"`
		}
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m.Deals != 40 || m.Requested != 40 || m.Seed != 2 || m.Flowers || m.Interrupted {
		t.Fatalf("run %+v", m)
	}
	if m.Hands["dealer"] != 40 || m.Hands["non_dealer"] != 120 || m.DrawsAllowed["dealer"]["13"] != 40 || m.DrawsAllowed["non_dealer"]["14"] != 120 {
		t.Fatalf("hands %v, draws allowed %v", m.Hands, m.DrawsAllowed)
	}
	for key, g := range map[string]*Group{"dealer": &r.Dealer, "non_dealer": &r.NonDealer} {
		var n int64
		for sh, c := range m.StartShanten[key] {
			var v int
			if err := json.Unmarshal([]byte(sh), &v); err != nil || g.Start[v+1] != c || c == 0 {
				t.Fatalf("%s: start shanten %q: %d, report %v", key, sh, c, g.Start)
			}
			n += c
		}
		if n != g.Hands || m.StartMean[key].N != g.Hands {
			t.Fatalf("%s: start shanten counts %d hands of %d", key, n, g.Hands)
		}
		if tp := m.Tenpai[key]; tp.Reached.Count != reached(g.Tenpai[:]) || tp.Reached.Of != g.Hands || tp.Reached.Lo > tp.Reached.Rate || tp.Reached.Hi < tp.Reached.Rate {
			t.Fatalf("%s: tenpai %+v", key, tp.Reached)
		}
		w := m.Waits[key]
		if w.Hands != g.Waits || w.Single.Count != g.Single || len(w.Shapes) != len(Shapes) || w.Shapes["two-sided"].Count != g.Shape[0] {
			t.Fatalf("%s: waits %+v", key, w)
		}
	}
	// The histograms are objects in increasing order of value.
	if !bytes.Contains(data, []byte(`"start_shanten":{"dealer":{"`)) {
		t.Fatalf("start_shanten is not an object of objects: %s", data)
	}
}

func TestPercent(t *testing.T) {
	for x, want := range map[float64]string{0: "0.00%", 1: "100.00%", 0.4313: "43.13%", 0.00024: "0.024%", 0.0000033: "0.00033%", 5.9e-7: "0.000059%", 0.001: "0.10%"} {
		if got := percent(x); got != want {
			t.Errorf("percent(%g) = %q, want %q", x, got, want)
		}
	}
}

// TestEmptyReport checks that a run stopped before its first deal still
// writes a report: no hands, every rate 0 of 0 with the interval [0, 1].
func TestEmptyReport(t *testing.T) {
	r := &Report{Requested: 10, Seed: 3}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil || !strings.HasPrefix(b.String(), "0 deals of 10 (interrupted), seed 3") {
		t.Fatalf("text %q (%v)", b.String(), err)
	}
	data, err := json.Marshal(r)
	if err != nil || !bytes.Contains(data, []byte(`"tenpai":{"dealer":{"reached":{"count":0,"of":0,"rate":0,"lo":0,"hi":1}`)) {
		t.Fatalf("json %s (%v)", data, err)
	}
}

// TestReportTextOneDeal checks the singulars of the first line: one deal,
// one dealer hand.
func TestReportTextOneDeal(t *testing.T) {
	r := &Report{Requested: 1, Deals: 1, Seed: 3}
	r.Dealer.Hands, r.NonDealer.Hands = 1, 3
	var b bytes.Buffer
	want := "1 deal, seed 3, no flowers (136 tiles): 1 dealer hand (17 tiles), 3 non-dealer hands (16 tiles)\n"
	if err := r.WriteText(&b); err != nil || !strings.HasPrefix(b.String(), want) {
		t.Fatalf("text %q (%v), want it to start %q", b.String(), err, want)
	}
}
