package solitaire

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

// wideLayout is a flat layout of n tiles in rows of 20: every tile on the
// table, so that the free rule is easy to read.
func wideLayout(n int) *layouts.Layout {
	l := &layouts.Layout{Name: fmt.Sprintf("wide%d", n)}
	for i := range n {
		l.Slots = append(l.Slots, layouts.Slot{X: 2 * (i % 20), Y: 2 * (i / 20)})
	}
	return l
}

// TestCheckDealPastOneDeck: a deal of more than 144 tiles is a full deck
// and pairs of a second one: every group has 4, 6 or 8 tiles.
func TestCheckDealPastOneDeck(t *testing.T) {
	deal := func(extra ...Group) []Group {
		d := standard(DeckTiles, nil)
		for _, g := range extra {
			d = append(d, g, g)
		}
		return d
	}
	for _, c := range []struct {
		groups []Group
		want   string
	}{
		{deal(3), ""},
		{deal(3, 3), ""},
		{deal(Seasons, 0, Flowers), ""},
		{deal(3, 3, 3), "solitaire: deal has 10 tiles of 4m, want 4, 6 or 8 (a full deck and pairs of a second)"},
		{append(deal(3), 5), "solitaire: deal has 5 tiles of 6m, want 4, 6 or 8 (a full deck and pairs of a second)"},
		{append(deal(), 36, 36), "solitaire: deal of 146 tiles uses Group(36), beyond the 36 groups"},
		{append(deal()[2:], 7, 7, 8, 8), "solitaire: deal has 2 tiles of 1m, want 4, 6 or 8 (a full deck and pairs of a second)"},
	} {
		err := CheckDeal(c.groups, len(c.groups))
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("CheckDeal(%d tiles) = %v, want %q", len(c.groups), err, c.want)
		}
	}
}

// TestPCGPastOneDeck: the pcg dealer deals a valid deal on layouts of more
// than one deck, the same for the same game, and draws the second deck's
// pairs evenly: over many games each group gets (n−144)/36 extra tiles on
// average.
func TestPCGPastOneDeck(t *testing.T) {
	const n, games = 228, 4000
	var extra [NumGroups]int
	d := PCG{Seed: 1}
	for k := range uint64(games) {
		deal := d.Deal(k, n, nil)
		if err := CheckDeal(deal, n); err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		if k < 3 && !slices.Equal(deal, d.Deal(k, n, nil)) {
			t.Fatalf("game %d dealt twice differs", k)
		}
		var count [NumGroups]int
		for _, g := range deal {
			count[g]++
		}
		for g, c := range count {
			extra[g] += c - 4
		}
	}
	want := float64(n-DeckTiles) / NumGroups // 2.33 tiles per group and game
	for g, e := range extra {
		// The count of group g over the games has a standard deviation of
		// about 1.4·sqrt(games) = 89 tiles: 5 of those is 0.11 a game.
		if mean := float64(e) / games; mean < want-0.11 || mean > want+0.11 {
			t.Errorf("group %v: %.3f extra tiles a game, want %.3f", Group(g), mean, want)
		}
	}
	// Up to one deck the deals are those of before: game 1 of seed 0 on
	// 144 tiles is pinned in TestPCGDeal.
}

// TestMatchesBigGroups: eight free tiles of one group offer 28 matches.
func TestMatchesBigGroups(t *testing.T) {
	g, err := Compile(wideLayout(148))
	if err != nil {
		t.Fatal(err)
	}
	// Group 0 (eight tiles) on slots 0, 2, …, 14 of the first row, the
	// other groups on the other slots; only group 0 on the board, each tile
	// with an empty slot beside it, so all eight are free.
	rest := standard(DeckTiles, nil)[4:]
	rest = append(rest, 1, 1, 2, 2)
	groups := make([]Group, g.N)
	var present Set
	for i := range groups {
		if i < 16 && i%2 == 0 {
			groups[i] = 0
			present.Add(i)
			continue
		}
		groups[i], rest = rest[0], rest[1:]
	}
	b := mustBoard(t, g, groups)
	b.Present = present
	moves := b.Matches(make([]Move, 0, MaxMoves))
	if len(moves) != 28 {
		t.Errorf("eight free tiles of 1m give %d matches, want 28", len(moves))
	}
}
