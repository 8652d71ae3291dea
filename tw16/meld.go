package tw16

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjsolve/mjsolve"
)

// MeldType says what kind of set a Meld is and how it was made.
type MeldType uint8

// The meld types. In a Decomposition of a concealed part, Chow stands for any
// sequence (順子) and Pong for any triplet (刻子), claimed or not; among the
// melds a player has declared, Chow, Pong and Kong were claimed from another
// player (or, for Kong, added to a claimed pong) and ConcealedKong was not.
const (
	Chow          MeldType = iota // 吃, a sequence of three (順子)
	Pong                          // 碰, a triplet (刻子)
	Kong                          // 明槓, an exposed kong (four of a kind), including an added kong (加槓)
	ConcealedKong                 // 暗槓, a concealed kong
)

var meldTypeNames = [...]string{"chow", "pong", "kong", "concealed kong"}

// String names the type: "chow", "pong", "kong" or "concealed kong".
func (t MeldType) String() string {
	if int(t) < len(meldTypeNames) {
		return meldTypeNames[t]
	}
	return fmt.Sprintf("MeldType(%d)", t)
}

// Chinese returns the Chinese name of the type: 吃, 碰, 明槓 or 暗槓.
func (t MeldType) Chinese() string {
	switch t {
	case Chow:
		return "吃"
	case Pong:
		return "碰"
	case Kong:
		return "明槓"
	case ConcealedKong:
		return "暗槓"
	}
	return t.String()
}

// IsKong reports whether t is an exposed or a concealed kong.
func (t MeldType) IsKong() bool { return t == Kong || t == ConcealedKong }

// Meld is a set of tiles: a chow (sequence), a pong (triplet) or a kong.
// Kind is the kind of a pong or kong and the lowest kind of a chow.
type Meld struct {
	Type MeldType
	Kind mjsolve.Kind
}

// Size returns the number of tiles of the meld: 3, or 4 for a kong.
func (m Meld) Size() int {
	if m.Type.IsKong() {
		return 4
	}
	return 3
}

// IsTriplet reports whether m is a pong or a kong (a 刻子 for scoring).
func (m Meld) IsTriplet() bool { return m.Type != Chow }

// Valid reports whether m is a meld that exists: a known type and kind, and
// a chow starting at 1–7 of a numbered suit.
func (m Meld) Valid() bool {
	if m.Type > ConcealedKong || !m.Kind.Valid() {
		return false
	}
	if m.Type == Chow {
		return !m.Kind.IsHonor() && m.Kind.Number() <= 7
	}
	return true
}

// Counts returns the tiles of the meld as a count vector.
func (m Meld) Counts() mjsolve.Counts {
	var c mjsolve.Counts
	m.addTo(&c)
	return c
}

// addTo adds the tiles of m to c.
func (m Meld) addTo(c *mjsolve.Counts) {
	switch m.Type {
	case Chow:
		c[m.Kind]++
		c[m.Kind+1]++
		c[m.Kind+2]++
	case Pong:
		c[m.Kind] += 3
	default:
		c[m.Kind] += 4
	}
}

// Contains reports whether the meld holds a tile of kind k.
func (m Meld) Contains(k mjsolve.Kind) bool {
	if m.Type == Chow {
		return k >= m.Kind && k <= m.Kind+2
	}
	return k == m.Kind
}

// String returns the meld in compact notation: "123m", "555p", "7777s".
// A concealed kong is written like an exposed one; see MeldType to tell them
// apart.
func (m Meld) String() string {
	if !m.Valid() {
		return fmt.Sprintf("Meld(%d,%d)", m.Type, m.Kind)
	}
	return m.Counts().String()
}

// Chinese returns the meld with Chinese tile names, e.g. "一萬二萬三萬".
func (m Meld) Chinese() string {
	var b strings.Builder
	for _, k := range m.Counts().Kinds() {
		b.WriteString(k.Chinese())
	}
	return b.String()
}

// MarshalText encodes the meld in compact notation, with a leading "!" for a
// concealed kong ("!7777s") so that the type survives a round trip.
func (m Meld) MarshalText() ([]byte, error) {
	if !m.Valid() {
		return nil, inputErrorf("invalid meld %s", m)
	}
	if m.Type == ConcealedKong {
		return []byte("!" + m.String()), nil
	}
	return []byte(m.String()), nil
}

// UnmarshalText parses one meld as written by MarshalText.
func (m *Meld) UnmarshalText(text []byte) error {
	s := string(text)
	concealed := strings.HasPrefix(s, "!")
	got, err := parseMeld(strings.TrimPrefix(s, "!"))
	if err != nil {
		return err
	}
	if concealed {
		if got.Type != Kong {
			return inputErrorf("bad meld %q: only a kong can be concealed", s)
		}
		got.Type = ConcealedKong
	}
	*m = got
	return nil
}

// ParseMelds parses melds in compact notation, one meld per group, groups
// separated by spaces or commas: "123m 555p 7777s,EEE". Three consecutive
// tiles of a numbered suit (in any order) make a chow, three of a kind a
// pong and four of a kind an (exposed) kong. The empty string is no melds.
// An error names the bad group.
func ParseMelds(s string) ([]Meld, error) {
	groups := strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r'
	})
	melds := make([]Meld, 0, len(groups))
	for _, g := range groups {
		m, err := parseMeld(g)
		if err != nil {
			return nil, err
		}
		melds = append(melds, m)
	}
	return melds, nil
}

// ParseConcealedKongs parses concealed kongs in the notation of ParseMelds:
// every group must be four of a kind ("1111m 5555z").
func ParseConcealedKongs(s string) ([]Meld, error) {
	melds, err := ParseMelds(s)
	if err != nil {
		return nil, err
	}
	for i, m := range melds {
		if m.Type != Kong {
			return nil, inputErrorf("bad concealed kong %q: not four of a kind", m.String())
		}
		melds[i].Type = ConcealedKong
	}
	return melds, nil
}

// parseMeld parses one group of three or four tiles.
func parseMeld(g string) (Meld, error) {
	kinds, err := mjsolve.ParseKinds(g)
	if err != nil {
		return Meld{}, wrapError("", fmt.Sprintf("bad meld %q: ", g), err)
	}
	slices.Sort(kinds)
	switch {
	case len(kinds) == 4 && kinds[0] == kinds[3]:
		return Meld{Type: Kong, Kind: kinds[0]}, nil
	case len(kinds) == 3 && kinds[0] == kinds[2]:
		return Meld{Type: Pong, Kind: kinds[0]}, nil
	case len(kinds) == 3 && !kinds[0].IsHonor() && kinds[0].Suit() == kinds[2].Suit() &&
		kinds[1] == kinds[0]+1 && kinds[2] == kinds[0]+2:
		return Meld{Type: Chow, Kind: kinds[0]}, nil
	}
	return Meld{}, inputErrorf("bad meld %q: not a chow, pong or kong", g)
}

// MeldCounts returns the tiles of all melds as one count vector.
func MeldCounts(melds []Meld) mjsolve.Counts {
	var c mjsolve.Counts
	for _, m := range melds {
		m.addTo(&c)
	}
	return c
}
