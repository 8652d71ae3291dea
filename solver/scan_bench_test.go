package solver

import (
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

// loadedCore returns a solver core loaded with turtle game 1 of the
// mjsolver dealer.
func loadedCore(t testing.TB) *core {
	g, deals := turtleBoards(t, 1, 1)
	s := New(g)
	board, _ := solitaire.NewBoard(g, deals[0])
	var grp [256]uint8
	for i, x := range board.Groups {
		grp[i] = uint8(x)
	}
	present := low3(board.Present)
	s.c.load(grp[:g.N], &present)
	return s.c
}

// BenchmarkScan times one relaxed prune scan of a full turtle board.
func BenchmarkScan(b *testing.B) {
	c := loadedCore(b)
	left := 0
	b.ReportAllocs()
	for b.Loop() {
		left += c.scan(false)
	}
	sink.MinLeft = left
}

// BenchmarkRandomGame times one random game with cleaning on a turtle board.
func BenchmarkRandomGame(b *testing.B) {
	c := loadedCore(b)
	left := 0
	b.ReportAllocs()
	for b.Loop() {
		left += c.randomGame()
	}
	sink.MinLeft = left
}
