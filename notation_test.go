package mjsolve

import (
	"errors"
	"strings"
	"testing"
)

func TestParseCounts(t *testing.T) {
	tests := []struct{ in, want string }{
		{"123m 456p 789s 11z", "123m456p789s11z"},
		{"E S W N C F P", "1234567z"},
		{"EE 55z, 1z", "11155z"},
		{"5m1m9m", "159m"},
		{"", ""},
		{"1111m2222p33334444s", "1111m2222p33334444s"},
	}
	for _, tt := range tests {
		c, err := ParseCounts(tt.in)
		if err != nil {
			t.Errorf("ParseCounts(%q): %v", tt.in, err)
			continue
		}
		if got := c.String(); got != tt.want {
			t.Errorf("ParseCounts(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseErrorsNameTheToken(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0m123p", `unknown tile "0m"`},
		{"8z", `unknown tile "8z"`},
		{"123x", `unknown suit letter "x" after "123"`},
		{"x", `unknown tile letter "x"`},
		{"123", `digits "123" without a suit letter`},
		{"12 3m", `digits "12" without a suit letter`},
		{"m", "suit letter 'm' without digits"},
		{"11111m", "5th copy of 1m"},
		{"EEEEE", "5th copy of 1z"},
		{"1f", "bonus tile 1f not allowed"},
		{"9f", `unknown tile "9f"`},
		{"中", `unknown tile letter "中"`},
	}
	for _, tt := range tests {
		_, err := ParseCounts(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseCounts(%q) error = %v, want it to contain %q", tt.in, err, tt.want)
		}
	}
}

func TestParseTilesKeepsOrderAndBonus(t *testing.T) {
	tiles, err := ParseTiles("3m1m E 58f")
	if err != nil {
		t.Fatal(err)
	}
	want := []Tile{2, 0, Tile(East), BonusTile(Plum + 4), BonusTile(Winter)}
	if len(tiles) != len(want) {
		t.Fatalf("got %v, want %v", tiles, want)
	}
	for i := range want {
		if tiles[i] != want[i] {
			t.Fatalf("got %v, want %v", tiles, want)
		}
	}
	if got := FormatTiles(tiles); got != "31m1z58f" {
		t.Errorf("FormatTiles = %q", got)
	}
	if _, err := ParseKinds("1m 2f"); err == nil {
		t.Error("ParseKinds accepted a bonus tile")
	}
}

func TestCounts(t *testing.T) {
	c := MustParseCounts("112m E")
	if c.Total() != 4 || c[0] != 2 || c[East] != 1 {
		t.Errorf("counts %v", c)
	}
	if !c.Remove(0) || c[0] != 1 || c.Remove(5) {
		t.Error("Remove wrong")
	}
	c.Add(5)
	if got := FormatKinds(c.Kinds()); got != "126m1z" {
		t.Errorf("Kinds = %q", got)
	}
	var d Counts
	d[3] = 5
	if err := d.Validate(); err == nil || !strings.Contains(err.Error(), "5 copies of 4m") {
		t.Errorf("Validate = %v", err)
	}
	var e Counts
	if err := e.UnmarshalText([]byte("19s")); err != nil || e.String() != "19s" {
		t.Errorf("UnmarshalText: %v %v", e, err)
	}
}

// FuzzParseTiles checks that parsing never panics and that whatever parses
// formats back to notation that parses to the same tiles.
func FuzzParseTiles(f *testing.F) {
	for _, s := range []string{"123m 456p 789s 11z", "ESWNCFP", "15f", "0m", "12", "m", "11111m", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tiles, err := ParseTiles(s)
		if err != nil {
			return
		}
		text := FormatTiles(tiles)
		back, err := ParseTiles(text)
		if err != nil {
			t.Fatalf("FormatTiles(%q) = %q does not parse: %v", s, text, err)
		}
		if len(back) != len(tiles) {
			t.Fatalf("round trip of %q: %v != %v", s, back, tiles)
		}
		for i := range back {
			if back[i] != tiles[i] {
				t.Fatalf("round trip of %q: %v != %v", s, back, tiles)
			}
		}
		c, err := ParseCounts(s)
		if err == nil {
			if err := c.Validate(); err != nil {
				t.Fatalf("ParseCounts(%q) accepted invalid counts: %v", s, err)
			}
			again, err := ParseCounts(c.String())
			if err != nil || again != c {
				t.Fatalf("counts round trip of %q: %v, %v", s, again, err)
			}
		}
	})
}

func TestInputError(t *testing.T) {
	// Parse errors keep their text and carry it apart from the prefix.
	_, err := ParseCounts("11111m")
	var ie *InputError
	if !errors.As(err, &ie) || ie.Msg != `5th copy of 1m in "11111m"` || err.Error() != "mjsolve: "+ie.Msg {
		t.Errorf("ParseCounts(11111m): %v", err)
	}
	if err := (Counts{3: 5}).Validate(); !errors.As(err, &ie) || ie.Msg != "5 copies of 4m (at most 4)" {
		t.Errorf("Validate: %v", err)
	}
}
