package solver

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// xmahjongg returns an installed Xmahjongg layout, or skips the test.
func xmahjongg(t testing.TB, name string) *solitaire.Geometry {
	t.Helper()
	roots := append(strings.Split(os.Getenv("MJSOLVE_GAMES_ROOT"), ":"), "/")
	for _, root := range roots {
		if root == "" {
			continue
		}
		file := filepath.Join(root, "usr/share/games/xmahjongg/layouts", name)
		f, err := os.Open(file)
		if err != nil {
			continue
		}
		defer f.Close()
		l := &layouts.Layout{Name: "xmahjongg/" + name, Source: file}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var row, col, lev int
			if _, err := fmt.Sscan(sc.Text(), &row, &col, &lev); err == nil {
				l.Slots = append(l.Slots, layouts.Slot{X: col, Y: row, Z: lev})
			}
		}
		g, err := solitaire.Compile(l)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	t.Skipf("no Xmahjongg layout %q installed (apt-get install xmahjongg)", name)
	return nil
}

// de Bondt's solver finds these games of the mjsolver dealer impossible on
// the Xmahjongg default layout, among games 1..500.
var debondtImpossible = []int{25, 34, 69, 83, 105, 113, 139, 172, 175, 247, 262, 272, 279, 330, 336, 338, 374, 382, 386, 422, 441, 492}

func TestDeBondtDefault500(t *testing.T) {
	g := xmahjongg(t, "default")
	s := New(g)
	var groups []solitaire.Group
	b, _ := solitaire.NewBoard(g, solitaire.MJSolver{}.Deal(1, g.N, nil))
	var got []int
	for k := 1; k <= 500; k++ {
		groups = solitaire.MJSolver{}.Deal(uint64(k), g.N, groups)
		if err := b.Redeal(groups); err != nil {
			t.Fatal(err)
		}
		r := s.Solve(context.Background(), b, Options{})
		switch r.Verdict {
		case Impossible:
			got = append(got, k)
		case Winnable:
			if err := solitaire.Verify(b, r.Moves); err != nil {
				t.Fatalf("game %d: %v", k, err)
			}
		default:
			t.Fatalf("game %d: %v", k, r.Verdict)
		}
	}
	if !slices.Equal(got, debondtImpossible) {
		t.Errorf("impossible games %v, want %v", got, debondtImpossible)
	}
}
