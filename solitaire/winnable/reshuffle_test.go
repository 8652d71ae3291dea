package winnable_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/winnable"
)

// stuck plays random matches on b until none is left.
func stuck(r *rand.Rand, b *solitaire.Board) {
	var buf []solitaire.Move
	for {
		buf = b.Matches(buf[:0])
		if len(buf) == 0 {
			return
		}
		b.Play(buf[r.IntN(len(buf))])
	}
}

// TestReshuffleStuck reshuffles 1,000 stuck positions (random play until
// no match is left) of turtle deals: every result is winnable (its
// solution replays under the free rule), its faces are a permutation of
// the faces left, and the removed tiles are as they were.
func TestReshuffleStuck(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	g := geometry(t, "turtle")
	r := rand.New(rand.NewPCG(22, 4))
	uniform, built, none, cleared, tries := 0, 0, 0, 0, 0
	for k := range n {
		b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 9}, uint64(k))
		stuck(r, b)
		if b.Remaining() == 0 {
			cleared++
			continue
		}
		before := b.Clone()
		res, err := winnable.Reshuffle(context.Background(), b, winnable.ReshuffleOptions{})
		if errors.Is(err, winnable.ErrNoRearrangement) {
			// Checked by trying every order of taking off two free tiles
			// at a time, all tiles matching.
			if blankClearable(b.Geo, b.Present) {
				t.Fatalf("game %d: no rearrangement, but the %d tiles left can be cleared", k, b.Remaining())
			}
			none++
			continue
		}
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		if !slices.Equal(b.Groups, before.Groups) || b.Present != before.Present {
			t.Fatalf("game %d: Reshuffle changed its input", k)
		}
		c := res.Board
		if c.Present != b.Present {
			t.Fatalf("game %d: tiles on the board changed", k)
		}
		var left, got []solitaire.Group
		for i := range g.N {
			if !b.Present.Has(i) {
				if c.Groups[i] != b.Groups[i] {
					t.Fatalf("game %d: removed slot %d changed", k, i)
				}
				continue
			}
			left = append(left, b.Groups[i])
			got = append(got, c.Groups[i])
		}
		slices.Sort(left)
		slices.Sort(got)
		if !slices.Equal(left, got) {
			t.Fatalf("game %d: faces %v, want a permutation of %v", k, got, left)
		}
		if err := solitaire.Verify(c, res.Moves); err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		if res.Uniform {
			uniform++
			tries += res.Tries
		} else {
			built++
		}
	}
	t.Logf("%d deals played at random until stuck: %d cleared, %d with no winnable rearrangement, %d reshuffled by a uniform draw (%.1f draws each), %d built",
		n, cleared, none, uniform, float64(tries)/float64(uniform), built)
	if uniform == 0 || none == 0 {
		t.Error("the test should meet uniform draws and positions with no rearrangement")
	}
}

// blankClearable reports whether the tiles of on can all be taken off two
// free tiles at a time: every order, plainly (for the few tiles of a
// position with no winnable rearrangement).
func blankClearable(g *solitaire.Geometry, on solitaire.Set) bool {
	if on.IsEmpty() {
		return true
	}
	b := &solitaire.Board{Geo: g, Groups: make([]solitaire.Group, g.N), Present: on}
	free := b.Free().AppendTo(nil)
	for x, a := range free {
		for _, c := range free[x+1:] {
			next := on
			next.Remove(a)
			next.Remove(c)
			if blankClearable(g, next) {
				return true
			}
		}
	}
	return false
}

// TestReshuffleNone: two tiles one on the other (the rest removed) have no
// winnable rearrangement, and a position with a stack of three and one
// tile beside it neither; a position of two free tiles has one.
func TestReshuffleNone(t *testing.T) {
	l := &layouts.Layout{Name: "stacks", Slots: []layouts.Slot{{X: 0, Y: 0, Z: 0}, {X: 0, Y: 0, Z: 1}, {X: 0, Y: 0, Z: 2}, {X: 4, Y: 0, Z: 0}}}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	b := &solitaire.Board{Geo: g, Groups: []solitaire.Group{0, 0, 1, 1}, Present: g.All}
	if _, err := winnable.Reshuffle(context.Background(), b, winnable.ReshuffleOptions{}); !errors.Is(err, winnable.ErrNoRearrangement) {
		t.Errorf("stack of three and one: %v", err)
	}
	b.Present = solitaire.SetOf(0, 1)
	b.Groups = []solitaire.Group{0, 0, 1, 1}
	if _, err := winnable.Reshuffle(context.Background(), b, winnable.ReshuffleOptions{}); !errors.Is(err, winnable.ErrNoRearrangement) {
		t.Errorf("stack of two: %v", err)
	}
	b.Present = solitaire.SetOf(2, 3)
	res, err := winnable.Reshuffle(context.Background(), b, winnable.ReshuffleOptions{})
	if err != nil || !res.Uniform || solitaire.Verify(res.Board, res.Moves) != nil {
		t.Errorf("two free tiles: %+v, %v", res, err)
	}
}

// TestReshuffleBuilt: with no uniform draw allowed to win (one try on a
// position where most rearrangements lose), the built rearrangement is
// winnable all the same.
func TestReshuffleBuilt(t *testing.T) {
	g := geometry(t, "turtle")
	r := rand.New(rand.NewPCG(3, 3))
	built := 0
	for k := range 40 {
		b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 9}, uint64(k))
		stuck(r, b)
		res, err := winnable.Reshuffle(context.Background(), b, winnable.ReshuffleOptions{Tries: 1, Seed: 1 << 40})
		if errors.Is(err, winnable.ErrNoRearrangement) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := solitaire.Verify(res.Board, res.Moves); err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		if !res.Uniform {
			built++
		}
	}
	if built == 0 {
		t.Error("no rearrangement was built: the test does not reach that path")
	}
}
