package referee

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Transcripts are not writable by the group or by everyone (atomicfile
// gives a new file the mode asked for, umask or not).
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
