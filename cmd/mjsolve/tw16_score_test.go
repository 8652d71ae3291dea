package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/golden"
)

func TestTW16ScoreText(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		golden string // the expected output: testdata/NAME.golden
	}{
		{
			// The MJTalk referee's log (thesis figure 4-4, decoded from its
			// TIDs): the dealer wins on a discard with 獨聽 only and scores
			// 2000 ("/exit 0 2000 -2000 0").
			"the referee's log",
			[]string{"123m 66m 234s 68s 444p", "--melds", "222p", "--win", "7s", "--dealer"},
			"tw16-score/the-referee-s-log",
		},
		{
			"dealer, single wait",
			[]string{"456m 789p 234s 55s 89s", "--melds", "111p", "--win", "7s", "--dealer"},
			"tw16-score/dealer-single-wait",
		},
		{
			"common rules, streak, flowers, concealed triplets",
			[]string{"11122233m456p789s55s", "--win", "3m", "--self-drawn", "--rules", "common", "--flowers", "15f",
				"--dealer", "--dealer-streak", "2"},
			"tw16-score/common-rules-streak-flowers-concealed-triplets",
		},
		{
			"non-dealer self-drawn, seat and round",
			[]string{"123m 456p 789s 234s WWW 5z", "--win", "C", "--self-drawn", "--seat", "W", "--round", "S", "--base", "100", "--per-tai", "20"},
			"tw16-score/non-dealer-self-drawn-seat-and-round",
		},
		{
			"all melded, concealed kong, dealer discards",
			[]string{"5s", "--melds", "123m 111p 789p 234s", "--concealed-kongs", "6666s", "--win", "5s", "--discarder-dealer"},
			"tw16-score/all-melded-concealed-kong-dealer-discards",
		},
		{
			"eight flowers",
			[]string{"456m 789p 234s 55s 67s", "--melds", "111p", "--win", "8f", "--flowers", "1234567f", "--rules", "common", "--self-drawn"},
			"tw16-score/eight-flowers",
		},
		{
			"heavenly hand",
			[]string{"111m 555m 999p 222s 888s 5s", "--win", "5s", "--self-drawn", "--dealer", "--first-turn", "天胡"},
			"tw16-score/heavenly-hand",
		},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16", "score"}, c.args...)...)
		if code != 0 || errOut != "" {
			t.Errorf("%s: exit %d, stderr %q", c.name, code, errOut)
		}
		golden.Check(t, c.golden, out)
	}
}

func TestTW16ScoreJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "", "tw16", "score", "123m456p789s234s11z55z", "--win", "1z", "--json")
	want := `{"rules":"competition","items":[` +
		`{"id":"concealed","name":"門清","english":"concealed hand","count":1,"tai":1},` +
		`{"id":"round-wind","name":"圈風台","english":"round wind triplet","count":1,"tai":1},` +
		`{"id":"seat-wind","name":"門風台","english":"seat wind triplet","count":1,"tai":1}],` +
		`"tai":3,"payments":[{"payer":"discarder","count":1,"tai":3,"points":2500}],"points":2500,` +
		`"arrangement":{"pair":"5z","sets":[` +
		`{"tiles":"123m","type":"chow","hand":true,"concealed":true,"win":false},` +
		`{"tiles":"456p","type":"chow","hand":true,"concealed":true,"win":false},` +
		`{"tiles":"234s","type":"chow","hand":true,"concealed":true,"win":false},` +
		`{"tiles":"789s","type":"chow","hand":true,"concealed":true,"win":false},` +
		`{"tiles":"111z","type":"pong","hand":true,"concealed":false,"win":true}],` +
		`"win_tile":"1z","wait":"dual-pong"},"decompositions":1}` + "\n"
	if code != 0 || errOut != "" || out != want {
		t.Errorf("exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Error(err)
	}
}

func TestTW16ScoreLines(t *testing.T) {
	in := "123m456p789s234s11z55z 1z\n" +
		"123m456p789s234s11z55z 2z\n" +
		"11m 1m\n" +
		"123m 456p 789s 234s 11z 55z   5z\n" +
		"nonsense\n"
	code, out, errOut := runCmd(t, in, "tw16", "score", "-")
	want := "3 門清1 圈風台1 門風台1\n" +
		"error: line 2: not a winning hand: 123m456p234789s1155z with 2z does not split into 5 sets and a pair\n" +
		"error: line 3: hand has 2 tiles; with 0 melds it needs 16 before the winning tile\n" +
		"2 門清1 三元台1\n" +
		"error: line 5: want a hand and its winning tile, got \"nonsense\"\n"
	if code != exitBadInput || errOut != "" || out != want {
		t.Errorf("exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}

	// With --win, every line is a hand; --json prints one object per line.
	code, out, _ = runCmd(t, "456m789p234s55s67s\n456m789p234s55s89s\n", "tw16", "score", "-", "--win", "8s", "--melds", "123p", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitBadInput || len(lines) != 2 || !strings.Contains(lines[0], `"id":"ping-hu"`) ||
		lines[1] != `{"line":2,"error":"not a winning hand: 456m789p2345589s with 8s does not split into 4 sets and a pair"}` {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestTW16ScoreBadInput(t *testing.T) {
	hand := "123m456p789s234s11z55z"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{hand}, "give the winning tile with --win"},
		{[]string{hand, "--win", "0m"}, `--win: unknown tile "0m" in "0m"`},
		{[]string{hand, "--win", "12z"}, `--win: want one tile, got 2 in "12z"`},
		{[]string{hand, "--win", "2z"}, "not a winning hand: 123m456p234789s1155z with 2z does not split into 5 sets and a pair"},
		{[]string{hand + "1z", "--win", "1z"}, "hand has 17 tiles; with 0 melds it needs 16 before the winning tile"},
		{[]string{"1111m456p789s234s11z5z", "--win", "1m"}, "5 copies of 1m counting the melds and the winning tile (at most 4)"},
		{[]string{"11111m", "--win", "1m"}, `HAND: 5th copy of 1m in "11111m"`},
		{[]string{"123m456p789s234s11z", "--win", "5z", "--melds", "124m"}, `--melds: bad meld "124m": not a chow, pong or kong`},
		{[]string{"123m456p789s234s11z", "--win", "5z", "--concealed-kongs", "555z"}, `--concealed-kongs: bad concealed kong "555z": not four of a kind`},
		{[]string{hand, "--win", "1z", "--flowers", "1f"}, "the competition rules play without flowers (136 tiles)"},
		{[]string{hand, "--win", "1z", "--flowers", "5m", "--rules", "common"}, "--flowers: 5m is not a flower (1f-8f)"},
		{[]string{hand, "--win", "1z", "--dealer", "--dealer-streak", "1"}, "--dealer-streak: the competition rules have no consecutive dealing (dealer streak 1)"},
		{[]string{hand, "--win", "1z", "--dealer-streak", "-1"}, "--dealer-streak: negative dealer streak -1"},
		{[]string{hand, "--win", "1z", "--rules", "hk"}, `--rules: unknown rules "hk" (want competition or common)`},
		{[]string{hand, "--win", "1z", "--first-turn", "x"}, `--first-turn: unknown first-turn situation "x" (want tianhu, dihu, renhu or diting)`},
		{[]string{hand, "--win", "1z", "--seat", "C"}, `--seat: "C" is not a wind (E, S, W or N)`},
		{[]string{hand, "--win", "1z", "--seat", "X"}, `--seat: "X" is not a wind (E, S, W or N)`},
		{[]string{hand, "--win", "1z", "--seat", "c"}, `--seat: "c" is not a wind (E, S, W or N)`},
		{[]string{hand, "--win", "1z", "--round", "1m"}, `--round: "1m" is not a wind (E, S, W or N)`},
		{[]string{hand, "--win", "1z", "--round", ""}, `--round: "" is not a wind (E, S, W or N)`},
		{[]string{hand, "--win", "1z", "--base", "-5"}, "--base: -5 is negative"},
		{[]string{hand, "--win", "1z", "--per-tai", "-500"}, "--per-tai: -500 is negative"},
		{[]string{hand, "--win", "1z", "--per-tai", "10000000000"}, "--per-tai: 10000000000 is over 1000000000"},
		{[]string{hand, "--win", "1z", "--base", "1000000001"}, "--base: 1000000001 is over 1000000000"},
		{[]string{hand, "--win", "1z", "--rules", "common", "--dealer", "--dealer-streak", "1000000000"}, "--dealer-streak: dealer streak 1000000000 is over 1000"},
		{[]string{hand, "--win", "1z", "--dealer", "--discarder-dealer"}, "the discarder can be the dealer only on a non-dealer's win by discard"},
		{[]string{hand, "--win", "1z", "--self-drawn", "--rob-kong"}, "robbing a kong (搶槓) is not a self-drawn win"},
		{[]string{hand, "--win", "1z", "--self-drawn", "--after-kong"}, "a win after a kong (槓上開花) needs a kong among the melds or a flower set aside"},
		{[]string{hand, "--win", "1z", "--last-tile", "--first-turn", "renhu"}, "renhu is in the first go-round: no last tile, no robbing a kong"},
		{[]string{hand, "--win", "1z", "--first-turn", "dihu", "--dealer", "--self-drawn"}, "地胡 (dihu) is a non-dealer's self-drawn win with no meld or kong"},
		{[]string{hand, "--win", "8f", "--rules", "common", "--flowers", "123f"}, "a flower win needs the other seven flowers (七搶一, 八仙過海); have 3 of them"},
		{[]string{hand, "--win", "1z", "--after-kong"}, "a win after a kong (槓上開花) is self-drawn"},
		{[]string{hand, "--win", "1z", "--first-turn", "tianhu", "--self-drawn"}, "天胡 (tianhu) is the dealer's self-drawn win with no meld and no concealed kong"},
		{[]string{hand, "--win", "1z", "--dealer-streak", "x"}, `--dealer-streak: "x" is not a whole number (see 'mjsolve tw16 score --help')`},
		{[]string{}, "tw16 score needs one HAND (or - to read one hand and winning tile per line from stdin) (see 'mjsolve tw16 score --help')"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16", "score"}, c.args...)...)
		if code != exitBadInput || out != "" || errOut != "mjsolve: "+c.want+"\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestTW16ScoreHelpExamples runs the examples of the command's help.
func TestTW16ScoreHelpExamples(t *testing.T) {
	cmd := newTW16ScoreCmd()
	n := 0
	for _, line := range strings.Split(cmd.Example, "\n") {
		line = strings.TrimSpace(line)
		stdin := ""
		if rest, ok := strings.CutPrefix(line, "printf '"); ok {
			in, cmdline, _ := strings.Cut(rest, "' | ")
			stdin, line = strings.ReplaceAll(in, `\n`, "\n"), cmdline
		}
		args := splitShellWords(strings.TrimPrefix(line, "mjsolve "))
		code, out, errOut := runCmd(t, stdin, args...)
		if code != 0 || out == "" || errOut != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", line, code, out, errOut)
		}
		n++
	}
	if n < 3 {
		t.Errorf("only %d examples", n)
	}
}

// splitShellWords splits a command line at spaces, keeping "double-quoted"
// words together.
func splitShellWords(s string) []string {
	var words []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if rest, ok := strings.CutPrefix(s, `"`); ok {
			w, after, _ := strings.Cut(rest, `"`)
			words, s = append(words, w), after
			continue
		}
		w, after, _ := strings.Cut(s, " ")
		words, s = append(words, w), after
	}
	return words
}

// TestTW16ScoreWinds: --seat and --round take E S W N in either case, or
// 1z–4z.
func TestTW16ScoreWinds(t *testing.T) {
	hand := "123m456p789s234s22z55z"
	_, want, _ := runCmd(t, "", "tw16", "score", hand, "--win", "2z", "--seat", "S", "--round", "S")
	if !strings.Contains(want, "圈風台") || !strings.Contains(want, "門風台") {
		t.Fatalf("South seat in the South round: %q", want)
	}
	for _, args := range [][]string{{"--seat", "s", "--round", "2z"}, {"--seat", "2z", "--round", "s"}} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16", "score", hand, "--win", "2z"}, args...)...)
		if code != 0 || out != want || errOut != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", args, code, out, errOut, want)
		}
	}
}
