package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/internal/gametest"
	"github.com/mjsolve/mjsolve/internal/golden"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// fakeClock makes board k of a one-worker run take (2k+1)·10µs: the clock
// advances by 10µs more on every reading. Several workers may read it at
// once (a run without --workers 1).
func fakeClock() func() time.Duration {
	var mu sync.Mutex
	var now, step time.Duration
	return func() time.Duration {
		mu.Lock()
		defer mu.Unlock()
		step += 10 * time.Microsecond
		now += step
		return now
	}
}

// fakeCPU is a fake CPU clock that advances by 5µs more on every reading:
// a worker reads it when it starts and after each board, so board k of a
// one-worker run (k from 0) takes (k+2)·5µs of CPU time, 10µs … 65µs for
// 12 boards. Several workers may read it at once.
func fakeCPU() func() (time.Duration, bool) {
	var mu sync.Mutex
	var now, step time.Duration
	return func() (time.Duration, bool) {
		mu.Lock()
		defer mu.Unlock()
		step += 5 * time.Microsecond
		now += step
		return now, true
	}
}

// directResults solves games first..first+n−1 of layout with the solver
// directly, without the runner.
func directResults(t *testing.T, layout, deal string, seed, first, n uint64) []solver.Result {
	t.Helper()
	l, err := layouts.Find(layout)
	if err != nil {
		t.Fatal(err)
	}
	geo, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	d, err := solitaire.DealerByName(deal, seed)
	if err != nil {
		t.Fatal(err)
	}
	var out []solver.Result
	for g := first; g < first+n; g++ {
		b, err := solitaire.NewBoard(geo, d.Deal(g, geo.N, nil))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, solver.Solve(context.Background(), b, solver.Options{}))
	}
	return out
}

// directVerdicts is the verdicts of directResults.
func directVerdicts(t *testing.T, layout, deal string, seed, first, n uint64) []solver.Verdict {
	t.Helper()
	var out []solver.Verdict
	for _, r := range directResults(t, layout, deal, seed, first, n) {
		out = append(out, r.Verdict)
	}
	return out
}

// fakeSolver replaces the solver with a fixed rule on the game number, so
// that the exact output below does not depend on the solver's heuristics:
// games ≡ 0 (mod 5) impossible by prune, ≡ 3 (mod 7) unknown (budget),
// ≡ 1 (mod 4) winnable by search, the rest winnable by random play.
func fakeSolver(*solitaire.Geometry, solitaire.Dealer, solver.Options) func() analysis.Worker {
	return func() analysis.Worker {
		return func(_ context.Context, g uint64) analysis.Record {
			switch {
			case g%5 == 0:
				return analysis.Record{Verdict: analysis.Impossible, Method: "prune", Scans: 1}
			case g%7 == 3:
				return analysis.Record{Verdict: analysis.Unknown, Method: "budget", Scans: 99}
			case g%4 == 1:
				return analysis.Record{Verdict: analysis.Winnable, Method: "search", Scans: 7, Nodes: 3}
			}
			return analysis.Record{Verdict: analysis.Winnable, Method: "random", Scans: 2, Random: 1}
		}
	}
}

// fakeHooks are the fake clock and solver.
func fakeHooks() *hooks { return &hooks{clock: fakeClock(), cpu: fakeCPU(), newWorkers: fakeSolver} }

// TestSolitaireText checks the main job's text (testdata/solitaire-text.golden)
// against figures computed apart. Games 3..14 under fakeSolver: impossible 5 10; unknown 3; search 9 13;
// random 4 6 7 8 11 12 14. Board k (game k+3, k from 0) takes (k+2)·5µs
// of CPU time (fakeCPU): 10µs … 65µs, 450µs in all, mean 37.5µs, median
// (6th of 12) 35µs (35.1µs, the middle of its histogram bucket), p99 and
// max 65µs (game 14); prune boards (games 5, 10) 20+45 = 65µs = 14% of the
// time, search (9, 13) 40+60 = 100µs = 22%, random 275µs = 61%, budget (3)
// 10µs = 2%. Its wall time (fakeClock) is
// (2k+3)·10µs: 30µs … 250µs, mean 140µs, median 130µs; the wall time of the
// run spans 25 clock readings. The hardest by scans: game 3 (99 scans),
// then the search boards 9 and 13 (7 scans, 3 nodes). Wilson(2, 11)
// computed apart as (k+z²/2 ± z·sqrt(k(n−k)/n+z²/4))/(n+z²) = [0.0513677,
// 0.4769806].
func TestSolitaireText(t *testing.T) {
	code, out, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", "turtle40", "--boards", "12", "--first", "3", "--workers", "1")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	golden.Check(t, "solitaire-text", out)
}

func TestSolitaireJSON(t *testing.T) {
	code, out, errOut := runCmdWith(t, fakeHooks(), "", "solitaire", "--layout", "turtle40", "--boards", "12", "--first", "3", "--workers", "1", "--json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	golden.Check(t, "solitaire-json", out)
}

func TestSolitaireRealSolver(t *testing.T) {
	// With the real solver the verdicts (exact, so stable) give exact lines;
	// the methods must be those of the solver called directly.
	code, out, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "12", "--first", "3", "--workers", "2")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(out, "\n")
	head := strings.Join(lines[:6], "\n") + "\n"
	golden.Check(t, "solitaire-real-solver-head", head)
	counts := map[string]int{}
	var imp int
	for _, r := range directResults(t, "turtle40", "pcg", 1, 3, 12) {
		counts[r.Method.String()]++
		if r.Verdict == solver.Impossible {
			imp++
		}
	}
	for m, n := range counts {
		if !strings.Contains(lines[6], " "+m+" "+strconv.Itoa(n)+" (") {
			t.Errorf("%q: direct solver decides %d boards by %s", lines[6], n, m)
		}
	}
	if imp != 10 {
		t.Errorf("direct solver: %d impossible, want 10", imp)
	}
}

// readRecords reads a record file written by the command, its times
// zeroed.
func readRecords(t *testing.T, path string) (analysis.Header, []analysis.Record, bool) {
	t.Helper()
	rf, err := analysis.ReadRecordFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range rf.Records {
		rf.Records[i].NS, rf.Records[i].CPUNS = 0, 0
	}
	return rf.Header, rf.Records, rf.Truncated
}

func TestSolitaireOutSameForAnyWorkers(t *testing.T) {
	dir := t.TempDir()
	var files [][]analysis.Record
	for _, workers := range []string{"1", "2", "5"} {
		path := filepath.Join(dir, "w"+workers+".jsonl.zst")
		code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "400", "--workers", workers, "--out", path)
		if code != 0 {
			t.Fatalf("workers %s: exit %d, %s", workers, code, errOut)
		}
		h, recs, trunc := readRecords(t, path)
		if trunc || len(recs) != 400 || h.Layout != "turtle40" || h.Deal != "pcg" || h.Seed != 1 || h.First != 1 || h.Boards != 400 || h.Tiles != 40 {
			t.Fatalf("workers %s: header %+v, %d records, truncated %v", workers, h, len(recs), trunc)
		}
		files = append(files, recs)
	}
	for i := 1; i < len(files); i++ {
		if !slices.Equal(files[0], files[i]) {
			t.Fatalf("records differ between worker counts")
		}
	}
	// And they are the solver's own verdicts, game by game.
	direct := directVerdicts(t, "turtle40", "pcg", 1, 1, 400)
	for i, r := range files[0] {
		if r.Game != uint64(i+1) || r.Verdict.String() != direct[i].String() {
			t.Fatalf("record %d: game %d %s, direct solver says %s", i, r.Game, r.Verdict, direct[i])
		}
	}
}

func TestSolitaireResumeTruncated(t *testing.T) {
	dir := t.TempDir()
	args := []string{"solitaire", "--layout", "turtle40", "--boards", "600", "--first", "50"}
	for _, name := range []string{"r.jsonl", "r.jsonl.zst"} {
		full := filepath.Join(dir, "full-"+name)
		if code, _, errOut := runCmd(t, "", append(args, "--out", full)...); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		_, want, _ := readRecords(t, full)
		data, _ := os.ReadFile(full)
		path := filepath.Join(dir, name)
		writeCut(t, path, data, len(data)*2/3)
		code, out, errOut := runCmd(t, "", append(args, "--out", path, "--resume", "--json")...)
		if code != 0 {
			t.Fatalf("%s: resume: exit %d: %s", name, code, errOut)
		}
		_, got, trunc := readRecords(t, path)
		if trunc || !slices.Equal(got, want) {
			t.Fatalf("%s: resumed file differs from an uninterrupted run", name)
		}
		var rep struct {
			Boards     int64 `json:"boards"`
			FromFile   int64 `json:"from_file"`
			Solved     int64 `json:"solved"`
			Impossible int64 `json:"impossible"`
		}
		json.Unmarshal([]byte(out), &rep)
		var imp int64
		for _, r := range want {
			if r.Verdict == analysis.Impossible {
				imp++
			}
		}
		if rep.Boards != 600 || rep.FromFile+rep.Solved != 600 || rep.Impossible != imp {
			t.Errorf("%s: summary %+v, want 600 boards and %d impossible", name, rep, imp)
		}
		if !strings.Contains(errOut, "ends early (cut inside a line or zstd frame") {
			t.Errorf("%s: no note about the truncated record: %q", name, errOut)
		}
	}
}

// writeCut writes the first n bytes of data to path, moving the cut forward
// until the file reads as cut (ending inside a line or a zstd frame) rather
// than at a clean boundary, which records of varying times hit now and then.
func writeCut(t *testing.T, path string, data []byte, n int) {
	t.Helper()
	for ; n < len(data); n++ {
		if err := os.WriteFile(path, data[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, cut := readRecords(t, path); cut {
			return
		}
	}
	t.Fatalf("no cut of %s from byte %d on ends early", path, n)
}

func TestSolitaireResumeRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "20", "--out", path); code != 0 {
		t.Fatal(errOut)
	}
	before, _ := os.ReadFile(path)
	tests := []struct {
		args []string
		want string
	}{
		// The file's parameters first, then this run's.
		{[]string{"--seed", "2"}, path + " was written with seed 1; this run has seed 2"},
		{[]string{"--deal", "mjsolver"}, path + " was written with deal pcg; this run has deal mjsolver"},
		{[]string{"--layout", "fortress32"}, path + " was written with layout turtle40 and geometry 40 tiles "},
		{[]string{"--first", "5"}, "starts at game 1, this run at game 5"},
		{[]string{"--boards", "10"}, "holds game 11, after this run's last game 10"},
	}
	for _, tc := range tests {
		args := append([]string{"solitaire", "--layout", "turtle40", "--boards", "20", "--out", path, "--resume"}, tc.args...)
		code, out, errOut := runCmd(t, "", args...)
		if code != exitBadInput || out != "" || !strings.HasPrefix(errOut, "mjsolve: analysis: cannot resume "+path) ||
			!strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want one line with %q", tc.args, code, errOut, tc.want)
		}
	}
	if after, _ := os.ReadFile(path); !slices.Equal(before, after) {
		t.Errorf("a refused resume changed the file")
	}
	// Without --resume an existing file is not overwritten.
	code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "20", "--out", path)
	if code != exitBadInput || !strings.Contains(errOut, "already exists") {
		t.Errorf("existing --out: exit %d, %q", code, errOut)
	}
}

func TestSolitaireBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--boards", "0"}, "mjsolve: --boards must be at least 1\n"},
		{[]string{"--workers", "-1"}, "mjsolve: --workers -1: must not be negative\n"},
		{[]string{"--workers", "1000000"}, "mjsolve: --workers 1000000: must be at most 4096\n"},
		{[]string{"--shard", "3/2"}, "mjsolve: bad --shard \"3/2\": want i/n with 1 <= i <= n\n"},
		{[]string{"--shard", "x"}, "mjsolve: bad --shard \"x\": want i/n with 1 <= i <= n\n"},
		{[]string{"--boards", "2", "--shard", "1/3"}, "mjsolve: --shard 1/3: more shards than the 2 boards\n"},
		{[]string{"--resume"}, "mjsolve: --resume needs --out FILE\n"},
		{[]string{"--deal", "nope"}, "mjsolve: --deal: unknown dealer \"nope\" (want pcg or mjsolver)\n"},
		{[]string{"--layout", "no-such-layout"}, "mjsolve: layouts: unknown layout \"no-such-layout\""},
		{[]string{"--timeout-per-board", "-1s"}, "mjsolve: --timeout-per-board must not be negative\n"},
		{[]string{"extra"}, "mjsolve: unknown command \"extra\""},
	}
	for _, tc := range tests {
		code, out, errOut := runCmd(t, "", append([]string{"solitaire"}, tc.args...)...)
		if code != exitBadInput || out != "" || !strings.HasPrefix(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

func TestShardRange(t *testing.T) {
	// The shards of a range are contiguous, cover it exactly, and differ in
	// size by at most one.
	for _, n := range []uint64{1, 2, 3, 7, 10} {
		next := uint64(5)
		for i := uint64(1); i <= n; i++ {
			first, boards := runs.Shard{I: i, N: n}.Range(5, 10)
			if first != next || boards < 10/n || boards > 10/n+1 {
				t.Fatalf("shard %d/%d of 5..14: %d+%d", i, n, first, boards)
			}
			next += boards
		}
		if next != 15 {
			t.Fatalf("shards of %d end at %d", n, next)
		}
	}
	if f, b := (runs.Shard{I: 3, N: 4}).Range(1, 1<<62); f != 1+(1<<62)/2 || b != 1<<60 {
		t.Errorf("large range: %d+%d", f, b)
	}
}

func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i, shard := range []string{"1/3", "2/3", "3/3"} {
		path := filepath.Join(dir, "s"+strconv.Itoa(i)+".jsonl")
		if i == 1 {
			path += ".zst"
		}
		code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "500", "--shard", shard, "--out", path)
		if code != 0 {
			t.Fatal(errOut)
		}
		paths = append(paths, path)
	}
	// Add an overlapping file: games 100..299 again.
	over := filepath.Join(dir, "over.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "turtle40", "--first", "100", "--boards", "200", "--out", over); code != 0 {
		t.Fatal(errOut)
	}
	code, out, errOut := runCmd(t, "", append([]string{"analysis", "merge", "--json", over}, paths...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	_, whole, _ := runCmdJSON(t, "solitaire", "--layout", "turtle40", "--boards", "500", "--json")
	var merged map[string]any
	json.Unmarshal([]byte(out), &merged)
	for _, k := range []string{"layout", "deal", "seed", "first", "last", "boards", "winnable", "impossible", "unknown", "rate", "ci95", "methods"} {
		a, _ := json.Marshal(merged[k])
		b, _ := json.Marshal(whole[k])
		if string(a) != string(b) {
			t.Errorf("merged %s = %s, one run gives %s", k, a, b)
		}
	}
	if merged["duplicates"] != 200.0 || merged["files"] != 4.0 {
		t.Errorf("merged duplicates %v files %v", merged["duplicates"], merged["files"])
	}
	// Text output names the files line.
	code, out, _ = runCmd(t, "", append([]string{"analysis", "merge"}, paths...)...)
	if code != 0 || !strings.Contains(out, "files       3, 0 duplicate records skipped\n") || !strings.Contains(out, "boards      500\n") {
		t.Errorf("merge text: exit %d\n%s", code, out)
	}
	// A missing shard shows as missing games.
	code, out, _ = runCmd(t, "", "analysis", "merge", paths[0], paths[2])
	if code != 0 || !strings.Contains(out, "boards      333 (167 games of the range missing)\n") {
		t.Errorf("merge with a gap: exit %d\n%s", code, out)
	}
	// Files of another seed are refused.
	other := filepath.Join(dir, "other.jsonl")
	runCmd(t, "", "solitaire", "--layout", "turtle40", "--boards", "5", "--seed", "9", "--out", other)
	code, _, errOut = runCmd(t, "", "analysis", "merge", paths[0], other)
	if want := other + " was written with seed 9; " + paths[0] + " with seed 1"; code != exitBadInput || !strings.Contains(errOut, want) {
		t.Errorf("merge of other seed: exit %d, %q", code, errOut)
	}
}

func runCmdJSON(t *testing.T, args ...string) (int, map[string]any, string) {
	t.Helper()
	code, out, errOut := runCmd(t, "", args...)
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v: %v: %q", args, err, out)
	}
	return code, m, errOut
}

func TestSolitaireTimeoutUnknowns(t *testing.T) {
	// A tiny budget turns the hard turtle boards into unknowns, which are
	// reported and not counted as winnable.
	code, m, errOut := runCmdJSON(t, "solitaire", "--boards", "40", "--timeout-per-board", "10us", "--json")
	if code != 0 {
		t.Fatal(errOut)
	}
	unknown, winnable, imp := m["unknown"].(float64), m["winnable"].(float64), m["impossible"].(float64)
	if unknown == 0 || unknown+winnable+imp != 40 {
		t.Errorf("unknown %v winnable %v impossible %v", unknown, winnable, imp)
	}
	if methods := m["methods"].(map[string]any); methods["budget"] != unknown {
		t.Errorf("methods %v, want budget = unknown = %v", methods, unknown)
	}
}

func TestSolitaireDeBondtDefaultGames(t *testing.T) {
	// End to end through the runner and the record file: with de Bondt's
	// deals on Xmahjongg's default layout, the impossible games among
	// 1..500 are the ones his solver reports.
	if _, err := layouts.Find("xmahjongg/default"); err != nil {
		gametest.Missing(t, "no Xmahjongg layouts installed (%v)", err)
	}
	path := filepath.Join(t.TempDir(), "default.jsonl.zst")
	code, _, errOut := runCmd(t, "", "solitaire", "--layout", "xmahjongg/default", "--deal", "mjsolver", "--boards", "500", "--out", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, recs, _ := readRecords(t, path)
	var got []uint64
	for _, r := range recs {
		if r.Verdict == analysis.Impossible {
			got = append(got, r.Game)
		}
	}
	want := []uint64{25, 34, 69, 83, 105, 113, 139, 172, 175, 247, 262, 272, 279, 330, 336, 338, 374, 382, 386, 422, 441, 492}
	if len(recs) != 500 || !slices.Equal(got, want) {
		t.Errorf("%d records; impossible games %v, want %v", len(recs), got, want)
	}
}

func TestSolitaireRefusesMJSolverGamesPast32Bits(t *testing.T) {
	code, out, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--deal", "mjsolver", "--first", "4294967290", "--boards", "10")
	want := "mjsolve: last game (--first + --boards - 1) 4294967299: the mjsolver dealer has games 0 to 4294967295\n"
	if code != exitBadInput || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, errOut, want)
	}
}

func TestSolitaireOutExistsSuggestsResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "3", "--out", path)
	want := "mjsolve: --out " + path + " already exists: add --resume to continue it, or remove it\n"
	if code != exitBadInput || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, errOut, want)
	}
	if b, _ := os.ReadFile(path); string(b) != "precious" {
		t.Errorf("existing file changed")
	}
}

// TestWorkersZeroIsOnePerCPU checks that --workers 0 means one worker per
// CPU in solitaire and solitaire play, as in tw16 stats, tw16 selfplay and
// serve: the run goes through and its report counts GOMAXPROCS workers.
func TestWorkersZeroIsOnePerCPU(t *testing.T) {
	want := fmt.Sprintf(`"workers":%d,`, runtime.GOMAXPROCS(0))
	for _, args := range [][]string{
		{"solitaire", "--layout", "turtle40", "--boards", "12", "--workers", "0", "--json"},
		{"solitaire", "play", "--layout", "turtle40", "--boards", "12", "--strategy", "greedy", "--workers", "0", "--json"},
	} {
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 || errOut != "" || !strings.Contains(out, want) {
			t.Errorf("%q: exit %d, stderr %q, stdout %s; want exit 0 and %s", args, code, errOut, out, want)
		}
	}
}
