package handlog

import (
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/game"
)

// TestTally checks what a table counts of built hands against the games'
// results, and refuses hands whose seats or end do not add up.
func TestTally(t *testing.T) {
	names := [4]string{"p1", "p2", "p3", "p4"}
	kinds := map[string]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		cfg, steps, g := playRandom(t, seed, seed%3 == 0)
		hd := Header{Source: SourceSelfPlay, Hand: int(seed)}
		for s := range 4 {
			p := (s+int(seed))%4 + 1
			hd.Seats = append(hd.Seats, SeatInfo{Seat: s + 1, Player: p, Name: names[p-1]})
		}
		h, err := Build(hd, cfg, steps)
		if err != nil {
			t.Fatal(err)
		}
		y, err := h.Tally()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		r := g.Result()
		got, want := y.Result, *r
		if y.Names != names || y.Hand.Index != int(seed)-1 || got.Points != want.Points || got.Exhausted != want.Exhausted ||
			!got.Exhausted && (got.Winner != want.Winner || got.From != want.From || got.SelfDrawn != want.SelfDrawn ||
				got.RobbedKong != want.RobbedKong || got.Score.Tai != want.Score.Tai) {
			t.Errorf("seed %d: tally %+v %+v, the game's %+v", seed, y.Names, got, want)
		}
		for s := range 4 {
			if y.Hand.Players[s] != (s+int(seed))%4 {
				t.Errorf("seed %d: seat %d has player %d", seed, s+1, y.Hand.Players[s]+1)
			}
		}
		switch {
		case r.Exhausted:
			kinds["drawn"] = true
		case r.SelfDrawn:
			kinds["self-drawn"] = true
			// A self-drawn win whose event leaves out the seat it is from.
			for i := range h.Events {
				if e := &h.Events[i]; e.Type == EventWin && e.SelfDrawn {
					e.From = 0
				}
			}
			if y2, err := h.Tally(); err != nil || y2.Result.From != r.Winner || !y2.Result.SelfDrawn {
				t.Errorf("seed %d: a self-drawn win without its from: %v, %+v", seed, err, y2)
			}
		default:
			kinds["on a discard"] = true
		}
		tab := game.NewTable(names)
		y.AddTo(tab)
		if tab.Hands() != 1 {
			t.Errorf("seed %d: the table counts %d hands", seed, tab.Hands())
		}
	}
	if len(kinds) != 3 {
		t.Errorf("the hands were only %v", kinds)
	}

	h := builtHand(t, 5)
	h.Header.Seats = []SeatInfo{{Seat: 1, Player: 1}, {Seat: 2, Player: 2}, {Seat: 3, Player: 2}, {Seat: 4, Player: 4}}
	if _, err := h.Tally(); err == nil || !strings.Contains(err.Error(), "players 1-4 at seats 1-4 once each") {
		t.Errorf("player 2 twice: %v", err)
	}
	h.Header.Seats = h.Header.Seats[:3]
	if _, err := h.Tally(); err == nil || !strings.Contains(err.Error(), "3 seats, not 4") {
		t.Errorf("three seats: %v", err)
	}
	h = builtHand(t, 5)
	h.Header.Seats = []SeatInfo{{Seat: 1, Player: 1}, {Seat: 2, Player: 2}, {Seat: 3, Player: 3}, {Seat: 4, Player: 4}}
	h.Events = h.Events[:len(h.Events)-1]
	if _, err := h.Tally(); err == nil || !strings.Contains(err.Error(), "no end") {
		t.Errorf("no end: %v", err)
	}
}

// TestDeal: two hands are of one deal when their rules, wall, dealer,
// round and seating are, whatever the players' names, the hands' numbers,
// the honors' numbering and the copies of each kind; a change to any of
// the others makes another deal.
func TestDeal(t *testing.T) {
	base := Header{Hand: 3, Dealer: 2, Round: "east", Rules: "competition", Honors: "icga",
		Wall: []string{"1m", "2m", "3m"}, WallTIDs: []int{110, 120, 130},
		Seats: []SeatInfo{{Seat: 1, Player: 1, Name: "a"}, {Seat: 2, Player: 2, Name: "b"}, {Seat: 3, Player: 3, Name: "a"}, {Seat: 4, Player: 4, Name: "b"}}}
	same := base
	same.Hand, same.Source, same.Honors = 7, SourceReferee, "mjtalk"
	same.WallTIDs = []int{111, 123, 132} // other copies of the same kinds
	same.Seats = []SeatInfo{{Seat: 1, Player: 1, Name: "x"}, {Seat: 2, Player: 2, Name: "y"}, {Seat: 3, Player: 3, Name: "x"}, {Seat: 4, Player: 4, Name: "y"}}
	if base.Deal() != same.Deal() {
		t.Errorf("other names and number: %q, %q", base.Deal(), same.Deal())
	}
	for name, change := range map[string]func(h *Header){
		"dealer":  func(h *Header) { h.Dealer = 3 },
		"round":   func(h *Header) { h.Round = "south" },
		"rules":   func(h *Header) { h.Rules = "mjtalk" },
		"flowers": func(h *Header) { h.Flowers = true },
		"wall":    func(h *Header) { h.Wall = []string{"1m", "3m", "2m"} },
		"seating": func(h *Header) {
			h.Seats = []SeatInfo{{Seat: 1, Player: 1}, {Seat: 2, Player: 3}, {Seat: 3, Player: 2}, {Seat: 4, Player: 4}}
		},
	} {
		other := base
		change(&other)
		if other.Deal() == base.Deal() {
			t.Errorf("another %s, the same deal %q", name, base.Deal())
		}
	}
}
