package solitaire

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

// testLayout returns a hand-made layout: a row of four tiles with two tiles
// on top, each over two of them.
//
//	level 1:  .[4]. .[5].
//	level 0: [0][1] [2][3]
func testLayout() *layouts.Layout {
	return &layouts.Layout{Name: "test6", Slots: []layouts.Slot{
		{X: 0, Y: 0, Z: 0}, {X: 2, Y: 0, Z: 0}, {X: 4, Y: 0, Z: 0}, {X: 6, Y: 0, Z: 0},
		{X: 1, Y: 0, Z: 1}, {X: 5, Y: 0, Z: 1},
	}}
}

// randomLayout returns a layout of about n tiles (an even number) on up
// to three levels at random half-tile positions, with no two tiles of a
// level overlapping. Tiles need not rest on anything: the free rule does
// not care.
func randomLayout(r *rand.Rand, n int) *layouts.Layout {
	l := &layouts.Layout{Name: "random"}
	for tries := 0; len(l.Slots) < n && tries < 50*n; tries++ {
		s := layouts.Slot{X: r.IntN(14), Y: r.IntN(8), Z: r.IntN(3)}
		ok := true
		for _, o := range l.Slots {
			if o.Z == s.Z && abs(o.X-s.X) <= 1 && abs(o.Y-s.Y) <= 1 {
				ok = false
				break
			}
		}
		if ok {
			l.Slots = append(l.Slots, s)
		}
	}
	if len(l.Slots)%2 != 0 {
		l.Slots = l.Slots[:len(l.Slots)-1]
	}
	return l
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// freeRef is the free rule of DESIGN.md straight from the coordinates.
func freeRef(slots []layouts.Slot, present []bool, i int) bool {
	a := slots[i]
	left, right := false, false
	for j, b := range slots {
		if !present[j] || j == i {
			continue
		}
		dx, dy := b.X-a.X, b.Y-a.Y
		if abs(dy) > 1 {
			continue
		}
		if b.Z > a.Z && abs(dx) <= 1 {
			return false
		}
		if b.Z == a.Z && dx == -2 {
			left = true
		}
		if b.Z == a.Z && dx == 2 {
			right = true
		}
	}
	return !left || !right
}

// standardDeal deals groups in slot order: 0 0 0 0 1 1 1 1 …
func standardDeal(n int) []Group {
	g := make([]Group, n)
	for i := range g {
		g[i] = Group(i / 4)
	}
	return g
}

func mustCompile(t testing.TB, l *layouts.Layout) *Geometry {
	t.Helper()
	g, err := Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustBoard(t testing.TB, g *Geometry, groups []Group) *Board {
	t.Helper()
	b, err := NewBoard(g, groups)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// layoutFileBoard writes the layout file src at path, reads it back with
// layouts.Find and deals PCG game 1 on it.
func layoutFileBoard(t testing.TB, path, src string) (*layouts.Layout, *Board) {
	t.Helper()
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := layouts.Find(path)
	if err != nil {
		t.Fatal(err)
	}
	g := mustCompile(t, l)
	return l, mustBoard(t, g, PCG{}.Deal(1, g.N, nil))
}
