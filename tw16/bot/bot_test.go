package bot

import (
	"strings"
	"testing"
)

// TestNewChecksOptions: New refuses what the strategies cannot play, from
// the spec's options and from Options alike: an unknown name or option,
// and a Monte-Carlo sample count outside 0 to MaxMonteCarlo.
func TestNewChecksOptions(t *testing.T) {
	for _, c := range []struct {
		spec string
		o    Options
		want string // "" for a strategy
	}{
		{"advice", Options{MonteCarlo: MaxMonteCarlo}, ""},
		{"advice:monte-carlo=100000", Options{}, ""},
		{"random", Options{}, ""},
		{"clever", Options{}, `bot: unknown strategy "clever"`},
		{"advice:bogus", Options{}, `unknown option "bogus"`},
		{"random:no-defence", Options{}, `bot: strategy "random" takes no options`},
		{"advice:monte-carlo=100001", Options{}, "monte-carlo wants a number 0 to 100000, not \"100001\""},
		{"advice", Options{MonteCarlo: MaxMonteCarlo + 1}, "bot: monte-carlo 100001: want 0 to 100000 samples"},
		{"advice", Options{MonteCarlo: -1}, "bot: monte-carlo -1: want 0 to 100000 samples"},
	} {
		st, err := New(c.spec, c.o)
		switch {
		case c.want == "" && (err != nil || st == nil):
			t.Errorf("New(%q, %+v): %v", c.spec, c.o, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("New(%q, %+v): %v; want an error with %q", c.spec, c.o, err, c.want)
		}
	}
}
