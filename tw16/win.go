package tw16

import (
	"fmt"
	"strings"

	"github.com/mjsolve/mjsolve"
)

// FirstTurn names the first-go-round situations of the tai table.
type FirstTurn uint8

// The first-turn situations.
const (
	NotFirstTurn FirstTurn = iota // none of these
	HeavenlyHand                  // 天胡: the dealer's 17 dealt tiles (after flower replacement) are complete
	EarthlyHand                   // 地胡: a non-dealer wins by self-draw on the first draw, no call made
	HumanHand                     // 人胡: a non-dealer wins on a discard of the first go-round before drawing, no call made
	EarthlyReady                  // 地聽: the player was ready (聽) right after the first discard, no call made
)

var firstTurnNames = [...]struct{ key, chinese, english string }{
	{"none", "", "none"}, {"tianhu", "天胡", "heavenly"}, {"dihu", "地胡", "earthly"},
	{"renhu", "人胡", "human"}, {"diting", "地聽", "earthly-ready"},
}

// FirstTurnNames lists the pinyin names of the first-turn situations that
// ParseFirstTurn takes, in order: "tianhu", "dihu", "renhu", "diting".
func FirstTurnNames() []string {
	names := make([]string, 0, len(firstTurnNames)-1)
	for _, n := range firstTurnNames[HeavenlyHand:] {
		names = append(names, n.key)
	}
	return names
}

// String returns the pinyin name: "none", "tianhu", "dihu", "renhu", "diting".
func (f FirstTurn) String() string {
	if int(f) < len(firstTurnNames) {
		return firstTurnNames[f].key
	}
	return fmt.Sprintf("FirstTurn(%d)", f)
}

// ParseFirstTurn parses a first-turn situation by any of its names. It
// takes the pinyin name (tianhu, dihu, renhu, diting: FirstTurnNames), its
// Chinese name (天胡 地胡 人胡 地聽), or the English heavenly, earthly, human,
// earthly-ready; "" and "none" are NotFirstTurn.
func ParseFirstTurn(s string) (FirstTurn, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	if w == "" {
		return NotFirstTurn, nil
	}
	for f, n := range firstTurnNames {
		if w == n.key || w == n.chinese || w == n.english {
			return FirstTurn(f), nil
		}
	}
	names := FirstTurnNames()
	want := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	return 0, inputErrorf("unknown first-turn situation %q (want %s)", s, want)
}

// Win describes a winning hand and the situation of the win.
type Win struct {
	// Concealed is the concealed part of the hand without the winning tile:
	// 16 tiles less 3 per meld (a kong also counts 3).
	Concealed mjsolve.Counts
	// Tile is the winning tile. A bonus tile makes a flower win: with the
	// seven Flowers it completes all eight, 八仙過海 when drawn (SelfDrawn),
	// 七搶一 when robbed from another player.
	Tile mjsolve.Tile
	// Melds are the declared melds: exposed chows, pongs and kongs, and
	// concealed kongs (Type ConcealedKong).
	Melds []Meld
	// Flowers are the bonus tiles set aside before the win.
	Flowers []mjsolve.Bonus

	SelfDrawn bool // 自摸: drawn from the wall rather than another player's tile
	LastTile  bool // the last tile of the wall (海底撈月) or its discard (河底撈魚)
	AfterKong bool // drawn as the replacement after a kong or a flower (槓上開花); needs SelfDrawn and a kong among Melds or a flower in Flowers
	RobKong   bool // robbed from another player's added kong (搶槓); not SelfDrawn

	Dealer            bool // the winner is the dealer (莊家)
	DealerStreak      int  // N of 連N拉N: the dealer's consecutive deals beyond the first
	DiscarderIsDealer bool // the discarder (or the player robbed) is the dealer; the winner is not

	Seat, Round mjsolve.Kind // the winner's seat wind (門風) and the round wind (圈風)
	FirstTurn   FirstTurn

	// Waits, when not empty, are the kinds that complete Concealed as sets
	// and a pair, as Forms.Effective gives them (Ligu off) for a ready
	// part: scoring then tells a single wait (獨聽) from them rather than
	// by decomposing. A caller that keeps them (the game engine) saves
	// that work; empty, they are found from Concealed.
	Waits KindSet
}
