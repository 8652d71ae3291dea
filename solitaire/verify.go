package solitaire

import "fmt"

// Verify replays a claimed solution on a copy of b's position (b is not
// changed): every move must take two distinct tiles that are on the board,
// free and of the same group, and the board must be empty at the end. The
// error names the first bad move, counting from 1, and why it is bad.
func Verify(b *Board, moves []Move) error {
	c := *b // Play changes Present only
	for k, m := range moves {
		if err := c.CheckMove(m); err != nil {
			return fmt.Errorf("solitaire: move %d (%v): %w", k+1, m, err)
		}
		c.Play(m)
	}
	if n := c.Remaining(); n > 0 {
		return fmt.Errorf("solitaire: %d tiles left on the board after %d moves", n, len(moves))
	}
	return nil
}
