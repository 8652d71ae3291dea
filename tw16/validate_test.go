package tw16

import (
	"errors"
	"testing"

	"github.com/mjsolve/mjsolve"
)

func melds(t *testing.T, s string) []Meld {
	t.Helper()
	m, err := ParseMelds(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func tiles(t *testing.T, s string) []mjsolve.Tile {
	t.Helper()
	ts, err := mjsolve.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func TestNewSettingErrors(t *testing.T) {
	for _, c := range []struct {
		melds, visible string
		field          string
		msg            string
	}{
		{"111m 222m 333m 444m 555m 666m", "", FieldMelds, "6 melds and kongs; a hand has at most 5"},
		{"111m 111m", "", FieldMelds, "6 copies of 1m (at most 4)"},
		{"", "1m1m1m1m1m", FieldVisible, "5th copy of 1m"},
		{"123m", "EEEE E", FieldVisible, "5th copy of 1z"},
	} {
		_, err := NewSetting(melds(t, c.melds), tiles(t, c.visible))
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field != c.field || ie.Msg != c.msg || err.Error() != "tw16: "+c.field+": "+c.msg {
			t.Errorf("melds %q visible %q: %v (%#v), want field %s %q", c.melds, c.visible, err, ie, c.field, c.msg)
		}
	}
	// Flowers seen do not count; four of a kind is fine.
	if _, err := NewSetting(melds(t, "1111m"), tiles(t, "1f 1f 2f EEEE")); err != nil {
		t.Errorf("flowers and four of a kind: %v", err)
	}
}

func TestSettingHand(t *testing.T) {
	s, err := NewSetting(melds(t, "111m"), tiles(t, "9p 9p"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Melds() != 1 {
		t.Errorf("melds %d", s.Melds())
	}
	hand := mjsolve.MustParseCounts("23456789m 1234p 99p")
	seen, err := s.Hand(hand)
	want := hand
	want.AddCounts(mjsolve.MustParseCounts("111m 99p"))
	if err != nil || seen != want {
		t.Errorf("Hand: %v, %v; want %v", seen, err, want)
	}
	_, err = s.Hand(mjsolve.MustParseCounts("22m"))
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != FieldHand || ie.Msg != "2 tiles with 1 meld; want 13 or 14" {
		t.Errorf("2 tiles: %v", err)
	}
	_, err = s.Hand(mjsolve.MustParseCounts("5m"))
	if !errors.As(err, &ie) || ie.Field != FieldHand || ie.Msg != "1 tile with 1 meld; want 13 or 14" {
		t.Errorf("1 tile: %v", err)
	}
	_, err = s.Hand(mjsolve.MustParseCounts("1m 999p 123s"))
	var ce *CopiesError
	if !errors.As(err, &ce) || ce.Kind != mjsolve.MustParseCounts("9p").Kinds()[0] || ce.Count != 5 {
		t.Errorf("five 9p: %v", err)
	}
	if want := "tw16: 5 copies of 9p counting the hand, melds and visible tiles (at most 4)"; err == nil || err.Error() != want {
		t.Errorf("five 9p: %v, want %q", err, want)
	}
	// Without melds any size goes to the analyses, whose size errors are
	// about the concealed part.
	s, _ = NewSetting(nil, nil)
	if _, err := s.Hand(mjsolve.MustParseCounts("111m")); err != nil {
		t.Errorf("no melds: %v", err)
	}
	_, err = Shanten(mjsolve.MustParseCounts("111m"))
	if !errors.As(err, &ie) || ie.Field != FieldHand {
		t.Errorf("Shanten of 3 tiles: %v", err)
	}
}

func TestInputErrorsWrapTheRootPackage(t *testing.T) {
	// A bad tile in a meld: tw16's error wraps mjsolve's, with its text
	// after the meld and without its package prefix.
	_, err := ParseMelds("1x")
	ie, ok := errors.AsType[*InputError](err)
	if !ok {
		t.Fatalf("ParseMelds(1x): %v, not an *InputError", err)
	}
	me, _ := ie.Err.(*mjsolve.InputError)
	if ie.Pkg != "tw16" || me == nil || me.Pkg != "mjsolve" || err.Error() != "tw16: "+ie.Msg || ie.Msg != `bad meld "1x": `+me.Msg {
		t.Errorf("ParseMelds(1x): %v", err)
	}
}

// TestCountNoun: the melds and sets an input error counts take an s but
// for 1.
func TestCountNoun(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 melds"}, {1, "1 meld"}, {2, "2 melds"}, {13, "13 melds"}} {
		if got := countNoun(c.n, "meld"); got != c.want {
			t.Errorf("countNoun(%d, meld) = %q, want %q", c.n, got, c.want)
		}
	}
}
