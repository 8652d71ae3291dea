package gamedeal_test

import (
	"context"
	"os"
	"testing"

	"github.com/mjsolve/mjsolve/internal/gametest"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/gamedeal"
	"github.com/mjsolve/mjsolve/solver"
)

func geometry(t testing.TB, name string) *solitaire.Geometry {
	t.Helper()
	l, err := layouts.FinderFromEnv(os.Getenv).Find(name)
	if err != nil {
		gametest.Missing(t, "%s: %v", name, err)
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDealersTurtle: each game's dealer deals valid turtle deals, the same
// for the same game and different for another, and (the algorithms being
// complete on the turtle) every one is winnable.
func TestDealersTurtle(t *testing.T) {
	g := geometry(t, "turtle")
	s := solver.New(g)
	for _, name := range gamedeal.Names {
		d, err := gamedeal.New(name, g, 1)
		if err != nil {
			t.Fatal(err)
		}
		for game := uint64(1); game <= 40; game++ {
			deal, st := d.DealStats(game, nil)
			b, err := solitaire.NewBoard(g, deal)
			if err != nil {
				t.Fatalf("%s game %d: %v", name, game, err)
			}
			if r := s.Solve(context.Background(), b, solver.Options{}); r.Verdict != solver.Winnable {
				t.Errorf("%s game %d: %v (%+v)", name, game, r.Verdict, st)
			}
			again := d.Deal(game, g.N, nil)
			for i := range again {
				if again[i] != deal[i] {
					t.Fatalf("%s game %d dealt twice differs", name, game)
				}
			}
		}
	}
}

// TestKMahjonggBig: KMahjongg's dealer deals its large layouts with a
// second deck (groups of 4, 6 and 8 tiles); the others refuse them.
func TestKMahjonggBig(t *testing.T) {
	g := geometry(t, "kmahjongg/tower")
	d, err := gamedeal.New("kmahjongg", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	for game := uint64(1); game <= 5; game++ {
		deal, st := d.DealStats(game, nil)
		if err := solitaire.CheckDeal(deal, g.N); err != nil {
			t.Fatalf("game %d: %v (%+v)", game, err, st)
		}
	}
	for _, name := range []string{"gnome", "xmahjongg"} {
		if _, err := gamedeal.New(name, g, 1); err == nil {
			t.Errorf("%s dealt the tower", name)
		}
	}
	if _, err := gamedeal.New("pysol", g, 1); err == nil || err.Error() != `gamedeal: unknown dealer "pysol" (want kmahjongg, gnome, xmahjongg)` {
		t.Errorf("unknown dealer: %v", err)
	}
}

// TestKMahjonggAllLayouts deals game 1 of every installed KMahjongg layout
// with KMahjongg's generator and solves it: a valid deal on each of the 72
// (the 14 of more than 144 tiles with a second deck), and every one
// winnable, the generator being complete there. Eagle needs 266 attempts
// (KMahjongg itself gives up after 64).
func TestKMahjonggAllLayouts(t *testing.T) {
	n := 0
	for _, e := range layouts.FinderFromEnv(os.Getenv).List() {
		if e.Source != layouts.SourceKMahjongg || e.Err != nil {
			continue
		}
		n++
		g, err := solitaire.Compile(e.Layout)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := gamedeal.New("kmahjongg", g, 1)
		deal, st := d.DealStats(1, nil)
		b, err := solitaire.NewBoard(g, deal)
		if err != nil {
			t.Errorf("%s: %v (%+v)", e.Name, err, st)
			continue
		}
		if r := solver.New(g).Solve(context.Background(), b, solver.Options{MaxScans: 40000}); r.Verdict != solver.Winnable {
			t.Errorf("%s game 1: %v after %d attempts", e.Name, r.Verdict, st.Attempts)
		}
	}
	if n == 0 {
		gametest.Missing(t, "KMahjongg layouts are not installed (set MJSOLVE_GAMES_ROOT)")
	}
	if n != 72 {
		t.Errorf("%d KMahjongg layouts, want 72", n)
	}
}
