package solitaire

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxMoves is the most legal moves a board can have: 28 pairs (of eight
// free tiles) in each of the 36 groups.
const MaxMoves = MaxGroupTiles * (MaxGroupTiles - 1) / 2 * NumGroups

// Move is one match: the two slots A < B of a pair of matching free tiles
// taken off the board together.
type Move struct{ A, B uint8 }

// String writes m as "A-B", e.g. "12-40".
func (m Move) String() string {
	return strconv.Itoa(int(m.A)) + "-" + strconv.Itoa(int(m.B))
}

// MarshalText implements encoding.TextMarshaler with the String form.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler; see ParseMove.
func (m *Move) UnmarshalText(b []byte) error {
	v, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// ParseMove reads a move written "A-B" with two different slot numbers
// below MaxTiles, in either order; the result has A < B.
func ParseMove(s string) (Move, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return Move{}, inputErrorf("move %q is not two slots A-B", s)
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	switch {
	case err1 != nil || err2 != nil || x < 0 || y < 0:
		return Move{}, inputErrorf("move %q is not two slots A-B", s)
	case x >= MaxTiles || y >= MaxTiles:
		return Move{}, inputErrorf("move %q: no slot above %d", s, MaxTiles-1)
	case x == y:
		return Move{}, inputErrorf("move %q takes slot %d twice", s, x)
	}
	if x > y {
		x, y = y, x
	}
	return Move{uint8(x), uint8(y)}, nil
}

// ParseMoves reads moves separated by spaces or commas ("3-7 12-40"). The
// error names the offending move and its position, counting from 1.
func ParseMoves(s string) ([]Move, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	moves := make([]Move, 0, len(fields))
	for k, f := range fields {
		m, err := ParseMove(f)
		if err != nil {
			return nil, fmt.Errorf("%w (move %d)", err, k+1)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// FormatMoves writes moves separated by spaces, as ParseMoves reads them.
func FormatMoves(moves []Move) string {
	var b strings.Builder
	for k, m := range moves {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	return b.String()
}
