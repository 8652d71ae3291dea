package solitaire

import (
	"testing"

	"github.com/mjsolve/mjsolve/internal/golden"
	"github.com/mjsolve/mjsolve/layouts"
)

func TestPicture(t *testing.T) {
	l, _ := layouts.Builtin("ends10")
	g := mustCompile(t, l)
	b := mustBoard(t, g, MJSolver{}.Deal(1, g.N, nil))
	b.Play(Move{3, 4})
	for _, c := range []struct {
		labels Labels
		golden string // the expected picture: testdata/NAME.golden
	}{
		{FaceLabels, "picture-faces"},
		{SlotLabels, "picture-slots"},
	} {
		golden.Check(t, c.golden, b.Picture(c.labels))
	}
}
