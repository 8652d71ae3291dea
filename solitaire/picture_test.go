package solitaire

import (
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

func TestPicture(t *testing.T) {
	l, _ := layouts.Builtin("ends10")
	g := mustCompile(t, l)
	b := mustBoard(t, g, MJSolver{}.Deal(1, g.N, nil))
	b.Play(Move{3, 4})
	for _, c := range []struct {
		labels Labels
		want   string
	}{
		{FaceLabels, `level 0: 8 tiles, 6 on the board, 0 free
     1m  3m  1m
 ..              ..
     2m  3m  1m
level 1: 2 tiles, 2 on the board, 2 free
      [1m][2m]
`},
		{SlotLabels, `level 0: 8 tiles, 6 on the board, 0 free
      0   1   2
 ..              ..
      5   6   7
level 1: 2 tiles, 2 on the board, 2 free
      [ 8][ 9]
`},
	} {
		if got := b.Picture(c.labels); got != c.want {
			t.Errorf("Picture(%d) =\n%s\nwant\n%s", c.labels, got, c.want)
		}
	}
}
