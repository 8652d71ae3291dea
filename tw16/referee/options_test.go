package referee

import (
	"context"
	"testing"
	"time"
)

// TestRunBadOptions: a bad count or time is refused before any program
// starts, with an error that names the field and says what is wrong with
// it (not "-1 hands, move time 3s", which leaves the reader to guess).
func TestRunBadOptions(t *testing.T) {
	players := func() [4]Player {
		var ps [4]Player
		for i := range ps {
			ps[i] = Player{Name: "p", Command: "false"}
		}
		return ps
	}
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Hands: -1}, "referee: hands -1: must not be negative"},
		{Options{MoveTime: -time.Second}, "referee: move time -1s: must not be negative"},
		{Options{Hands: 4, MoveTime: -2 * time.Millisecond}, "referee: move time -2ms: must not be negative"},
	} {
		c.o.Players = players()
		tab, err := Run(context.Background(), c.o)
		if err == nil || err.Error() != c.want || tab != nil {
			t.Errorf("Run(hands %d, move time %v) = %v, %v; want the error %q", c.o.Hands, c.o.MoveTime, tab, err, c.want)
		}
	}
	o := Options{Players: players()}
	o.Players[2].MoveTime = -time.Second
	want := "referee: player 3: move time -1s: must not be negative"
	if _, err := Run(context.Background(), o); err == nil || err.Error() != want {
		t.Errorf("Run(player 3's move time -1s) = %v, want %q", err, want)
	}
}
