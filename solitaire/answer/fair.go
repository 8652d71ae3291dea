package answer

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"time"

	"github.com/mjsolve/mjsolve/internal/plural"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
)

// FairStrategy is the strategy of package nopeek that gives the fair hint.
const FairStrategy = "hindsight"

// fairStream is the second word of the seed of a fair hint's random
// numbers (the first is nopeek.ViewHash of the position).
const fairStream = 0x6661697268696e74

// FairHint answers a player who asks for help without being told what
// lies under the tiles (as "mjsolve solitaire hint --fair" does): the
// move nopeek's hindsight strategy makes in the position b from what a
// player sees of it (the faces of the tiles removed and of the tiles no
// tile on the board covers), with how it sees the position's chances.
// Its random numbers are seeded from what the player sees, so positions a
// player cannot tell apart get the same hint, and the same position
// always does. It decides the deals on all of the machine's cores
// (runtime.GOMAXPROCS), with the same answer as on one. A layout of more
// than one deck is an error (the strategy plays layouts of at most 144
// tiles), as is ctx's end before the answer.
func FairHint(ctx context.Context, b *solitaire.Board) (nopeek.Advice, error) {
	p, err := nopeek.NewPlayerOptions(b.Geo, FairStrategy, nopeek.Options{Workers: runtime.GOMAXPROCS(0)})
	if err != nil {
		return nopeek.Advice{}, err
	}
	return FairHintWith(ctx, p, b)
}

// FairHintWith is [FairHint] with p, a player of [FairStrategy] on b's
// geometry that a worker reuses.
func FairHintWith(ctx context.Context, p *nopeek.Player, b *solitaire.Board) (nopeek.Advice, error) {
	return p.Advise(ctx, b, rand.NewPCG(nopeek.ViewHash(b), fairStream))
}

// FairHintAnswer is the fair hint in the form "mjsolve solitaire hint
// --fair --json" prints it (and the server sends it): where the board
// comes from, as in [Answer]; the move, as two slot indices, and why it
// is played (nopeek.Reason: "cleaning", "forced", "chosen", or "none" when
// no pair can be taken); and the strategy's figures: of Samples deals of
// the faces the player cannot see (over Hidden tiles), in how many the
// position can still be cleared and in how many the position after the
// move can.
type FairHintAnswer struct {
	Layout   string  `json:"layout"`
	Board    string  `json:"board"`
	Tiles    int     `json:"tiles"`
	Fair     bool    `json:"fair"`     // always true: the hint does not look under the tiles
	Strategy string  `json:"strategy"` // FairStrategy
	Hint     *[2]int `json:"hint,omitempty"`
	Reason   string  `json:"reason"`
	Matches  int     `json:"matches"`
	Hidden   int     `json:"hidden"`
	Samples  int     `json:"samples"`
	Winnable int     `json:"winnable_samples"`
	Kept     int     `json:"kept_samples"`
	NS       int64   `json:"ns"`
}

// NewFairHintAnswer is the fair hint adv about b, found in d; layout
// names b's layout and about says where the board comes from.
func NewFairHintAnswer(b *solitaire.Board, layout, about string, adv nopeek.Advice, d time.Duration) *FairHintAnswer {
	a := &FairHintAnswer{
		Layout:   layout,
		Board:    about,
		Tiles:    b.Remaining(),
		Fair:     true,
		Strategy: FairStrategy,
		Reason:   adv.Reason.String(),
		Matches:  adv.Matches,
		Hidden:   Hidden(b),
		Samples:  adv.Samples,
		Winnable: adv.Winnable,
		Kept:     adv.Kept,
		NS:       d.Nanoseconds(),
	}
	if adv.Reason != nopeek.NoMove {
		a.Hint = &[2]int{int(adv.Move.A), int(adv.Move.B)}
	}
	return a
}

// Hidden counts the tiles of b whose faces a player cannot see: those on
// the board under a tile on the board.
func Hidden(b *solitaire.Board) int {
	n := 0
	for i := range b.Present.All() {
		if i < b.Geo.N && b.Geo.Covers[i].Intersects(b.Present) {
			n++
		}
	}
	return n
}

// FairHintText is the fair hint adv about b for people, as "mjsolve
// solitaire hint --fair" prints it after the board's heading.
func FairHintText(b *solitaire.Board, adv nopeek.Advice) string {
	left := b.Remaining()
	var sb strings.Builder
	switch {
	case left == 0:
		return "the board is already clear\n"
	case adv.Reason == nopeek.NoMove:
		fmt.Fprintf(&sb, "no pair can be taken: the game is over with %s left\n", plural.Count(left, "tile"))
		return sb.String()
	}
	m := adv.Move
	fmt.Fprintf(&sb, "fair hint (from what a player sees, without looking under the tiles): take %s and %s (slots %d, %d)",
		tileAt(b, m.A), tileAt(b, m.B), m.A, m.B)
	switch adv.Reason {
	case nopeek.Cleaning:
		sb.WriteString("; a safe move, it never spoils a game")
	case nopeek.Forced:
		sb.WriteString("; the only pair that can be taken")
	}
	sb.WriteString("\n")
	hidden := Hidden(b)
	switch {
	case adv.Samples == 0:
	case hidden == 0:
		if adv.Winnable > 0 {
			sb.WriteString("every face shows, and the position can still be cleared\n")
		} else {
			sb.WriteString("every face shows, and the position can no longer be cleared\n")
		}
	default:
		fmt.Fprintf(&sb, "of %s of the %s, %d can still be cleared, %d after this move\n",
			plural.Count(adv.Samples, "random deal"), plural.Count(hidden, "hidden face"), adv.Winnable, adv.Kept)
	}
	return sb.String()
}
