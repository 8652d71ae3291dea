package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/golden"
	"github.com/mjsolve/mjsolve/layouts"
)

func TestSolitaireShow(t *testing.T) {
	for _, c := range []struct {
		args   []string
		golden string // the expected output: testdata/NAME.golden
	}{
		{[]string{"--layout", "tiny8", "--game", "3"}, "solitaire-show/layout-tiny8-game-3"},
		{[]string{"--layout", "tiny8", "--deal", "mjsolver"}, "solitaire-show/layout-tiny8-deal-mjsolver"},
		{[]string{"--layout", "ends10", "--seed", "5", "--game", "2", "--slots"}, "solitaire-show/layout-ends10-seed-5-game-2-slots"},
		{[]string{"--layout", "cross12", "--game", "4"}, "solitaire-show/layout-cross12-game-4"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"solitaire", "show"}, c.args...)...)
		if code != 0 || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
		golden.Check(t, c.golden, out)
	}
}

func TestSolitaireShowSaveAndBoard(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g7.board")
	code, out, errOut := runCmd(t, "", "solitaire", "show", "--layout", "ends10", "--game", "7", "--save", file)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	wantFile := `# ends10 (10 tiles), game 7, deal pcg seed 1
mjsolve board 1
layout ends10
tiles 10
geometry a4561262dedf20c1
faces 2m 3m 1m 2m 3m 2m 1m 1m 1m 2m
`
	if string(data) != wantFile {
		t.Fatalf("saved\n%s\nwant\n%s", data, wantFile)
	}
	code, out2, errOut := runCmd(t, "", "solitaire", "show", "--board", file)
	if code != 0 || errOut != "" {
		t.Fatalf("--board: exit %d, stderr %q", code, errOut)
	}
	if want := strings.Replace(out, "game 7, deal pcg seed 1", "from "+file, 1); out2 != want {
		t.Fatalf("--board shows\n%s\nwant\n%s", out2, want)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the directory, want only the board", len(entries))
	}

	// A game in progress: the 2m at the left end (slot 3) and on top (9)
	// are gone; what is left blocks the 2m and 1m below 9 on both sides.
	mid := filepath.Join(dir, "mid.board")
	os.WriteFile(mid, []byte(wantFile+"removed 3 9\n"), 0o644)
	code, out, errOut = runCmd(t, "", "solitaire", "show", "--board", mid)
	want := `ends10 (10 tiles), from ` + mid + `
8 tiles on the board, 2 free, 0 matches; free tiles are in [brackets]
level 0: 8 tiles, 7 on the board, 1 free
     2m  3m  1m
 ..` + strings.Repeat(" ", 13) + `[3m]
     2m  1m  1m
level 1: 2 tiles, 1 on the board, 1 free
      [1m] ..
`
	if code != 0 || out != want || errOut != "" {
		t.Errorf("mid-game board: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}
}

func TestSolitaireShowErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.board")
	os.WriteFile(bad, []byte("mjsolve board 1\nlayout ends10\ntiles 10\nfaces 1m 2m 3m 9x\n"), 0o644)
	never := filepath.Join(dir, "never.board")
	os.WriteFile(never, []byte("mjsolve board 1\nlayout ends10\ntiles 10\nfaces 2m 3m 1m 2m 3m 2m 1m 1m 1m 2m\nremoved 0 3\n"), 0o644)
	moved := filepath.Join(dir, "moved.board")
	os.WriteFile(moved, []byte("mjsolve board 1\nlayout ends10\ntiles 10\ngeometry 0123456789abcdef\nfaces 2m 3m 1m 2m 3m 2m 1m 1m 1m 2m\n"), 0o644)
	short := filepath.Join(dir, "short.board")
	os.WriteFile(short, []byte("mjsolve board 1\nlayout turtle\ntiles 10\nfaces 1m 2m 3m 1m 2m 1m 2m 2m 1m 3m\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--board", bad}, `mjsolve: solitaire: ` + bad + `:4: unknown face "9x"`},
		{[]string{"--board", never}, `mjsolve: solitaire: ` + never + `:5: slot 0 cannot have been removed: slot 8 above it is still on the board`},
		{[]string{"--board", moved}, `mjsolve: solitaire: ` + moved + `:4: layout ends10 is not the one the board was saved on (its geometry is a4561262dedf20c1, the file's 0123456789abcdef)`},
		{[]string{"--board", short}, `mjsolve: solitaire: ` + short + `:3: layout turtle has 144 tiles, the board 10`},
		{[]string{"--board", filepath.Join(dir, "none")}, `mjsolve: --board ` + filepath.Join(dir, "none") + `: no such file or directory`},
		{[]string{"--board", dir}, `mjsolve: --board ` + dir + `: is a directory`},
		{[]string{"--board", bad, "--game", "2", "--seed", "3"}, `mjsolve: --board cannot be combined with --game, --seed`},
		{[]string{"--deal", "glibc"}, `mjsolve: --deal: unknown dealer "glibc" (want pcg or mjsolver)`},
		{[]string{"--deal", "mjsolver", "--seed", "2"}, `mjsolve: --seed applies to the pcg dealer only`},
		{[]string{"--deal", "mjsolver", "--game", "4294967296"}, `mjsolve: --game 4294967296: the mjsolver dealer has games 0 to 4294967295`},
		{[]string{"--layout", "nowhere"}, `mjsolve: layouts: unknown layout "nowhere" (see 'mjsolve layouts list')`},
		{[]string{"--game", "-1"}, `mjsolve: --game: "-1" is not a whole number 0 or more (see 'mjsolve solitaire show --help')`},
		{[]string{"--layout", "tiny8", "--force"}, `mjsolve: --force is for --save`},
		{[]string{"--layout", "tiny8", "--save", filepath.Join(dir, "no", "such", "dir", "x.board")}, `mjsolve: --save ` + filepath.Join(dir, "no", "such", "dir", "x.board") + `: no directory ` + filepath.Join(dir, "no", "such", "dir")},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"solitaire", "show"}, c.args...)...)
		if code != exitBadInput || out != "" || !strings.HasPrefix(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestBoardFileRelativeLayout: a board saved on a layout file given by a
// relative path reads back from any directory: the board file names the layout
// by its absolute path. It read back only from the directory it was saved in.
func TestBoardFileRelativeLayout(t *testing.T) {
	dir := t.TempDir()
	tiny, err := layouts.Find("tiny8")
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	if err := layouts.WriteText(&text, tiny); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "mine.txt"), []byte(strings.Replace(text.String(), "name tiny8", "name mine", 1)), 0o644)
	t.Chdir(dir)
	if code, _, errOut := runCmd(t, "", "solitaire", "show", "--layout", "mine.txt", "--save", "g.board"); code != 0 {
		t.Fatal(errOut)
	}
	elsewhere := t.TempDir()
	t.Chdir(elsewhere)
	code, out, errOut := runCmd(t, "", "solitaire", "show", "--board", filepath.Join(dir, "g.board"))
	if code != 0 || !strings.Contains(out, "8 tiles on the board") {
		t.Errorf("from another directory: exit %d, stderr %q", code, errOut)
	}
	// A board file written by hand (or by an older mjsolve) with a path
	// relative to it is read too.
	data, _ := os.ReadFile(filepath.Join(dir, "g.board"))
	rel := strings.Replace(string(data), "layout "+filepath.Join(dir, "mine.txt"), "layout mine.txt", 1)
	os.WriteFile(filepath.Join(dir, "rel.board"), []byte(rel), 0o644)
	if code, _, errOut := runCmd(t, "", "solitaire", "show", "--board", filepath.Join(dir, "rel.board")); code != 0 {
		t.Errorf("relative to the board file: exit %d, stderr %q", code, errOut)
	}
}

// TestShowJSON: layouts show and solitaire show print JSON with --json.
func TestShowJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "", "layouts", "show", "tiny8", "--json")
	var d layouts.Details
	if code != 0 || json.Unmarshal([]byte(out), &d) != nil || d.Name != "tiny8" || d.Tiles != 8 || len(d.Slots) != 8 ||
		d.Source != "builtin" || len(d.TilesPerLevel) != d.Levels || d.FreeAtStart == 0 || d.Notes == nil {
		t.Errorf("layouts show --json: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "solitaire", "show", "--layout", "tiny8", "--game", "3", "--json")
	var b struct {
		Layout, Board, Geometry string
		Tiles, Remaining        int
		Faces                   []string
		Removed, Free           []int
		Matches                 int
	}
	if code != 0 || json.Unmarshal([]byte(out), &b) != nil || b.Layout != "tiny8" || b.Board != "game 3, deal pcg seed 1" ||
		b.Tiles != 8 || b.Remaining != 8 || len(b.Faces) != 8 || b.Removed == nil || len(b.Free) == 0 || len(b.Geometry) != 16 {
		t.Errorf("solitaire show --json: exit %d, %q, %q", code, out, errOut)
	}
	// The free tiles and matches are those the text shows.
	_, text, _ := runCmd(t, "", "solitaire", "show", "--layout", "tiny8", "--game", "3")
	if !strings.Contains(text, "8 tiles on the board, "+strconv.Itoa(len(b.Free))+" free, "+strconv.Itoa(b.Matches)+" match") {
		t.Errorf("text %q disagrees with JSON %+v", text, b)
	}
}

// TestBoardFileGnomeMapByFile: a board saved on one map of a GNOME map
// file given as FILE#NAME reads back, from the directory it was saved in
// and from any other. The board file named the layout "maps.map#two",
// relative, and its reader took the "#" for a comment: "maps.map holds 2
// layouts", even in the same directory.
func TestBoardFileGnomeMapByFile(t *testing.T) {
	dir := t.TempDir()
	maps := `<mahjongg>
<map name="One" scorename="one"><row y="0" left="0" right="5"/></map>
<map name="Two" scorename="two"><row y="0" left="0" right="3"/><tile x="1" y="0" z="1"/><tile x="2" y="0" z="1"/></map>
</mahjongg>
`
	os.WriteFile(filepath.Join(dir, "maps.map"), []byte(maps), 0o644)
	t.Chdir(dir)
	if code, _, errOut := runCmd(t, "", "solitaire", "show", "--layout", "maps.map#two", "--game", "2", "--save", "g.board"); code != 0 {
		t.Fatal(errOut)
	}
	for _, wd := range []string{dir, t.TempDir()} {
		t.Chdir(wd)
		code, out, errOut := runCmd(t, "", "solitaire", "show", "--board", filepath.Join(dir, "g.board"))
		if code != 0 || !strings.Contains(out, "6 tiles on the board") {
			t.Errorf("from %s: exit %d, stdout %q, stderr %q", wd, code, out, errOut)
		}
	}
}
