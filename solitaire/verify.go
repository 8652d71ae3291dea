package solitaire

import "fmt"

// Verify checks a claimed solution by replaying it on a copy of b's
// position (b is not changed). Every move must take two distinct tiles that
// are on the board, free and of the same group, and the board must be empty
// at the end. The error, an *InputError, names the first bad move, counting
// from 1, and why it is bad (wrapping CheckMove's error), or the tiles
// left.
func Verify(b *Board, moves []Move) error {
	c := *b // Play changes Present only
	for k, m := range moves {
		if err := c.CheckMove(m); err != nil {
			ie := err.(*InputError)
			return &InputError{Pkg: "solitaire", Msg: fmt.Sprintf("move %d (%v): %s", k+1, m, ie.Msg), Err: ie}
		}
		c.Play(m)
	}
	if n := c.Remaining(); n > 0 {
		return inputErrorf("%d tiles left on the board after %d moves", n, len(moves))
	}
	return nil
}
