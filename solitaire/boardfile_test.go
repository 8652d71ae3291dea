package solitaire

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

// findTest resolves the layouts the board file tests use.
func findTest(name string) (*layouts.Layout, error) {
	switch name {
	case "test6":
		return testLayout(), nil
	case "row 8", "row 6":
		l := &layouts.Layout{Name: name}
		for i := range int(name[4] - '0') {
			l.Slots = append(l.Slots, layouts.Slot{X: 2 * i})
		}
		return l, nil
	}
	return nil, fmt.Errorf("layouts: no layout %q", name)
}

const test6File = `mjsolve board 1
layout test6
tiles 6
geometry 58ebd822b3cca551
faces 1m 2m 2m 1m 1m 1m
removed 4 5
`

func TestBoardFileRoundTrip(t *testing.T) {
	g := mustCompile(t, testLayout())
	b := mustBoard(t, g, []Group{0, 1, 1, 0, 0, 0})
	b.Play(Move{4, 5})
	var buf bytes.Buffer
	n, err := b.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("WriteTo = %d, %v", n, err)
	}
	if buf.String() != test6File {
		t.Fatalf("WriteTo wrote\n%s\nwant\n%s", buf.String(), test6File)
	}
	c, err := readBoard(strings.NewReader(buf.String()), "b.txt", findTest)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Groups, b.Groups) || c.Present != b.Present || c.Geo.N != 6 {
		t.Fatalf("read back %v %v", c.Groups, c.Present.AppendTo(nil))
	}

	// A full deck on a bigger layout, with comments and spread lines.
	l, _ := findTest("row 8")
	g8 := mustCompile(t, l)
	b8 := mustBoard(t, g8, PCG{Seed: 4}.Deal(9, 8, nil))
	buf.Reset()
	b8.WriteTo(&buf)
	text := "# saved by a test\n\n" + strings.Replace(buf.String(), "faces ", "faces\nfaces ", 1)
	c8, err := readBoard(strings.NewReader(text), "b8.txt", findTest)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c8.Groups, b8.Groups) || c8.Present != g8.All {
		t.Fatalf("read back %v", c8.Groups)
	}
}

func TestBoardFileErrors(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"", "solitaire: f: empty board file"},
		{"# only a comment\n", "solitaire: f: empty board file"},
		{"layout test6\n", `solitaire: f:1: not a board file (want "mjsolve board 1" first)`},
		{"mjsolve board 2\n", `solitaire: f:1: not a board file (want "mjsolve board 1" first)`},
		{"mjsolve board 1\nlayout\n", "solitaire: f:2: layout needs a name"},
		{"mjsolve board 1\nlayout a\nlayout b\n", "solitaire: f:3: second layout line (first on line 2)"},
		{"mjsolve board 1\ntiles six\n", `solitaire: f:2: bad tile count "six" (want an even number from 2 to 254)`},
		{"mjsolve board 1\ntiles 7\n", `solitaire: f:2: bad tile count "7" (want an even number from 2 to 254)`},
		{"mjsolve board 1\ntiles 6 8\n", "solitaire: f:2: tiles needs one number"},
		{"mjsolve board 1\ntiles 6\ntiles 6\n", "solitaire: f:3: second tiles line (first on line 2)"},
		{"mjsolve board 1\nfaces 1m 2x\n", `solitaire: f:2: unknown face "2x"`},
		{"mjsolve board 1\nremoved 1 -2\n", `solitaire: f:2: bad slot "-2"`},
		{"mjsolve board 1\nplayed 1 2\n", `solitaire: f:2: unknown keyword "played" (want layout, tiles, geometry, faces or removed)`},
		{"mjsolve board 1\ntiles 6\nfaces 1m 1m 1m 1m 2m 2m\n", "solitaire: f:3: no layout line"},
		{"mjsolve board 1\nlayout test6\nfaces 1m 1m 1m 1m 2m 2m\n", "solitaire: f:3: no tiles line"},
		{"mjsolve board 1\nlayout test6\ntiles 6\nfaces 1m 1m 1m 1m 2m\n", "solitaire: f:4: 5 faces for 6 tiles"},
		{"mjsolve board 1\nlayout test6\ntiles 6\nfaces 1m 1m 1m 2m 2m 2m\n", "solitaire: f:4: deal has 3 tiles of 1m, want 4"},
		{"mjsolve board 1\nlayout test6\ntiles 6\nfaces 1m 1m 1m 1m E E\n", "solitaire: f:4: deal has 0 tiles of 2m, want 2"},
		{test6File + "removed 6 7\n", "solitaire: f:7: no slot 6 on a layout of 6 tiles"},
		{test6File + "removed 4\n", "solitaire: f:7: slot 4 removed twice"},
		{"mjsolve board 1\ngeometry 1\ngeometry 2\n", "solitaire: f:3: second geometry line (first on line 2)"},
		{"mjsolve board 1\ngeometry turtle\n", `solitaire: f:2: bad geometry "turtle" (want 16 hexadecimal digits)`},
		// Another layout of the same size than the board was saved on.
		{strings.Replace(test6File, "layout test6", "layout row 6", 1), "solitaire: f:4: layout row 6 is not the one the board was saved on (its geometry is b3a4b9563e12c78a, the file's 58ebd822b3cca551)"},
		{"mjsolve board 1\nlayout test6\ntiles 6\nfaces 1m 2m 2m 1m 1m 1m\nremoved 1 4\n", "solitaire: f:5: an odd number of 1m tiles removed (tiles go in pairs)"},
		// Positions no game reaches: test6 is 0 1 2 3 in a row, 4 on 0 and
		// 1, 5 on 2 and 3; row 8 is 0..7 in a row.
		{"mjsolve board 1\nlayout test6\ntiles 6\nfaces 1m 2m 2m 1m 1m 1m\nremoved 0 3\n", "solitaire: f:5: slot 0 cannot have been removed: slot 4 above it is still on the board"},
		{"mjsolve board 1\nlayout row 8\ntiles 8\nfaces 1m 2m 1m 2m 1m 2m 1m 2m\nremoved 0 2 7 5\n", "solitaire: f:5: slot 2 cannot have been removed: slots 1 and 3 beside it are still on the board"},
		{strings.Replace(test6File, "test6", "nowhere", 1), `solitaire: f:2: layouts: no layout "nowhere"`},
		{"mjsolve board 1\nlayout row 8\ntiles 6\nfaces 1m 1m 1m 1m 2m 2m\n", "solitaire: f:3: layout row 8 has 8 tiles, the board 6"},
		{"mjsolve board 1\nfaces " + strings.Repeat("1m ", 255) + "\n", "solitaire: f:2: more than 254 faces"},
		{"mjsolve board 1\n" + strings.Repeat("x", maxLine+1) + "\n", "solitaire: f:2: line longer than 65536 bytes"},
	} {
		_, err := readBoard(strings.NewReader(c.text), "f", findTest)
		if err == nil || err.Error() != c.want {
			t.Errorf("reading %q:\n got %v\nwant %s", c.text[:min(len(c.text), 80)], err, c.want)
		}
	}
}

func FuzzReadBoard(f *testing.F) {
	f.Add(test6File)
	f.Add("mjsolve board 1\nlayout row 8\ntiles 8\nfaces 1m 2m 1m 2m 1m 2m 1m 2m\nremoved 0 2 7 5 # two pairs, but 2 was never free\n")
	f.Add("mjsolve board 1\nlayout row 8\ntiles 8\nfaces 1m 2m 1m 2m 1m 2m 1m 2m\nremoved 0 1 7 6 # two pairs from the ends\n")
	f.Add("mjsolve board 1\nlayout test6\ntiles 6\nfaces 1z 1z 7z 7z 1z 1z\n")
	f.Add("mjsolve board 1\nlayout test6\ntiles 6\nfaces 1m 1m 1m 1m 2m 2m\nremoved 0 0\n")
	f.Add("mjsolve board 1\nlayout test6\ntiles 6\nfaces fl se\n")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := readBoard(strings.NewReader(text), "fuzz", findTest)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on more than one line: %q", err)
			}
			if !strings.HasPrefix(err.Error(), "solitaire: fuzz:") {
				t.Fatalf("error does not name the file and line: %q", err)
			}
			return
		}
		var buf bytes.Buffer
		if _, err := b.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		c, err := readBoard(bytes.NewReader(buf.Bytes()), "again", findTest)
		if err != nil {
			t.Fatalf("reading what WriteTo wrote: %v\n%s", err, buf.String())
		}
		if !slices.Equal(c.Groups, b.Groups) || c.Present != b.Present {
			t.Fatalf("round trip changed the board:\n%s", buf.String())
		}
	})
}

// TestBoardFileLayoutPath saves a board of a layout read from a file: the
// board file refers to the layout by its path.
func TestBoardFileLayoutPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.txt")
	src := "mjsolve-layout 1\nname mine-not-installed\nlevel 0\n[][][][]\n[][][][]\n"
	l, b := layoutFileBoard(t, path, src)
	var buf bytes.Buffer
	b.WriteTo(&buf)
	if !strings.Contains(buf.String(), "\nlayout "+path+"\n") {
		t.Fatalf("board file does not name the layout file:\n%s", buf.String())
	}
	c, err := ReadBoard(&buf, "mine.board", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Groups, b.Groups) || !slices.Equal(c.Geo.Layout.Slots, l.Slots) {
		t.Fatal("read back a different board")
	}
}

// TestBoardFileFinder saves and reads a board of a layout that only a
// given Finder knows (a LayoutPath directory): the board file refers to it
// by its bare name, which that Finder resolves and the default does not.
func TestBoardFileFinder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.txt")
	if err := os.WriteFile(path, []byte("mjsolve-layout 1\nlevel 0\n[][][][]\n[][][][]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &layouts.Finder{LayoutPath: []string{dir}}
	l, err := f.Find("mine")
	if err != nil {
		t.Fatal(err)
	}
	g := mustCompile(t, l)
	b := mustBoard(t, g, PCG{}.Deal(1, g.N, nil))
	var buf bytes.Buffer
	if _, err := WriteBoard(&buf, b, f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\nlayout mine\n") {
		t.Fatalf("board file does not name the layout mine:\n%s", buf.String())
	}
	if ref := LayoutRef(l, nil); ref != path {
		t.Errorf("LayoutRef with the default finder = %q, want the file %q", ref, path)
	}
	c, err := ReadBoard(strings.NewReader(buf.String()), "mine.board", f)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Groups, b.Groups) || !slices.Equal(c.Geo.Layout.Slots, l.Slots) {
		t.Fatal("read back a different board")
	}
	if _, err := ReadBoard(strings.NewReader(buf.String()), "mine.board", nil); err == nil || !strings.Contains(err.Error(), `mine.board:2: layouts: unknown layout "mine"`) {
		t.Errorf("the default finder read the board: %v", err)
	}
	// WriteTo uses the default finder, so it names the file.
	buf.Reset()
	b.WriteTo(&buf)
	if !strings.Contains(buf.String(), "\nlayout "+path+"\n") {
		t.Errorf("WriteTo does not name the layout file:\n%s", buf.String())
	}
}

// TestBoardFileGeometryOptional reads board files without a geometry line
// (written by hand, or before it existed) and with a byte order mark.
func TestBoardFileGeometryOptional(t *testing.T) {
	noGeometry := strings.Replace(test6File, "geometry 58ebd822b3cca551\n", "", 1)
	for _, text := range []string{noGeometry, "\ufeff" + test6File, "\ufeff" + noGeometry} {
		b, err := readBoard(strings.NewReader(text), "f", findTest)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if !slices.Equal(b.Groups, []Group{0, 1, 1, 0, 0, 0}) || b.Remaining() != 4 {
			t.Errorf("%q: read %v, %d tiles left", text, b.Groups, b.Remaining())
		}
	}
}

// TestGeometryHash checks that the fingerprint ignores where a layout lies
// but not the order or place of its slots.
func TestGeometryHash(t *testing.T) {
	l := testLayout()
	moved := &layouts.Layout{}
	for _, s := range l.Slots {
		moved.Slots = append(moved.Slots, layouts.Slot{X: s.X + 4, Y: s.Y + 2, Z: s.Z + 1})
	}
	if moved.Fingerprint() != l.Fingerprint() {
		t.Error("a translated layout has another geometry")
	}
	swapped := &layouts.Layout{Slots: slices.Clone(l.Slots)}
	swapped.Slots[0], swapped.Slots[1] = swapped.Slots[1], swapped.Slots[0]
	if swapped.Fingerprint() == l.Fingerprint() {
		t.Error("swapping two slots keeps the geometry")
	}
}

// TestWriteBoardFileCommentLines: a comment of several lines (a layout
// file or board file whose name holds a newline, in the command's heading)
// is written as comment lines, so that the file written reads back.
func TestWriteBoardFileCommentLines(t *testing.T) {
	g := mustCompile(t, testLayout())
	b := mustBoard(t, g, []Group{0, 1, 1, 0, 0, 0})
	b.Play(Move{4, 5})
	name := filepath.Join(t.TempDir(), "b.board")
	if err := WriteBoardFile(name, b, "from dir\nname.board,\r\nsaved", nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	want := "# from dir\n# name.board,\r\n# saved\n"
	if !strings.HasPrefix(string(data), want) {
		t.Errorf("file starts\n%q\nwant\n%q", data, want)
	}
	c, err := readBoard(bytes.NewReader(data), name, findTest)
	if err != nil {
		t.Fatalf("the file written does not read back: %v", err)
	}
	if !slices.Equal(c.Groups, b.Groups) || c.Present != b.Present {
		t.Fatalf("read back %v %v", c.Groups, c.Present.AppendTo(nil))
	}
}

// TestBoardFileLayoutPathOdd: a layout file whose path a board file can
// name (blanks, a '#' inside a word) reads back; one it cannot (a '#'
// after a blank starts a comment, a newline a statement, a run of blanks
// reads as one) is an error of WriteBoard, not a board file that reads
// another layout or none.
func TestBoardFileLayoutPathOdd(t *testing.T) {
	src := "mjsolve-layout 1\nname odd-not-installed\nlevel 0\n[][][][]\n[][][][]\n"
	for _, c := range []struct {
		dir string
		ok  bool
	}{
		{"my layouts", true},
		{"no#2", true},
		{"my #2", false},
		{"two  blanks", false},
		{"new\nline", false},
		{"tab\there", false},
	} {
		dir := filepath.Join(t.TempDir(), c.dir)
		path := filepath.Join(dir, "four.txt")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		_, b := layoutFileBoard(t, path, src)
		var buf bytes.Buffer
		_, err := WriteBoard(&buf, b, nil)
		if !c.ok {
			if err == nil || !strings.Contains(err.Error(), "cannot name the layout") {
				t.Errorf("%q: WriteBoard = %v, want an error (the file it writes does not read back:\n%s)", c.dir, err, buf.String())
			}
			if _, ok := errors.AsType[*InputError](err); err != nil && !ok {
				t.Errorf("%q: %v is not an *InputError", c.dir, err)
			}
			if err := WriteBoardFile(filepath.Join(t.TempDir(), "b.board"), b, "", nil); err == nil {
				t.Errorf("%q: WriteBoardFile wrote a file that does not read back", c.dir)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", c.dir, err)
		}
		r, err := ReadBoard(&buf, "b.board", nil)
		if err != nil {
			t.Fatalf("%q: %v", c.dir, err)
		}
		if r.Geo.Layout.Source != path {
			t.Errorf("%q: read back the layout of %q", c.dir, r.Geo.Layout.Source)
		}
	}
}
