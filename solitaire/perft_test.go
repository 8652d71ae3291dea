package solitaire

import (
	"bytes"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

func turtle(t testing.TB) *Geometry {
	t.Helper()
	l, ok := layouts.Builtin("turtle")
	if !ok {
		t.Fatal("no built-in turtle")
	}
	return mustCompile(t, l)
}

func TestBuiltinsCompile(t *testing.T) {
	for _, name := range layouts.BuiltinNames() {
		l, _ := layouts.Builtin(name)
		g := mustCompile(t, l)
		if got, want := g.FreeIn(g.All).Count(), l.FreeAtStart(); got != want {
			t.Errorf("%s: %d free at start, layouts says %d", name, got, want)
		}
	}
	g := turtle(t)
	if g.N != 144 || g.FreeIn(g.All).Count() != 35 {
		t.Errorf("turtle: %d tiles, %d free", g.N, g.FreeIn(g.All).Count())
	}
}

// TestPerftTurtle counts move sequences on fixed deals of the turtle and
// compares them with the reference counter and with counts pinned here.
func TestPerftTurtle(t *testing.T) {
	g := turtle(t)
	for _, c := range []struct {
		dealer Dealer
		game   uint64
		want   []int // perft at depth 1, 2, …
	}{
		{MJSolver{}, 1, []int{11, 113, 1107, 10447, 95018}},
		{PCG{}, 1, []int{11, 113, 1115, 10722, 100991}},
	} {
		b := mustBoard(t, g, c.dealer.Deal(c.game, g.N, nil))
		for d := 1; d <= len(c.want); d++ {
			got := perft(t, b, d)
			if got != c.want[d-1] {
				t.Errorf("%v game %d depth %d: perft %d, want %d", c.dealer, c.game, d, got, c.want[d-1])
			}
			if d <= 4 {
				if ref := perftRef(b, d); got != ref {
					t.Errorf("%v game %d depth %d: perft %d, reference %d", c.dealer, c.game, d, got, ref)
				}
			}
		}
		if b.Present != g.All {
			t.Error("perft changed the board")
		}
	}
}

func TestReadBoardTurtle(t *testing.T) {
	g := turtle(t)
	b := mustBoard(t, g, MJSolver{}.Deal(3, g.N, nil))
	moves := b.Matches(nil)
	b.Play(moves[0])
	var buf bytes.Buffer
	b.WriteTo(&buf)
	c, err := ReadBoard(&buf, "turtle.board", nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Geo.Layout.Name != "turtle" || !slices.Equal(c.Groups, b.Groups) || c.Present != b.Present {
		t.Fatalf("read back a different board")
	}
}

// TestPerftBuiltins counts move sequences on the small built-in layouts,
// to the end of the game where the tree is small, against the reference.
func TestPerftBuiltins(t *testing.T) {
	for _, name := range layouts.BuiltinNames() {
		l, _ := layouts.Builtin(name)
		if len(l.Slots) > 40 {
			continue
		}
		g := mustCompile(t, l)
		depth := min(g.N/2, 5)
		for game := range uint64(3) {
			b := mustBoard(t, g, PCG{Seed: 11}.Deal(game, g.N, nil))
			got, want := perft(t, b, depth), perftRef(b, depth)
			if got != want {
				t.Errorf("%s game %d depth %d: perft %d, reference %d", name, game, depth, got, want)
			}
			if b.Present != g.All {
				t.Errorf("%s: perft changed the board", name)
			}
		}
	}
}
