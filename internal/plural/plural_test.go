package plural

import (
	"math"
	"testing"
)

func TestCount(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Count(0, "board"), "0 boards"},
		{Count(1, "board"), "1 board"},
		{Count(2, "move"), "2 moves"},
		{Count(int64(-1), "tile"), "-1 tiles"},
		{Count(uint64(math.MaxUint64), "game"), "18446744073709551615 games"},
		{Count(uint64(1), "game"), "1 game"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
