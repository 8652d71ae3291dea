package bot

import (
	"flag"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/game"
)

var long = flag.Bool("long", false, "run the long checks (defence against no defence over 3840 hands per setting)")

// defenceMatch plays two advice bots with the tuning tu (players 1, 3)
// against two without defence (players 2, 4) over n hands.
func defenceMatch(t *testing.T, tu tuning, mc, n int) *game.Table {
	t.Helper()
	p, err := newPlayer(SelfPlayOptions{Strategies: [4]string{"advice", "advice", "advice", "advice"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 2} {
		a := NewAdvice(Options{MonteCarlo: mc})
		a.tune = tu
		p.strats[i] = &timed{s: a}
		p.strats[i+1] = &timed{s: NewAdvice(Options{NoDefence: true})}
	}
	for i := range n {
		if err := p.play((game.Schedule{Seed: 9}).Hand(i), 9); err != nil {
			t.Fatal(err)
		}
	}
	return p.table
}

// TestDefence measures the defence against the same bot without it. The
// defence deals in less; it does not cost more than the interval of the
// match allows (in these matches it neither measurably gains: Taiwanese
// hands are cheap, and folding gives up wins). With -long it compares the
// settings tried when the thresholds were chosen.
func TestDefence(t *testing.T) {
	n := 768
	settings := []tuning{defaultTuning}
	if *long {
		n = 3840
		settings = []tuning{defaultTuning, {0.5, 2, 0.35, 0}, {0.7, 2, 0.35, 0}, {0.5, 9, 9, 0}, {0.5, 9, 9, 1}, {0.5, 4, 0.6, 1}, {0.3, 9, 9, 1}}
	}
	for i, tu := range settings {
		tab := defenceMatch(t, tu, 0, n)
		m, lo, hi := tab.Margin(0, 1)
		def, nodef := tab.Player(0), tab.Player(1)
		t.Logf("%+v: defence − none %.0f per hand (%.0f … %.0f); wins %d/%d, deal-ins %d/%d",
			tu, m, lo, hi, def.Wins, nodef.Wins, def.DealIns, nodef.DealIns)
		if i > 0 {
			continue
		}
		if def.DealIns >= nodef.DealIns {
			t.Errorf("the defence deals in %d times, without it %d", def.DealIns, nodef.DealIns)
		}
		if hi < 0 {
			t.Errorf("the defence loses %.0f per hand (%.0f … %.0f)", m, lo, hi)
		}
	}
}
