package game

import (
	"time"

	"github.com/mjsolve/mjsolve/tw16"
	"slices"
	"strings"
	"testing"
)

func TestScheduleIsFair(t *testing.T) {
	s := Schedule{Seed: 42}
	seatings := map[[4]int]int{}
	walls := map[uint64][]Scheduled{}
	for i := range HandsPerCycle {
		h := s.Hand(i)
		if h.Index != i || h.Cycle != 0 || int(h.Dealer) != i%4 || h.Players != Seatings[h.Seating] {
			t.Fatalf("hand %d: %+v", i, h)
		}
		seatings[h.Players]++
		walls[h.WallSeed] = append(walls[h.WallSeed], h)
	}
	if len(seatings) != 6 {
		t.Fatalf("%d seatings", len(seatings))
	}
	for p, n := range seatings {
		if n != 32 || p[0] != 0 {
			t.Errorf("seating %v plays %d hands", p, n)
		}
	}
	// 2 Jongs × 4 rounds: 8 walls, each dealt 24 times (4 dealers × 6
	// seatings); within a seating's round each player gets each of the
	// four starting hands (its place after the dealer) once.
	if len(walls) != 8 {
		t.Fatalf("%d walls, want 8", len(walls))
	}
	for _, hs := range walls {
		if len(hs) != 24 {
			t.Fatalf("a wall dealt %d times", len(hs))
		}
		for _, h := range hs {
			if h.Jong != hs[0].Jong || h.Round != hs[0].Round {
				t.Fatalf("a wall shared by %+v and %+v", h, hs[0])
			}
		}
		bySeating := map[int][]Scheduled{}
		for _, h := range hs {
			bySeating[h.Seating] = append(bySeating[h.Seating], h)
		}
		for _, round := range bySeating {
			for p := range 4 {
				var places []int
				for _, h := range round {
					places = append(places, int(h.SeatOf(p)-h.Dealer)&3)
				}
				slices.Sort(places)
				if !slices.Equal(places, []int{0, 1, 2, 3}) {
					t.Fatalf("player %d gets starting hands %v", p, places)
				}
			}
		}
	}
	// The rotated wall deals the same starting hands by place.
	a, b := s.Hand(0), s.Hand(1)
	ga, _ := New(a.Config(false))
	gb, _ := New(b.Config(false))
	for p := range Seat(4) {
		if !slices.Equal(ga.Dealt(a.Dealer+p&3), gb.Dealt(b.Dealer+p&3)) {
			t.Errorf("place %d gets different hands in hands 0 and 1", p)
		}
	}
	if s.Hand(HandsPerCycle).WallSeed == s.Hand(0).WallSeed || (Schedule{Seed: 43}).Hand(0).WallSeed == s.Hand(0).WallSeed {
		t.Error("the next cycle or another seed reuses the walls")
	}
}

func TestTable(t *testing.T) {
	tab := NewTable([4]string{"a", "b", "c", "d"})
	h := (Schedule{}).Hand(2) // seating 0: player p at seat p
	// A self-drawn win by seat 1, a win on seat 3's discard by seat 0,
	// a drawn hand with seat 2 failing.
	tab.Add(h, &Result{Winner: 1, From: 1, SelfDrawn: true, Points: [4]int{-2000, 5500, -1500, -2000}}, [4]bool{})
	tab.Add(h, &Result{Winner: 0, From: 3, Points: [4]int{3000, 0, 0, -3000}}, [4]bool{})
	tab.Add(h, &Result{Exhausted: true, Winner: NoSeat, From: NoSeat}, [4]bool{false, false, true, false})
	want := []PlayerStats{
		{Name: "a", Score: 1000, Wins: 1, Drawn: 1},
		{Name: "b", Score: 5500, Wins: 1, SelfDrawn: 1, Drawn: 1},
		{Name: "c", Score: -1500, Drawn: 1, Failures: 1},
		{Name: "d", Score: -5000, DealIns: 1, Drawn: 1},
	}
	for p := range 4 {
		got := tab.Player(p)
		w := want[p]
		w.Mean, w.CI95 = got.Mean, got.CI95
		if got != w {
			t.Errorf("player %d: %+v, want %+v", p, got, w)
		}
	}
	// Player a: 3 hands −2000, 3000, 0: mean 1000/3 and the interval of
	// its sample standard deviation.
	st := tab.Player(0)
	mean := 1000.0 / 3
	sd := 2516.6114784235836 // sample standard deviation of −2000, 3000, 0
	half := 1.959963984540054 * sd / 1.7320508075688772
	if abs(st.Mean-mean) > 1e-9 || abs(st.CI95[0]-(mean-half)) > 1e-6 || abs(st.CI95[1]-(mean+half)) > 1e-6 {
		t.Errorf("mean %v interval %v, want %v ± %v", st.Mean, st.CI95, mean, half)
	}
	if m, _, _ := tab.Margin(1, 3); abs(m-(7500+3000+0)/3.0) > 1e-9 {
		t.Errorf("margin of b over d %v", m)
	}
	b, err := tab.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); !strings.HasPrefix(got, `{"hands":3,"players":[{"name":"a","score":1000,"wins":1,"self_drawn":0,"deal_ins":0,"drawn":1,"failures":0,"mean":333.3333333333333,"ci95":[-2514.42`) {
		t.Errorf("JSON %s", got)
	}
	var merged Table
	merged.names = tab.names
	merged.Merge(tab)
	merged.Merge(tab)
	if merged.Hands() != 6 || merged.Player(1).Score != 11000 || merged.Player(1).Mean != tab.Player(1).Mean {
		t.Errorf("merged %+v", merged.Player(1))
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestTableTextHands checks the count line under the table: "1 hand" for
// a one-hand match, "N hands" otherwise.
func TestTableTextHands(t *testing.T) {
	tab := NewTable([4]string{"a", "b", "c", "d"})
	h := (Schedule{}).Hand(0)
	for n, want := range []string{"\n0 hands\n", "\n1 hand\n", "\n2 hands\n"} {
		if n > 0 {
			tab.Add(h, &Result{Exhausted: true, Winner: NoSeat, From: NoSeat}, [4]bool{})
		}
		var b strings.Builder
		if err := tab.WriteText(&b); err != nil || !strings.Contains(b.String(), want) {
			t.Errorf("%d hands: %q (%v), want a line %q", n, b.String(), err, want)
		}
	}
}

// TestTableByStrategy: two strategies seated two against two; the margin
// per hand per seat, the mean tai of a win and the time per decision.
func TestTableByStrategy(t *testing.T) {
	tab := NewTable([4]string{"s", "a", "s", "a"})
	h := (Schedule{}).Hand(0) // players 0, 1, 2, 3 in seats 0, 1, 2, 3
	tab.Add(h, &Result{Winner: 0, From: 1, Score: tw16.Result{Tai: 3}, Points: [4]int{2500, -2500, 0, 0}}, [4]bool{})
	tab.Add(h, &Result{Winner: 3, From: 3, SelfDrawn: true, Score: tw16.Result{Tai: 1}, Points: [4]int{-1500, -1500, -1500, 4500}}, [4]bool{})
	tab.Add(h, &Result{Winner: 2, From: 2, SelfDrawn: true, Score: tw16.Result{Tai: 2}, Points: [4]int{-2000, -2000, 6000, -2000}}, [4]bool{})
	tab.AddTime(0, 10, 2*time.Second, 700*time.Millisecond)
	tab.AddTime(2, 30, 2*time.Second, 900*time.Millisecond)
	// Per hand, a seat of s minus a seat of a: (2500+0)/2 − (−2500+0)/2 =
	// 2500, (−3000)/2 − 3000/2 = −3000, 4000/2 − (−4000)/2 = 4000: mean
	// 1166.7, sample deviation 3685.5, half interval 1.96·3685.5/√3.
	m, lo, hi := tab.TeamMargin(0, 1)
	if abs(m-3500.0/3) > 1e-9 || lo >= m || hi <= m {
		t.Errorf("team margin %v (%v … %v), want %v", m, lo, hi, 3500.0/3)
	}
	if m2, _, _ := tab.TeamMargin(2, 3); m2 != m {
		t.Errorf("the margin by players 2 and 3: %v, want %v", m2, m)
	}
	if st := tab.Player(0); st.MeanTai != 3 || st.Decisions != 10 || st.Think != 0.2 || st.Longest != 0.7 {
		t.Errorf("player 0: %+v", st)
	}
	var b strings.Builder
	if err := tab.WriteStrength(&b); err != nil {
		t.Fatal(err)
	}
	want := `  strategy  seats  mean/hand/seat  wins  deal-ins  drawn  mean tai  time/decision  longest
         s    1,3           583.3     2         0      0      2.50          100ms    900ms
         a    2,4          -583.3     1         1      0      1.00              -        -
3 hands
s - a: 1166.7 per hand per seat, 95% interval -3003.9 … 5337.2
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
