package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

func TestSolitaireSurvey(t *testing.T) {
	// Several layouts: one table row each, one record file each under
	// --out DIR, a plot, and --resume reading them back.
	dir := t.TempDir()
	out, png := filepath.Join(dir, "recs"), filepath.Join(dir, "rates.png")
	code, text, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", "turtle40,tiny8", "--boards", "12",
		"--first", "3", "--workers", "1", "--out", out, "--plot", png)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "turtle40  builtin  40     12      18.18%      5.14%–47.70%  random 58% prune 17% search 17% budget 8%  37.5µs") ||
		!strings.HasPrefix(lines[2], "tiny8     builtin  8      12      18.18%      5.14%–47.70%") {
		t.Errorf("table:\n%s", text)
	}
	for _, f := range []string{filepath.Join(out, "turtle40.jsonl.zst"), filepath.Join(out, "tiny8.jsonl.zst"), png} {
		if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	code, _, errOut = runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", "turtle40,tiny8", "--boards", "12",
		"--first", "3", "--out", out)
	if code != exitBadInput || !strings.Contains(errOut, "turtle40.jsonl.zst already exists: add --resume") {
		t.Errorf("rerun without --resume: exit %d, %q", code, errOut)
	}
	code, js, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", "turtle40,tiny8", "--boards", "12",
		"--first", "3", "--out", out, "--resume", "--json")
	if code != 0 || errOut != "" {
		t.Fatalf("resume: exit %d, stderr %q", code, errOut)
	}
	sc := bufio.NewScanner(strings.NewReader(js))
	n := 0
	for sc.Scan() {
		var row struct {
			Layout     string `json:"layout"`
			Source     string `json:"source"`
			Boards     int64  `json:"boards"`
			Impossible int64  `json:"impossible"`
			FromFile   int64  `json:"from_file"`
			Solved     int64  `json:"solved"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		if row.Source != "builtin" || row.Boards != 12 || row.Impossible != 2 || row.FromFile != 12 || row.Solved != 0 {
			t.Errorf("row %+v", row)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d JSON rows:\n%s", n, js)
	}
}

func TestSolitaireSurveyBadInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	os.WriteFile(file, []byte("x"), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--layout", "nope/*"}, `mjsolve: --layout nope/*: no layout matches "nope/*" (see mjsolve layouts list)`},
		{[]string{"--layout", "tur["}, `mjsolve: --layout tur[: bad layout pattern "tur["`},
		{[]string{"--layout", "tiny8,,ends10"}, `mjsolve: --layout tiny8,,ends10: empty name in the layout list`},
		{[]string{"--layout", "tiny8,nope"}, `mjsolve: --layout tiny8,nope: layouts: unknown layout "nope"`},
		{[]string{"--layout", "tiny8,ends10", "--plot", "x.gif"}, "mjsolve: --plot x.gif: unknown extension .gif"},
		{[]string{"--layout", "tiny8,ends10", "--plot", filepath.Join(dir, "no", "x.png")}, "mjsolve: --plot " + filepath.Join(dir, "no", "x.png") + ": no directory"},
		{[]string{"--layout", "tiny8,ends10", "--plot", dir + "/"}, "mjsolve: --plot " + dir + "/: no extension"},
		{[]string{"--layout", "tiny8,ends10", "--out", file}, "mjsolve: --out " + file + ": with several layouts --out is a directory"},
		{[]string{"--layout", "tiny8", "--plot", "x.png"}, "mjsolve: --plot draws a report over several layouts"},
		{[]string{"--layout", "tiny8,ends10", "--deal", "mjsolver", "--first", "4294967295", "--boards", "2"}, "mjsolve: last game (--first + --boards - 1) 4294967296: the mjsolver dealer has games 0 to 4294967295"},
	}
	for _, tc := range tests {
		code, out, errOut := runCmdWith(t, fakeHooks(), "", append([]string{"solitaire"}, tc.args...)...)
		if code != exitBadInput || out != "" || !strings.HasPrefix(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, out, errOut, tc.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left behind: %v", ents)
	}
}

// A resumed survey or play notes a cut record file and a stale temporary
// file on stderr, as the single main job does.
func TestSurveyAndPlayResumeNotes(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		file string // the record file to cut, in the --out directory
	}{
		{[]string{"solitaire", "--layout", "tiny8,turtle40"}, "turtle40.jsonl.zst"},
		{[]string{"solitaire", "play", "--layout", "turtle40", "--strategy", "greedy,random"}, "turtle40-random.jsonl.zst"},
	} {
		out := filepath.Join(dir, tc.args[len(tc.args)-1])
		args := append(tc.args, "--boards", "300", "--workers", "1", "--out", out)
		if code, _, errOut := runCmd(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		path := filepath.Join(out, tc.file)
		data, _ := os.ReadFile(path)
		writeCut(t, path, data, len(data)*2/3)
		stale := filepath.Join(out, "."+tc.file+".tmp4242")
		os.WriteFile(stale, []byte("half a copy"), 0o600)
		code, _, errOut := runCmd(t, "", append(args, "--resume")...)
		want := "mjsolve: removed " + stale + ", left by a --resume that was killed during its copy\n" +
			"mjsolve: " + path + " ends early (cut inside a line or zstd frame, as by a crash); the boards cut off will be solved again\n"
		if code != 0 || errOut != want {
			t.Errorf("%v --resume: exit %d, stderr %q, want %q", args, code, errOut, want)
		}
	}
}

// A survey whose layouts decided no board (game 3 is unknown under
// fakeSolver) has no rates to draw: --plot says so in one line, exit 1,
// and writes nothing.
func TestSurveyPlotWithoutRates(t *testing.T) {
	png := filepath.Join(t.TempDir(), "rates.png")
	code, _, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", "turtle40,tiny8", "--boards", "1",
		"--first", "3", "--workers", "1", "--plot", png)
	if code != exitFailure || errOut != "mjsolve: --plot: no layout has decided boards to draw\n" {
		t.Errorf("exit %d, stderr %q; want exit 1 and one line", code, errOut)
	}
	if _, err := os.Stat(png); !os.IsNotExist(err) {
		t.Errorf("%s written: %v", png, err)
	}
}

// TestSurveyListUnusableRow: a comma list naming a layout file the solver
// cannot use (here an odd number of tiles) gives a row that says why, as
// "all" and globs do for listed layouts (docs/job.md: "A layout the solver
// cannot use ... is a row that says why at its end; the others still
// run"); the whole command failed with exit 2 instead. A name that is no
// layout at all is still an error.
func TestSurveyListUnusableRow(t *testing.T) {
	dir := t.TempDir()
	odd := filepath.Join(dir, "odd3")
	os.WriteFile(odd, []byte("0 0 0\n0 2 0\n0 4 0\n"), 0o644)
	code, out, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", odd+",tiny8", "--boards", "4", "--workers", "1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || errOut != "" || len(lines) != 3 || !strings.HasPrefix(lines[1], odd+"  file ") ||
		!strings.HasSuffix(lines[1], "unusable: "+odd+" has an odd number of tiles (3)") || !strings.HasPrefix(lines[2], "tiny8 ") {
		t.Errorf("exit %d, stderr %q, table:\n%s", code, errOut, out)
	}
	code, _, errOut = runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", filepath.Join(dir, "nofile")+",tiny8", "--boards", "4")
	if code != exitBadInput || !strings.Contains(errOut, "unknown layout") {
		t.Errorf("a name that is no layout: exit %d, %q", code, errOut)
	}
}

// TestSurveyPathLayoutFileNames: a layout given by a path gets a record
// file that "ls" shows and a shell glob matches, whose name does not read
// as a flag: "./mine" gave ".-mine.jsonl.zst" (hidden, so "analysis merge
// DIR/*" left it out) and "/abs/mine" "-abs-mine.jsonl.zst". A directory of
// an earlier run that holds the old name is still continued by --resume.
func TestSurveyPathLayoutFileNames(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	tiny, _ := layouts.Builtin("tiny8")
	var text strings.Builder
	layouts.WriteText(&text, tiny)
	os.WriteFile("mine", []byte(strings.Replace(text.String(), "name tiny8", "name mine", 1)), 0o644)
	abs := filepath.Join(dir, "mine")
	out := filepath.Join(dir, "recs")
	if code, _, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", "./mine,"+abs, "--boards", "5", "--out", out); code != 0 {
		t.Fatal(errOut)
	}
	var names []string
	ents, _ := os.ReadDir(out)
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := []string{"mine.jsonl.zst", strings.TrimLeft(strings.ReplaceAll(abs, "/", "-"), "-") + ".jsonl.zst"}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("record files %q, want %q", names, want)
	}
	// An earlier run's hidden name is continued, not run again beside it.
	legacy := filepath.Join(dir, "old")
	os.Mkdir(legacy, 0o755)
	os.Rename(filepath.Join(out, "mine.jsonl.zst"), filepath.Join(legacy, ".-mine.jsonl.zst"))
	code, js, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", "./mine,tiny8", "--boards", "5", "--out", legacy, "--resume", "--json")
	if code != 0 || !strings.Contains(strings.Split(js, "\n")[0], `"from_file":5`) {
		t.Errorf("resume of the old name: exit %d, stderr %q, %s", code, errOut, js)
	}
	if _, err := os.Stat(filepath.Join(legacy, "mine.jsonl.zst")); err == nil {
		t.Errorf("a new file was started beside the old one")
	}
}

// TestSurveyPlotAllUnusable: when every layout of a --plot survey is one the
// solver cannot use, nothing can be drawn because of the user's layouts:
// bad input, exit 2 (it was exit 1, a failure), one line, no file.
func TestSurveyPlotAllUnusable(t *testing.T) {
	dir := t.TempDir()
	odd3, odd5 := filepath.Join(dir, "odd3"), filepath.Join(dir, "odd5")
	os.WriteFile(odd3, []byte("0 0 0\n0 2 0\n0 4 0\n"), 0o644)
	os.WriteFile(odd5, []byte("0 0 0\n0 2 0\n0 4 0\n0 6 0\n0 8 0\n"), 0o644)
	png := filepath.Join(dir, "rates.png")
	code, out, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", odd3+","+odd5, "--boards", "1",
		"--workers", "1", "--plot", png)
	if code != exitBadInput || errOut != "mjsolve: --plot: no layout has decided boards to draw\n" || strings.Count(out, "unusable") != 2 {
		t.Errorf("exit %d, stderr %q, table:\n%s\nwant exit 2 and one line", code, errOut, out)
	}
	if _, err := os.Stat(png); !os.IsNotExist(err) {
		t.Errorf("%s written: %v", png, err)
	}
}
