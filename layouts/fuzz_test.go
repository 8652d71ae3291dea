package layouts

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// readingOrder returns l's slots sorted by level, row and column: the order
// in which the grid formats (text, KMahjongg, Kyodai) give them back.
func readingOrder(l *Layout) []Slot {
	s := slices.Clone(l.Slots)
	slices.SortFunc(s, compareSlots)
	return s
}

// roundTrip writes l in format f, reads it back, and checks the slots.
func roundTrip(t *testing.T, l *Layout, f Format) {
	t.Helper()
	if len(l.Slots) == 0 {
		return
	}
	var buf bytes.Buffer
	var err error
	want := l.Slots
	switch f {
	case FormatText:
		err, want = WriteText(&buf, l), readingOrder(l)
	case FormatXmahjongg:
		err = WriteXmahjongg(&buf, l)
	case FormatKyodai:
		for _, s := range l.Slots {
			if s.X >= kyodaiCols || s.Y >= kyodaiRows || s.Z >= kyodaiLevels {
				return // does not fit the Kyodai grid
			}
		}
		err, want = WriteKyodai(&buf, l), readingOrder(l)
	case FormatKMahjongg:
		err, want = WriteKMahjongg(&buf, l), readingOrder(l)
	case FormatGnome:
		err = WriteGnome(&buf, l)
	}
	if err != nil {
		t.Fatalf("write %v: %v", f, err)
	}
	if got := Detect(buf.Bytes()); got != f {
		t.Fatalf("written %v detected as %v:\n%s", f, got, buf.Bytes())
	}
	ls, err := Read(&buf, "roundtrip")
	if err != nil {
		t.Fatalf("read back %v: %v", f, err)
	}
	if len(ls) != 1 || !slices.Equal(ls[0].Slots, want) {
		t.Fatalf("%v round trip: got %v, want %v", f, ls[0].Slots, want)
	}
}

var allFormats = []Format{FormatText, FormatXmahjongg, FormatKyodai, FormatKMahjongg, FormatGnome}

func TestRoundTrips(t *testing.T) {
	for _, name := range BuiltinNames() {
		l, _ := Builtin(name)
		for _, f := range allFormats {
			roundTrip(t, l, f)
		}
	}
	// The built-in files are exactly what WriteText writes.
	for _, name := range BuiltinNames() {
		l, _ := Builtin(name)
		data, _ := builtinFS.ReadFile("builtin/" + name + ".txt")
		var buf bytes.Buffer
		if err := WriteText(&buf, l); err != nil {
			t.Fatal(err)
		}
		// Comments are not written; drop them from the file to compare.
		var kept []string
		for _, line := range strings.SplitAfter(string(data), "\n") {
			if !strings.HasPrefix(line, "#") {
				kept = append(kept, line)
			}
		}
		if got := buf.String(); got != strings.Join(kept, "") {
			t.Errorf("%s: WriteText differs from the built-in file:\n%s", name, got)
		}
	}
}

// fuzzReader checks one reader: no panic, and a layout it accepts survives
// a round trip through every writer.
func fuzzReader(f *testing.F, parse func([]byte) ([]*Layout, error), seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ls, err := parse(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on several lines: %q", err)
			}
			if !strings.HasPrefix(err.Error(), "layouts: fuzz") {
				t.Fatalf("error does not name the file: %q", err)
			}
			return
		}
		for _, l := range ls {
			if err := checkSlots(l.Slots); err != nil {
				t.Fatalf("reader accepted a layout with %v", err)
			}
			for _, fm := range allFormats {
				roundTrip(t, l, fm)
			}
			_ = l.Relations()
			_ = l.Floating()
		}
	})
}

func one(l *Layout, err error) ([]*Layout, error) {
	if err != nil {
		return nil, err
	}
	return []*Layout{l}, nil
}

func builtinSeed(name string) string {
	data, _ := builtinFS.ReadFile("builtin/" + name + ".txt")
	return string(data)
}

func FuzzParseText(f *testing.F) {
	fuzzReader(f, func(b []byte) ([]*Layout, error) { return one(parseText(b, "fuzz")) },
		smallFiles[FormatText], builtinSeed("turtle"), builtinSeed("cross12"),
		"mjsolve-layout 1\nlevel 0\n[][]\n[][]\n", "mjsolve-layout 1\nlevel 0\n[]\n")
}

func FuzzParseXmahjongg(f *testing.F) {
	fuzzReader(f, func(b []byte) ([]*Layout, error) { return one(parseXmahjongg(b, "fuzz")) },
		smallFiles[FormatXmahjongg], "0 0 0\n0 2 0\n", "7 13 4\n", "1 1 0\r\n1 3 0\r\n# c\r\n")
}

func FuzzParseKyodai(f *testing.F) {
	cells := []byte(strings.Repeat("0", kyodaiCells))
	cells[0], cells[2], cells[kyodaiRows*kyodaiCols+1] = '1', '1', '1'
	fuzzReader(f, func(b []byte) ([]*Layout, error) { return one(parseKyodai(b, "fuzz")) },
		"Kyodai 3.0\r\nt\r\n"+string(cells)+"\r\n", "Kyodai 3.0\nt\n0101\n")
}

func FuzzParseKMahjongg(f *testing.F) {
	fuzzReader(f, func(b []byte) ([]*Layout, error) { return one(parseKMahjongg(b, "fuzz")) },
		smallFiles[FormatKMahjongg], "kmahjongg-layout-v1.1\nw2\nh2\nd1\n12\n43\n",
		"kmahjongg-layout-v1.0\n"+strings.Repeat(strings.Repeat(".", 32)+"\n", 80))
}

func FuzzParseGnome(f *testing.F) {
	fuzzReader(f, func(b []byte) ([]*Layout, error) { return parseGnome(b, "fuzz") },
		smallFiles[FormatGnome],
		`<mahjongg><map name="a" scorename="b"><block left="0" right="1.5" top="0" bottom="1"/><layer z="1"><tile x="0.5" y="0.5"/></layer></map></mahjongg>`,
		`<mahjongg><map name="a"><column x="0" top="0" bottom="3"/></map><map name="c"/></mahjongg>`)
}

// FuzzRead: format detection and the reader it picks, from any bytes. A file is
// refused with one line naming it, or read as layouts of the detected format
// that survive every writer.
func FuzzRead(f *testing.F) {
	var seeds []string
	for _, fm := range allFormats {
		seeds = append(seeds, smallFiles[fm])
	}
	seeds = append(seeds, "", "\ufeff\n\n", "<?xml version=\"1.0\"?>\n<mahjongg/>", "kmahjongg-layout-v1.1\n", "Kyodai 3.0\n", "# x\n0 0 0\n")
	fuzzReader(f, func(b []byte) ([]*Layout, error) {
		ls, err := Read(bytes.NewReader(b), "fuzz")
		if err == nil && Detect(b) == FormatUnknown {
			return nil, fmt.Errorf("read %d layouts of a file of no known format", len(ls))
		}
		return ls, err
	}, seeds...)
}

// FuzzReadFile: ReadFile reads a file on disk as Read reads its bytes, and a
// .desktop file beside a KMahjongg layout only gives it its title.
func FuzzReadFile(f *testing.F) {
	f.Add([]byte(smallFiles[FormatKMahjongg]), []byte("[KMahjonggLayout]\nName=Small\n"))
	f.Add([]byte(smallFiles[FormatText]), []byte(""))
	f.Add([]byte(smallFiles[FormatGnome]), []byte("[KMahjonggLayout]\nName=\n"))
	f.Fuzz(func(t *testing.T, data, desktop []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "fuzz.layout")
		os.WriteFile(path, data, 0o644)
		os.WriteFile(filepath.Join(dir, "fuzz.desktop"), desktop, 0o644)
		got, err := ReadFile(path)
		want, werr := Read(bytes.NewReader(data), path)
		if (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
			t.Fatalf("ReadFile: %v; Read: %v", err, werr)
		}
		if err != nil {
			return
		}
		if len(got) != len(want) {
			t.Fatalf("ReadFile %d layouts, Read %d", len(got), len(want))
		}
		for i := range got {
			title := want[i].Title
			if name := ReadDesktopName(bytes.NewReader(desktop)); len(got) == 1 && Detect(data) == FormatKMahjongg && name != "" {
				title = name
			}
			if got[i].Name != want[i].Name || got[i].Title != title || !slices.Equal(got[i].Slots, want[i].Slots) {
				t.Fatalf("layout %d: ReadFile %q %q, Read %q %q (title %q)", i, got[i].Name, got[i].Title, want[i].Name, want[i].Title, title)
			}
		}
	})
}

// FuzzReadDesktopName: the name read from a .desktop file is the trimmed value
// of the first Name= line of its [KMahjonggLayout] group, on one line.
func FuzzReadDesktopName(f *testing.F) {
	f.Add("[Desktop Entry]\nName=Other\n[KMahjonggLayout]\nName[de]=Schildkröte\nName= Turtle \n")
	f.Add("[KMahjonggLayout]\r\nName=A\r\nName=B\r\n")
	f.Add("Name=x\n")
	f.Add("[KMahjonggLayout]\nName=\n")
	f.Add("[KMahjonggLayout]\nName=" + strings.Repeat("n", 70000) + "\n")
	f.Fuzz(func(t *testing.T, data string) {
		name := ReadDesktopName(strings.NewReader(data))
		if strings.ContainsAny(name, "\n") || name != strings.TrimSpace(name) {
			t.Fatalf("name %q", name)
		}
		if name != "" && !strings.Contains(data, "Name=") {
			t.Fatalf("name %q from a file without Name=", name)
		}
		// A group with one Name line written after the file gives that name
		// to a file without any Name line, and changes no name found.
		if strings.ContainsAny(data, "\r") || len(data) > 60000 {
			return
		}
		appended := data + "\n[KMahjonggLayout]\nName=Added\n"
		if got := ReadDesktopName(strings.NewReader(appended)); name != "" && got != name || !strings.Contains(data, "Name=") && got != "Added" {
			t.Fatalf("with a group appended: %q (alone: %q)", got, name)
		}
	})
}

// FuzzFindFileName: Find of "FILE#NAME" for a layout file of any content and
// any NAME: one line naming the problem, or a valid layout whose Name finds it
// again.
func FuzzFindFileName(f *testing.F) {
	f.Add([]byte(smallFiles[FormatGnome]), "a")
	f.Add([]byte(`<mahjongg><map name="Pyramid" scorename="pyr"><column x="0" top="0" bottom="3"/><column x="2" top="0" bottom="3"/></map><map name="c"/></mahjongg>`), "PYR")
	f.Add([]byte(smallFiles[FormatText]), "x#y")
	f.Add([]byte(""), "")
	f.Fuzz(func(t *testing.T, data []byte, sub string) {
		path := filepath.Join(t.TempDir(), "m.map")
		os.WriteFile(path, data, 0o644)
		var fd Finder
		l, err := fd.Find(path + "#" + sub)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") && !strings.Contains(sub, "\n") || !strings.HasPrefix(msg, "layouts: ") {
				t.Fatalf("error %q", msg)
			}
			return
		}
		if err := l.Validate(); err != nil {
			t.Fatalf("Find gave an invalid layout: %v", err)
		}
		again, err := fd.Find(l.Name)
		if err != nil || !slices.Equal(again.Slots, l.Slots) || again.Name != l.Name {
			t.Fatalf("Find(%q) of the layout's own name: %v", l.Name, err)
		}
	})
}
