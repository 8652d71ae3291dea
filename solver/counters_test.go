package solver

import "testing"

// The scan and random games push a tile when a drop of one of its counters
// frees it: isFree after a cover drop, freedRight after a right drop,
// freedLeft after a left drop. Each must say exactly "free now and not
// before", and never free a tile off the board.
func TestFreedAfterADrop(t *testing.T) {
	for cover := uint32(0); cover < 5; cover++ {
		for left := uint32(0); left < 5; left++ {
			for right := uint32(0); right < 5; right++ {
				old := cover*dCover + left*dLeft + right*dRight
				for _, d := range []struct {
					name  string
					delta uint32
					field uint32
					freed func(uint32) bool
				}{
					{"cover", dCover, cover, isFree},
					{"right", dRight, right, freedRight},
					{"left", dLeft, left, freedLeft},
				} {
					if d.field == 0 {
						continue
					}
					nw := old - d.delta
					want := isFree(nw) && !isFree(old)
					if got := d.freed(nw); got != want {
						t.Errorf("cover %d left %d right %d, a %s drop: freed %v, want %v", cover, left, right, d.name, got, want)
					}
					if d.freed(nw | goneBit) {
						t.Errorf("cover %d left %d right %d, a %s drop: a tile off the board freed", cover, left, right, d.name)
					}
				}
			}
		}
	}
}

// makeFirst(g, p) must give group g the same pairs as its pairing p, for
// groups of four and of three tiles (the tile that stays included).
func TestMakeFirst(t *testing.T) {
	c := loadedCore(t)
	for _, n := range []uint8{3, 4} {
		g := c.srch.order[0]
		c.pos.gn[g] = n
		for p := uint8(1); p <= 3; p++ {
			c.setPairing(g, p)
			var want [4]uint8
			tiles := c.srch.gt[g]
			for i := range n {
				want[i] = c.srch.partner[tiles[i]]
			}
			c.makeFirst(g, p)
			for i := range n {
				if got := c.srch.partner[tiles[i]]; got != want[i] {
					t.Errorf("group of %d, pairing %d: tile %d partner %d after makeFirst, want %d", n, p, tiles[i], got, want[i])
				}
			}
			if c.srch.pairing[g] != 1 {
				t.Errorf("group of %d, pairing %d: pairing %d after makeFirst", n, p, c.srch.pairing[g])
			}
		}
		c.unpair(g)
	}
}

// An empty neighbour place holds nobody, whose counters (nobodyCnt) the
// scan drops without a test: the most drops one play can make (two per
// tile taken off, by the largest drop) leave it off the board, never freed.
func TestNobodyNeverFreed(t *testing.T) {
	c := uint32(nobodyCnt)
	for range 2 * maxTiles {
		for _, d := range []uint32{dLeft, dRight} {
			c -= d
			if isFree(c) || freedLeft(c) || freedRight(c) || c&goneBit == 0 {
				t.Fatalf("nobody's counters %#x: freed or back on the board", c)
			}
		}
	}
}
