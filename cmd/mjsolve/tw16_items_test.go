package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/golden"
)

func TestTW16Items(t *testing.T) {
	code, out, errOut := runCmd(t, "", "tw16", "items")
	lines := strings.Split(out, "\n")
	if code != 0 || errOut != "" || len(lines) != 36 || lines[35] != "" {
		t.Fatalf("exit %d, stderr %q, %d lines:\n%s", code, errOut, len(lines), out)
	}
	for i, want := range map[int]string{
		0:  "rules: competition",
		1:  "dealer                   莊家     1       dealer",
		2:  "dealer-streak            連N拉N   2N      dealer's consecutive deals",
		5:  "concealed-self-drawn     門清自摸 3       concealed hand, self-drawn; 不計 自摸 門清",
		6:  "dragon-triplet           三元台   1 each  dragon triplet",
		29: "earthly-ready            地聽     8       ready from the first discard; 不計 門清 門清自摸",
		34: "human-hand               人胡     16      won on a first-go-round discard; 不計 門清",
	} {
		if lines[i] != want {
			t.Errorf("line %d: %q, want %q", i, lines[i], want)
		}
	}

	// The rules' values, and JSON.
	code, out, errOut = runCmd(t, "", "tw16", "items", "--rules", "common", "--rule", "地聽=4", "--rule", "ALL-HONORS=8", "--ping-hu-concealed", "--json")
	var items []struct {
		ID       string   `json:"id"`
		Name     string   `json:"name"`
		Tai      int      `json:"tai"`
		Label    string   `json:"tai_label"`
		Excludes []string `json:"excludes"`
	}
	if err := json.Unmarshal([]byte(out), &items); err != nil || code != 0 || errOut != "" || len(items) != 34 {
		t.Fatalf("exit %d, stderr %q, %v: %s", code, errOut, err, out)
	}
	if it := items[28]; it.ID != "earthly-ready" || it.Name != "地聽" || it.Tai != 4 || it.Label != "4" ||
		strings.Join(it.Excludes, " ") != "concealed concealed-self-drawn" {
		t.Errorf("地聽: %+v", it)
	}
	if it := items[29]; it.ID != "all-honors" || it.Tai != 8 {
		t.Errorf("字一色: %+v", it)
	}
	_, out, _ = runCmd(t, "", "tw16", "items", "--rule", "dragon-triplet=2", "--ping-hu-concealed")
	if first, _, _ := strings.Cut(out, "\n"); first != "rules: competition; 三元台 2 each, 平胡 門清 only" {
		t.Errorf("first line %q", first)
	}
}

// TestTW16ScoreRule: --rule changes an item's tai and --ping-hu-concealed
// 平胡; the rules line names them.
func TestTW16ScoreRule(t *testing.T) {
	hand := "123m456p789s234s11z55z"
	code, out, errOut := runCmd(t, "", "tw16", "score", hand, "--win", "1z", "--self-drawn", "--rule", "concealed-self-drawn=0", "--rule", "round-wind=2")
	if code != 0 || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	golden.Check(t, "tw16-score-rules", out)

	// 平胡 on an exposed hand, and not when it must be concealed.
	in := "456m789p234s55s67s 8s\n"
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{nil, "2 平胡2\n"},
		{[]string{"--rule", "平胡=5"}, "5 平胡5\n"},
		{[]string{"--ping-hu-concealed"}, "0\n"},
	} {
		code, out, _ := runCmd(t, in, append([]string{"tw16", "score", "-", "--melds", "123p"}, c.flags...)...)
		if code != 0 || out != c.want {
			t.Errorf("%q: exit %d, output %q, want %q", c.flags, code, out, c.want)
		}
	}

	for _, c := range []struct {
		rule, want string
	}{
		{"bogus=3", `--rule: unknown scoring item "bogus" (see mjsolve tw16 items)`},
		{"ping-hu", `--rule: "ping-hu": want ITEM=TAI, e.g. earthly-ready=4`},
		{"ping-hu=x", `--rule: ping-hu: tai "x" is not a whole number 0..10000`},
		{"ping-hu=-1", `--rule: ping-hu: tai "-1" is not a whole number 0..10000`},
		{"ping-hu=10001", `--rule: ping-hu: tai "10001" is not a whole number 0..10000`},
	} {
		for _, cmd := range [][]string{{"tw16", "score", hand, "--win", "1z"}, {"tw16", "items"}} {
			code, out, errOut := runCmd(t, "", append(cmd, "--rule", c.rule)...)
			if code != exitBadInput || out != "" || errOut != "mjsolve: "+c.want+"\n" {
				t.Errorf("%q --rule %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", cmd, c.rule, code, out, errOut, c.want)
			}
		}
	}
}

// TestTW16RuleCompletion: --rule completes the items' keys with "=",
// --rules the profiles.
func TestTW16RuleCompletion(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tw16", "score", "1z", "--rule", "fi"}, "five-concealed-triplets=\t五暗刻 8, five concealed triplets\n:6\n"},
		{[]string{"tw16", "items", "--rule", "dealer"}, "dealer=\t莊家 1, dealer\ndealer-streak=\t連N拉N 2N, dealer's consecutive deals\n:6\n"},
		{[]string{"tw16", "items", "--rules", ""}, "competition\ncommon\n:4\n"},
	} {
		code, out, _ := runCmd(t, "", append([]string{"__complete"}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("complete %q: exit %d, output %q, want %q", c.args, code, out, c.want)
		}
	}
}
