package answer

import (
	"errors"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// BoardChoice deals the board Deal deals, reads back a board file written
// from it, and names the bad field of each wrong choice.
func TestBoardChoice(t *testing.T) {
	f := &layouts.Finder{}
	want, _, err := BoardChoice{Layout: "ends10", Game: 5, Deal: "mjsolver"}.Board(f)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := layouts.Builtin("ends10")
	dealt, about, _ := Deal(l, solitaire.MJSolver{}, 5)
	if about != "game 5, deal mjsolver" || !equalGroups(want, dealt) {
		t.Errorf("dealt %q %v, want %v", about, want.Groups, dealt.Groups)
	}
	name := filepath.Join(t.TempDir(), "b.board")
	if err := solitaire.WriteBoardFile(name, want, "", f); err != nil {
		t.Fatal(err)
	}
	got, about, err := BoardChoice{File: name}.Board(f)
	if err != nil || about != "from "+name || !equalGroups(got, want) {
		t.Errorf("read back %q, %v: %v, want %v", about, err, got, want.Groups)
	}
	for _, c := range []struct {
		choice BoardChoice
		field  string
	}{
		{BoardChoice{File: name, Given: []string{"layout"}}, "file"},
		{BoardChoice{Layout: "tiny8", Deal: "glibc"}, "deal"},
		{BoardChoice{Layout: "tiny8", Deal: "mjsolver", Given: []string{"seed"}}, "seed"},
		{BoardChoice{Layout: "tiny8", Deal: "mjsolver", Game: 1 << 40}, "game"},
	} {
		_, _, err := c.choice.Board(f)
		if fe, ok := errors.AsType[*solitaire.InputError](err); !ok || fe.Field != c.field {
			t.Errorf("%+v: %v, want a *solitaire.InputError of %s", c.choice, err, c.field)
		}
	}
	if _, _, err := (BoardChoice{Layout: "nowhere"}).Board(f); !isInputOf(err, "layouts") {
		t.Errorf("an unknown layout: %v", err)
	}
	if _, _, err := (BoardChoice{File: name + ".missing"}).Board(f); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing board file: %v", err)
	}
}

// equalGroups reports whether two boards hold the same faces in the same slots.
func equalGroups(a, b *solitaire.Board) bool {
	if a == nil || b == nil || len(a.Groups) != len(b.Groups) {
		return false
	}
	for i := range a.Groups {
		if a.Groups[i] != b.Groups[i] {
			return false
		}
	}
	return true
}

// isInputOf says whether err is or wraps the bad input of package pkg.
func isInputOf(err error, pkg string) bool {
	ie, ok := errors.AsType[*layouts.InputError](err)
	return ok && ie.Pkg == pkg
}
