package solver

import (
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

// The solver's isFree reads the free-tile rule off packed counters for
// speed; it must say what layouts.IsFree says for every count of covering,
// left and right tiles, and never call a tile off the board free.
func TestIsFreeFollowsTheRule(t *testing.T) {
	for cover := counters(0); cover < 6; cover++ {
		for left := counters(0); left < 6; left++ {
			for right := counters(0); right < 6; right++ {
				c := cover*dCover + left*dLeft + right*dRight
				if got, want := isFree(c), layouts.IsFree(cover > 0, left > 0, right > 0); got != want {
					t.Errorf("isFree(cover %d, left %d, right %d) = %v, the rule says %v", cover, left, right, got, want)
				}
				if isFree(c | goneBit) {
					t.Errorf("isFree(cover %d, left %d, right %d, gone) = true", cover, left, right)
				}
			}
		}
	}
}
