package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

// TestSolitaireDeal: --winnable keeps the winnable deals only, one JSON
// object per board as "solitaire show --json" prints it, with a summary of
// the games tried on standard error.
func TestSolitaireDeal(t *testing.T) {
	code, out, errOut := runCmd(t, "", "solitaire", "deal", "--layout", "twin16", "--winnable", "--count", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	var games []uint64
	for _, line := range lines {
		var b struct {
			Layout   string   `json:"layout"`
			Board    string   `json:"board"`
			Tiles    int      `json:"tiles"`
			Faces    []string `json:"faces"`
			Game     uint64   `json:"game"`
			Winnable bool     `json:"winnable"`
		}
		if err := json.Unmarshal([]byte(line), &b); err != nil {
			t.Fatal(err)
		}
		if b.Layout != "twin16" || b.Tiles != 16 || len(b.Faces) != 16 || !b.Winnable || !strings.HasPrefix(b.Board, "game ") {
			t.Errorf("board %s", line)
		}
		games = append(games, b.Game)
	}
	// Games 1 to 4 are winnable, 5 to 7 are not (the solver's Example).
	if games[0] != 1 || games[1] != 2 || games[2] != 3 || games[3] != 4 {
		t.Errorf("games %v, want 1 2 3 4", games)
	}
	if want := "twin16: 4 deals kept of 4 tried (games 1 to 4): 4 winnable, 0 impossible, 0 unknown\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	_, out, errOut = runCmd(t, "", "solitaire", "deal", "--layout", "twin16", "--winnable", "--first", "5", "--count", "1")
	if !strings.Contains(out, `"game":8`) || !strings.Contains(errOut, "1 deal kept of 4 tried (games 5 to 8): 1 winnable, 3 impossible") {
		t.Errorf("from game 5: %s %s", out, errOut)
	}
	// Without --winnable every deal is printed.
	_, out, _ = runCmd(t, "", "solitaire", "deal", "--layout", "twin16", "--first", "5", "--count", "2")
	if !strings.Contains(out, `"game":5`) || !strings.Contains(out, `"game":6`) || strings.Contains(out, "winnable") {
		t.Errorf("plain deals: %s", out)
	}
}

// TestSolitaireDealSaveDir writes board files that read back as the
// deals.
func TestSolitaireDealSaveDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	code, out, errOut := runCmd(t, "", "solitaire", "deal", "--layout", "twin16", "--winnable", "--count", "2", "--save-dir", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	names := strings.Fields(out)
	if len(names) != 2 || names[0] != filepath.Join(dir, "twin16-1.board") {
		t.Fatalf("stdout %q", out)
	}
	b, err := solitaire.ReadBoardFile(names[1], layoutFinder())
	if err != nil {
		t.Fatal(err)
	}
	want := solitaire.PCG{Seed: 1}.Deal(2, 16, nil)
	for i := range want {
		if b.Groups[i] != want[i] {
			t.Fatalf("%s: faces differ from game 2", names[1])
		}
	}
	data, _ := os.ReadFile(names[0])
	if !strings.HasPrefix(string(data), "# twin16 (16 tiles), game 1, deal pcg seed 1\n") {
		t.Errorf("board file:\n%s", data)
	}
}

// TestSolitaireDealDifficulty: a band keeps winnable deals of the band and
// says where its bounds are.
func TestSolitaireDealDifficulty(t *testing.T) {
	code, out, errOut := runCmd(t, "", "solitaire", "deal", "--layout", "turtle40", "--difficulty", "easy", "--count", "2", "--playouts", "50")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(out, `"band":"easy"`) != 2 || !strings.Contains(out, `"difficulty":{"clears":`) {
		t.Errorf("stdout %s", out)
	}
	if !strings.HasPrefix(errOut, "bands of turtle40: hard at most ") || !strings.Contains(errOut, "(50 random playouts a deal; thirds of 300 winnable deals of pcg seed 1)\n") {
		t.Errorf("stderr %q", errOut)
	}
}

func TestSolitaireDealErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--count", "0"}, 2, "mjsolve: --count 0: want 1 to 1000000\n"},
		{[]string{"--difficulty", "brutal"}, 2, "mjsolve: --difficulty \"brutal\": want easy, medium or hard\n"},
		{[]string{"--difficulty", "any"}, 2, "mjsolve: --difficulty \"any\": want easy, medium or hard\n"},
		{[]string{"--playouts", "10"}, 2, "mjsolve: --playouts is for --difficulty\n"},
		{[]string{"--json", "--save-dir", "x"}, 2, "mjsolve: --json and --save-dir cannot be combined\n"},
		{[]string{"--deal", "shuffle"}, 2, "mjsolve: --deal: unknown dealer \"shuffle\" (want pcg, mjsolver, kmahjongg, gnome, xmahjongg)\n"},
		{[]string{"--layout", "nosuch"}, 2, ""},
		{[]string{"--deal", "mjsolver", "--first", "4294967296"}, 2, "mjsolve: --first: the mjsolver dealer has games 0 to 4294967295, not 4294967296\n"},
		{[]string{"--layout", "tiny8", "--max-tries", "0"}, 2, "mjsolve: --max-tries 0: want 1 or more\n"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"solitaire", "deal"}, c.args...)...)
		if code != c.code || out != "" || (c.want != "" && errOut != c.want) || (c.want == "" && !strings.HasPrefix(errOut, "mjsolve: --layout: ")) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}

// TestSolitaireDealNoneWinnable: a layout whose deals are all impossible
// stops after --max-tries games, says so, and exits 1.
func TestSolitaireDealNoneWinnable(t *testing.T) {
	dir := t.TempDir()
	// Two tiles, one on the other: never winnable.
	name := filepath.Join(dir, "stack")
	os.WriteFile(name, []byte("0 0 0\n0 0 1\n"), 0o666)
	code, out, errOut := runCmd(t, "", "solitaire", "deal", "--layout", name, "--winnable", "--max-tries", "50")
	want := name + ": 0 deals kept of 50 tried (games 1 to 50): 0 winnable, 50 impossible, 0 unknown\nmjsolve: no winnable deal of " + name + " in 50 games in a row (--max-tries)\n"
	if code != 1 || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out, errOut, want)
	}
}

// TestSolitaireDealGames: the games' generators deal through --deal, and
// their deals are winnable.
func TestSolitaireDealGames(t *testing.T) {
	for _, name := range []string{"kmahjongg", "gnome", "xmahjongg"} {
		code, out, errOut := runCmd(t, "", "solitaire", "deal", "--deal", name, "--winnable", "--count", "3")
		if code != 0 || strings.Count(out, "\n") != 3 || !strings.Contains(out, `"board":"game 1, deal `+name+` seed 1"`) ||
			errOut != "turtle: 3 deals kept of 3 tried (games 1 to 3): 3 winnable, 0 impossible, 0 unknown\n" {
			t.Errorf("%s: exit %d, stdout %s, stderr %q", name, code, out, errOut)
		}
	}
}
