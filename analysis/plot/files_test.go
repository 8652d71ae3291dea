package plot

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
)

// Files refuses an unknown kind before reading any file, and names the
// files of a difficulty plot that cannot be read.
func TestFilesErrors(t *testing.T) {
	if _, _, err := Files(context.Background(), []string{"no-such-file"}, FilesOptions{Kind: "hard"}); err == nil || err.Error() != `analysis: plot: unknown kind "hard" (want rate, time, difficulty, play, budget)` {
		t.Errorf("kind hard: %v", err)
	}
	for _, kind := range Kinds {
		if _, _, err := Files(context.Background(), []string{"no-such-file"}, FilesOptions{Kind: kind}); err == nil || !strings.Contains(err.Error(), "no-such-file") {
			t.Errorf("kind %s, a missing file: %v", kind, err)
		}
	}
}

func TestSortStrategies(t *testing.T) {
	rows := []analysis.StrategyPlay{{Strategy: "lookahead"}, {Strategy: "other"}, {Strategy: "greedy"}, {Strategy: "random"}}
	sortStrategies(rows)
	var got []string
	for _, r := range rows {
		got = append(got, r.Strategy)
	}
	if want := "random greedy lookahead other"; strings.Join(got, " ") != want {
		t.Errorf("order %q, want %q", strings.Join(got, " "), want)
	}
}

// FilesContext stops with an error wrapping ctx.Err() when ctx is done,
// for every kind of plot; the same files draw with a context never done.
func TestFilesCancelled(t *testing.T) {
	dir := t.TempDir()
	main := filepath.Join(dir, "main.jsonl")
	writeRecords(t, main, testHeader(1, 500), plotRecords(1, 500))
	play := filepath.Join(dir, "play.jsonl")
	h := testHeader(1, 500)
	h.Strategy = "random"
	writeRecords(t, play, h, plotRecords(1, 500))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, kind := range Kinds {
		path := main
		if kind == "play" || kind == "budget" {
			path = play
		}
		p, _, err := Files(ctx, []string{path}, FilesOptions{Kind: kind})
		if !errors.Is(err, context.Canceled) || p != nil {
			t.Errorf("kind %s, cancelled: plot %v, %v; want nil, an error wrapping context.Canceled", kind, p != nil, err)
		}
	}
	if p, _, err := Files(context.Background(), []string{main}, FilesOptions{Kind: "rate"}); err != nil || p == nil {
		t.Errorf("kind rate, not cancelled: plot %v, %v", p != nil, err)
	}
}

// TestBudgetFiles draws files of the hindsight and lookahead strategies
// at several budgets: one bar per strategy and budget, in nopeek's order
// of the strategies and by growing budget, files of one budget merged;
// a file of the main job, a version naming no budget and a file of
// another experiment are refused.
func TestBudgetFiles(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	file := func(name, strategy, version string, first, n uint64, won func(uint64) bool) string {
		h := testHeader(first, n)
		h.Strategy, h.StrategyVersion = strategy, version
		recs := plotRecords(first, n)
		for i := range recs {
			recs[i].Played, recs[i].Won = true, recs[i].Verdict == analysis.Winnable && won(recs[i].Game)
			recs[i].Moves = 4
			if !recs[i].Won {
				recs[i].Moves, recs[i].Left = 2, 4
			}
		}
		p := filepath.Join(dir, name)
		writeRecords(t, p, h, recs)
		return p
	}
	paths = append(paths,
		file("h256.jsonl", "hindsight", "1+samples=256", 1, 100, func(g uint64) bool { return g%2 == 0 }),
		file("h16a.jsonl", "hindsight", "1+samples=16", 1, 50, func(g uint64) bool { return g%5 == 0 }),
		file("l.jsonl", "lookahead", "1", 1, 100, func(g uint64) bool { return g%4 == 0 }),
		file("h16b.jsonl", "hindsight", "1+samples=16", 51, 50, func(g uint64) bool { return g%5 == 0 }),
		file("h.jsonl", "hindsight", "1", 1, 100, func(g uint64) bool { return g%3 != 0 }),
	)
	p, _, err := Files(context.Background(), paths, FilesOptions{Kind: "budget"})
	if err != nil {
		t.Fatal(err)
	}
	svg := svgText(t, p)
	// The bottom bar comes first in the SVG: the reverse of the order drawn.
	want := []string{">with peeking<", ">hindsight, 384 deals<", ">hindsight, 256 deals<", ">hindsight, 16 deals<", ">lookahead, 128 playouts<"}
	at := -1
	for _, w := range want {
		i := strings.Index(svg, w)
		if i <= at {
			t.Fatalf("%q at %d, after %d: want %q in order", w, i, at, want)
		}
		at = i
	}
	if !strings.Contains(svg, BudgetTitle) {
		t.Error("no title")
	}
	main := filepath.Join(dir, "main.jsonl")
	writeRecords(t, main, testHeader(1, 10), plotRecords(1, 10))
	if _, _, err := Files(context.Background(), []string{paths[0], main}, FilesOptions{Kind: "budget"}); !errors.Is(err, analysis.ErrNoPlay) {
		t.Errorf("a file of the main job: %v", err)
	}
	empty := filepath.Join(dir, "empty.jsonl")
	eh := testHeader(1, 10)
	eh.Strategy, eh.StrategyVersion = "hindsight", "1+samples=16"
	writeRecords(t, empty, eh, nil)
	for _, kind := range []string{"play", "budget"} {
		_, _, err := Files(context.Background(), []string{empty}, FilesOptions{Kind: kind})
		if !errors.Is(err, ErrNoPlays) || errors.Is(err, analysis.ErrNoPlay) || !strings.Contains(err.Error(), empty+": no board played yet") {
			t.Errorf("kind %s, a play file with no board yet: %v", kind, err)
		}
	}
	odd := file("odd.jsonl", "hindsight", "1+rollouts=5", 1, 10, func(uint64) bool { return false })
	if _, _, err := Files(context.Background(), []string{odd}, FilesOptions{Kind: "budget"}); err == nil || !strings.Contains(err.Error(), "does not name a budget") {
		t.Errorf("a version naming no budget: %v", err)
	}
	h := testHeader(1, 10)
	h.Strategy, h.StrategyVersion, h.Seed = "hindsight", "1", 2
	other := filepath.Join(dir, "other.jsonl")
	writeRecords(t, other, h, plotRecords(1, 10))
	if _, _, err := Files(context.Background(), []string{paths[0], other}, FilesOptions{Kind: "budget"}); err == nil || !strings.Contains(err.Error(), "cannot compare") {
		t.Errorf("another seed: %v", err)
	}
}
