package solitaire

import (
	"slices"
	"strings"
	"testing"
)

func TestParseMoves(t *testing.T) {
	got, err := ParseMoves(" 3-7, 40-12\t0-143\n")
	if want := []Move{{3, 7}, {12, 40}, {0, 143}}; err != nil || !slices.Equal(got, want) {
		t.Fatalf("ParseMoves = %v, %v; want %v", got, err, want)
	}
	if s := FormatMoves(got); s != "3-7 12-40 0-143" {
		t.Errorf("FormatMoves = %q", s)
	}
	for _, c := range []struct{ in, want string }{
		{"3-7 x", `solitaire: move "x" is not two slots A-B (move 2)`},
		{"3-", `solitaire: move "3-" is not two slots A-B (move 1)`},
		{"-3-4", `solitaire: move "-3-4" is not two slots A-B (move 1)`},
		{"1-254", `solitaire: move "1-254": no slot above 253 (move 1)`},
		{"1-2 5-5", `solitaire: move "5-5" takes slot 5 twice (move 2)`},
	} {
		if _, err := ParseMoves(c.in); err == nil || err.Error() != c.want {
			t.Errorf("ParseMoves(%q) = %v, want %q", c.in, err, c.want)
		}
	}
	var m Move
	if err := m.UnmarshalText([]byte("9-2")); err != nil || m != (Move{2, 9}) {
		t.Errorf("UnmarshalText: %v %v", m, err)
	}
	if SetOf(3, 70, 140).String() != "{3 70 140}" || (Set{}).String() != "{}" {
		t.Errorf("Set.String = %q", SetOf(3, 70, 140).String())
	}
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"3-7 12-40", "0-143,1-2", "", "5-5", "1-254", "-1-2", "+1-2", "007-8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on more than one line: %q", err)
			}
			return
		}
		for _, m := range moves {
			if m.A >= m.B || m.B >= MaxTiles {
				t.Fatalf("bad move %v from %q", m, s)
			}
		}
		again, err := ParseMoves(FormatMoves(moves))
		if err != nil || !slices.Equal(again, moves) {
			t.Fatalf("round trip of %q: %v, %v", s, again, err)
		}
	})
}
