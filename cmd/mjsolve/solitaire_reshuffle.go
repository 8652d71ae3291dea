package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
	"github.com/mjsolve/mjsolve/solitaire/winnable"
)

// solitaireReshuffleOptions are the flags of "solitaire reshuffle".
type solitaireReshuffleOptions struct {
	call
	boardFlags
	reseed uint64
	tries  int
	save   string
	force  bool
	json   bool
}

// newSolitaireReshuffleCmd rearranges a position's tiles so that it is
// winnable.
func newSolitaireReshuffleCmd() *cobra.Command {
	o := &solitaireReshuffleOptions{}
	cmd := &cobra.Command{
		Use:   "reshuffle",
		Short: "Rearrange the tiles left so that the position is winnable",
		Long: `Rearrange the faces of the tiles still on the board (a board file of a
game in progress, or a deal) over their slots so that the position is
winnable, the removed tiles left as they are: what a game's "shuffle" does,
made exact. Up to --tries uniformly random rearrangements are drawn and the
first the solver proves winnable is kept (uniform among the winnable
rearrangements); failing that, one is built from an order in which the
tiles could be cleared if all matched. A position whose tiles cannot be
cleared even then has no winnable rearrangement: it says so and exits 1.
The new position is drawn as "show" draws one (--json as "show --json",
with its solution); --save FILE writes it as a board file.`,
		Example: `  mjsolve solitaire reshuffle --board stuck.board
  mjsolve solitaire reshuffle --board stuck.board --save again.board --json`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	o.boardFlags.add(cmd, "reshuffle the position in `FILE` (a board file) instead of a deal")
	f := cmd.Flags()
	f.Uint64Var(&o.reseed, "reseed", 0, "seed `N` of the rearrangements (with a hash of the position)")
	f.IntVar(&o.tries, "tries", winnable.DefaultReshuffleTries, "uniformly random rearrangements `N` to try before building one")
	f.StringVar(&o.save, "save", "", "write the new position to `FILE` (a board file)")
	f.BoolVar(&o.force, "force", false, "with --save, replace FILE if it exists")
	f.BoolVar(&o.json, "json", false, "print the new position as JSON")
	return cmd
}

// reshuffledBoard is "solitaire reshuffle --json": the new position as
// "show --json" prints one, how it was found and a solution.
type reshuffledBoard struct {
	*answer.BoardAnswer
	Uniform  bool     `json:"uniform"`
	Tries    int      `json:"tries"`
	Solution []string `json:"solution"`
}

func (o *solitaireReshuffleOptions) run() error {
	if o.tries < 1 || o.tries > 1_000_000 {
		return fmt.Errorf("--tries %d: want 1 to 1000000", o.tries)
	}
	if o.force && !o.cmd.Flags().Changed("save") {
		return errors.New("--force is for --save")
	}
	if o.save != "" {
		if err := checkNewFile("--save", o.save, o.force); err != nil {
			return err
		}
	}
	b, about, err := o.chosen(o.cmd)
	if err != nil {
		return err
	}
	res, err := winnable.Reshuffle(o.ctx, b, winnable.ReshuffleOptions{Seed: o.reseed, Tries: o.tries})
	switch {
	case errors.Is(err, winnable.ErrNoRearrangement):
		return failure(fmt.Errorf("no rearrangement of the %d tiles left is winnable: they cannot be cleared even if every tile matched every other", b.Remaining()))
	case err != nil && o.ctx.Err() != nil:
		return errInterrupted
	case err != nil:
		return failure(err)
	}
	how := fmt.Sprintf("reshuffled (a uniform draw, %d of %d tried)", res.Tries, o.tries)
	if !res.Uniform {
		how = fmt.Sprintf("reshuffled (built: none of %d uniform draws was winnable)", o.tries)
	}
	heading := boardHeading(b, about) + ", " + how
	if o.save != "" {
		if err := solitaire.WriteBoardFile(o.save, res.Board, heading, layoutFinder()); err != nil {
			return fileError("--save", o.save, err)
		}
	}
	if o.json {
		a := reshuffledBoard{
			BoardAnswer: answer.NewBoardAnswer(res.Board, solitaire.LayoutRef(b.Geo.Layout, layoutFinder()), about+", "+how),
			Uniform:     res.Uniform, Tries: res.Tries, Solution: make([]string, len(res.Moves)),
		}
		for i, m := range res.Moves {
			a.Solution[i] = m.String()
		}
		return writeJSON(o.stdout, a)
	}
	_, err = io.WriteString(o.stdout, heading+"\n"+answer.ShowText(res.Board, false)+
		fmt.Sprintf("winnable: a solution of %d moves begins %s\n", len(res.Moves), solitaire.FormatMoves(res.Moves[:min(len(res.Moves), 6)])))
	return err
}
