package referee

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRunRemovesStaleTranscripts: the temporary transcripts a match killed
// mid-hand left in LogDir are removed before the next match and reported
// through OnRemoved; files that only look like them are left alone.
func TestRunRemovesStaleTranscripts(t *testing.T) {
	dir := t.TempDir()
	stale := []string{".hand-0001.txt.zst.tmp123456", ".hand-12345.txt.zst.tmp7"}
	keep := []string{".hand-0001.txt.zst.tmp", ".hand-0001.txt.zst.tmp12x", ".hand-x.txt.zst.tmp1",
		"hand-0001.txt.zst.tmp1", ".hand-01.txt.zst.tmp1", ".other.tmp1", "notes.txt"}
	for _, n := range append(slices.Clone(stale), keep...) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, ".hand-0002.txt.zst.tmp1"), 0o755); err != nil {
		t.Fatal(err)
	}
	keep = append(keep, ".hand-0002.txt.zst.tmp1")
	o := Options{Hands: 1, Seed: 2, LogDir: dir, MoveTime: easyMoveTime}
	for p := range o.Players {
		o.Players[p] = Player{Name: "draw-discard", Command: "testdata/draw-discard.sh"}
	}
	var removed []string
	o.OnRemoved = func(path string) { removed = append(removed, path) }
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, n := range stale {
		want = append(want, filepath.Join(dir, n))
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s is still there", n)
		}
	}
	slices.Sort(removed)
	if !slices.Equal(removed, want) {
		t.Errorf("removed %q, want %q", removed, want)
	}
	for _, n := range append(keep, "hand-0001.txt.zst") {
		if _, err := os.Lstat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}

// TestTranscriptPermissions: transcripts are not writable by the group
// or by everyone (atomicfile gives a new file the mode asked for, umask or
// not).
func TestTranscriptPermissions(t *testing.T) {
	dir := t.TempDir()
	o := Options{Hands: 1, Seed: 4, LogDir: dir, MoveTime: easyMoveTime}
	for p := range o.Players {
		o.Players[p] = Player{Name: "greedy", Command: greedyCommand(t, false)}
	}
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(dir, "hand-0001.txt.zst"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("transcript mode %v, want -rw-r--r--", fi.Mode().Perm())
	}
}
