package mjsolve

// HonorOrder says which protocol numbers the winds get. The ICGA/TCGA
// protocol page numbers the honors East, West, South, North, Red, Green,
// White (410–473); the MJTalk referee thesis numbers them East, South, West,
// North, Red, Green, White.
type HonorOrder uint8

// The honor orders.
const (
	HonorsICGA   HonorOrder = iota // 41x East, 42x West, 43x South, 44x North (default)
	HonorsMJTalk                   // 41x East, 42x South, 43x West, 44x North
)

// String names the order: "icga" or "mjtalk".
func (o HonorOrder) String() string {
	if o == HonorsMJTalk {
		return "mjtalk"
	}
	return "icga"
}

// ParseHonorOrder parses "icga" or "mjtalk".
func ParseHonorOrder(s string) (HonorOrder, error) {
	switch s {
	case "icga", "":
		return HonorsICGA, nil
	case "mjtalk":
		return HonorsMJTalk, nil
	}
	return 0, inputErrorf("unknown honor order %q (want icga or mjtalk)", s)
}

// icgaHonors maps the ICGA honor digit 1–7 to a kind.
var icgaHonors = [7]Kind{East, West, South, North, Red, Green, White}

// TileOfTID decodes a protocol tile id. Numbered tiles are suit·100 +
// number·10 + copy with suit 1 = 萬 (m), 2 = 條 (s), 3 = 筒 (p); honors are
// 400 + honor·10 + copy; the seasons are 10, 20, 30, 40 and the flowers
// plum, orchid, chrysanthemum, bamboo 50, 60, 70, 80. The copy is 0–3
// (always 0 for bonus tiles).
func TileOfTID(tid int, o HonorOrder) (Tile, int, error) {
	bad := func() (Tile, int, error) {
		return 0, 0, inputErrorf("no tile has TID %d", tid)
	}
	if tid >= 10 && tid <= 80 {
		if tid%10 != 0 {
			return bad()
		}
		n := tid / 10 // 1–4 seasons, 5–8 flowers
		if n <= 4 {
			return BonusTile(Spring + Bonus(n-1)), 0, nil
		}
		return BonusTile(Plum + Bonus(n-5)), 0, nil
	}
	copy, n, suit := tid%10, tid/10%10, tid/100
	if tid < 110 || tid > 473 || copy > 3 || n == 0 {
		return bad()
	}
	switch suit {
	case 1, 2, 3:
		s := [4]Suit{0, Man, Sou, Pin}[suit]
		return KindTile(NewKind(s, n)), copy, nil
	case 4:
		if n > 7 {
			return bad()
		}
		k := East + Kind(n-1)
		if o == HonorsICGA {
			k = icgaHonors[n-1]
		}
		return KindTile(k), copy, nil
	}
	return bad()
}

// TIDOf encodes a tile and copy number (0–3) as a protocol tile id; bonus
// tiles have only copy 0. See TileOfTID for the numbering.
func TIDOf(t Tile, copy int, o HonorOrder) (int, error) {
	if !t.Valid() || copy < 0 || copy > 3 || (t.IsBonus() && copy != 0) {
		return 0, inputErrorf("no TID for tile %s copy %d", t, copy)
	}
	if t.IsBonus() {
		b := t.Bonus()
		if b.IsSeason() {
			return 10 * int(b-Spring+1), nil
		}
		return 10 * int(b-Plum+5), nil
	}
	k := t.Kind()
	switch k.Suit() {
	case Man:
		return 100 + 10*k.Number() + copy, nil
	case Sou:
		return 200 + 10*k.Number() + copy, nil
	case Pin:
		return 300 + 10*k.Number() + copy, nil
	}
	n := k.Number()
	if o == HonorsICGA {
		for i, h := range icgaHonors {
			if h == k {
				n = i + 1
			}
		}
	}
	return 400 + 10*n + copy, nil
}
