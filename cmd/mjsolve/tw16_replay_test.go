package main

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestTW16ReplayByStrategy pools the hands of two self-play runs with
// "tw16 replay --by-strategy": the table of one run's hands is the one
// selfplay printed (but the time per decision, which a log does not
// record), that of both runs counts the hands, wins and deal-ins of both,
// and hands of other players are refused with exit code 2.
func TestTW16ReplayByStrategy(t *testing.T) {
	tmp := t.TempDir()
	strategies := []string{"--strategy", "advice", "--strategy", "random", "--strategy", "advice", "--strategy", "random"}
	var tables []string
	var files [][]string
	for _, seed := range []string{"3", "4"} {
		dir := filepath.Join(tmp, "seed"+seed)
		args := append([]string{"tw16", "selfplay", "--hands", "24", "--seed", seed, "--by-strategy", "--log", dir}, strategies...)
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 || errOut != "" {
			t.Fatalf("selfplay: exit %d, stderr %q", code, errOut)
		}
		fs, _ := filepath.Glob(filepath.Join(dir, "hand-*.jsonl.zst"))
		tables, files = append(tables, out), append(files, fs)
	}
	code, out, errOut := runCmd(t, "", append([]string{"tw16", "replay", "--by-strategy"}, files[0]...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("replay --by-strategy: exit %d, stderr %q", code, errOut)
	}
	got, want := strengthFields(out), strengthFields(tables[0])
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("replay --by-strategy of one run:\n%s\nselfplay printed\n%s", out, tables[0])
	}
	code, out, errOut = runCmd(t, "", append(append([]string{"tw16", "replay", "--by-strategy"}, files[0]...), files[1]...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("replay --by-strategy of both runs: exit %d, stderr %q", code, errOut)
	}
	both, one, two := strengthFields(out), strengthFields(tables[0]), strengthFields(tables[1])
	if len(both) != 5 || both[3][0] != "48" {
		t.Fatalf("both runs: %q", out)
	}
	for row := 1; row <= 2; row++ {
		for col := 3; col <= 5; col++ { // wins, deal-ins, drawn
			if both[row][col] != sumInts(t, one[row][col], two[row][col]) {
				t.Errorf("both runs, row %d column %d: %s, the runs %s and %s", row, col, both[row][col], one[row][col], two[row][col])
			}
		}
	}
	other := filepath.Join(tmp, "other")
	if code, _, errOut := runCmd(t, "", "tw16", "selfplay", "--hands", "1", "--log", other); code != 0 {
		t.Fatalf("selfplay: exit %d, stderr %q", code, errOut)
	}
	code, out, errOut = runCmd(t, "", "tw16", "replay", "--by-strategy", files[0][0], filepath.Join(other, "hand-0001.jsonl.zst"))
	if code != 2 || out != "" || !strings.Contains(errOut, "hand-0001.jsonl.zst: players 1 to 4 are advice, advice, random, draw-discard, where they are advice, random, advice, random in ") {
		t.Errorf("hands of other players: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// A referee's transcripts record each reply's time: the referee's own
	// table and the replay's agree but for the times' rounding.
	ref := filepath.Join(tmp, "referee")
	code, refTable, errOut := runCmd(t, "", refereeArgs(ref, "", "--name", "a", "--name", "b", "--name", "a", "--name", "b", "--by-strategy")...)
	if code != 0 || errOut != "" {
		t.Fatalf("referee: exit %d, stderr %q", code, errOut)
	}
	refFiles, _ := filepath.Glob(filepath.Join(ref, "hand-*.txt.zst"))
	code, out, errOut = runCmd(t, "", append([]string{"tw16", "replay", "--by-strategy"}, refFiles...)...)
	rows := strengthFields(out)
	if code != 0 || len(refFiles) != 3 || len(rows) != 5 || rows[3][0] != "3" || !slices.EqualFunc(rows, strengthFields(refTable), slices.Equal) {
		t.Errorf("replay --by-strategy of %d transcripts: exit %d, stdout\n%s\nthe referee's\n%s\nstderr %q", len(refFiles), code, out, refTable, errOut)
	}
	if f := strings.Fields(strings.Split(out, "\n")[1]); len(f) != 9 || f[7] == "-" || f[8] == "-" {
		t.Errorf("replay --by-strategy of transcripts: no time per decision in %q", f)
	}
	if code, _, errOut := runCmd(t, "", "tw16", "replay", "--by-strategy", "--json", files[0][0]); code != 2 || !strings.Contains(errOut, "none of the others can be") {
		t.Errorf("--by-strategy --json: exit %d, %q", code, errOut)
	}
}

// strengthFields splits the lines of a --by-strategy table into fields,
// the strategies' rows without their two time columns.
func strengthFields(table string) [][]string {
	var rows [][]string
	for i, l := range strings.Split(strings.TrimSpace(table), "\n") {
		f := strings.Fields(l)
		if i > 0 && i < 3 && len(f) == 9 {
			f = f[:7]
		}
		rows = append(rows, f)
	}
	return rows
}

// sumInts returns the sum of two decimal integers as text.
func sumInts(t *testing.T, a, b string) string {
	t.Helper()
	x, err := strconv.Atoi(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := strconv.Atoi(b)
	if err != nil {
		t.Fatal(err)
	}
	return strconv.Itoa(x + y)
}
