package game

import "testing"

// TestPointsOnly plays the same hands with full scoring and with
// PointsOnly: the same winners, tai, payments and points.
func TestPointsOnly(t *testing.T) {
	var players [4]Strategy
	for s := range players {
		players[s] = &greedy{}
	}
	var views [4]View
	full, _ := New(Config{})
	quick, _ := New(Config{})
	wins := 0
	for i := range 300 {
		cfg := Config{Seed: uint64(i), Dealer: Seat(i % 4), Round: Wind(i / 4 % 4), Flowers: i%3 == 0}
		var res [2]Result
		for j, g := range []*Game{full, quick} {
			cfg.PointsOnly = j == 1
			if err := g.Reset(cfg); err != nil {
				t.Fatal(err)
			}
			for s := range players {
				players[s].Begin(uint64(i*4 + s))
			}
			if err := Play(g, &players, &views); err != nil {
				t.Fatal(err)
			}
			res[j] = *g.Result()
		}
		a, b := res[0], res[1]
		if a.Points != b.Points || a.Winner != b.Winner || a.Score.Tai != b.Score.Tai || a.Score.Points != b.Score.Points ||
			len(a.Score.Payments) != len(b.Score.Payments) {
			t.Fatalf("hand %d: full %+v, points only %+v", i, a, b)
		}
		for k := range a.Score.Payments {
			if a.Score.Payments[k] != b.Score.Payments[k] {
				t.Fatalf("hand %d: payments %v and %v", i, a.Score.Payments, b.Score.Payments)
			}
		}
		if !a.Exhausted {
			wins++
			if b.Score.Items != nil || b.Score.Arrangement != nil {
				t.Fatalf("hand %d: points only scored items %v", i, b.Score.Items)
			}
		}
	}
	if wins < 100 {
		t.Errorf("%d wins in 300 hands", wins)
	}
}
