package solitaire

import (
	"errors"
	"testing"
)

// Each way a list of removed slots can be impossible is an *InputError
// whose *RemovedError points at the slot at fault (or -1 for the whole list), and leaves
// the board as it was; a possible list takes exactly its slots off.
func TestRemoveTiles(t *testing.T) {
	// test6: slots 0-3 in a row, 4 over 0 and 1, 5 over 2 and 3.
	g, err := Compile(testLayout())
	if err != nil {
		t.Fatal(err)
	}
	faces := []Group{0, 1, 1, 0, 0, 0} // 1m 2m 2m 1m 1m 1m
	for _, c := range []struct {
		removed []int
		index   int
		msg     string
	}{
		{[]int{4, 6}, 1, "no slot 6 on a layout of 6 tiles"},
		{[]int{4, -1}, 1, "no slot -1 on a layout of 6 tiles"},
		{[]int{4, 5, 4}, 2, "slot 4 removed twice"},
		{[]int{4}, -1, "an odd number of 1m tiles removed (tiles go in pairs)"},
		{[]int{0, 3}, 0, "slot 0 cannot have been removed: slot 4 above it is still on the board"},
	} {
		b, err := NewBoard(g, faces)
		if err != nil {
			t.Fatal(err)
		}
		err = b.RemoveTiles(c.removed)
		var re *RemovedError
		if !errors.As(err, &re) || re.Index != c.index || re.Msg != c.msg || err.Error() != "solitaire: "+c.msg {
			t.Errorf("RemoveTiles(%v) = %v (%+v), want index %d and %q", c.removed, err, re, c.index, c.msg)
		}
		if b.Present != g.All {
			t.Errorf("RemoveTiles(%v) failed but changed the board", c.removed)
		}
	}
	row, _ := findTest("row 8")
	rg, err := Compile(row)
	if err != nil {
		t.Fatal(err)
	}
	rb, _ := NewBoard(rg, []Group{0, 1, 0, 1, 0, 1, 0, 1})
	err = rb.RemoveTiles([]int{0, 2, 7, 5})
	if re, ok := errors.AsType[*RemovedError](err); !ok || re.Index != 1 || re.Msg != "slot 2 cannot have been removed: slots 1 and 3 beside it are still on the board" {
		t.Errorf("a tile between two: %v", err)
	}
	b, _ := NewBoard(g, faces)
	if err := b.RemoveTiles([]int{4, 5, 0, 3}); err != nil {
		t.Fatal(err)
	}
	if got := b.Present.AppendTo(nil); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("after removing 4, 5, 0, 3 the board holds %v, want [1 2]", got)
	}
}
