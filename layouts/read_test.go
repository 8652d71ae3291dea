package layouts

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		in   string
		want Format
	}{
		{"mjsolve-layout 1\n", FormatText},
		{"# comment\n0 0 0\n", FormatXmahjongg},
		{"\n\t 0 2 0\n", FormatXmahjongg},
		{"Kyodai 3.0\r\nname\r\n", FormatKyodai},
		{"kmahjongg-layout-v1.1\n", FormatKMahjongg},
		{"<!-- maps -->\n<mahjongg>", FormatGnome},
		{"hello", FormatUnknown},
		{"", FormatUnknown},
		{"\ufeffkmahjongg-layout-v1.0\n", FormatKMahjongg},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.in)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// A small layout written in each format by hand: two tiles side by side on
// level 0 (x = 0 and 2) and one over their seam on level 1 (x = 1), with
// a fourth tile half a tile lower to the right (x = 4, y = 1).
var smallSlots = []Slot{{0, 0, 0}, {2, 0, 0}, {4, 1, 0}, {1, 0, 1}}

var smallFiles = map[Format]string{
	FormatText: `mjsolve-layout 1
name small
title Small test
level 0
[][]..
[][][]
....[]
level 1
.[]
.[]
`,
	FormatXmahjongg: `# row col lev
0 0 0
0	2	0
1 4 0   # half a tile down
0 1 1
`,
	FormatKMahjongg: `kmahjongg-layout-v1.1
# Board size in quarter tiles
w6
h3
d2
1212..
434312
....43
.12...
.43...
......
`,
	FormatGnome: `<!-- a map written for this test -->
<mahjongg>
  <map name="Small test" scorename="small">
    <layer z="0">
      <row y="0" left="0" right="1"/>
      <tile x="2" y="0.5"/>
    </layer>
    <tile z="1" x="0.5" y="0"/>
  </map>
</mahjongg>
`,
}

func TestReadFormats(t *testing.T) {
	for f, src := range smallFiles {
		ls, err := Read(strings.NewReader(src), "small.txt")
		if err != nil {
			t.Errorf("%v: %v", f, err)
			continue
		}
		if len(ls) != 1 {
			t.Errorf("%v: %d layouts", f, len(ls))
			continue
		}
		l := ls[0]
		if !SameGeometry(l, &Layout{Slots: smallSlots}) {
			t.Errorf("%v: slots %v, want %v", f, l.Slots, smallSlots)
		}
		if l.Name != "small" {
			t.Errorf("%v: name %q", f, l.Name)
		}
	}
	// A byte order mark is ignored.
	for f, src := range smallFiles {
		if _, err := Read(strings.NewReader("\ufeff"+src), "bom"); err != nil {
			t.Errorf("%v with a byte order mark: %v", f, err)
		}
	}
	// File order is kept.
	ls, _ := Read(strings.NewReader(smallFiles[FormatXmahjongg]), "x")
	if !slices.Equal(ls[0].Slots, smallSlots) {
		t.Errorf("Xmahjongg order: %v, want %v", ls[0].Slots, smallSlots)
	}
}

func TestKyodai(t *testing.T) {
	cells := bytes.Repeat([]byte("0"), kyodaiCells)
	for _, s := range smallSlots {
		cells[(s.Z*kyodaiRows+s.Y)*kyodaiCols+s.X] = '1'
	}
	src := "Kyodai 3.0\r\nSmall test\r\n" + string(cells) + "\r\n"
	ls, err := Read(strings.NewReader(src), "dir/small")
	if err != nil {
		t.Fatal(err)
	}
	l := ls[0]
	if l.Title != "Small test" || l.Name != "small" || !SameGeometry(l, &Layout{Slots: smallSlots}) {
		t.Errorf("Kyodai: %+v", l)
	}
	// Line breaks and spaces between cells do not matter.
	split := "Kyodai 3.0\nSmall test\n" + string(cells[:1000]) + "\n " + string(cells[1000:]) + "\n"
	if ls2, err := Read(strings.NewReader(split), "small"); err != nil || !slices.Equal(ls2[0].Slots, l.Slots) {
		t.Errorf("split Kyodai: %v", err)
	}
}

func TestGnomeSeveralMaps(t *testing.T) {
	src := `<mahjongg>
<map name="One" scorename="one"><row y="0" left="0" right="1"/></map>
<map name="Two Rows"><layer z="2"><block left="0" right="1" top="0" bottom="1"/></layer><tile x="0" y="0"/></map>
</mahjongg>`
	ls, err := ParseGnome(strings.NewReader(src), "maps.map")
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || ls[0].Name != "one" || ls[1].Name != "two-rows" || ls[1].Title != "Two Rows" {
		t.Fatalf("maps %+v", ls)
	}
	// A block is built column by column; z comes from the layer, and is 0
	// again after it.
	want := []Slot{{0, 0, 2}, {0, 2, 2}, {2, 0, 2}, {2, 2, 2}, {0, 0, 0}}
	if !slices.Equal(ls[1].Slots, want) {
		t.Errorf("slots %v, want %v", ls[1].Slots, want)
	}
}

func TestKMahjonggV10AndNotes(t *testing.T) {
	var b strings.Builder
	b.WriteString("kmahjongg-layout-v1.0\n# a comment\n")
	for z := range 5 {
		for y := range 16 {
			row := []byte(strings.Repeat(".", 32))
			if z == 0 && y < 2 {
				copy(row[4:], []string{"1212", "4332"}[y]) // second tile drawn wrong
			}
			b.Write(row)
			b.WriteByte('\n')
		}
	}
	l, err := ParseKMahjongg(strings.NewReader(b.String()), "v10.layout")
	if err != nil {
		t.Fatal(err)
	}
	if want := []Slot{{4, 0, 0}, {6, 0, 0}}; !slices.Equal(l.Slots, want) {
		t.Errorf("slots %v, want %v", l.Slots, want)
	}
	want := `v10.layout line 3: the tile at row 0 column 6 of level 0 is drawn "12" over "32" instead of "12" over "43"`
	if len(l.Notes) != 1 || l.Notes[0] != want {
		t.Errorf("notes %q, want %q", l.Notes, want)
	}
}

func TestReadDesktopName(t *testing.T) {
	src := "[Other]\nName=No\n[KMahjonggLayout]\nName[de]=Standard\nName=Default\nDescription=x\n"
	if got := ReadDesktopName(strings.NewReader(src)); got != "Default" {
		t.Errorf("ReadDesktopName = %q", got)
	}
}

// TestMalformed checks that bad files give one-line errors naming the file
// and the line.
func TestMalformed(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"x1", "0 0 0\n0 2\n", "layouts: x1 line 2: want three numbers \"row col lev\", got \"0 2\""},
		{"x2", "# c\n0 0 0\n0 a 0\n", "layouts: x2 line 3: bad number \"a\" in \"row col lev\""},
		{"x3", "0 0 0\n\n1 1 0\n", "layouts: x3 line 3: tile at row 1 col 1 lev 0 overlaps the tile at row 0 col 0 lev 0 (line 1)"},
		{"x4", "0 0 0\n0 -2 0\n", "layouts: x4 line 2: tile at row 0 col -2 lev 0 has a negative coordinate"},
		{"x5", "# only comments\n", "layouts: x5: no tiles (want lines of \"row col lev\")"},
		{"k1", "Kyodai 3.0\nt\n0012\n", "layouts: k1 line 3: column 4: unexpected character '2' (want '0' or '1')"},
		{"k2", "Kyodai 3.0\nt\n0011\n", "layouts: k2 line 3: only 4 cells; a Kyodai layout has 3400 (5 levels of 20 rows of 34)"},
		{"k3", "Kyodai 3.0\nt\n11" + strings.Repeat("0", 3398) + "\n", "layouts: k3 line 3: tile at row 0 col 1 lev 0 overlaps the tile at row 0 col 0 lev 0 (line 3)"},
		{"k4", "Kyodai 3.0\nt\n" + strings.Repeat("0", 3400) + "\n1\n", "layouts: k4 line 4: column 1: more than 3400 cells (5 levels of 20 rows of 34)"},
		{"m1", "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12x.\n43..\n", "layouts: m1 line 5: column 3: unexpected character 'x' (want '.', '1', '2', '3' or '4')"},
		{"m2", "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n", "layouts: m2 line 5: 4 cells; the board has 4 × 2 × 1 = 8"},
		{"m3", "kmahjongg-layout-v1.1\nw4\nhx\n", "layouts: m3 line 3: bad size \"hx\" (want h1 to h257)"},
		{"m4", "kmahjongg-layout-v1.1\n12..\n", "layouts: m4 line 2: row of cells before the sizes \"w\", \"h\" and \"d\""},
		{"m5", "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1112\n4343\n", "layouts: m5 line 5: tile at x=1 y=0 z=0 overlaps the tile at x=0 y=0 z=0 (line 5)"},
		{"m6", "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n43..\n....\n", "layouts: m6 line 7: more than the 4 × 2 × 1 cells of the board"},
		{"g1", "<mahjongg>\n<map name=\"a\">\n<tile x=\"1\"/>\n</map></mahjongg>", "layouts: g1 line 3: missing attribute y"},
		{"g2", "<mahjongg>\n<map name=\"a\">\n<tile x=\"1.25\" y=\"0\"/>\n</map></mahjongg>", "layouts: g2 line 3: bad x=\"1.25\" (want a multiple of 0.5 from 0 to 127)"},
		{"g3", "<mahjongg>\n<map name=\"a\">\n<row y=\"0\" left=\"0\" right=\"1\"/>\n<tile x=\"0.5\" y=\"0.5\"/>\n</map></mahjongg>", "layouts: g3 line 4: tile at x=0.5 y=0.5 z=0 overlaps the tile at x=0 y=0 z=0 (line 3)"},
		{"g4", "<mahjongg>\n<map name=\"a\">\n<tile x=\"0\" y=\"0\">\n</map></mahjongg>", "layouts: g4 line 4: element <tile> closed by </map>"},
		{"g5", "<mahjongg>\n<map name=\"a\">\n<tiles x=\"0\" y=\"0\"/>\n</map></mahjongg>", "layouts: g5 line 3: unknown element <tiles>"},
		{"g6", "<mahjongg>\n<tile x=\"0\" y=\"0\"/>\n</mahjongg>", "layouts: g6 line 2: <tile> outside a <map>"},
		{"g7", "<mahjongg>\n<map name=\"a\">\n<row y=\"0\" left=\"3\" right=\"1\"/>\n</map></mahjongg>", "layouts: g7 line 3: <row> ends before it starts (right < left or bottom < top)"},
		{"g8", "<mahjongg></mahjongg>", "layouts: g8: no <map> elements"},
		{"g9", "<mahjongg>\n<map name=\"a\">\n<layer z=\"1.5\">\n</layer></map></mahjongg>", "layouts: g9 line 3: bad z=\"1.5\" (want a level from 0 to 63)"},
		{"t1", "mjsolve-layout 1\nlevel 0\n[]\n[\n", "layouts: t1 line 4: column 1: '[' without ']' after it"},
		{"t2", "mjsolve-layout 1\nlevel 0\n[]\n..\n", "layouts: t2 line 4: column 1: the tile above needs its lower half \"[]\" here"},
		{"t3", "mjsolve-layout 1\nlevel 0\n[]\n", "layouts: t3 line 3: level 0 ends before the lower half of the tile in column 1"},
		{"t4", "mjsolve-layout 1\nlevel 1\n[]\n[]\nlevel 0\n", "layouts: t4 line 5: level 0 after level 1 (levels must increase)"},
		{"t5", "mjsolve-layout 1\nlevel 0\n[]x\n", "layouts: t5 line 3: column 3: unexpected character 'x' (want '[', ']', '.' or ' ')"},
		{"t6", "mjsolve-layout 1\nlevel 0\n[][]\n.[][]\n", "layouts: t6 line 4: column 1: the tile above needs its lower half \"[]\" here"},
		{"t7", "mjsolve-layout 1\nname x\n[]\n", "layouts: t7 line 3: unexpected \"[]\" before the first \"level\" line"},
		{"t8", "mjsolve-layout 2\n", "layouts: t8 line 1: not an mjsolve layout (the first line must be \"mjsolve-layout 1\")"},
		{"t9", "mjsolve-layout 1\nlevel 0\n]\n", "layouts: t9 line 3: column 1: ']' without '[' before it"},
		{"u1", "hello\n", "layouts: u1 line 1: unknown layout format (not mjsolve, Xmahjongg, Kyodai, KMahjongg or GNOME Mahjongg)"},
		{"u2", "\ufeff\n  \r\n\thello\n", "layouts: u2 line 3: unknown layout format (not mjsolve, Xmahjongg, Kyodai, KMahjongg or GNOME Mahjongg)"},
		{"e1", "", "layouts: e1: empty file, not a layout"},
		{"e2", "\n \r\n\t\n", "layouts: e2: empty file, not a layout"},
	}
	for _, tt := range tests {
		_, err := Read(strings.NewReader(tt.src), tt.name)
		if err == nil {
			t.Errorf("%s: no error, want %s", tt.name, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, err, tt.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error on several lines", tt.name)
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.File != tt.name {
			t.Errorf("%s: error %T does not name the file", tt.name, err)
		}
	}
}

// TestGnomeErrorsPrintable: the XML decoder's messages quote the file's bytes
// as they are; the reader's errors escape what is not printable UTF-8.
func TestGnomeErrorsPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"<mahjongg><map name=\"a\">&\xff\x01x;</map></mahjongg>", `invalid character entity &\xff (no semicolon)`},
		{"<mahjongg><map name=\"a\">&\xfe\xfd;</map></mahjongg>", `invalid character entity &\xfe\xfd;`},
	} {
		_, err := Read(strings.NewReader(c.in), "g.map")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
			continue
		}
		msg := err.Error()
		if !utf8.ValidString(msg) || strings.ContainsFunc(msg, func(r rune) bool { return !unicode.IsPrint(r) }) {
			t.Errorf("%q: unprintable error %q", c.in, msg)
		}
	}
}

// TestGnomeElementInsideTile: a tile element that lost its "/>" makes the
// elements after it its children; the error names the element and the line
// of the one left open, instead of saying "outside a <map>" about an element
// that is inside one.
func TestGnomeElementInsideTile(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"<mahjongg>\n<map name=\"a\">\n<column x=\"0\" top=\"0\" bottom=\"1\">\n<block left=\"1\" right=\"2\" top=\"0\" bottom=\"1\"/>\n</map></mahjongg>",
			`layouts: g.map line 4: <block> inside the <column> of line 3 (does that one lack its "/>"?)`},
		{"<mahjongg>\n<map name=\"a\">\n<tile x=\"0\" y=\"0\">\n\n<layer z=\"1\">\n</layer></map></mahjongg>",
			`layouts: g.map line 5: <layer> inside the <tile> of line 3 (does that one lack its "/>"?)`},
	} {
		_, err := Read(strings.NewReader(c.src), "g.map")
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
}
