package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

const scripts = "../../tw16/referee/testdata/"

func refereeArgs(dir string, bad string, extra ...string) []string {
	args := []string{"tw16", "referee", "--games", "3", "--seed", "9", "--move-time", "1m", "--log", dir}
	for p := range 4 {
		s := "draw-discard"
		if p == 2 && bad != "" {
			s = bad
		}
		args = append(args, "--player", scripts+s+".sh")
	}
	return append(args, extra...)
}

func TestTW16RefereeText(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "", refereeArgs(dir, "", "--name", "a", "--name", "b", "--name", "c", "--name", "d", "--plot", filepath.Join(dir, "run.svg"))...)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := `player  score  wins  self-drawn  deal-ins  drawn  failures  mean/hand  95% interval
     a      0     0           0         0      3         0        0.0     0.0 … 0.0
     b      0     0           0         0      3         0        0.0     0.0 … 0.0
     c      0     0           0         0      3         0        0.0     0.0 … 0.0
     d      0     0           0         0      3         0        0.0     0.0 … 0.0
3 hands
`
	if !strings.HasPrefix(squeeze(out), squeeze(want)) {
		t.Errorf("output\n%s\nwant it to begin\n%s", out, want)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "run.svg"))
	if err != nil || !strings.Contains(string(svg), "a: 0.0 after 3") {
		t.Errorf("the plot: %v", err)
	}
	hands, _ := filepath.Glob(filepath.Join(dir, "hand-*.txt.zst"))
	if len(hands) != 3 {
		t.Fatalf("transcripts %v", hands)
	}
	code, _, errOut = runCmd(t, "", refereeArgs(dir, "")...)
	if code != 2 || !strings.Contains(errOut, "already holds transcripts (hand-0001.txt.zst …)") {
		t.Errorf("a second match into the same --log: exit %d, %q", code, errOut)
	}
	code, out, errOut = runCmd(t, "", append([]string{"tw16", "replay"}, hands...)...)
	if code != 0 || errOut != "" || strings.Count(out, "verified") != 3 || !strings.Contains(out, "hand-0002.txt.zst: hand 2 verified: ") {
		t.Errorf("replay: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestTW16RefereeJSONAndFailures(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "", refereeArgs(dir, "false-hu", "--json")...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var got struct {
		Hands   int `json:"hands"`
		Players []struct {
			Name     string     `json:"name"`
			Score    int        `json:"score"`
			Failures int        `json:"failures"`
			Mean     float64    `json:"mean"`
			CI95     [2]float64 `json:"ci95"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Hands != 3 || len(got.Players) != 4 || got.Players[2].Failures != 3 || got.Players[0].Failures != 0 ||
		got.Players[2].Name != scripts+"false-hu.sh" {
		t.Errorf("JSON %+v", got)
	}
	if n := strings.Count(errOut, `failed: wrong instruction: "/hu" to /ask throw`); n != 3 || !strings.Contains(errOut, "mjsolve: hand 1: player 3 (") {
		t.Errorf("stderr %q: want three failures reported", errOut)
	}
}

func TestTW16ReplayMismatch(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCmd(t, "", refereeArgs(dir, "")...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(filepath.Join(dir, "hand-0001.txt.zst"))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := zstd.NewReader(nil)
	plain, err := d.DecodeAll(b, nil)
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(plain), "\n")
	at := 0
	for i, l := range lines {
		if strings.Contains(l, " > /mo ") {
			at = i
			break
		}
	}
	lines[at] = lines[at][:strings.LastIndex(lines[at], " ")] + " 999"
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o666)
	code, out, errOut := runCmd(t, "", "tw16", "replay", filepath.Join(dir, "hand-0001.txt.zst"), bad)
	if code != 2 || !strings.Contains(out, "hand 1 verified") ||
		!strings.Contains(errOut, "bad.txt: referee: transcript line ") || !strings.Contains(errOut, `> "/mo 999"`) ||
		!strings.Contains(errOut, "1 of 2 transcripts do not verify") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestTW16RefereeBadFlags(t *testing.T) {
	p := "--player=" + scripts + "draw-discard.sh"
	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, nil, 0o666)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{p, p, p, p, "--log", file}, "mjsolve: --log " + file + ": not a directory\n"},
		{[]string{p, p, p, p, "--log", filepath.Join(file, "logs")}, "mjsolve: --log " + filepath.Join(file, "logs") + ": not a directory\n"},
		{[]string{p, p, p}, "needs --player exactly four times, not 3"},
		{[]string{p, p, p, p, "--games", "0"}, "--games 0"},
		{[]string{p, p, p, p, "--move-time", "0s"}, "--move-time 0s"},
		{[]string{p, p, p, p, "--plot", "x.gif"}, "unknown extension .gif"},
		{[]string{p, p, p, p, "--plot", "x.png", "--plot-size", "10x10"}, "mjsolve: --plot-size \"10x10\": want WxH in pixels, each 16 to 20000 (e.g. 960x600)\n"},
		{[]string{p, p, p, p, "--plot-size", "10"}, "mjsolve: --plot-size \"10\": want WxH"}, // without --plot too
		{[]string{p, p, p, p, "--name", "x"}, "give --name four times"},
		{[]string{p, p, p, p, "--honors", "abc"}, "--honors"},
		{[]string{p, p, p, "--player= "}, "--player 4 is empty"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16", "referee"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	if code, _, errOut := runCmd(t, "", "tw16", "replay", "/nonexistent/hand.txt.zst"); code != 2 || !strings.Contains(errOut, "no such file") {
		t.Errorf("replay of a missing file: exit %d, %q", code, errOut)
	}
}

// squeeze drops the alignment of a table: every run of spaces becomes one,
// and the lines lose their leading spaces.
func squeeze(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// TestTW16RefereeRemovesStale: a referee killed mid-hand leaves a hidden
// temporary transcript in --log; the next run removes it and says so on stderr.
func TestTW16RefereeRemovesStale(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, ".hand-0001.txt.zst.tmp4242")
	if err := os.WriteFile(stale, []byte("cut"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := refereeArgs(dir, "")
	args[3] = "1" // --games 1
	code, _, errOut := runCmd(t, "", args...)
	if want := "mjsolve: removed " + stale + ", left by a referee that was killed\n"; code != 0 || errOut != want {
		t.Errorf("exit %d, stderr %q, want %q", code, errOut, want)
	}
	if _, err := os.Lstat(stale); err == nil {
		t.Errorf("%s is still there", stale)
	}
}

// TestTW16RefereePlotOneHand: the plot of a one-hand match is titled "1 hand".
func TestTW16RefereePlotOneHand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "run.svg")
	args := refereeArgs(dir, "", "--plot", file)
	args[3] = "1" // --games 1
	if code, _, errOut := runCmd(t, "", args...); code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	svg, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(svg), "seed 9, 1 hand<") {
		t.Errorf("the plot's title is not \"…, seed 9, 1 hand\": %v", err)
	}
}

// TestTW16RefereeByStrategy: --by-strategy groups the players by name and
// times their replies.
func TestTW16RefereeByStrategy(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "", refereeArgs(dir, "", "--name", "x", "--name", "y", "--name", "x", "--name", "y", "--by-strategy")...)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(squeeze(out), "\n")
	if len(lines) < 5 || lines[0] != "strategy seats mean/hand/seat wins deal-ins drawn mean tai time/decision longest" ||
		!strings.HasPrefix(lines[1], "x 1,3 0.0 0 0 3 0.00 ") || !strings.HasPrefix(lines[2], "y 2,4 0.0 0 0 3 0.00 ") ||
		strings.Contains(lines[1], " - ") || lines[3] != "3 hands" || lines[4] != "x - y: 0.0 per hand per seat, 95% interval 0.0 … 0.0" {
		t.Errorf("output\n%s", out)
	}
}
