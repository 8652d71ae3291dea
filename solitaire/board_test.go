package solitaire

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestNewBoardChecksDeal(t *testing.T) {
	g := mustCompile(t, testLayout())
	for _, c := range []struct {
		groups []Group
		want   string
	}{
		{[]Group{0, 0, 0, 0, 1}, "solitaire: deal has 5 tiles, layout has 6"},
		{[]Group{0, 0, 0, 1, 1, 1}, "solitaire: deal has 3 tiles of 1m, want 4"},
		{[]Group{0, 0, 0, 0, 1, 2}, "solitaire: deal has 1 tiles of 2m, want 2"},
		{[]Group{0, 0, 0, 0, 2, 2}, "solitaire: deal has 0 tiles of 2m, want 2"},
		{[]Group{0, 0, 0, 0, 1, 1}, ""},
		{[]Group{1, 0, 1, 0, 0, 0}, ""},
	} {
		b, err := NewBoard(g, c.groups)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("NewBoard(%v): %v", c.groups, err)
		case c.want == "" && (b.Present != g.All || !slices.Equal(b.Groups, c.groups)):
			t.Errorf("NewBoard(%v) = %v", c.groups, b)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("NewBoard(%v): %v, want %q", c.groups, err, c.want)
		}
	}
	if err := CheckDeal([]Group{0, 0, 0, 0, 1, 1, 1, 1}, 6); err == nil {
		t.Error("CheckDeal accepted 8 groups for 6 tiles")
	}
	if err := CheckDeal([]Group{0, 0, 0, 0, 3, 3}, 6); err == nil || err.Error() != "solitaire: deal has 0 tiles of 2m, want 2" {
		t.Errorf("CheckDeal with a group beyond the deal: %v", err)
	}
}

// TestCheckDealBrute compares CheckDeal with its definition on random
// small deals: accepted exactly when the sorted groups are 0 0 0 0 1 …
// (n tiles in GroupsFor(n) groups), and every refusal names a group.
func TestCheckDealBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := rng.IntN(11)
		groups := standard(n, nil)
		for range rng.IntN(3) { // change up to two tiles (sometimes to their own group)
			if n > 0 {
				groups[rng.IntN(n)] = Group(rng.IntN(GroupsFor(n) + 2))
			}
		}
		rng.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
		sorted := slices.Sorted(slices.Values(groups))
		want := slices.Equal(sorted, standard(n, nil))
		err := CheckDeal(groups, n)
		if (err == nil) != want {
			t.Fatalf("CheckDeal(%v, %d) = %v, want accepted %v", groups, n, err, want)
		}
		if err != nil && !strings.Contains(err.Error(), "deal") {
			t.Fatalf("CheckDeal(%v, %d): %v", groups, n, err)
		}
	}
}

func TestMatchesAndPlay(t *testing.T) {
	g := mustCompile(t, testLayout())
	b := mustBoard(t, g, []Group{0, 1, 0, 0, 0, 1})
	// Free at start: 4 (1m) and 5 (2m): no match.
	if got := b.Matches(nil); len(got) != 0 {
		t.Fatalf("Matches = %v, want none", got)
	}
	b = mustBoard(t, g, []Group{0, 1, 1, 0, 0, 0})
	if got := b.Matches(nil); !slices.Equal(got, []Move{{4, 5}}) {
		t.Fatalf("Matches = %v, want [4-5]", got)
	}
	b.Play(Move{4, 5})
	if b.Remaining() != 4 || b.Free() != SetOf(0, 3) {
		t.Fatalf("after 4-5: %d left, free %v", b.Remaining(), b.Free().AppendTo(nil))
	}
	if got := b.Matches(nil); !slices.Equal(got, []Move{{0, 3}}) {
		t.Fatalf("Matches = %v, want [0-3]", got)
	}
	b.Play(Move{0, 3})
	if got := b.Matches(nil); !slices.Equal(got, []Move{{1, 2}}) {
		t.Fatalf("Matches = %v, want [1-2]", got)
	}
	b.Undo(Move{0, 3})
	b.Undo(Move{4, 5})
	if b.Present != g.All {
		t.Fatalf("after undo Present = %v", b.Present.AppendTo(nil))
	}
	c := b.Clone()
	c.Play(Move{4, 5})
	c.Groups[0] = 1
	if b.Present != g.All || b.Groups[0] != 0 {
		t.Fatal("Clone shares state with the original")
	}
	if b.Tiles(1) != SetOf(1, 2) {
		t.Fatalf("Tiles(2m) = %v", b.Tiles(1).AppendTo(nil))
	}
}

// matchesRef lists the legal moves from the coordinates, pair by pair.
func matchesRef(b *Board) []Move {
	slots := b.Geo.Layout.Slots
	present := make([]bool, b.Geo.N)
	for i := range present {
		present[i] = b.Present.Has(i)
	}
	free := make([]bool, b.Geo.N)
	for i := range free {
		free[i] = present[i] && freeRef(slots, present, i)
	}
	var moves []Move
	for j := range b.Geo.N {
		for i := range j {
			if free[i] && free[j] && b.Groups[i] == b.Groups[j] {
				moves = append(moves, Move{uint8(i), uint8(j)})
			}
		}
	}
	return moves
}

// perft counts the sequences of depth legal moves from b (fewer at a dead
// end or an empty board count as one), checking that each move followed by
// its undo leaves the board exactly as it was.
func perft(t *testing.T, b *Board, depth int) int {
	if depth == 0 {
		return 1
	}
	moves := b.Matches(make([]Move, 0, MaxMoves))
	if len(moves) == 0 {
		return 1
	}
	n := 0
	before := *b
	groups := slices.Clone(b.Groups)
	for _, m := range moves {
		b.Play(m)
		n += perft(t, b, depth-1)
		b.Undo(m)
		if b.Present != before.Present || b.Geo != before.Geo || !slices.Equal(b.Groups, groups) {
			t.Fatalf("board changed after play and undo of %v", m)
		}
	}
	return n
}

// perftRef counts the same sequences without Play, Undo or Matches: it
// copies the set of present tiles and uses matchesRef.
func perftRef(b *Board, depth int) int {
	if depth == 0 {
		return 1
	}
	moves := matchesRef(b)
	if len(moves) == 0 {
		return 1
	}
	n := 0
	for _, m := range moves {
		c := *b
		c.Present.Remove(int(m.A))
		c.Present.Remove(int(m.B))
		n += perftRef(&c, depth-1)
	}
	return n
}

func TestPerftRandomLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for k := range 30 {
		l := randomLayout(r, 10+2*r.IntN(8))
		g := mustCompile(t, l)
		groups := standardDeal(g.N)
		r.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
		b := mustBoard(t, g, groups)
		if got, want := b.Matches(nil), matchesRef(b); !slices.Equal(got, want) {
			// Matches orders by B then A, as matchesRef does.
			t.Fatalf("layout %d: Matches = %v, want %v", k, got, want)
		}
		for d := 1; d <= 4; d++ {
			if got, want := perft(t, b, d), perftRef(b, d); got != want {
				t.Fatalf("layout %d depth %d: perft = %d, reference %d", k, d, got, want)
			}
		}
	}
}
