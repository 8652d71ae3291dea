package layouts

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// testFinder makes a games root with small files of each game (written for
// this test) and a layout directory, and returns a Finder over them.
func testFinder(t *testing.T) (*Finder, string, string) {
	t.Helper()
	root, user := t.TempDir(), t.TempDir()
	write := func(base, rel, content string) {
		p := filepath.Join(base, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(root, XmahjonggDir+"/ox", "0 0 0\n0 2 0\n")
	write(root, XmahjonggDir+"/shared", "0 0 0\n0 2 0\n0 4 0\n0 6 0\n")
	write(root, XmahjonggDir+"/.hidden", "junk")
	write(root, KMahjonggDir+"/shared.layout", smallFiles[FormatKMahjongg])
	write(root, KMahjonggDir+"/shared.desktop", "[KMahjonggLayout]\nName=Shared Layout\n")
	write(root, KMahjonggDir+"/broken.layout", "kmahjongg-layout-v1.1\nw2\n")
	write(root, GnomeMapFile, smallFiles[FormatGnome])
	write(user, "mine.txt", "mjsolve-layout 1\nlevel 0\n[][]\n[][]\n")
	write(user, "shared", "0 0 0\n0 4 0\n") // hides the games' "shared"
	write(user, "maps.map", `<mahjongg><map name="Alpha" scorename="alpha"><row y="0" left="0" right="1"/></map>
<map name="Beta" scorename="beta"><row y="0" left="0" right="3"/></map></mahjongg>`)
	return &Finder{LayoutPath: []string{user}, GamesRoots: []string{root, t.TempDir()}}, root, user
}

func TestFind(t *testing.T) {
	f, _, user := testFinder(t)
	tests := []struct {
		name      string
		wantName  string
		wantTiles int
	}{
		{"turtle", "turtle", 144},
		{"Turtle", "turtle", 144},
		{"builtin/tiny8", "tiny8", 8},
		{"xmahjongg/ox", "xmahjongg/ox", 2},
		{"XMAHJONGG/OX", "xmahjongg/ox", 2},
		{"ox", "xmahjongg/ox", 2},
		{"kmahjongg/shared", "kmahjongg/shared", 4},
		{"kmahjongg/Shared Layout", "kmahjongg/shared", 4},
		{"gnome/small", "gnome/small", 4},
		{"gnome/small test", "gnome/small", 4},
		{"small", "gnome/small", 4},
		{"mine", "mine", 2},
		{"shared", "shared", 2}, // MJSOLVE_LAYOUT_PATH comes before the games
		{"alpha", "alpha", 2},
		{filepath.Join(user, "mine.txt"), filepath.Join(user, "mine.txt"), 2},
		{filepath.Join(user, "maps.map") + "#Beta", filepath.Join(user, "maps.map") + "#beta", 4},
	}
	for _, tt := range tests {
		l, err := f.Find(tt.name)
		if err != nil {
			t.Errorf("Find(%q): %v", tt.name, err)
			continue
		}
		if l.Name != tt.wantName || l.Len() != tt.wantTiles {
			t.Errorf("Find(%q) = %s with %d tiles, want %s with %d", tt.name, l.Name, l.Len(), tt.wantName, tt.wantTiles)
		}
	}
}

// TestFindByName checks that every layout is found again by its name.
func TestFindByName(t *testing.T) {
	f, _, user := testFinder(t)
	for _, e := range f.List() {
		if e.Err != nil {
			continue
		}
		l, err := f.Find(e.Name)
		if err != nil {
			t.Errorf("Find(%q): %v", e.Name, err)
			continue
		}
		if l.Name != e.Name || !slices.Equal(l.Slots, e.Layout.Slots) {
			t.Errorf("Find(%q) = %s %v, want %v", e.Name, l.Name, l.Slots, e.Layout.Slots)
		}
	}
	for _, name := range []string{filepath.Join(user, "mine.txt"), filepath.Join(user, "maps.map#alpha")} {
		l, err := f.Find(name)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := f.Find(l.Name); err != nil || !slices.Equal(again.Slots, l.Slots) {
			t.Errorf("Find(%q) then Find(%q): %v", name, l.Name, err)
		}
	}
}

func TestFindErrors(t *testing.T) {
	f, root, user := testFinder(t)
	maps := filepath.Join(user, "maps.map")
	tests := []struct{ name, want string }{
		{"", "layouts: no layout name given (see 'mjsolve layouts list')"},
		{"nosuch", `layouts: unknown layout "nosuch" (see 'mjsolve layouts list')`},
		{"builtin/ox", `layouts: no built-in layout "ox" (the built-ins are turtle, tiny8, ends10, cross12, twin16, stairs20, pyramid24, fortress32, turtle40)`},
		{"xmahjongg/nosuch", `layouts: no layout "nosuch" among the Xmahjongg layouts in ` + filepath.Join(root, XmahjonggDir) + ` (see 'mjsolve layouts list')`},
		{"kmahjongg/broken", `layouts: ` + filepath.Join(root, KMahjonggDir, "broken.layout") + ` line 2: missing board size (lines "w", "h" and "d")`},
		{maps, `layouts: ` + maps + ` holds 2 layouts: say ` + maps + `#alpha or ` + maps + `#beta`},
		{maps + "#gamma", `layouts: no layout "gamma" in ` + maps},
		{"/no/such/file.txt", `layouts: unknown layout "/no/such/file.txt": no such file or directory (see 'mjsolve layouts list')`},
	}
	for _, tt := range tests {
		_, err := f.Find(tt.name)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Find(%q) error:\n got %v\nwant %s", tt.name, err, tt.want)
		}
	}
	// Two games have "shared" once the user directory is gone.
	f.LayoutPath = nil
	_, err := f.Find("shared")
	if want := `layouts: "shared" is ambiguous: say xmahjongg/shared or kmahjongg/shared`; err == nil || err.Error() != want {
		t.Errorf("ambiguous: %v, want %s", err, want)
	}
	// A game that is not installed.
	f.GamesRoots = []string{t.TempDir()}
	_, err = f.Find("gnome/small")
	if err == nil || !strings.HasPrefix(err.Error(), "layouts: GNOME Mahjongg layouts are not installed (looked for ") {
		t.Errorf("not installed: %v", err)
	}
}

func TestList(t *testing.T) {
	f, _, _ := testFinder(t)
	var names []string
	for _, e := range f.List() {
		s := e.Name + " " + e.Source
		if e.Err != nil {
			s += " error"
		}
		if e.Layout != nil && e.Layout.Title != e.Name {
			s += " (" + e.Layout.Title + ")"
		}
		names = append(names, s)
	}
	want := []string{
		"turtle builtin (Turtle)", "tiny8 builtin (Tiny)", "ends10 builtin (Ends)", "cross12 builtin (Cross)",
		"twin16 builtin (Twins)", "stairs20 builtin (Stairs)", "pyramid24 builtin (Pyramid)",
		"fortress32 builtin (Fortress)", "turtle40 builtin (Little turtle)",
		"alpha path (Alpha)", "beta path (Beta)", "mine path", "shared path",
		"xmahjongg/ox xmahjongg (ox)", "xmahjongg/shared xmahjongg (shared)",
		"kmahjongg/broken kmahjongg error", "kmahjongg/shared kmahjongg (Shared Layout)",
		"gnome/small gnome (Small test)",
	}
	if strings.Join(names, "\n") != strings.Join(want, "\n") {
		t.Errorf("List:\n%s\nwant:\n%s", strings.Join(names, "\n"), strings.Join(want, "\n"))
	}
}

func TestFinderFromEnv(t *testing.T) {
	env := map[string]string{EnvLayoutPath: "/a" + string(os.PathListSeparator) + "/b", EnvGamesRoot: "/r1::/r2", "HOME": "/h"}
	getenv := func(k string) string { return env[k] }
	f := FinderFromEnv(getenv)
	if strings.Join(f.LayoutPath, ",") != "/a,/b" || strings.Join(f.GamesRoots, ",") != "/r1,/r2,/" {
		t.Errorf("FinderFromEnv = %+v", f)
	}
	clear(env)
	if f := FinderFromEnv(getenv); len(f.LayoutPath) != 0 || strings.Join(f.GamesRoots, ",") != "/" {
		t.Errorf("FinderFromEnv of an empty environment = %+v", f)
	}
}

// Find and List read no environment: they know the built-ins and the games
// installed under "/", whatever MJSOLVE_LAYOUT_PATH says.
func TestFindReadsNoEnvironment(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("mjsolve-layout 1\nlevel 0\n[][]\n[][]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvLayoutPath, dir)
	if l, err := Find("mine"); err == nil {
		t.Errorf("Find(mine) found %s through the environment", l.Source)
	}
	for _, e := range List() {
		if e.Source == SourcePath {
			t.Errorf("List has %s from the environment", e.Name)
		}
	}
	if l, err := FinderFromEnv(os.Getenv).Find("mine"); err != nil || len(l.Slots) != 2 {
		t.Errorf("FinderFromEnv(os.Getenv).Find(mine) = %v, %v", l, err)
	}
}

// TestInputErrorTyped: the package's errors about names carry their message
// apart from the package prefix, so that the command needs no string matching.
func TestInputErrorTyped(t *testing.T) {
	_, err := (&Finder{}).Find("no-such-layout")
	var ie *InputError
	if !errors.As(err, &ie) || ie.Msg != `unknown layout "no-such-layout" (see 'mjsolve layouts list')` || err.Error() != "layouts: "+ie.Msg {
		t.Errorf("Find: %T %v", err, err)
	}
	err = errorf("x.txt", 3, "bad")
	pe, ok := errors.AsType[*ParseError](err)
	if !errors.As(err, &ie) || !ok || ie.Msg != "x.txt line 3: bad" || pe.Error() != ie.Msg || err.Error() != "layouts: x.txt line 3: bad" {
		t.Errorf("a parse error: %q, %q", ie.Msg, err)
	}
}

// TestNilFinder: a nil *Finder is the default the other packages take nil
// for (solitaire.ReadBoard, answer.BoardChoice, server.Config): Find and
// List, the built-ins and the games installed under "/". It resolved
// built-in names and files but dereferenced nil for any other name.
func TestNilFinder(t *testing.T) {
	var f *Finder
	for _, name := range []string{"turtle", "no-such-layout", "xmahjongg/no-such-layout", "gnome/no-such-layout"} {
		l, err := f.Find(name)
		want, werr := Find(name)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() || (l == nil) != (want == nil) {
			t.Errorf("nil Finder: Find(%q) = %v, %v; want %v, %v", name, l != nil, err, want != nil, werr)
		}
	}
	got, want := f.List(), List()
	if len(got) != len(want) || len(got) == 0 || got[0].Name != want[0].Name {
		t.Errorf("nil Finder: List has %d entries, Find's default %d", len(got), len(want))
	}
	if errs := f.CheckLayoutPath(); len(errs) != 0 {
		t.Errorf("nil Finder: CheckLayoutPath = %v", errs)
	}
}
