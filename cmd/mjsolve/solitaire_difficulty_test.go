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
		{[]string{"analysis", "plot", "--kind", "hard", with, "-o", filepath.Join(dir, "e.png")}, "mjsolve: --kind \"hard\": unknown (want rate, time, difficulty, play, budget)\n"},
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

// --resume continues a file only with the --difficulty it was written with:
// another K (or none) would mix records of different playout counts in one
// file, which an uninterrupted run never writes. The refusal is one line,
// exit 2, and leaves the file as it was.
func TestDifficultyResume(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "d.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "30", "--difficulty", "10", "--out", f); code != 0 {
		t.Fatal(errOut)
	}
	plain := filepath.Join(dir, "p.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "30", "--out", plain); code != 0 {
		t.Fatal(errOut)
	}
	for _, c := range []struct {
		file string
		args []string
		want string
	}{
		{f, []string{"--difficulty", "5"}, "--difficulty 10; this run has --difficulty 5\n"},
		{f, nil, "--difficulty 10; this run has no --difficulty\n"},
		{plain, []string{"--difficulty", "10"}, "no --difficulty; this run has --difficulty 10\n"},
	} {
		before, _ := os.ReadFile(c.file)
		args := append([]string{"solitaire", "--layout", "turtle40", "--boards", "40", "--out", c.file, "--resume"}, c.args...)
		code, out, errOut := runCmd(t, "", args...)
		if code != exitBadInput || out != "" || !strings.HasSuffix(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want exit 2 and …%q", c.args, code, out, errOut, c.want)
		}
		if after, _ := os.ReadFile(c.file); string(after) != string(before) {
			t.Errorf("%v: the file changed", c.args)
		}
	}
	code, out, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "40", "--difficulty", "10", "--out", f, "--resume")
	if code != 0 || !strings.Contains(out, "(30 read from the --out file)") {
		t.Errorf("the same --difficulty: exit %d, %s\n%s", code, errOut, out)
	}
}

// TestDifficultyPlotLayoutWithoutPlayouts: analysis plot --kind difficulty
// of files of several layouts, one of which has no playouts, is the error a
// lone such file gets, naming that layout's files, and nothing is written.
// The layout was left out of the picture without a word, exit 0.
func TestDifficultyPlotLayoutWithoutPlayouts(t *testing.T) {
	dir := t.TempDir()
	with, without := filepath.Join(dir, "with.jsonl"), filepath.Join(dir, "tiny8.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "100", "--difficulty", "10", "--out", with); code != 0 {
		t.Fatal(errOut)
	}
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "20", "--out", without); code != 0 {
		t.Fatal(errOut)
	}
	png := filepath.Join(dir, "d.png")
	code, out, errOut := runCmd(t, "", "analysis", "plot", "--kind", "difficulty", with, without, "-o", png)
	if want := "mjsolve: " + without + ": no boards with playouts (run with --difficulty K)\n"; code != exitBadInput || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errOut, want)
	}
	if _, err := os.Stat(png); err == nil {
		t.Errorf("a plot was written")
	}
}
