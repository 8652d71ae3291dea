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
	if _, _, err := Files(context.Background(), []string{"no-such-file"}, FilesOptions{Kind: "hard"}); err == nil || err.Error() != `analysis: plot: unknown kind "hard" (want rate, time, difficulty, play)` {
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
		if kind == "play" {
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
