package answer

import (
	"fmt"
	"strings"
	"time"

	"github.com/mjsolve/mjsolve/internal/plural"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// SolveText is the answer r of [Solve] about b for people.
//
// It is what "mjsolve solitaire solve" prints after the board's heading:
// the verdict, how it was reached, and the moves (of a solution, or with
// minLeft of the play leaving the fewest tiles); timeout is named for an
// unknown verdict.
func SolveText(b *solitaire.Board, r solver.Result, minLeft bool, timeout time.Duration) string {
	left := b.Remaining()
	var sb strings.Builder
	switch r.Verdict {
	case solver.Winnable:
		fmt.Fprintf(&sb, "winnable: %d tiles cleared in %s (%s)\n", left, plural.Count(len(r.Moves), "move"), describeMethod(r))
		writeMoves(&sb, b, r.Moves)
	case solver.Impossible:
		fmt.Fprintf(&sb, "impossible: no order of play clears these %d tiles (%s)\n", left, describeMethod(r))
		if minLeft && r.MinLeft >= 0 {
			fmt.Fprintf(&sb, "at best %d tiles remain, after these %s:\n", r.MinLeft, plural.Count(len(r.Moves), "move"))
			writeMoves(&sb, b, r.Moves)
		} else if minLeft && !solver.FindsMinLeft(b) {
			sb.WriteString("the fewest tiles that must remain is not computed for boards of more than 192 slots or with groups of more than four tiles\n")
		} else if minLeft {
			sb.WriteString("the fewest tiles that must remain was not found in time\n")
		}
	default:
		fmt.Fprintf(&sb, "unknown: no answer within %v\n", timeout)
	}
	return sb.String()
}

// HintText is the answer r of [Hint] about b for people, as "mjsolve
// solitaire hint" prints it after the board's heading: the pair to take, or
// why there is none.
func HintText(b *solitaire.Board, r solver.Result, timeout time.Duration) string {
	left := b.Remaining()
	var msg string
	switch r.Verdict {
	case solver.Winnable:
		if left == 0 {
			msg = "the board is already clear\n"
			break
		}
		m := r.Moves[0]
		msg = fmt.Sprintf("winnable: %d tiles left; take %s and %s (slots %d, %d)\n",
			left, tileAt(b, m.A), tileAt(b, m.B), m.A, m.B)
	case solver.Impossible:
		msg = fmt.Sprintf("impossible: no order of play clears these %d tiles", left)
		if r.MinLeft >= 0 {
			msg += fmt.Sprintf("; at best %d remain", r.MinLeft)
			if len(r.Moves) > 0 {
				m := r.Moves[0]
				msg += fmt.Sprintf(" (start with %s and %s, slots %d, %d)", tileAt(b, m.A), tileAt(b, m.B), m.A, m.B)
			}
		}
		msg += "\n"
	default:
		msg = fmt.Sprintf("unknown: no answer within %v\n", timeout)
	}
	return msg
}

// describeMethod says how the verdict was reached and at what cost.
func describeMethod(r solver.Result) string {
	var how string
	switch r.Method {
	case solver.PruneTop:
		how = "the first prune scan fails"
	case solver.Random:
		how = fmt.Sprintf("random play, game %d", r.Stats.RandomGames)
	case solver.Search:
		how = "pairing search, " + plural.Count(r.Stats.Nodes, "node")
	case solver.Trivial:
		how = "the board is empty"
	default:
		how = r.Method.String()
	}
	return fmt.Sprintf("%s; %s", how, plural.Count(r.Stats.Scans, "scan"))
}

// ShowText is board b for people.
//
// It is what "mjsolve solitaire show" prints after the board's heading: the
// tiles on the board, free and the matches among them, then a picture of
// each level with the faces (with slots, the slot numbers) and the free
// tiles in [brackets].
func ShowText(b *solitaire.Board, slots bool) string {
	labels := solitaire.FaceLabels
	if slots {
		labels = solitaire.SlotLabels
	}
	n := len(b.Matches(nil))
	matches := fmt.Sprintf("%d matches", n)
	if n == 1 {
		matches = "1 match"
	}
	return fmt.Sprintf("%d tiles on the board, %d free, %s; free tiles are in [brackets]\n%s",
		b.Remaining(), b.Free().Count(), matches, b.Picture(labels))
}

// tileAt describes the tile in slot i: face and position.
func tileAt(b *solitaire.Board, i uint8) string {
	s := b.Geo.Layout.Slots[i]
	return fmt.Sprintf("%s at %d,%d,%d", b.Groups[i], s.X, s.Y, s.Z)
}

func writeMoves(sb *strings.Builder, b *solitaire.Board, moves []solitaire.Move) {
	w := len(fmt.Sprint(len(moves)))
	for k, m := range moves {
		fmt.Fprintf(sb, "%*d. %s + %s (slots %d, %d)\n", w, k+1, tileAt(b, m.A), tileAt(b, m.B), m.A, m.B)
	}
}
