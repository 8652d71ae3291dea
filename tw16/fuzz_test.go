package tw16

import (
	"testing"

	"github.com/mjsolve/mjsolve"
)

// countsOf turns fuzz bytes into a concealed part: byte i adds a tile of
// kind b mod 34, skipping a fifth copy, up to 17 tiles.
func countsOf(data []byte) mjsolve.Counts {
	var c mjsolve.Counts
	n := 0
	for _, b := range data {
		k := b % mjsolve.NumKinds
		if c[k] < 4 && n < 17 {
			c[k]++
			n++
		}
	}
	return c
}

// FuzzAnalyses checks shanten against the oracle on arbitrary hands, and
// that waits, effective tiles and advice agree with it.
func FuzzAnalyses(f *testing.F) {
	for _, s := range []string{"1111222233334444z", "1111m2222p33334444s", "11112222333444z12m", "123456789m123456p1z", "5z", "11m"} {
		c := mjsolve.MustParseCounts(s)
		var data []byte
		for _, k := range c.Kinds() {
			data = append(data, byte(k))
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := countsOf(data)
		n := c.Total()
		sh, err := Shanten(c)
		if n%3 == 0 {
			if err == nil {
				t.Fatalf("%s: %d tiles accepted", c, n)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		if want := oracleReplacement(&c, n/3) - 1; sh != want {
			t.Fatalf("%s: shanten %d, oracle %d", c, sh, want)
		}
		if n%3 == 1 {
			e, err := Effective(c, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkEffective(t, c, &e)
			w, err := Waits(c, nil)
			if err != nil || w.Shanten != sh || (sh == 0 && w.Kinds != e.Kinds) {
				t.Fatalf("%s: waits %s (%v), effective %s", c, w.Kinds, err, e.Kinds)
			}
			return
		}
		a, err := Advise(c, nil, nil)
		if err != nil || a.Shanten != sh {
			t.Fatalf("%s: advice shanten %d (%v), want %d", c, a.Shanten, err, sh)
		}
		checkBest(t, Forms{}, c, nil, nil)
	})
}
