package layouts_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mjsolve/mjsolve/layouts"
)

func ExampleBuiltin() {
	l, _ := layouts.Builtin("turtle")
	fmt.Println(l.Len(), "tiles, per level", l.TilesPerLevel())
	fmt.Println(l.FreeAtStart(), "free at the start")
	// Output:
	// 144 tiles, per level [87 36 16 4 1]
	// 35 free at the start
}

func ExampleLayout_Relations() {
	l, _ := layouts.Builtin("tiny8")
	r := l.Relations()
	for i, s := range l.Slots {
		fmt.Printf("%d %v: covered by %v, left %v, right %v\n", i, s, r.Covers[i], r.Left[i], r.Right[i])
	}
	// Output:
	// 0 x=0 y=0 z=0: covered by [], left [], right [1]
	// 1 x=2 y=0 z=0: covered by [6], left [0], right [2]
	// 2 x=4 y=0 z=0: covered by [6], left [1], right [3]
	// 3 x=6 y=0 z=0: covered by [7], left [2], right [4]
	// 4 x=8 y=0 z=0: covered by [7], left [3], right [5]
	// 5 x=10 y=0 z=0: covered by [], left [4], right []
	// 6 x=3 y=0 z=1: covered by [], left [], right []
	// 7 x=7 y=0 z=1: covered by [], left [], right []
}

func ExampleRead() {
	// An Xmahjongg file: "row col lev" in half-tile units.
	src := "# row col lev\n0 0 0\n0 2 0\n0 1 1\n0 6 0\n"
	ls, err := layouts.Read(strings.NewReader(src), "mine")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ls[0].Name, ls[0].Slots)
	// A mistake is reported with the file and the line.
	_, err = layouts.Read(strings.NewReader("0 0 0\n0 1 0\n"), "bad")
	fmt.Println(err)
	// Output:
	// mine [x=0 y=0 z=0 x=2 y=0 z=0 x=1 y=0 z=1 x=6 y=0 z=0]
	// layouts: bad line 2: tile at row 0 col 1 lev 0 overlaps the tile at row 0 col 0 lev 0 (line 1)
}

func ExampleSameGeometry() {
	a := &layouts.Layout{Slots: []layouts.Slot{{X: 0, Y: 0, Z: 0}, {X: 2, Y: 0, Z: 0}}}
	b := &layouts.Layout{Slots: []layouts.Slot{{X: 7, Y: 3, Z: 0}, {X: 5, Y: 3, Z: 0}}}
	fmt.Println(layouts.SameGeometry(a, b))
	// Output: true
}

func ExampleWritePictures() {
	l, _ := layouts.Builtin("ends10")
	layouts.WritePictures(os.Stdout, l)
	// Output:
	// level 0: 8 tiles
	//   [][][]
	// [][][][][]
	// [][][][][]
	//   [][][]
	// level 1: 2 tiles
	//
	//    [][]
	//    [][]
}

// The names a shell completes for --layout: every usable layout, then the
// bare names that resolve to one installed game's layout ("ox" is two
// games', "turtle" a built-in's).
func ExampleChoices() {
	turtle, _ := layouts.Builtin("turtle")
	tiny, _ := layouts.Builtin("tiny8")
	entries := []layouts.Entry{
		{Name: "turtle", Source: layouts.SourceBuiltin, Layout: turtle},
		{Name: "xmahjongg/ox", Source: layouts.SourceXmahjongg, Layout: tiny},
		{Name: "kmahjongg/ox", Source: layouts.SourceKMahjongg, Layout: tiny},
		{Name: "gnome/turtle", Source: layouts.SourceGnome, Layout: turtle},
		{Name: "gnome/ziggurat", Source: layouts.SourceGnome, Layout: tiny},
		{Name: "gnome/broken", Source: layouts.SourceGnome, Err: errors.New("bad file")},
	}
	for _, c := range layouts.Choices(entries) {
		fmt.Printf("%s\t%s\n", c.Name, c.Description)
	}
	fmt.Println()
	layouts.WriteTable(os.Stdout, []layouts.Summary{entries[0].Summary(), entries[4].Summary(), entries[5].Summary()})
	// Output:
	// turtle	Turtle, 144 tiles
	// xmahjongg/ox	Tiny, 8 tiles
	// kmahjongg/ox	Tiny, 8 tiles
	// gnome/turtle	Turtle, 144 tiles
	// gnome/ziggurat	Tiny, 8 tiles
	// ziggurat	Tiny, 8 tiles, gnome/ziggurat
	//
	// NAME            SOURCE   TILES  LEVELS  FREE  TITLE
	// turtle          builtin  144    5       35    Turtle
	// gnome/ziggurat  gnome    8      2       4     Tiny
}

// A LayoutPath directory that is missing is reported, not silently empty.
func ExampleFinder_CheckLayoutPath() {
	f := &layouts.Finder{LayoutPath: []string{os.TempDir(), "/no/such/dir"}}
	for _, err := range f.CheckLayoutPath() {
		fmt.Println(err)
	}
	// Output: layouts: /no/such/dir: no such directory
}
