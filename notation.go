package mjsolve

import (
	"strings"
	"unicode/utf8"
)

// ParseTiles parses compact notation into tiles, keeping their order.
//
// The notation is a run of digits followed by a suit letter: m (萬), p (筒),
// s (條), z (honors 1–7: East South West North Red Green White) or f (bonus
// tiles 1–8: plum orchid chrysanthemum bamboo spring summer autumn winter),
// as in "123m 456p 789s 11z 15f". The honors may also be written as the
// single capital letters E S W N (winds) and C F P (Red 中, Green 發, White 白).
// Spaces and commas between groups are ignored. An error names the
// offending token.
func ParseTiles(s string) ([]Tile, error) {
	tiles := make([]Tile, 0, len(s))
	return appendTiles(tiles, s)
}

func appendTiles(tiles []Tile, s string) ([]Tile, error) {
	start := -1 // index of the first pending digit
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if start < 0 {
				start = i
			}
		case c == 'm' || c == 'p' || c == 's' || c == 'z' || c == 'f':
			if start < 0 {
				return nil, inputErrorf("suit letter %q without digits in %q", c, Excerpt(s))
			}
			for j := start; j < i; j++ {
				t, ok := tileOf(s[j]-'0', c)
				if !ok {
					return nil, inputErrorf("unknown tile %q in %q", string([]byte{s[j], c}), Excerpt(s))
				}
				tiles = append(tiles, t)
			}
			start = -1
		case start >= 0 && (c == ' ' || c == ',' || c == '\t'):
			return nil, inputErrorf("digits %q without a suit letter in %q", Excerpt(s[start:i]), Excerpt(s))
		case start >= 0:
			return nil, inputErrorf("unknown suit letter %q after %q in %q", runeAt(s, i), Excerpt(s[start:i]), Excerpt(s))
		case c == ' ' || c == ',' || c == '\t':
		default:
			k, ok := honorLetter(c)
			if !ok {
				return nil, inputErrorf("unknown tile letter %q in %q", runeAt(s, i), Excerpt(s))
			}
			tiles = append(tiles, KindTile(k))
		}
	}
	if start >= 0 {
		return nil, inputErrorf("digits %q without a suit letter in %q", Excerpt(s[start:]), Excerpt(s))
	}
	return tiles, nil
}

// maxExcerpt is how many characters of the input an error message quotes.
const maxExcerpt = 60

// Excerpt returns s for an error message: s itself, or its first
// 60 characters and "…" when it is longer, so that a message quoting user
// input stays one readable line.
func Excerpt(s string) string {
	n := 0
	for i := range s {
		if n == maxExcerpt {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// runeAt returns the character starting at byte i of s, for error messages.
func runeAt(s string, i int) string {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return string(r)
}

func tileOf(n, suit byte) (Tile, bool) {
	switch suit {
	case 'm', 'p', 's':
		if n < 1 || n > 9 {
			return 0, false
		}
		return Tile(strings.IndexByte("mps", suit)*9 + int(n) - 1), true
	case 'z':
		if n < 1 || n > 7 {
			return 0, false
		}
		return KindTile(East + Kind(n-1)), true
	case 'f':
		if n < 1 || n > 8 {
			return 0, false
		}
		return BonusTile(Bonus(n - 1)), true
	}
	return 0, false
}

func honorLetter(c byte) (Kind, bool) {
	i := strings.IndexByte("ESWNCFP", c)
	if i < 0 {
		return 0, false
	}
	return East + Kind(i), true
}

// ParseKinds parses compact notation into kinds, keeping their order.
// Bonus tiles are an error.
func ParseKinds(s string) ([]Kind, error) {
	tiles, err := ParseTiles(s)
	if err != nil {
		return nil, err
	}
	kinds := make([]Kind, len(tiles))
	for i, t := range tiles {
		if t.IsBonus() {
			return nil, inputErrorf("bonus tile %s not allowed here in %q", t, Excerpt(s))
		}
		kinds[i] = t.Kind()
	}
	return kinds, nil
}

// ParseCounts parses compact notation into a count vector. Bonus tiles and
// a fifth copy of a kind are errors naming the tile.
func ParseCounts(s string) (Counts, error) {
	var c Counts
	var buf [64]Tile
	tiles, err := appendTiles(buf[:0], s)
	if err != nil {
		return c, err
	}
	for _, t := range tiles {
		if t.IsBonus() {
			return c, inputErrorf("bonus tile %s not allowed here in %q", t, Excerpt(s))
		}
		if c[t] == 4 {
			return c, inputErrorf("5th copy of %s in %q", t, Excerpt(s))
		}
		c[t]++
	}
	return c, nil
}

// MustParseCounts is ParseCounts for tests and examples: it panics on error.
func MustParseCounts(s string) Counts {
	c, err := ParseCounts(s)
	if err != nil {
		panic(err)
	}
	return c
}

// FormatTiles writes tiles in compact notation in the given order, sharing
// a suit letter between neighbours of the same suit: [1m 2m 3m E] → "123m1z".
func FormatTiles(tiles []Tile) string {
	var b strings.Builder
	for i, t := range tiles {
		n, suit := tileDigit(t)
		b.WriteByte(n)
		if i+1 == len(tiles) {
			b.WriteByte(suit)
		} else if _, next := tileDigit(tiles[i+1]); next != suit {
			b.WriteByte(suit)
		}
	}
	return b.String()
}

// FormatKinds writes kinds in compact notation in the given order, sharing
// a suit letter between neighbours of the same suit.
func FormatKinds(kinds []Kind) string {
	tiles := make([]Tile, len(kinds))
	for i, k := range kinds {
		tiles[i] = KindTile(k)
	}
	return FormatTiles(tiles)
}

func tileDigit(t Tile) (digit, suit byte) {
	if t.IsBonus() {
		return byte('1' + t.Bonus()), 'f'
	}
	k := t.Kind()
	return byte('0' + k.Number()), k.Suit().Letter()
}
