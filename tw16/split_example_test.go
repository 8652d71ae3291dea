package tw16_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// Weighing discards: the shanten after each discard of a 5-tile part, then
// which draws complete it after the best one; each step looks up one suit.
func ExampleSplit() {
	s, err := tw16.Forms{}.Split(mjsolve.MustParseCounts("23m 5p 77s"))
	if err != nil {
		fmt.Println(err)
		return
	}
	kinds, _ := mjsolve.ParseKinds("5p 2m 1m 4m 7s")
	for _, d := range kinds[:2] {
		t := s // a copy to try the discard on
		t.Remove(d)
		sh, _ := t.Shanten()
		fmt.Printf("discard %s: shanten %d\n", d, sh)
	}
	t := s
	t.Remove(kinds[0])
	for _, k := range kinds[2:] {
		u := t
		u.Add(k)
		sh, _ := u.Shanten()
		fmt.Printf("then draw %s: shanten %d\n", k, sh)
	}
	// Output:
	// discard 5p: shanten 0
	// discard 2m: shanten 1
	// then draw 1m: shanten -1
	// then draw 4m: shanten -1
	// then draw 7s: shanten 0
}
