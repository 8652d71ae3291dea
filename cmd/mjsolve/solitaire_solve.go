package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
	"github.com/mjsolve/mjsolve/solver"
)

// solitaireSolveOptions are the flags of "solitaire solve" and "solitaire hint".
type solitaireSolveOptions struct {
	call
	boardFlags
	json    bool
	minLeft bool
	timeout time.Duration
	hint    bool // answer as "solitaire hint" does
	fair    bool // hint --fair: the hint from what a player sees
}

// add adds the flags that choose a board (shared with "solitaire show")
// and those of the answer.
func (o *solitaireSolveOptions) add(cmd *cobra.Command, boardUsage string) {
	o.boardFlags.add(cmd, boardUsage)
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the answer as one JSON object")
	f.DurationVar(&o.timeout, "timeout", 0, "give up after this long and answer unknown (0: no limit)")
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
		RunE: runE(&o.call, o.run),
	}
	o.add(cmd, "solve the board (possibly a game in progress) in `FILE` instead of dealing one")
	cmd.Flags().BoolVar(&o.minLeft, "min-left", false, "for an impossible board, find the fewest tiles that must remain")
	return cmd
}

// newSolitaireHintCmd tells whether a position is still winnable and which pair to take.
func newSolitaireHintCmd() *cobra.Command {
	o := &solitaireSolveOptions{hint: true}
	cmd := &cobra.Command{
		Use:   "hint",
		Short: "Is this position still winnable, and which pair next?",
		Long: `Read a board file of a game in progress (or deal a board) and answer what a
stuck player asks: can it still be cleared, and which pair to take next (the
first move of a solution). For an impossible position it says so, with the
fewest tiles that must remain when that is found quickly. This hint peeks: it
knows every face, also those under other tiles.

--fair gives the hint of a player who does not peek: the pair the hindsight
strategy of "solitaire play" takes, from the faces a player sees (those of
the tiles removed and of the tiles nothing covers). It deals the hidden faces
at random many times, decides each deal exactly, and takes the pair that
keeps the position winnable in the most deals; it says in how many deals the
position, and the position after its pair, can still be cleared. The same
position always gets the same fair hint. The exit code is 0 for every answer.`,
		Example: `  mjsolve solitaire hint --board game.board
  mjsolve solitaire hint --board game.board --json
  mjsolve solitaire hint --board game.board --fair`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	o.add(cmd, "the board file of the game in progress, `FILE`")
	cmd.Flags().BoolVar(&o.fair, "fair", false, "the hint of a player who does not look under the tiles")
	return cmd
}

// run solves the board the flags name, or with o.hint answers as a hint,
// and prints the answer.
func (o *solitaireSolveOptions) run() error {
	if o.timeout < 0 {
		return fmt.Errorf("--timeout must not be negative (got %v)", o.timeout)
	}
	if o.fair && o.timeout != 0 {
		return errors.New("--timeout applies to the exact hint, not to --fair (which answers within a second)")
	}
	b, about, err := o.chosen(o.cmd)
	if err != nil {
		return err
	}
	ctx, stdout := o.ctx, o.stdout
	if o.fair {
		return o.runFair(b, about)
	}
	var r solver.Result
	if o.hint {
		r, err = answer.Hint(ctx, b, o.timeout)
	} else {
		r, err = answer.Solve(ctx, b, solver.Options{MinLeft: o.minLeft, Timeout: o.timeout})
	}
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return errInterrupted
	} else if err != nil {
		return failure(err) // a solution that does not replay: a bug
	}
	ref := solitaire.LayoutRef(b.Geo.Layout, layoutFinder())
	text := answer.SolveText(b, r, o.minLeft, o.timeout)
	switch {
	case o.json && o.hint:
		return writeJSON(stdout, answer.NewHintAnswer(b, ref, about, r))
	case o.json:
		return writeJSON(stdout, answer.NewAnswer(b, ref, about, r))
	case o.hint:
		text = answer.HintText(b, r, o.timeout)
	}
	_, err = io.WriteString(stdout, boardHeading(b, about)+"\n"+text)
	return err
}

// runFair answers "hint --fair": the hint from what a player sees.
func (o *solitaireSolveOptions) runFair(b *solitaire.Board, about string) error {
	start := time.Now()
	adv, err := answer.FairHint(o.ctx, b)
	switch {
	case o.ctx.Err() != nil && errors.Is(err, o.ctx.Err()):
		return errInterrupted
	case err != nil:
		return err // a layout of more than one deck
	}
	if o.json {
		ref := solitaire.LayoutRef(b.Geo.Layout, layoutFinder())
		return writeJSON(o.stdout, answer.NewFairHintAnswer(b, ref, about, adv, time.Since(start)))
	}
	_, err = io.WriteString(o.stdout, boardHeading(b, about)+"\n"+answer.FairHintText(b, adv))
	return err
}
