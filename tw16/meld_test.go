package tw16_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

func TestParseMelds(t *testing.T) {
	m := func(typ tw16.MeldType, k string) tw16.Meld {
		var kind mjsolve.Kind
		if err := kind.UnmarshalText([]byte(k)); err != nil {
			t.Fatal(err)
		}
		return tw16.Meld{Type: typ, Kind: kind}
	}
	for _, c := range []struct {
		in   string
		want []tw16.Meld
	}{
		{"", []tw16.Meld{}},
		{"  ,, ", []tw16.Meld{}},
		{"123m", []tw16.Meld{m(tw16.Chow, "1m")}},
		{"123m 555p 7777s", []tw16.Meld{m(tw16.Chow, "1m"), m(tw16.Pong, "5p"), m(tw16.Kong, "7s")}},
		{"312p,EEE, 5555z", []tw16.Meld{m(tw16.Chow, "1p"), m(tw16.Pong, "E"), m(tw16.Kong, "C")}},
		{"789s\tFFF", []tw16.Meld{m(tw16.Chow, "7s"), m(tw16.Pong, "F")}},
	} {
		got, err := tw16.ParseMelds(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("ParseMelds(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"124m", `tw16: bad meld "124m": not a chow, pong or kong`},
		{"123m 12m", `tw16: bad meld "12m": not a chow, pong or kong`},
		{"891m", `tw16: bad meld "891m": not a chow, pong or kong`},
		{"123z", `tw16: bad meld "123z": not a chow, pong or kong`},
		{"11111m", `tw16: bad meld "11111m": not a chow, pong or kong`},
		{"1m2p3s", `tw16: bad meld "1m2p3s": not a chow, pong or kong`},
		{"0m12m", `tw16: bad meld "0m12m": unknown tile "0m" in "0m12m"`},
		{"123f", `tw16: bad meld "123f": bonus tile 1f not allowed here in "123f"`},
	} {
		_, err := tw16.ParseMelds(c.in)
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseMelds(%q) error %v, want %q", c.in, err, c.want)
		}
	}
}

func TestParseConcealedKongs(t *testing.T) {
	got, err := tw16.ParseConcealedKongs("1111m EEEE")
	want := []tw16.Meld{{Type: tw16.ConcealedKong, Kind: 0}, {Type: tw16.ConcealedKong, Kind: mjsolve.East}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ParseConcealedKongs = %v, %v; want %v", got, err, want)
	}
	if _, err := tw16.ParseConcealedKongs("1111m 222m"); err == nil || !strings.Contains(err.Error(), `"222m": not four of a kind`) {
		t.Errorf("ParseConcealedKongs(222m) error %v", err)
	}
}

func TestMeldMethods(t *testing.T) {
	chow := tw16.Meld{Type: tw16.Chow, Kind: 6} // 789m
	kong := tw16.Meld{Type: tw16.ConcealedKong, Kind: mjsolve.Red}
	if chow.String() != "789m" || kong.String() != "5555z" || chow.Chinese() != "七萬八萬九萬" {
		t.Errorf("String/Chinese: %s %s %s", chow, kong, chow.Chinese())
	}
	if c := chow.Counts(); c.String() != "789m" || c.Total() != 3 {
		t.Errorf("Counts = %s", c)
	}
	if kong.Size() != 4 || chow.Size() != 3 || !kong.IsTriplet() || chow.IsTriplet() {
		t.Error("Size/IsTriplet wrong")
	}
	if !chow.Contains(7) || chow.Contains(9) || !kong.Contains(mjsolve.Red) {
		t.Error("Contains wrong")
	}
	if (tw16.Meld{Type: tw16.Chow, Kind: 7}).Valid() || (tw16.Meld{Type: tw16.Chow, Kind: mjsolve.East}).Valid() {
		t.Error("a chow from 8m or East is valid")
	}
	if tw16.ConcealedKong.Chinese() != "暗槓" || tw16.Kong.String() != "kong" {
		t.Error("MeldType names wrong")
	}
	for _, m := range []tw16.Meld{chow, kong, {Type: tw16.Kong, Kind: 3}, {Type: tw16.Pong, Kind: mjsolve.White}} {
		b, err := m.MarshalText()
		var back tw16.Meld
		if err != nil || back.UnmarshalText(b) != nil || back != m {
			t.Errorf("MarshalText round trip of %v: %q → %v (%v)", m, b, back, err)
		}
	}
	if got := tw16.MeldCounts([]tw16.Meld{chow, kong}); got.String() != "789m5555z" {
		t.Errorf("MeldCounts = %s", got)
	}
}

// FuzzParseMelds checks that ParseMelds never panics, that what it returns is
// valid, and that writing the melds back parses to the same melds.
func FuzzParseMelds(f *testing.F) {
	for _, s := range []string{"", "123m 555p 7777s", "312p,EEE, 5555z", "124m", "0m", "11111m", "EEEE CCC", "1f", "789s\tFFF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		melds, err := tw16.ParseMelds(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "tw16: bad meld ") {
				t.Errorf("error %q does not name the meld", err)
			}
			return
		}
		var parts []string
		for _, m := range melds {
			if !m.Valid() || m.Type == tw16.ConcealedKong {
				t.Fatalf("ParseMelds(%q) gave %v", s, m)
			}
			parts = append(parts, m.String())
		}
		back, err := tw16.ParseMelds(strings.Join(parts, " "))
		if err != nil || !slices.Equal(back, melds) {
			t.Errorf("round trip %q → %v → %v (%v)", s, melds, back, err)
		}
	})
}
