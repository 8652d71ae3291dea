package layouts

import (
	"bytes"
	"image/png"
	"slices"
	"testing"
)

func TestPictures(t *testing.T) {
	// Coordinates are translated in x and y only; levels stay.
	l := &Layout{Slots: []Slot{{5, 3, 1}, {7, 4, 1}, {6, 3, 2}}}
	got := Pictures(l)
	want := [][]string{
		nil,
		{"[]", "[][]", "  []"},
		{" []", " []", ""},
	}
	if len(got) != len(want) {
		t.Fatalf("Pictures = %q", got)
	}
	for z := range want {
		if !slices.Equal(got[z], want[z]) {
			t.Errorf("level %d: %q, want %q", z, got[z], want[z])
		}
	}
}

func TestImage(t *testing.T) {
	l, _ := Builtin("turtle")
	var buf bytes.Buffer
	if err := WritePNG(&buf, l); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	// 30 × 16 cells, 5 levels.
	b := img.Bounds()
	wantW := 2*pngMargin + 30*pngCellW + 4*pngDepth + pngDepth
	wantH := 2*pngMargin + 16*pngCellH + 4*pngDepth + pngDepth
	if b.Dx() != wantW || b.Dy() != wantH {
		t.Errorf("image %v, want %d × %d", b, wantW, wantH)
	}
	// The top tile, level 4, is drawn in the colour of level 4 at its
	// centre (x = 13, y = 7 in cells: centre at 14, 8).
	shift := 4 * pngDepth
	cx := pngMargin + shift + 14*pngCellW - 4*pngDepth
	cy := pngMargin + shift + 8*pngCellH - 4*pngDepth
	r, g, bl, _ := img.At(cx, cy).RGBA()
	c := levelColors[4]
	if uint8(r>>8) != c.R || uint8(g>>8) != c.G || uint8(bl>>8) != c.B {
		t.Errorf("centre pixel %v, want the colour of level 4 %v", img.At(cx, cy), c)
	}
	if err := WritePNG(&buf, &Layout{Slots: []Slot{{0, 0, 0}, {1, 0, 0}}}); err == nil {
		t.Error("WritePNG of overlapping tiles: no error")
	}
}

// gnomeTurtle is the classic turtle in GNOME Mahjongg's map syntax, written
// for this test from the turtle's rows (12 8 10 12 12 10 8 12 tiles on
// level 0 plus the three loose end tiles, then 6×6, 4×4, 2×2 and the top)
// with other elements than GNOME's own file uses, to check the reader
// against an independent description.
const gnomeTurtle = `<mahjongg>
  <map name="Turtle" scorename="easy">
    <layer z="0">
      <block left="3" right="10" top="0" bottom="7"/>
      <row y="0" left="1" right="2"/>
      <row y="0" left="11" right="12"/>
      <row y="7" left="1" right="2"/>
      <row y="7" left="11" right="12"/>
      <column x="2" top="2" bottom="5"/>
      <column x="11" top="2" bottom="5"/>
      <column x="1" top="3" bottom="4"/>
      <column x="12" top="3" bottom="4"/>
      <tile x="0" y="3.5"/>
      <tile x="13" y="3.5"/>
      <tile x="14" y="3.5"/>
    </layer>
    <layer z="1">
      <column x="4" top="1" bottom="6"/>
      <column x="5" top="1" bottom="6"/>
      <column x="6" top="1" bottom="6"/>
      <column x="7" top="1" bottom="6"/>
      <column x="8" top="1" bottom="6"/>
      <column x="9" top="1" bottom="6"/>
    </layer>
    <layer z="2">
      <row y="2" left="5" right="8"/>
      <row y="3" left="5" right="8"/>
      <row y="4" left="5" right="8"/>
      <row y="5" left="5" right="8"/>
    </layer>
    <layer z="3">
      <tile x="6" y="3"/>
      <tile x="7" y="3"/>
      <tile x="6" y="4"/>
      <tile x="7" y="4"/>
    </layer>
    <tile z="4" x="6.5" y="3.5"/>
  </map>
</mahjongg>`

func TestGnomeTurtle(t *testing.T) {
	ls, err := Read(bytes.NewReader([]byte(gnomeTurtle)), "turtle.map")
	if err != nil {
		t.Fatal(err)
	}
	turtle, _ := Builtin("turtle")
	if !SameGeometry(ls[0], turtle) {
		t.Error("the turtle in GNOME's syntax is not the built-in turtle")
	}
	// GNOME counts tile units from the same corner: the layouts are equal
	// without translation.
	if !slices.Equal(readingOrder(ls[0]), readingOrder(turtle)) {
		t.Error("GNOME coordinates are translated")
	}
}

var sinkRelations Relations

func BenchmarkRelationsTurtle(b *testing.B) {
	l, _ := Builtin("turtle")
	b.ReportAllocs()
	for b.Loop() {
		sinkRelations = l.Relations()
	}
}

var sinkLayouts []*Layout

func BenchmarkParseXmahjongg(b *testing.B) {
	l, _ := Builtin("turtle")
	var buf bytes.Buffer
	WriteXmahjongg(&buf, l)
	data := buf.Bytes()
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		ls, err := parse(data, "turtle")
		if err != nil {
			b.Fatal(err)
		}
		sinkLayouts = ls
	}
}
