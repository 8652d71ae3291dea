package main

import (
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire/nopeek"
	"github.com/mjsolve/mjsolve/tw16/bot"
)

// TestCompleteFlagWords: the flags that take one of a few words offer those
// words on Tab, and no file names (":4", no file completion). They offered the
// files of the directory (":0").
func TestCompleteFlagWords(t *testing.T) {
	bots := strings.Join(bot.Names(), "\n") + "\n:4\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solitaire", "play", "--strategy", ""}, strings.Join(nopeek.Strategies(), "\n") + "\nall\n:4\n"},
		{[]string{"solitaire", "play", "--strategy", "gr"}, "greedy\n:4\n"},
		// A comma list: the strategies not yet in it, after it.
		{[]string{"solitaire", "play", "--strategy", "random,"}, "random,greedy\nrandom,lookahead\nrandom,hindsight\n:4\n"},
		{[]string{"solitaire", "play", "--strategy", "random,l"}, "random,lookahead\n:4\n"},
		{[]string{"tw16", "bot", "--strategy", ""}, bots},
		{[]string{"tw16", "selfplay", "--strategy", ""}, bots},
		{[]string{"tw16", "bot", "--honors", ""}, "icga\nmjtalk\n:4\n"},
		{[]string{"tw16", "referee", "--honors", ""}, "icga\nmjtalk\n:4\n"},
		{[]string{"tw16", "score", "--seat", ""}, "E\nS\nW\nN\n:4\n"},
		{[]string{"tw16", "score", "--round", ""}, "E\nS\nW\nN\n:4\n"},
		{[]string{"tw16", "score", "--first-turn", ""}, "tianhu\ndihu\nrenhu\nditing\n:4\n"},
	} {
		code, out, _ := runCmd(t, "", append([]string{"__complete"}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("complete %q: exit %d, output %q, want %q", c.args, code, out, c.want)
		}
	}
}
