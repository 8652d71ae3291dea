package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/gametest"
	"github.com/mjsolve/mjsolve/internal/golden"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

func TestSolitaireSolveText(t *testing.T) {
	for _, c := range []struct {
		args   []string
		golden string // the expected output: testdata/NAME.golden
	}{
		{[]string{"--layout", "tiny8", "--game", "3"}, "solitaire-solve/layout-tiny8-game-3"},
		{[]string{"--layout", "twin16", "--game", "6"}, "solitaire-solve/layout-twin16-game-6"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"solitaire", "solve"}, c.args...)...)
		if code != 0 || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
		golden.Check(t, c.golden, out)
	}
}

// dealt returns the board the command deals for these flags.
func dealt(t *testing.T, layout string, game uint64) *solitaire.Board {
	t.Helper()
	l, err := layouts.Find(layout)
	if err != nil {
		t.Fatal(err)
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	b, err := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(game, g.N, nil))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type solveOut struct {
	Verdict string   `json:"verdict"`
	Method  string   `json:"method"`
	Moves   [][2]int `json:"moves"`
	MinLeft *int     `json:"min_left"`
	Hint    *[2]int  `json:"hint"`
	Tiles   int      `json:"tiles"`
	Scans   int64    `json:"scans"`
}

func solveJSONOut(t *testing.T, args ...string) solveOut {
	t.Helper()
	code, out, errOut := runCmd(t, "", args...)
	if code != 0 || errOut != "" {
		t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
	}
	var o solveOut
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("%v: %v in %q", args, err, out)
	}
	return o
}

func toMoves(ms [][2]int) []solitaire.Move {
	var out []solitaire.Move
	for _, m := range ms {
		out = append(out, solitaire.Move{A: uint8(m[0]), B: uint8(m[1])})
	}
	return out
}

func TestSolitaireSolveJSON(t *testing.T) {
	// Every winnable deal's moves replay on the board the flags name;
	// impossible ones with --min-left leave exactly min_left tiles.
	won, lost := 0, 0
	for game := uint64(1); game <= 12; game++ {
		b := dealt(t, "twin16", game)
		o := solveJSONOut(t, "solitaire", "solve", "--layout", "twin16", "--game", strconv.FormatUint(game, 10), "--json", "--min-left")
		switch o.Verdict {
		case "winnable":
			won++
			if err := solitaire.Verify(b, toMoves(o.Moves)); err != nil {
				t.Errorf("game %d: %v", game, err)
			}
		case "impossible":
			lost++
			if o.MinLeft == nil || *o.MinLeft < 2 {
				t.Fatalf("game %d: min_left %v", game, o.MinLeft)
			}
			c := b.Clone()
			for _, m := range toMoves(o.Moves) {
				if err := c.CheckMove(m); err != nil {
					t.Fatalf("game %d: %v", game, err)
				}
				c.Play(m)
			}
			if c.Remaining() != *o.MinLeft {
				t.Errorf("game %d: the play leaves %d tiles, min_left %d", game, c.Remaining(), *o.MinLeft)
			}
		default:
			t.Errorf("game %d: verdict %q", game, o.Verdict)
		}
	}
	if won == 0 || lost == 0 {
		t.Errorf("%d winnable, %d impossible: want some of each", won, lost)
	}
}

// writeBoard saves b as a board file in a temporary directory.
func writeBoard(t *testing.T, b *solitaire.Board) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "game.board")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestSolitaireHint(t *testing.T) {
	// A game in progress: tiny8 game 3 after its first solution move.
	b := dealt(t, "tiny8", 3)
	b.Play(solitaire.Move{A: 5, B: 7})
	file := writeBoard(t, b)
	code, out, errOut := runCmd(t, "", "solitaire", "hint", "--board", file)
	want := "tiny8 (8 tiles), from " + file + "\nwinnable: 6 tiles left; take 2m at 8,0,0 and 2m at 3,0,1 (slots 4, 6)\n"
	if code != 0 || errOut != "" || out != want {
		t.Errorf("hint: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}
	o := solveJSONOut(t, "solitaire", "hint", "--board", file, "--json")
	if o.Verdict != "winnable" || o.Hint == nil || o.Tiles != 6 || len(o.Moves) != 0 {
		t.Fatalf("hint --json: %+v", o)
	}
	c := b.Clone()
	if err := c.CheckMove(solitaire.Move{A: uint8(o.Hint[0]), B: uint8(o.Hint[1])}); err != nil {
		t.Errorf("hint %v: %v", *o.Hint, err)
	}

	// A lost position: twin16 game 6 is impossible from the start.
	b = dealt(t, "twin16", 6)
	file = writeBoard(t, b)
	code, out, errOut = runCmd(t, "", "solitaire", "hint", "--board", file)
	if code != 0 || errOut != "" || !strings.Contains(out, "\nimpossible: no order of play clears these 16 tiles; at best ") {
		t.Errorf("hint on an impossible board: exit %d, stderr %q, output %q", code, errOut, out)
	}
	o = solveJSONOut(t, "solitaire", "hint", "--board", file, "--json")
	if o.Verdict != "impossible" || o.MinLeft == nil || o.Hint != nil {
		t.Errorf("hint --json on an impossible board: %+v", o)
	}

	// A cleared board.
	b = dealt(t, "tiny8", 3)
	b.Present = solitaire.Set{}
	file = writeBoard(t, b)
	code, out, _ = runCmd(t, "", "solitaire", "hint", "--board", file)
	if code != 0 || !strings.HasSuffix(out, "\nthe board is already clear\n") {
		t.Errorf("hint on a clear board: exit %d, output %q", code, out)
	}
}

func TestSolitaireSolveBadInput(t *testing.T) {
	file := writeBoard(t, dealt(t, "tiny8", 1))
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"solve", "--board", "/nonexistent/x.board"}, "/nonexistent/x.board"},
		{[]string{"solve", "--board", file, "--game", "2"}, "--board cannot be combined with --game"},
		{[]string{"hint", "--board", file, "--layout", "turtle"}, "--board cannot be combined with --layout"},
		{[]string{"solve", "--deal", "nope"}, "nope"},
		{[]string{"solve", "--layout", "no-such-layout"}, "no-such-layout"},
		{[]string{"solve", "--timeout", "-1s"}, "--timeout must not be negative"},
		{[]string{"solve", "--timeout", "soon"}, "soon"},
		{[]string{"hint", "extra"}, "extra"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"solitaire"}, c.args...)...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "mjsolve: ") || !strings.Contains(errOut, c.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q (want exit 2 and a line naming %q)", c.args, code, out, errOut, c.msg)
		}
	}
}

func TestSolitaireSolveXmahjongg(t *testing.T) {
	if _, err := layouts.Find("xmahjongg/default"); err != nil {
		gametest.Missing(t, "no Xmahjongg default layout installed: %v", err)
	}
	// de Bondt's solver finds game 25 of his dealer impossible, game 1 not.
	o := solveJSONOut(t, "solitaire", "solve", "--layout", "xmahjongg/default", "--deal", "mjsolver", "--game", "25", "--json")
	if o.Verdict != "impossible" || len(o.Moves) != 0 {
		t.Errorf("game 25: %+v", o)
	}
	o = solveJSONOut(t, "solitaire", "solve", "--layout", "xmahjongg/default", "--deal", "mjsolver", "--game", "1", "--json")
	if o.Verdict != "winnable" || len(o.Moves) != 72 {
		t.Errorf("game 1: %+v", o)
	}
}
