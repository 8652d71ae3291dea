package protocol

import "testing"

func TestParseWind(t *testing.T) {
	for _, w := range []Wind{East, South, West, North} {
		got, err := ParseWind(WindName(w))
		if err != nil || got != w {
			t.Errorf("ParseWind(%q) = %v, %v, want %v", WindName(w), got, err, w)
		}
	}
	for _, s := range []string{"", "east", "EAS", "EASTT", " EAST", "wind(4)"} {
		if w, err := ParseWind(s); err == nil {
			t.Errorf("ParseWind(%q) = %v, want an error", s, w)
		}
	}
}

// FuzzParseWind: a wind read back is written as it was read.
func FuzzParseWind(f *testing.F) {
	for _, s := range []string{"EAST", "SOUTH", "WEST", "NORTH", "east", "", "NORTH "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, err := ParseWind(s)
		if err != nil {
			return
		}
		if WindName(w) != s {
			t.Errorf("ParseWind(%q) = %v, written %q", s, w, WindName(w))
		}
	})
}
