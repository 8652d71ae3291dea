package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompleteLayout completes layout names through cobra's hidden
// __complete command, as the shell scripts of "mjsolve completion" do.
func TestCompleteLayout(t *testing.T) {
	fakeGames(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		// A bare name is offered where only one game has it ("ox"), not
		// where two do ("default").
		{[]string{"layouts", "show", "o"}, "ox\tox, 4 tiles, xmahjongg/ox\n:4\n"},
		{[]string{"layouts", "show", "d"}, ":0\n"}, // no name: the shell completes files
		{[]string{"layouts", "show", "tu"}, "turtle\tTurtle, 144 tiles\nturtle40\tLittle turtle, 40 tiles\n:4\n"},
		{[]string{"layouts", "show", "turtle", ""}, ":4\n"}, // one name only
		{[]string{"solitaire", "show", "--layout", "xmahjongg/"}, "xmahjongg/default\tdefault, 2 tiles\nxmahjongg/ox\tox, 4 tiles\n:4\n"},
		// Layouts that cannot be used (kmahjongg/big, 256 tiles) are not offered.
		{[]string{"solitaire", "show", "--layout", "KMahjongg/"}, "kmahjongg/default\tDefault, 6 tiles\n:4\n"},
		{[]string{"solitaire", "show", "--layout", "gn"}, "gnome/ziggurat\tLittle Ziggurat, 4 tiles\n:4\n"},
		{[]string{"solitaire", "show", "--deal", ""}, "pcg\nmjsolver\n:4\n"},
		{[]string{"layouts", "list", "--source", ""}, "builtin\npath\nxmahjongg\nkmahjongg\ngnome\n:4\n"},
	} {
		code, out, _ := runCmd(t, "", append([]string{"__complete"}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("complete %q: exit %d, output %q, want %q", c.args, code, out, c.want)
		}
	}
}

// TestCompleteLayoutFiles: --layout completion offers files and directories
// along with the names that start with what is typed.
func TestCompleteLayoutFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "turtle-mine.txt"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "turtles"), 0o755)
	os.WriteFile(filepath.Join(dir, ".turtle-hidden"), nil, 0o644)
	t.Chdir(dir)
	code, out, _ := runCmd(t, "", "__complete", "solitaire", "--layout", "tur")
	if want := "turtle\tTurtle, 144 tiles\nturtle40\tLittle turtle, 40 tiles\nturtle-mine.txt\nturtles/\n:4\n"; code != 0 || out != want {
		t.Errorf("exit %d, completions %q, want %q", code, out, want)
	}
}

// TestLayoutPathWarning: a directory of MJSOLVE_LAYOUT_PATH that does not exist
// gets a warning on stderr, and the command goes on; it was silently ignored.
func TestLayoutPathWarning(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none")
	t.Setenv("MJSOLVE_LAYOUT_PATH", missing)
	code, out, errOut := runCmd(t, "", "layouts", "show", "tiny8")
	if want := "mjsolve: warning: MJSOLVE_LAYOUT_PATH names " + missing + ": no such directory\n"; code != 0 || out == "" || errOut != want {
		t.Errorf("exit %d, stderr %q, want %q", code, errOut, want)
	}
	if _, _, errOut := runCmd(t, "", "tw16", "shanten", "1z"); strings.Contains(errOut, "warning") {
		t.Errorf("tw16 warns about layouts: %q", errOut)
	}
}
