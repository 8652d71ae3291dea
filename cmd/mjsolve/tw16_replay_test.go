package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/handlog"
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

// TestTW16ReplayAgainst compares two self-play matches of the same deals
// hand by hand with "tw16 replay --against": the difference of the
// margins and its interval are those computed from the logs' points, a
// match against itself differs by nothing, and matches of other deals,
// players grouped otherwise or a deal given twice are refused with exit
// code 2.
func TestTW16ReplayAgainst(t *testing.T) {
	tmp := t.TempDir()
	run := func(name, seed string, strategies ...string) string {
		dir := filepath.Join(tmp, name)
		args := []string{"tw16", "selfplay", "--hands", "12", "--seed", seed, "--log", dir}
		for _, s := range strategies {
			args = append(args, "--strategy", s)
		}
		if code, _, errOut := runCmd(t, "", args...); code != 0 {
			t.Fatalf("selfplay: exit %d, stderr %q", code, errOut)
		}
		return dir
	}
	a := run("a", "5", "advice", "random", "advice", "random")
	b := run("b", "5", "advice:no-defence", "random", "advice:no-defence", "random")
	c := run("c", "6", "advice", "random", "advice", "random")
	d := run("d", "5", "advice", "advice", "random", "random")
	handsOf := func(dir string) []string {
		fs, _ := filepath.Glob(filepath.Join(dir, "hand-*.jsonl.zst"))
		if len(fs) != 12 {
			t.Fatalf("%s: %d hands", dir, len(fs))
		}
		return fs
	}
	// The oracle: per hand, the mean points of players 1 and 3 less those
	// of players 2 and 4, in a less in b, hand n with hand n.
	margin := func(file string) float64 {
		h := readHand(t, file)
		var pts [5]float64
		for _, si := range h.Header.Seats {
			pts[si.Player] = float64(h.End().Points[si.Seat-1])
		}
		return (pts[1]+pts[3])/2 - (pts[2]+pts[4])/2
	}
	var sum, sq float64
	fa, fb := handsOf(a), handsOf(b)
	for i := range fa {
		x := margin(fa[i]) - margin(fb[i])
		sum, sq = sum+x, sq+x*x
	}
	mean := sum / 12
	h := 1.959963984540054 * math.Sqrt((sq-sum*mean)/11/12)
	want := fmt.Sprintf("difference %.1f, 95%% interval %.1f … %.1f\n", mean, mean-h, mean+h)
	code, out, errOut := runCmd(t, "", append([]string{"tw16", "replay", "--against", b}, fa...)...)
	if code != 0 || errOut != "" || !strings.Contains(out, "\nagainst ("+b+"):\n") || !strings.Contains(out, "paired by deal, 12 hands:\n") ||
		!strings.Contains(out, "; against, advice:no-defence - random: ") || !strings.HasSuffix(out, want) {
		t.Errorf("--against: exit %d, stderr %q, stdout\n%s\nwant it to end %q", code, errOut, out, want)
	}
	if mean == 0 || h == 0 {
		t.Errorf("the two matches differ in no hand: the test compares nothing")
	}
	code, out, _ = runCmd(t, "", append([]string{"tw16", "replay", "--against", a}, fa...)...)
	if code != 0 || !strings.HasSuffix(out, "difference 0.0, 95% interval 0.0 … 0.0\n") {
		t.Errorf("a match against itself: exit %d, stdout\n%s", code, out)
	}
	dup := filepath.Join(tmp, "copy-of-a-hand-0001.jsonl.zst")
	if data, err := os.ReadFile(fa[0]); err != nil || os.WriteFile(dup, data, 0o644) != nil {
		t.Fatalf("copying %s: %v", fa[0], err)
	}
	for _, tc := range []struct {
		against, want string
		files         []string
	}{
		{c, "--against: 12 of the 12 hands given have no hand of the same deal on the other side (the first: " + fa[0] + ")", fa},
		{b, "--against: 1 of the 12 hands of --against have no hand of the same deal on the other side (the first: " + fb[11] + ")", fa[:11]},
		{d, "--against: the matches do not pair: players 1 and 2 are advice and random in one match but advice and advice in the other", fa},
		{a + "," + a, fa[0] + ": given twice: give each match's hands once", fa},
		// "--against b/hand-*" unquoted: b's other hands join a's.
		{fb[0], fa[0] + ": players 1 to 4 are advice, random, advice, random, where they are advice:no-defence, random, advice:no-defence, random in " +
			fb[1] + ": --by-strategy pools hands of the same players (with --against, give the other match's directory)", append(fb[1:], fa...)},
		{b, dup + ": the same deal as " + fa[0] + ": give each match's hands once", append(fa, dup)},
		{filepath.Join(tmp, "none"), "--against: stat " + filepath.Join(tmp, "none") + ": no such file or directory", fa},
		{tmp, "--against " + tmp + ": the directory holds no hands", fa},
		{"", "--against: give the directory (or files) of the other match", fa},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16", "replay", "--against", tc.against}, tc.files...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("--against %s: exit %d, stdout %q, stderr %q, want %q", tc.against, code, out, errOut, tc.want)
		}
	}
	if code, _, errOut := runCmd(t, "", "tw16", "replay", "--json", "--against", b, fa[0]); code != 2 || !strings.Contains(errOut, "none of the others can be") {
		t.Errorf("--against --json: exit %d, %q", code, errOut)
	}
}

// readHand reads the hand log at path.
func readHand(t *testing.T, path string) *handlog.Hand {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, err := handlog.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return h
}
