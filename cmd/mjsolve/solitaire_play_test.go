package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
)

// untimedRecords reads a record file's records without their times, which
// differ from run to run.
func untimedRecords(t *testing.T, path string) (analysis.Header, []analysis.Record) {
	t.Helper()
	h, recs, trunc := readRecords(t, path)
	if trunc {
		t.Fatalf("%s is truncated", path)
	}
	for i := range recs {
		recs[i].NS, recs[i].CPUNS, recs[i].PlayNS = 0, 0, 0
	}
	return h, recs
}

func TestPlayTableAndJSON(t *testing.T) {
	// The table has a row per strategy, in the order asked; the JSON one
	// object per strategy whose play figures are those of its records.
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--boards", "60", "--strategy", "lookahead,random", "--out", dir)
	lines := strings.Split(out, "\n")
	if code != 0 || errOut != "" || len(lines) != 5 || lines[0] != "turtle40 (40 tiles), deal pcg, seed 1, games 1..60" ||
		!strings.HasPrefix(lines[1], "strategy   boards  won (no peeking)  95% CI") ||
		!strings.HasPrefix(lines[2], "lookahead  60 ") || !strings.HasPrefix(lines[3], "random     60 ") {
		t.Fatalf("exit %d, stderr %q, table:\n%s", code, errOut, out)
	}
	code, out, errOut = runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--boards", "60", "--strategy", "lookahead,random", "--json")
	var reps []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		reps = append(reps, m)
	}
	if code != 0 || errOut != "" || len(reps) != 2 {
		t.Fatalf("exit %d, stderr %q, %d objects", code, errOut, len(reps))
	}
	for i, st := range []string{"lookahead", "random"} {
		play := reps[i]["play"].(map[string]any)
		_, recs := untimedRecords(t, filepath.Join(dir, "turtle40-"+st+".jsonl.zst"))
		var s analysis.Summary
		for _, r := range recs {
			s.Add(r)
		}
		rate, lo, hi := s.Play.Price()
		if play["strategy"] != st || play["boards"] != 60.0 || play["won"] != float64(s.Play.Won) ||
			play["winnable_lost"] != float64(s.Play.WinnableLost) || play["price"] != rate ||
			play["price_ci95"].([]any)[0] != lo || play["price_ci95"].([]any)[1] != hi || reps[i]["winnable"] != float64(s.Winnable) {
			t.Errorf("%s: JSON %v, records %+v", st, play, s.Play)
		}
	}
}

func TestPlayShardsMergeEqualsOneRun(t *testing.T) {
	// Four shards of every strategy, each merged with analysis merge -o,
	// equal the single run record for record (won, moves, left included).
	dir := t.TempDir()
	one := filepath.Join(dir, "one")
	if code, _, errOut := runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--boards", "80", "--seed", "5", "--workers", "1", "--out", one); code != 0 {
		t.Fatal(errOut)
	}
	for _, shard := range []string{"1/4", "2/4", "3/4", "4/4"} {
		out := filepath.Join(dir, "shard"+shard[:1])
		if code, _, errOut := runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--boards", "80", "--seed", "5", "--shard", shard, "--out", out); code != 0 {
			t.Fatal(errOut)
		}
	}
	for _, st := range []string{"random", "greedy", "lookahead"} {
		name := "turtle40-" + st + ".jsonl.zst"
		var parts []string
		for i := 1; i <= 4; i++ {
			parts = append(parts, filepath.Join(dir, "shard"+string(rune('0'+i)), name))
		}
		merged := filepath.Join(dir, st+".jsonl")
		code, out, errOut := runCmd(t, "", append([]string{"analysis", "merge", "-o", merged}, parts...)...)
		if code != 0 || !strings.Contains(out, "strategy    "+st+", playing without peeking") || !strings.Contains(out, "\nprice       ") {
			t.Fatalf("merge: exit %d, %s\n%s", code, errOut, out)
		}
		mh, got := untimedRecords(t, merged)
		oh, want := untimedRecords(t, filepath.Join(one, name))
		if mh.Strategy != st || mh.Boards != 80 || oh.Strategy != st || !slices.Equal(got, want) {
			t.Errorf("%s: merged shards differ from one run (%d and %d records)", st, len(got), len(want))
		}
	}
	// Files of two strategies refuse to merge.
	code, _, errOut := runCmd(t, "", "analysis", "merge", filepath.Join(one, "turtle40-random.jsonl.zst"), filepath.Join(one, "turtle40-greedy.jsonl.zst"))
	if code != exitBadInput || !strings.Contains(errOut, "was written with strategy greedy;") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("merge of two strategies: exit %d, %q", code, errOut)
	}
	// The play plot of the files.
	png := filepath.Join(dir, "play.png")
	code, out, errOut := runCmd(t, "", "analysis", "plot", "--kind", "play", "-o", png, filepath.Join(one, "turtle40-random.jsonl.zst"), filepath.Join(one, "turtle40-greedy.jsonl.zst"))
	if fi, err := os.Stat(png); code != 0 || out != "wrote "+png+"\n" || err != nil || fi.Size() < 1000 {
		t.Errorf("plot: exit %d, %q, %q", code, out, errOut)
	}
}

func TestPlayResume(t *testing.T) {
	// A run extended with --resume ends as one run; another strategy, or
	// the main job, does not continue the file, which stays as it was.
	dir := t.TempDir()
	path, whole := filepath.Join(dir, "g.jsonl.zst"), filepath.Join(dir, "whole.jsonl.zst")
	play := func(args ...string) (int, string) {
		code, _, errOut := runCmd(t, "", append([]string{"solitaire", "play", "--layout", "turtle40", "--strategy", "greedy"}, args...)...)
		return code, errOut
	}
	if code, errOut := play("--boards", "70", "--out", whole); code != 0 {
		t.Fatal(errOut)
	}
	if code, errOut := play("--boards", "30", "--out", path); code != 0 {
		t.Fatal(errOut)
	}
	if code, errOut := play("--boards", "70", "--out", path); code != exitBadInput || errOut != "mjsolve: --out "+path+" already exists: add --resume to continue it, or remove it\n" {
		t.Errorf("existing --out: exit %d, %q", code, errOut)
	}
	if code, errOut := play("--boards", "70", "--out", path, "--resume"); code != 0 {
		t.Fatal(errOut)
	}
	_, got := untimedRecords(t, path)
	_, want := untimedRecords(t, whole)
	if !slices.Equal(got, want) {
		t.Error("the resumed file differs from one run")
	}
	before, _ := os.ReadFile(path)
	code, _, errOut := runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--boards", "70", "--strategy", "random", "--out", path, "--resume")
	if code != exitBadInput || !strings.Contains(errOut, "was written with strategy greedy; this run has strategy random") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("resume with another strategy: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "70", "--out", path, "--resume")
	if code != exitBadInput || !strings.Contains(errOut, "was written with strategy greedy; this run has strategy none") {
		t.Errorf("the main job resuming a play: exit %d, %q", code, errOut)
	}
	if after, _ := os.ReadFile(path); string(before) != string(after) {
		t.Error("a refused resume changed the file")
	}
}

func TestPlayStrategyVersion(t *testing.T) {
	// A file of another version of the strategy is neither resumed nor
	// merged: one line naming both versions, exit 2, nothing written.
	dir := t.TempDir()
	cur, other := filepath.Join(dir, "cur.jsonl"), filepath.Join(dir, "other.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--strategy", "lookahead", "--boards", "20", "--out", cur); code != 0 {
		t.Fatal(errOut)
	}
	v, _ := nopeek.Version("lookahead", nopeek.Options{})
	data, _ := os.ReadFile(cur)
	field := `"strategy":"lookahead","strategy_version":"` + v + `"}`
	if !strings.Contains(string(data), field+"\n") {
		t.Fatalf("header without %s: %.300s", field, data)
	}
	old := strings.Replace(string(data), field, `"strategy":"lookahead","strategy_version":"0+rollouts=16"}`, 1)
	os.WriteFile(other, []byte(old), 0o644)
	code, out, errOut := runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--strategy", "lookahead", "--boards", "40", "--out", other, "--resume")
	if want := "mjsolve: job: strategy lookahead: analysis: cannot resume " + other + ": " + other + " was written with strategy version 0+rollouts=16; this run has strategy version " + v + "\n"; code != exitBadInput || out != "" || errOut != want {
		t.Errorf("resume of another version: exit %d, %q, want %q", code, errOut, want)
	}
	if after, _ := os.ReadFile(other); string(after) != old {
		t.Error("a refused resume changed the file")
	}
	merged := filepath.Join(dir, "merged.jsonl")
	code, _, errOut = runCmd(t, "", "analysis", "merge", cur, other, "-o", merged)
	if code != exitBadInput || !strings.Contains(errOut, other+" was written with strategy version 0+rollouts=16; "+cur+" with strategy version "+v) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("merge of two versions: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(merged); !os.IsNotExist(err) {
		t.Errorf("a refused merge wrote %s: %v", merged, err)
	}
}

func TestPlayBadInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.jsonl")
	os.WriteFile(file, nil, 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--strategy", "peek"}, `mjsolve: --strategy: unknown strategy "peek" (want random, greedy, lookahead, hindsight or all, or a comma list)` + "\n"},
		{[]string{"--strategy", "greedy,"}, `mjsolve: --strategy: empty name in "greedy," (want random, greedy, lookahead, hindsight or all, or a comma list)` + "\n"},
		{[]string{"--boards", "0"}, "mjsolve: --boards must be at least 1\n"},
		{[]string{"--workers", "-1"}, "mjsolve: --workers -1: must not be negative\n"},
		{[]string{"--workers", "1000000"}, "mjsolve: --workers 1000000: must be at most 4096\n"},
		{[]string{"--shard", "3/2"}, "mjsolve: bad --shard \"3/2\": want i/n with 1 <= i <= n\n"},
		{[]string{"--boards", "2", "--shard", "1/3"}, "mjsolve: --shard 1/3: more shards than the 2 boards\n"},
		{[]string{"--resume"}, "mjsolve: --resume needs --out FILE\n"},
		{[]string{"--deal", "nope"}, "mjsolve: --deal: unknown dealer \"nope\" (want pcg or mjsolver)\n"},
		{[]string{"--deal", "mjsolver", "--first", "4294967295"}, "mjsolve: last game (--first + --boards - 1) 4294967304: the mjsolver dealer has games 0 to 4294967295\n"},
		{[]string{"--layout", "no-such-layout"}, "mjsolve: layouts: unknown layout \"no-such-layout\""},
		{[]string{"--plot", "x.gif"}, "mjsolve: --plot x.gif: unknown extension .gif (want .png, .svg or .pdf)\n"},
		{[]string{"--plot", filepath.Join(dir, "no", "x.png")}, "mjsolve: --plot " + filepath.Join(dir, "no", "x.png") + ": no directory " + filepath.Join(dir, "no") + "\n"},
		{[]string{"--strategy", "greedy", "--out", dir}, "mjsolve: --out " + dir + " is a directory; with one strategy give a record file name\n"},
		{[]string{"--strategy", "greedy,random", "--out", file}, "mjsolve: --out " + file + " is a file; with several strategies give a directory (one record file per strategy)\n"},
		{[]string{"extra"}, "mjsolve: unknown command \"extra\""},
		{[]string{"--samples", "-1"}, "mjsolve: --samples must be from 0 to 2048 (got -1)\n"},
		{[]string{"--samples", "2049"}, "mjsolve: --samples must be from 0 to 2048 (got 2049)\n"},
		{[]string{"--rollouts", "-3"}, "mjsolve: --rollouts must not be negative (got -3)\n"},
		{[]string{"--strategy", "greedy", "--samples", "64"}, "mjsolve: --samples is for the hindsight strategy, which --strategy greedy leaves out\n"},
		{[]string{"--strategy", "greedy,hindsight", "--rollouts", "16"}, "mjsolve: --rollouts is for the lookahead strategy, which --strategy greedy,hindsight leaves out\n"},
	}
	for _, tc := range tests {
		code, out, errOut := runCmd(t, "", append([]string{"solitaire", "play", "--layout", "turtle40", "--boards", "10"}, tc.args...)...)
		if code != exitBadInput || out != "" || !strings.HasPrefix(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, out, errOut, tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("bad input wrote files: %d entries in %s", len(entries), dir)
	}
}

func TestPlayPlotTitleNamesTheDeal(t *testing.T) {
	// The plot's title names the deal as the table does: the mjsolver
	// dealer has no seed, so none is named.
	dir := t.TempDir()
	svg := filepath.Join(dir, "p.svg")
	code, out, errOut := runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--boards", "3", "--deal", "mjsolver", "--strategy", "random", "--plot", svg)
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "turtle40 (40 tiles), deal mjsolver, games 1..3\n") {
		t.Fatalf("exit %d, %q, %q", code, out, errOut)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.Contains(s, "playing without peeking (deal mjsolver, games 1–3)") || strings.Contains(s, "seed") {
		t.Errorf("the plot's title does not name the deal as played:\n%.2000s", s)
	}
	// With a shard, the games of the shard, as the table names them.
	code, out, errOut = runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--boards", "6", "--shard", "2/2", "--strategy", "random", "--plot", svg)
	if b, err = os.ReadFile(svg); code != 0 || errOut != "" || !strings.HasPrefix(out, "turtle40 (40 tiles), deal pcg, seed 1, games 4..6\n") || err != nil ||
		!strings.Contains(string(b), "playing without peeking (deal pcg, seed 1, games 4–6)") {
		t.Errorf("shard 2/2: exit %d, %q, %q, %v", code, out, errOut, err)
	}
}

// TestPlayBudget: --samples and --rollouts play at another budget, which
// the record header names in the strategy's version, and analysis plot
// --kind budget draws a bar for each budget.
func TestPlayBudget(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, c := range []struct{ args, version string }{
		{"--strategy hindsight --samples 4", "4+samples=4"},
		{"--strategy hindsight --samples 16", "4+samples=16"},
		{"--strategy lookahead --rollouts 8", "1+rollouts=8"},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(c.version, "+", "-")+".jsonl")
		args := append([]string{"solitaire", "play", "--layout", "turtle40", "--boards", "6", "--out", out}, strings.Fields(c.args)...)
		code, stdout, errOut := runCmd(t, "", args...)
		if code != 0 || errOut != "" || !strings.Contains(stdout, "\n"+strings.Fields(c.args)[1]+" ") {
			t.Fatalf("%v: exit %d, stderr %q, output %q", args, code, errOut, stdout)
		}
		h, recs := untimedRecords(t, out)
		if h.StrategyVersion != c.version || len(recs) != 6 {
			t.Errorf("%v: version %q, %d records; want %q and 6", args, h.StrategyVersion, len(recs), c.version)
		}
		files = append(files, out)
	}
	svg := filepath.Join(dir, "budget.svg")
	code, _, errOut := runCmd(t, "", append([]string{"analysis", "plot", "--kind", "budget", "--out", svg}, files...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("plot --kind budget: exit %d, %q", code, errOut)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{">hindsight, 4 deals<", ">hindsight, 16 deals<", ">lookahead, 8 playouts<"} {
		if !strings.Contains(string(b), w) {
			t.Errorf("the budget plot has no %q", w)
		}
	}
}
