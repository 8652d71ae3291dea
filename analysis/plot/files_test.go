package plot

import (
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
)

// Files refuses an unknown kind before reading any file, and names the
// files of a difficulty plot that cannot be read.
func TestFilesErrors(t *testing.T) {
	if _, _, err := Files([]string{"no-such-file"}, FilesOptions{Kind: "hard"}); err == nil || err.Error() != `analysis: plot: unknown kind "hard" (want rate, time, difficulty, play)` {
		t.Errorf("kind hard: %v", err)
	}
	for _, kind := range Kinds {
		if _, _, err := Files([]string{"no-such-file"}, FilesOptions{Kind: kind}); err == nil || !strings.Contains(err.Error(), "no-such-file") {
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
