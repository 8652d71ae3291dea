package tw16

import (
	"testing"

	"github.com/mjsolve/mjsolve"
)

func TestWaitsKnown(t *testing.T) {
	for _, c := range []struct {
		hand, visible string
		want          string // "kind:remaining:shapes ..." in kind order
		single        bool
	}{
		// 16 tiles: five sets and a lone tile wait on its pair.
		{"123456789m123456p1z", "", "1z:3:single", true},
		// Two-sided 23m plus a pair.
		{"123456789p111s23m55z", "", "1m:4:two-sided 4m:4:two-sided", false},
		// Edge 12m, closed 46m.
		{"123456789p111s12m55z", "", "3m:4:edge", true},
		{"123456789p111s46m55z", "", "5m:4:closed", true},
		{"123456789p111s89m55z", "", "7m:4:edge", true},
		// Dual pong.
		{"123456789p111s55m77z", "", "5m:2:dual-pong 7z:2:dual-pong", false},
		// 1112m: single on 2m, edge on 3m... and 111+2: 2m pair, 3m with 12.
		{"123456789p111s1112m", "", "2m:3:single 3m:4:edge", false},
		// 2345m: a single wait on two kinds (延長單騎).
		{"123456789p111s2345m", "", "2m:3:single 5m:3:single", false},
		// 3456m + 7m... 34567m? 5 tiles; 345m + 67m: 5m? 34567 waits 2,5,8.
		{"123456789p111s4567m", "", "4m:3:single 7m:3:single", false},
		{"123456789p11s34567m", "", "2m:4:two-sided 5m:3:two-sided 8m:4:two-sided", false},
		// 1123m waits on 1m (11+123: the pair or the low end of 23) and 4m.
		{"123456789p111s1123m", "", "1m:2:two-sided+single 4m:4:two-sided", false},
		// The visible tiles take copies away; a dead wait stays listed.
		{"123456789p111s55m77z", "5m5m", "5m:0:dual-pong 7z:2:dual-pong", true},
		// Four copies held: the other kind cannot come, 獨聽 in the count sense.
		{"123456789p1111m23m5z", "", "5z:3:single", true},
		// Four tiles: 1234m waits on 1m and 4m, a single wait each.
		{"1234m", "", "1m:3:single 4m:3:single", false},
		{"2233m", "", "2m:2:dual-pong 3m:2:dual-pong", false},
		// Four pairs in four parts: not tenpai, though every part but the
		// honors is complete by itself and 2233z+2z is.
		{"55m77889999p44s2233z", "", "", false},
		// One tile.
		{"5z", "", "5z:3:single", true},
	} {
		h := mjsolve.MustParseCounts(c.hand)
		var vis *mjsolve.Counts
		if c.visible != "" {
			v := mjsolve.MustParseCounts(c.visible)
			v.AddCounts(h)
			vis = &v
		}
		w, err := Waits(h, vis)
		if err != nil {
			t.Errorf("Waits(%s): %v", c.hand, err)
			continue
		}
		got := ""
		for i, x := range w.Waits() {
			if i > 0 {
				got += " "
			}
			got += x.Kind.String() + ":" + itoa(x.Remaining) + ":" + x.Shapes.String()
		}
		if got != c.want || w.Single != c.single || (w.Shanten != 0) != (c.want == "") {
			t.Errorf("Waits(%s, visible %q) = %q single %v shanten %d, want %q single %v",
				c.hand, c.visible, got, w.Single, w.Shanten, c.want, c.single)
		}
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}
