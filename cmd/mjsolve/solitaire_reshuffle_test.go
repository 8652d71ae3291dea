package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

// TestSolitaireReshuffle reshuffles a lost position of a board file: the
// removed tiles stay, the new position is winnable (its solution replays)
// and --save writes it.
func TestSolitaireReshuffle(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "lost.board")
	// tiny8 with the two ends of its row (slots 0 and 5, two 1m) taken off.
	os.WriteFile(name, []byte("mjsolve board 1\nlayout tiny8\ntiles 8\nfaces 1m 1m 1m 2m 2m 1m 2m 2m\nremoved 0 5\n"), 0o666)
	saved := filepath.Join(dir, "again.board")
	code, out, errOut := runCmd(t, "", "solitaire", "reshuffle", "--board", name, "--json", "--save", saved)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var a struct {
		Faces    []string `json:"faces"`
		Removed  []int    `json:"removed"`
		Uniform  bool     `json:"uniform"`
		Solution []string `json:"solution"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if len(a.Removed) != 2 || a.Removed[0] != 0 || a.Removed[1] != 5 || a.Faces[0] != "1m" || a.Faces[5] != "1m" || !a.Uniform {
		t.Errorf("position %s", out)
	}
	b, err := solitaire.ReadBoardFile(saved, layoutFinder())
	if err != nil {
		t.Fatal(err)
	}
	moves, err := solitaire.ParseMoves(strings.Join(a.Solution, " "))
	if err != nil {
		t.Fatal(err)
	}
	if err := solitaire.Verify(b, moves); err != nil {
		t.Errorf("the solution does not replay on the saved position: %v", err)
	}
	code, out, _ = runCmd(t, "", "solitaire", "reshuffle", "--board", name)
	if code != 0 || !strings.Contains(out, ", reshuffled (a uniform draw, ") || !strings.Contains(out, "winnable: a solution of 3 moves begins ") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
}

func TestSolitaireReshuffleErrors(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "full.board")
	os.WriteFile(name, []byte("mjsolve board 1\nlayout tiny8\ntiles 8\nfaces 1m 1m 1m 1m 2m 2m 2m 2m\n"), 0o666)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--tries", "0"}, 2, "mjsolve: --tries 0: want 1 to 1000000\n"},
		{[]string{"--force"}, 2, "mjsolve: --force is for --save\n"},
		{[]string{"--board", name, "--game", "3"}, 2, "mjsolve: --board cannot be combined with --game\n"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"solitaire", "reshuffle"}, c.args...)...)
		if code != c.code || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}
