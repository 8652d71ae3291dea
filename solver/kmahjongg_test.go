package solver

import (
	"context"
	"os"
	"testing"

	"github.com/mjsolve/mjsolve/internal/gametest"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// TestKMahjonggLayouts reads, deals and solves every installed KMahjongg
// layout, those of more than one deck (up to 228 tiles, groups of 4, 6 and
// 8 tiles) too: of games 1 to 6 of the pcg dealer, at least two must be
// decided within 40,000 scans (a budget in scans, not time, so the test
// does not depend on the machine's load), and every winnable verdict must
// replay.
func TestKMahjonggLayouts(t *testing.T) {
	f := layouts.FinderFromEnv(os.Getenv)
	var entries []layouts.Entry
	for _, e := range f.List() {
		if e.Source == layouts.SourceKMahjongg {
			entries = append(entries, e)
		}
	}
	if len(entries) == 0 {
		gametest.Missing(t, "KMahjongg layouts are not installed (set MJSOLVE_GAMES_ROOT)")
	}
	big := 0
	for _, e := range entries {
		if e.Err != nil {
			t.Errorf("%s: %v", e.Name, e.Err)
			continue
		}
		g, err := solitaire.Compile(e.Layout)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		if g.N > solitaire.DeckTiles {
			big++
		}
		s := New(g)
		decided := 0
		for k := uint64(1); k <= 6 && decided < 2; k++ {
			b, err := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, k)
			if err != nil {
				t.Fatalf("%s game %d: %v", e.Name, k, err)
			}
			r := s.Solve(context.Background(), b, Options{MaxScans: 40000})
			if r.Verdict == Winnable {
				if err := solitaire.Verify(b, r.Moves); err != nil {
					t.Errorf("%s game %d: %v", e.Name, k, err)
				}
			}
			if r.Verdict != Unknown {
				decided++
			}
		}
		if decided < 2 {
			t.Errorf("%s (%d tiles): %d of games 1..6 decided within 40,000 scans", e.Name, g.N, decided)
		}
	}
	if len(entries) != 72 || big != 14 {
		t.Errorf("%d KMahjongg layouts, %d of more than 144 tiles; want 72 and 14", len(entries), big)
	}
}
