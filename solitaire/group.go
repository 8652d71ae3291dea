package solitaire

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
)

// NumGroups is the number of groups of matching tiles in a full deck.
const NumGroups = 36

// Group is a set of four matching tiles: 0..33 are the 34 kinds in the order
// of package mjsolve (1m..9m, 1p..9p, 1s..9s, E S W N, C F P), 34 is the four
// flowers and 35 the four seasons. Any two tiles of one group match.
type Group uint8

// The groups that are not one of the 34 kinds.
const (
	Flowers Group = 34
	Seasons Group = 35
)

// groupNames are the face names of the groups, as written in board files.
var groupNames = [NumGroups]string{
	"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
	"1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
	"1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
	"E", "S", "W", "N", "C", "F", "P",
	"flower", "season",
}

// groupShort are two-character face names for pictures of boards.
var groupShort = [NumGroups]string{
	"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
	"1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
	"1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
	"E ", "S ", "W ", "N ", "C ", "F ", "P ",
	"fl", "se",
}

// String returns the face name of g: "1m".."9s", "E", "S", "W", "N", "C",
// "F", "P", "flower" or "season".
func (g Group) String() string {
	if int(g) < NumGroups {
		return groupNames[g]
	}
	return fmt.Sprintf("Group(%d)", uint8(g))
}

// Short returns a two-character face name for pictures: "1m", "E ", "fl",
// "se" and so on.
func (g Group) Short() string {
	if int(g) < NumGroups {
		return groupShort[g]
	}
	return "??"
}

// Chinese returns the Chinese name of g's face: that of the kind (一萬, 東, …),
// 花 for the flowers and 季 for the seasons.
func (g Group) Chinese() string {
	switch {
	case g < Flowers:
		return mjsolve.Kind(g).Chinese()
	case g == Flowers:
		return "花"
	case g == Seasons:
		return "季"
	}
	return g.String()
}

// Kind returns the tile kind of g and true, or false for the flowers and
// seasons.
func (g Group) Kind() (mjsolve.Kind, bool) {
	if g < Flowers {
		return mjsolve.Kind(g), true
	}
	return 0, false
}

// MarshalText implements encoding.TextMarshaler with the face name.
func (g Group) MarshalText() ([]byte, error) {
	if int(g) >= NumGroups {
		return nil, fmt.Errorf("solitaire: no group %d", uint8(g))
	}
	return []byte(groupNames[g]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler; see ParseGroup.
func (g *Group) UnmarshalText(b []byte) error {
	v, err := ParseGroup(string(b))
	if err != nil {
		return err
	}
	*g = v
	return nil
}

// ParseGroup reads a face name: the String form ("7p", "E", "flower"), any
// single kind in the notation of package mjsolve ("7z"), or the short forms
// "fl" and "se".
func ParseGroup(s string) (Group, error) {
	for g, name := range groupNames {
		if s == name {
			return Group(g), nil
		}
	}
	switch s {
	case "fl":
		return Flowers, nil
	case "se":
		return Seasons, nil
	}
	if len(s) == 2 && s[1] == 'z' {
		if ks, err := mjsolve.ParseKinds(s); err == nil && len(ks) == 1 {
			return Group(ks[0]), nil
		}
	}
	return 0, inputErrorf("unknown face %q", s)
}

// MaxGroupTiles is the most tiles of one group a board may have: four of
// the first deck and two pairs of the second (see [CheckDeal]).
const MaxGroupTiles = 8

// GroupsFor returns the number of groups a layout of n tiles uses: n/4
// groups of four, and one pair more when n is 2 mod 4; all 36 from one
// deck (n ≥ 142) on.
func GroupsFor(n int) int { return min((n+3)/4, NumGroups) }

// GroupSize returns how many tiles group g has in a deal of n ≤ DeckTiles
// tiles: 4, or 2 for the last group when n is 2 mod 4, or 0 for groups the
// deal does not use. Past one deck the sizes depend on the deal (4, 6 or
// 8: see [CheckDeal]) and GroupSize returns the least, 4, for each group.
func GroupSize(g Group, n int) int {
	if n > DeckTiles {
		if int(g) < NumGroups {
			return 4
		}
		return 0
	}
	switch k := n - 4*int(g); {
	case k >= 4:
		return 4
	case k > 0:
		return k
	}
	return 0
}
