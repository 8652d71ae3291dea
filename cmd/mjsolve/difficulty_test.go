package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDifficultyCommand(t *testing.T) {
	dir := t.TempDir()
	with, without := filepath.Join(dir, "with.jsonl.zst"), filepath.Join(dir, "without.jsonl")
	code, out, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "200", "--difficulty", "20", "--out", with)
	if code != 0 || !strings.Contains(out, "\ndifficulty  320 random playouts on 16 winnable boards") || !strings.Contains(out, " random playouts on ") {
		t.Fatalf("exit %d, %s\n%s", code, errOut, out)
	}
	code, js, _ := runCmdJSON(t, "solitaire", "--layout", "turtle40", "--boards", "200", "--difficulty", "20", "--json")
	d, _ := js["difficulty"].(map[string]any)
	if code != 0 || d == nil || d["playouts"] != 20*d["boards"].(float64) || len(d["bins"].([]any)) != 51 {
		t.Errorf("JSON difficulty %v", js["difficulty"])
	}
	runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "20", "--out", without)
	png := filepath.Join(dir, "d.png")
	if code, _, errOut := runCmd(t, "", "analysis", "plot", "--kind", "difficulty", with, "-o", png); code != 0 {
		t.Fatalf("plot: %s", errOut)
	}
	if fi, err := os.Stat(png); err != nil || fi.Size() < 1000 {
		t.Errorf("plot: %v", err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solitaire", "--difficulty", "-1"}, "mjsolve: --difficulty -1: want 0 to 1000000 playouts per board\n"},
		{[]string{"solitaire", "--difficulty", "x"}, "mjsolve: --difficulty: \"x\" is not a whole number"},
		{[]string{"analysis", "plot", "--kind", "difficulty", without, "-o", filepath.Join(dir, "e.png")}, "mjsolve: " + without + ": no boards with playouts (run with --difficulty K)\n"},
		{[]string{"analysis", "plot", "--kind", "hard", with, "-o", filepath.Join(dir, "e.png")}, "mjsolve: --kind \"hard\": unknown (want rate, time, difficulty, play)\n"},
	} {
		code, stdout, errOut := runCmd(t, "", tc.args...)
		if code != exitBadInput || stdout != "" || !strings.HasPrefix(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, stdout, errOut, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "e.png")); err == nil {
		t.Errorf("a plot was written after an error")
	}
}
