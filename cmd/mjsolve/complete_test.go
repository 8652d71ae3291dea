package main

import "testing"

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
		// Layouts that cannot be used (kmahjongg/big, 150 tiles) are not offered.
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
