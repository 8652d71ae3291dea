package answer

import (
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// FuzzHands feeds arbitrary hands, melds and visible tiles to the parser
// and analyses: no panics, and every accepted hand gets a sane answer.
func FuzzHands(f *testing.F) {
	for _, seed := range []struct{ hand, melds, visible string }{
		{"123456789m123456p1z", "", ""},
		{"1111222233334444z", "", ""},
		{"123m 456p 789s 11z", "234s 777p", "1m 9p"},
		{"0m123p", "", ""},
		{"ESWNCFP", "EEE", "15f"},
		{"11111m", "", ""},
		{"23m55z111s", "123p,456p,789p", "1m1m4m"},
	} {
		f.Add(seed.hand, seed.melds, seed.visible)
	}
	f.Fuzz(func(t *testing.T, hand, melds, visible string) {
		s, err := NewHands(HandQuery{Melds: melds, Visible: visible})
		if err != nil {
			return
		}
		h, err := s.Parse(hand)
		c, seen := h.Concealed, h.Seen
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error on two lines: %q", err)
			}
			return
		}
		for k := range seen {
			if seen[k] > 4 || seen[k] < c[k] {
				t.Fatalf("hand %q: seen %d of %s, concealed %d", hand, seen[k], mjsolve.Kind(k), c[k])
			}
		}
		sh, err := tw16.Shanten(c)
		if err != nil {
			return // an impossible size
		}
		if sh < -1 || sh > 8 {
			t.Fatalf("hand %q: shanten %d", hand, sh)
		}
		if c.Total()%3 == 1 {
			w, err := tw16.Waits(c, &seen)
			if err != nil || w.Shanten != sh || (sh == 0) != (w.Kinds != 0) {
				t.Fatalf("hand %q: waits %+v, %v (shanten %d)", hand, w, err, sh)
			}
			e, err := tw16.Effective(c, &seen, nil)
			if err != nil || e.Shanten != sh || (sh == 0 && e.Kinds != w.Kinds) {
				t.Fatalf("hand %q: effective %s, %v; waits %s", hand, e.Kinds, err, w.Kinds)
			}
		} else {
			a, err := tw16.Advise(c, &seen, nil)
			if err != nil || a.Shanten != sh || len(a.Discards()) == 0 {
				t.Fatalf("hand %q: advice %v (shanten %d)", hand, err, sh)
			}
		}
	})
}
