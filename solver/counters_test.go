package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

// The scan and random games push a tile when a drop of one of its counters
// frees it: isFree after a cover drop, freedRight after a right drop,
// freedLeft after a left drop. Each must say exactly "free now and not
// before", and never free a tile off the board.
func TestFreedAfterADrop(t *testing.T) {
	for cover := counters(0); cover < 5; cover++ {
		for left := counters(0); left < 5; left++ {
			for right := counters(0); right < 5; right++ {
				old := cover*dCover + left*dLeft + right*dRight
				for _, d := range []struct {
					name  string
					delta counters
					field counters
					freed func(counters) bool
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

// An empty neighbour place holds nobody, whose counters (nobodyCnt) are off
// the board: even the most drops one play could make (two per tile taken
// off, by the largest side drop) leave it off the board, never freed.
func TestNobodyNeverFreed(t *testing.T) {
	c := counters(nobodyCnt)
	for range 2 * maxTiles {
		for _, d := range []counters{dLeft, dRight} {
			c -= d
			if isFree(c) || freedLeft(c) || freedRight(c) || c&goneBit == 0 {
				t.Fatalf("nobody's counters %#x: freed or back on the board", c)
			}
		}
	}
}

// TestLeanCounters: on the turtle the lean geometry drops the cover entries
// of tiles above another tile over the same one (60 of 96 left), and in
// positions reached by play its counters say free exactly where the board
// does; a position that play cannot reach is not closed.
func TestLeanCounters(t *testing.T) {
	g := turtle(t)
	s := New(g)
	entries := func(ge *geom) (k int) {
		for x := 0; x < g.N; x++ {
			k += int(ge.span[x][1] - ge.span[x][0])
		}
		return k
	}
	if l, f := entries(s.lean), entries(s.full); l != 60 || f != 96 {
		t.Fatalf("cover entries: lean %d, full %d; want 60 and 96", l, f)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	c := newCore(s.lean)
	for k := range 200 {
		b, _ := solitaire.NewBoard(g, solitaire.MJSolver{}.Deal(uint64(k), g.N, nil))
		randomPosition(rng, b, rng.IntN(g.N/2))
		present := low3(b.Present)
		if !s.lean.closed(&present) {
			t.Fatalf("deal %d: a position reached by play is not closed", k)
		}
		grp := make([]uint8, g.N)
		for i, gr := range b.Groups {
			grp[i] = uint8(gr)
		}
		c.load(grp, &present)
		for x := 0; x < g.N; x++ {
			if b.Present.Has(x) && isFree(c.pos.cnt[x]) != b.IsFree(x) {
				t.Fatalf("deal %d: slot %d free %v by the lean counters, %v on the board", k, x, isFree(c.pos.cnt[x]), b.IsFree(x))
			}
		}
	}
	// A tile gone while a tile over it stays.
	b, _ := solitaire.NewBoard(g, solitaire.MJSolver{}.Deal(1, g.N, nil))
	x := slices.IndexFunc(g.CoverList, func(l []int) bool { return len(l) > 0 })
	b.Present.Remove(x)
	present := low3(b.Present)
	if s.lean.closed(&present) {
		t.Errorf("slot %d gone under slot %d: the position is closed", x, g.CoverList[x][0])
	}
}

// coveredBy returns the tiles x covers as the scan reads them: packed in
// cover[x], or from eff when more than four.
func coveredBy(g *geom, x int) []uint8 {
	var out []uint8
	cv := g.cover[x]
	for cw := uint32(cv); cw != 0; cw >>= 8 {
		out = append(out, uint8(cw)-1)
	}
	for j := uint16(cv >> 32); j < uint16(cv>>48); j++ {
		out = append(out, g.eff[j])
	}
	return out
}

// TestPackedCovers: the scan's packed cover words list the same tiles as
// eff[span[x][0]:span[x][1]], in the lean and the full geometry, on the
// turtle and on random layouts (some of whose tiles cover more than four in
// the full geometry).
func TestPackedCovers(t *testing.T) {
	geos := []*solitaire.Geometry{}
	g, _ := turtleBoards(t, 1, 1)
	geos = append(geos, g)
	rng := rand.New(rand.NewPCG(11, 13))
	for range 30 {
		g, err := solitaire.Compile(randomLayout(rng, 4*(2+rng.IntN(7))))
		if err != nil {
			t.Fatal(err)
		}
		geos = append(geos, g)
	}
	more := 0
	for _, g := range geos {
		s := New(g)
		for _, gm := range []*geom{s.lean, s.full} {
			for x := 0; x < g.N; x++ {
				want := gm.eff[gm.span[x][0]:gm.span[x][1]]
				if got := coveredBy(gm, x); !slices.Equal(got, want) {
					t.Fatalf("%d tiles, slot %d: packed covers %v, want %v", g.N, x, got, want)
				}
				if len(want) > 4 {
					more++
				}
			}
		}
	}
	if more == 0 {
		t.Error("no tile covers more than four: the other way is not tested")
	}
}

// low3 is the core's bitset of a set of at most 192 slots.
func low3(s solitaire.Set) [3]uint64 { return [3]uint64{s[0], s[1], s[2]} }
