package solitaire

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/internal/gametest"
	"github.com/mjsolve/mjsolve/layouts"
)

// TestInstalledLayouts compiles every installed layout (KMahjongg's of
// more than 144 tiles too), checks its free tiles at the start against package layouts and
// perft to depth 2 against the reference on a deal, and round-trips a
// board file through the layout's name.
func TestInstalledLayouts(t *testing.T) {
	var entries []layouts.Entry
	xmahjongg := 0
	f := layouts.FinderFromEnv(os.Getenv)
	for _, e := range f.List() {
		if e.Source == layouts.SourceBuiltin || e.Err != nil {
			continue
		}
		entries = append(entries, e)
		if e.Source == layouts.SourceXmahjongg {
			xmahjongg++
		}
	}
	if len(entries) == 0 {
		gametest.Missing(t, "no installed Mahjong layouts (install xmahjongg, or set MJSOLVE_GAMES_ROOT)")
	}
	if xmahjongg > 0 && xmahjongg != 24 {
		t.Errorf("%d Xmahjongg layouts, want 24", xmahjongg)
	}
	for _, e := range entries {
		g, err := Compile(e.Layout)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		if e.Source == layouts.SourceXmahjongg && g.N != 144 {
			t.Errorf("%s: %d tiles", e.Name, g.N)
		}
		if got, want := g.FreeIn(g.All).Count(), e.Layout.FreeAtStart(); got != want {
			t.Errorf("%s: %d free at start, layouts says %d", e.Name, got, want)
		}
		b := mustBoard(t, g, MJSolver{}.Deal(1, g.N, nil))
		if got, want := perft(t, b, 2), perftRef(b, 2); got != want {
			t.Errorf("%s: perft 2 = %d, reference %d", e.Name, got, want)
		}
		if ref := LayoutRef(e.Layout, f); ref != e.Name {
			t.Errorf("%s: board files refer to it as %q", e.Name, ref)
		}
		var buf bytes.Buffer
		WriteBoard(&buf, b, f)
		c, err := ReadBoard(&buf, e.Name+".board", f)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		if !slices.Equal(c.Groups, b.Groups) || !slices.Equal(c.Geo.Layout.Slots, e.Layout.Slots) {
			t.Errorf("%s: board file read back differs", e.Name)
		}
	}
}
