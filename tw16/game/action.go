package game

import (
	"fmt"
	"strings"
)

// Phase says what kind of decision the game waits for.
type Phase uint8

// The phases.
const (
	// PhaseTurn: ToAct holds 3k+2 concealed cards and must discard; after a
	// draw (or the deal, for the dealer) it may instead win by self-draw or
	// declare a concealed or added kong.
	PhaseTurn Phase = iota
	// PhaseClaim: a discard lies on the table and ToAct may claim it at the
	// stage Claim reports (win, pong or kong, chow) or pass.
	PhaseClaim
	// PhaseRob: an added kong is pending and ToAct may rob it (win on the
	// added card) or pass.
	PhaseRob
	// PhaseOver: the hand is over; see Result.
	PhaseOver
)

var phaseNames = [...]string{"turn", "claim", "rob", "over"}

// String names the phase: "turn", "claim", "rob" or "over".
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", p)
}

// Stage is the step of a claim window. The seats that may claim a discard
// are asked one at a time, every seat that can win first (counter-clockwise
// from the discarder), then the seat that can pong or kong, then the next
// seat for a chow. The first claim made takes the discard.
type Stage uint8

// The stages of a claim window.
const (
	StageHu   Stage = iota // win on the discard (胡)
	StagePong              // pong (碰), or an exposed kong (明槓) unless the discarder is the previous seat
	StageChow              // chow (吃), only by the seat after the discarder
)

// String names the stage: "hu", "pong" or "chow".
func (s Stage) String() string { return [3]string{"hu", "pong", "chow"}[s%3] }

// ActionType is what a player does.
type ActionType uint8

// The action types.
const (
	Pass          ActionType = iota // decline a claim or a robbery
	Discard                         // discard Cards[0]
	Chow                            // chow the discard with Cards[0:2]
	Pong                            // pong the discard with Cards[0:2]
	Kong                            // exposed kong (明槓) of the discard with Cards[0:3]
	ConcealedKong                   // concealed kong (暗槓) of Cards[0:4]
	AddedKong                       // add Cards[0] to an exposed pong (加槓)
	Hu                              // win: self-drawn (PhaseTurn), on the discard (PhaseClaim) or robbing the added kong (PhaseRob)
)

var actionNames = [...]string{"pass", "discard", "chow", "pong", "kong", "concealed-kong", "added-kong", "hu"}

// String names the type: "pass", "discard", "chow", "pong", "kong",
// "concealed-kong", "added-kong" or "hu".
func (t ActionType) String() string {
	if int(t) < len(actionNames) {
		return actionNames[t]
	}
	return fmt.Sprintf("ActionType(%d)", t)
}

// CardsUsed is the number of the player's own cards an action of type t
// names.
func (t ActionType) CardsUsed() int {
	return [...]int{0, 1, 2, 2, 3, 4, 1, 0, 0}[min(int(t), 8)]
}

// Action is one move of the player to act. Cards are the player's own
// concealed cards the action uses (see ActionType); the others are
// NoCard. Actions offers one action per distinct choice of kinds, using the
// lowest copies; Apply accepts the same move made with any copies the
// player holds.
type Action struct {
	Type  ActionType
	Cards [4]Card
}

// Act returns an action of type t with the given cards.
func Act(t ActionType, cards ...Card) Action {
	a := Action{Type: t, Cards: [4]Card{NoCard, NoCard, NoCard, NoCard}}
	copy(a.Cards[:], cards)
	return a
}

// String writes the action and its cards: "pong 5p#0 5p#2".
func (a Action) String() string {
	var b strings.Builder
	b.WriteString(a.Type.String())
	for _, c := range a.Cards[:a.Type.CardsUsed()] {
		b.WriteByte(' ')
		b.WriteString(c.String())
	}
	return b.String()
}
