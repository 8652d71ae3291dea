package mjsolve

import "fmt"

// Suit is one of the four parts of the 34 kinds.
type Suit uint8

// The suits, in the order of the kinds.
const (
	Man   Suit = iota // 萬, written m
	Pin               // 筒, written p
	Sou               // 條, written s
	Honor             // winds and dragons, written z
)

var suitLetters = [4]byte{'m', 'p', 's', 'z'}

// Letter is the suit's letter in compact notation: m, p, s or z.
func (s Suit) Letter() byte { return suitLetters[s&3] }

// String returns the suit's letter.
func (s Suit) String() string { return string(s.Letter()) }

// Size is the number of kinds in the suit: 9, or 7 for honors.
func (s Suit) Size() int {
	if s == Honor {
		return 7
	}
	return 9
}

// Kind is one of the 34 kinds of Mahjong tile: 1m–9m are 0–8, 1p–9p are
// 9–17, 1s–9s are 18–26, and the honors East, South, West, North, Red,
// Green, White (1z–7z) are 27–33.
type Kind uint8

// NumKinds is the number of tile kinds.
const NumKinds = 34

// The honors.
const (
	East  Kind = 27 + iota // 東, 1z, E
	South                  // 南, 2z, S
	West                   // 西, 3z, W
	North                  // 北, 4z, N
	Red                    // 中, 5z, C
	Green                  // 發, 6z, F
	White                  // 白, 7z, P
)

// NewKind returns the kind numbered n (1–9, or 1–7 for honors) of suit s.
// It panics when n is out of range: that is a programming error.
func NewKind(s Suit, n int) Kind {
	if s > Honor || n < 1 || n > s.Size() {
		panic(fmt.Sprintf("mjsolve: no kind %d of suit %d", n, s))
	}
	return Kind(int(s)*9 + n - 1)
}

// Valid reports whether k is one of the 34 kinds.
func (k Kind) Valid() bool { return k < NumKinds }

// Suit returns the suit of k.
func (k Kind) Suit() Suit { return Suit(k / 9) }

// Number returns the number of k within its suit: 1–9, or 1–7 for honors.
func (k Kind) Number() int { return int(k%9) + 1 }

// IsHonor reports whether k is a wind or a dragon.
func (k Kind) IsHonor() bool { return k >= East && k < NumKinds }

// IsWind reports whether k is East, South, West or North.
func (k Kind) IsWind() bool { return k >= East && k <= North }

// IsDragon reports whether k is a Red, Green or White dragon.
func (k Kind) IsDragon() bool { return k >= Red && k <= White }

// IsTerminal reports whether k is a 1 or a 9 of a numbered suit.
func (k Kind) IsTerminal() bool { return !k.IsHonor() && (k%9 == 0 || k%9 == 8) }

// String returns k in compact notation: "1m", "9p", "5s", "1z" … "7z".
func (k Kind) String() string {
	if !k.Valid() {
		return fmt.Sprintf("Kind(%d)", uint8(k))
	}
	return string([]byte{byte('0' + k.Number()), k.Suit().Letter()})
}

var (
	chineseNumbers = [9]string{"一", "二", "三", "四", "五", "六", "七", "八", "九"}
	chineseSuits   = [3]string{"萬", "筒", "條"}
	chineseHonors  = [7]string{"東", "南", "西", "北", "中", "發", "白"}
)

// Chinese returns the tile's Chinese name: 一萬 … 九萬, 一筒 …, 一條 …, and
// 東 南 西 北 中 發 白.
func (k Kind) Chinese() string {
	switch {
	case !k.Valid():
		return k.String()
	case k.IsHonor():
		return chineseHonors[k-East]
	}
	return chineseNumbers[k%9] + chineseSuits[k/9]
}

// MarshalText encodes k in compact notation.
func (k Kind) MarshalText() ([]byte, error) {
	if !k.Valid() {
		return nil, inputErrorf("invalid kind %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText parses one kind in compact notation ("3p", "E", "7z").
func (k *Kind) UnmarshalText(text []byte) error {
	ks, err := ParseKinds(string(text))
	if err != nil {
		return err
	}
	if len(ks) != 1 {
		return inputErrorf("%q is not one tile", text)
	}
	*k = ks[0]
	return nil
}

// Set implements flag.Value (and pflag.Value) for a single kind.
func (k *Kind) Set(s string) error { return k.UnmarshalText([]byte(s)) }

// Type implements pflag.Value.
func (k *Kind) Type() string { return "tile" }
