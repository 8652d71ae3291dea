package solver

import (
	"os"
	"runtime"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

func loadedCore(t testing.TB) *core {
	g, deals := turtleBoards(t, 1, 1)
	s := New(g)
	board, _ := solitaire.NewBoard(g, deals[0])
	var grp [256]uint8
	for i, x := range board.Groups {
		grp[i] = uint8(x)
	}
	present := [3]uint64(board.Present)
	s.c.load(grp[:g.N], &present)
	return s.c
}

// TestMicro prints thread-CPU time per scan and per random game (scratch).
func TestMicro(t *testing.T) {
	if os.Getenv("MICRO") == "" {
		t.Skip()
	}
	runtime.LockOSThread()
	c := loadedCore(t)
	for range 3 {
		t0 := threadCPU()
		for range 200000 {
			c.scan(false)
		}
		t1 := threadCPU()
		for range 20000 {
			c.randomGame()
		}
		t2 := threadCPU()
		t.Logf("scan %v, random game %v", (t1-t0)/200000, (t2-t1)/20000)
	}
}
