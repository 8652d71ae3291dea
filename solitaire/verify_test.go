package solitaire

import (
	"errors"
	"testing"
)

func TestVerify(t *testing.T) {
	g := mustCompile(t, testLayout())
	// Slots: 0 1 2 3 on level 0, 4 over 0-1, 5 over 2-3.
	b := mustBoard(t, g, []Group{0, 1, 1, 0, 0, 0})
	for _, c := range []struct {
		moves []Move
		want  string
	}{
		{[]Move{{4, 5}, {0, 3}, {1, 2}}, ""},
		{[]Move{{4, 5}, {0, 3}, {2, 1}}, ""},
		{[]Move{{4, 5}, {1, 2}, {0, 3}}, "solitaire: move 2 (1-2): tile 1 (2m) is not free"},
		{[]Move{{0, 3}}, "solitaire: move 1 (0-3): tile 0 (1m) is not free"},
		{[]Move{{4, 5}, {0, 1}}, "solitaire: move 2 (0-1): tiles 0 (1m) and 1 (2m) do not match"},
		{[]Move{{4, 5}, {0, 3}, {1, 2}, {1, 2}}, "solitaire: move 4 (1-2): tile 1 is already removed"},
		{[]Move{{4, 5}, {3, 3}}, "solitaire: move 2 (3-3): both tiles are slot 3"},
		{[]Move{{4, 6}}, "solitaire: move 1 (4-6): no slot 6 on a layout of 6 tiles"},
		{[]Move{{4, 5}, {0, 3}}, "solitaire: 2 tiles left on the board after 2 moves"},
		{nil, "solitaire: 6 tiles left on the board after 0 moves"},
	} {
		err := Verify(b, c.moves)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Verify(%v): %v", c.moves, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("Verify(%v) = %v, want %q", c.moves, err, c.want)
		}
		if b.Present != g.All {
			t.Fatalf("Verify changed the board")
		}
	}
	// From a position in the middle of a game.
	b.Play(Move{4, 5})
	if err := Verify(b, []Move{{0, 3}, {1, 2}}); err != nil {
		t.Errorf("Verify from the middle: %v", err)
	}
	if err := Verify(b, []Move{{4, 5}}); err == nil || err.Error() != "solitaire: move 1 (4-5): tile 4 is already removed" {
		t.Errorf("Verify of a removed tile: %v", err)
	}
}

// TestCheckMoveError: CheckMove's errors are the package's input errors,
// prefixed "solitaire: " as every error of the package, with the reason
// alone as Reason; Verify's message around them is unchanged.
func TestCheckMoveError(t *testing.T) {
	g := mustCompile(t, testLayout())
	b := mustBoard(t, g, []Group{0, 1, 1, 0, 0, 0})
	for _, c := range []struct {
		m    Move
		want string
	}{
		{Move{4, 6}, "no slot 6 on a layout of 6 tiles"},
		{Move{3, 3}, "both tiles are slot 3"},
		{Move{0, 3}, "tile 0 (1m) is not free"},
		{Move{4, 1}, "tiles 4 (1m) and 1 (2m) do not match"},
	} {
		err := b.CheckMove(c.m)
		ie, ok := errors.AsType[*InputError](err)
		if !ok || err.Error() != "solitaire: "+c.want || ie.Msg != c.want {
			t.Errorf("CheckMove(%v) = %v, want the *InputError %q", c.m, err, "solitaire: "+c.want)
		}
		if err := Verify(b, []Move{c.m}); err == nil || err.Error() != "solitaire: move 1 ("+c.m.String()+"): "+c.want {
			t.Errorf("Verify(%v) = %v", c.m, err)
		}
	}
	if err := b.CheckMove(Move{4, 5}); err != nil {
		t.Errorf("CheckMove of a legal move: %v", err)
	}
}
