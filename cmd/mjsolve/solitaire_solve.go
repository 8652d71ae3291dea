package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/job"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// solitaireSolveOptions are the flags of "solitaire solve" and "solitaire hint".
type solitaireSolveOptions struct {
	show    solitaireShowOptions // layout, game, deal, seed, board
	json    bool
	minLeft bool
	timeout time.Duration
}

// boardFlags adds the flags that choose a board (shared with "solitaire
// show") and those of the answer.
func (o *solitaireSolveOptions) boardFlags(cmd *cobra.Command, boardUsage string) {
	o.show.addBoardFlags(cmd, boardUsage)
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the answer as one JSON object")
	f.DurationVar(&o.timeout, "timeout", 0, "give up after this long and answer unknown (0: no limit)")
}

// board reads or deals the board the flags name and describes it.
func (o *solitaireSolveOptions) board(cmd *cobra.Command) (*solitaire.Board, string, error) {
	o.show.noteDealFlags(cmd)
	if o.timeout < 0 {
		return nil, "", fmt.Errorf("--timeout must not be negative (got %v)", o.timeout)
	}
	return o.show.chosenBoard()
}

// newSolitaireSolveCmd solves one board and prints the solution.
func newSolitaireSolveCmd() *cobra.Command {
	o := &solitaireSolveOptions{}
	cmd := &cobra.Command{
		Use:   "solve",
		Short: "Solve one board exactly and print a solution",
		Long: `Deal game K of a layout (the board the main job solves for game K with the
same --deal and --seed) or read a board file, possibly of a game in progress,
and decide exactly whether it can be cleared when every tile is known.

A winnable board is printed with a solution: numbered moves, each two tiles
with their face and position x,y,z (half-tile units, z the level). An
impossible board is proved so; --min-left also finds the fewest tiles that
must remain and a play leaving them. --json prints {"verdict", "method",
"moves": [[i, j], ...], ...} with each move as two slot indices in the
layout's slot order (file order for Xmahjongg files), so any program can
replay it. The exit code is 0 for every verdict.`,
		Example: `  mjsolve solitaire solve --layout turtle --game 7
  mjsolve solitaire solve --layout xmahjongg/default --deal mjsolver --game 25 --min-left
  mjsolve solitaire solve --board g1.board --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b, about, err := o.board(cmd)
			if err != nil {
				return err
			}
			return runSolitaireSolve(cmd.Context(), o, b, about, cmd.OutOrStdout())
		},
	}
	o.boardFlags(cmd, "solve the board (possibly a game in progress) in `FILE` instead of dealing one")
	cmd.Flags().BoolVar(&o.minLeft, "min-left", false, "for an impossible board, find the fewest tiles that must remain")
	return cmd
}

// newSolitaireHintCmd tells whether a position is still winnable and which pair to take.
func newSolitaireHintCmd() *cobra.Command {
	o := &solitaireSolveOptions{}
	cmd := &cobra.Command{
		Use:   "hint",
		Short: "Is this position still winnable, and which pair next?",
		Long: `Read a board file of a game in progress (or deal a board) and answer what a
stuck player asks: can it still be cleared, and which pair to take next (the
first move of a solution). For an impossible position it says so, with the
fewest tiles that must remain when that is found quickly. The exit code is
0 for every answer.`,
		Example: `  mjsolve solitaire hint --board game.board
  mjsolve solitaire hint --board game.board --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b, about, err := o.board(cmd)
			if err != nil {
				return err
			}
			return runSolitaireHint(cmd.Context(), o, b, about, cmd.OutOrStdout())
		},
	}
	o.boardFlags(cmd, "the board file of the game in progress, `FILE`")
	return cmd
}

// solveErr maps the errors of job.Solve and job.Hint to the command's.
func solveErr(ctx context.Context, err error) error {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return errInterrupted
	}
	return failure(err) // a solution that does not replay: a bug
}

func runSolitaireSolve(ctx context.Context, o *solitaireSolveOptions, b *solitaire.Board, about string, stdout io.Writer) error {
	r, err := job.Solve(ctx, b, solver.Options{MinLeft: o.minLeft, Timeout: o.timeout})
	if err != nil {
		return solveErr(ctx, err)
	}
	if o.json {
		return writeJSON(stdout, job.NewAnswer(b, solitaire.LayoutRef(b.Geo.Layout, layoutFinder()), about, r))
	}
	var sb strings.Builder
	sb.WriteString(boardHeading(b, about) + "\n")
	left := b.Remaining()
	switch r.Verdict {
	case solver.Winnable:
		fmt.Fprintf(&sb, "winnable: %d tiles cleared in %d moves (%s)\n", left, len(r.Moves), describeMethod(r))
		writeMoves(&sb, b, r.Moves)
	case solver.Impossible:
		fmt.Fprintf(&sb, "impossible: no order of play clears these %d tiles (%s)\n", left, describeMethod(r))
		if o.minLeft && r.MinLeft >= 0 {
			fmt.Fprintf(&sb, "at best %d tiles remain, after these %d moves:\n", r.MinLeft, len(r.Moves))
			writeMoves(&sb, b, r.Moves)
		} else if o.minLeft {
			sb.WriteString("the fewest tiles that must remain was not found in time\n")
		}
	default:
		fmt.Fprintf(&sb, "unknown: no answer within %v\n", o.timeout)
	}
	_, err = io.WriteString(stdout, sb.String())
	return err
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
		how = fmt.Sprintf("pairing search, %d nodes", r.Stats.Nodes)
	case solver.Trivial:
		how = "the board is empty"
	default:
		how = r.Method.String()
	}
	return fmt.Sprintf("%s; %s", how, countNoun(r.Stats.Scans, "scan"))
}

// countNoun writes n and a noun, with an s unless n is 1.
func countNoun(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
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

func runSolitaireHint(ctx context.Context, o *solitaireSolveOptions, b *solitaire.Board, about string, stdout io.Writer) error {
	r, err := job.Hint(ctx, b, o.timeout)
	if err != nil {
		return solveErr(ctx, err)
	}
	left := b.Remaining()
	if o.json {
		return writeJSON(stdout, job.NewHintAnswer(b, solitaire.LayoutRef(b.Geo.Layout, layoutFinder()), about, r))
	}
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
		msg = fmt.Sprintf("unknown: no answer within %v\n", o.timeout)
	}
	_, err = io.WriteString(stdout, boardHeading(b, about)+"\n"+msg)
	return err
}
