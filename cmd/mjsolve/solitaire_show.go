package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
)

// solitaireShowOptions are the flags of "solitaire show".
type solitaireShowOptions struct {
	call
	boardFlags
	save  string // write the board to this file
	force bool   // replace the --save file if it exists
	slots bool   // label tiles with slot numbers
	json  bool   // print the board as JSON
}

// newSolitaireShowCmd draws a dealt board level by level.
func newSolitaireShowCmd() *cobra.Command {
	o := &solitaireShowOptions{}
	cmd := &cobra.Command{
		Use:   "show",
		Short: "Draw a dealt board level by level",
		Long: `Deal game K of a layout (the same board the main job solves for game K with
the same --deal and --seed) or read a board file, and draw it level by level,
bottom first, with the face of every tile: 1m..9m, 1p..9p, 1s..9s, E S W N,
C F P, fl (flowers) and se (seasons). Free tiles are in [brackets]; removed
tiles of a saved game in progress show as "..". --slots writes slot numbers
instead, as used in moves and board files. --save FILE writes the board file
(an existing FILE is kept unless --force is given). --json prints the board
for programs: the layout, every slot's face, the removed and free slots.`,
		Example: `  mjsolve solitaire show --layout turtle --game 7
  mjsolve solitaire show --layout xmahjongg/default --deal mjsolver --game 1 --save g1.board
  mjsolve solitaire show --board g1.board --slots`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	o.boardFlags.add(cmd, "draw the board in `FILE` instead of dealing one")
	f := cmd.Flags()
	f.StringVar(&o.save, "save", "", "write the board to `FILE` (a board file)")
	f.BoolVar(&o.force, "force", false, "with --save, replace FILE if it exists")
	f.BoolVar(&o.json, "json", false, "print the board as JSON")
	f.BoolVar(&o.slots, "slots", false, "label tiles with slot numbers instead of faces")
	return cmd
}

// boardFlags choose a board: a deal (--layout, --game, --deal, --seed) or
// a board file (--board FILE). Commands that work on one board share them.
type boardFlags struct {
	layout string
	game   uint64
	deal   string
	seed   uint64
	board  string // read the board from this file instead of dealing
}

// add adds the flags to cmd, --board described by boardUsage, with
// completion of layout names and dealers.
func (o *boardFlags) add(cmd *cobra.Command, boardUsage string) {
	f := cmd.Flags()
	f.StringVar(&o.layout, "layout", "turtle", "a built-in or installed layout's `NAME` (see 'mjsolve layouts list'), or a layout file")
	f.Uint64Var(&o.game, "game", 1, "game number `K`: the same K, --deal and --seed give the same board")
	f.StringVar(&o.deal, "deal", "pcg", "dealer `NAME`: pcg, or mjsolver for the boards of de Bondt's solver")
	f.Uint64Var(&o.seed, "seed", 1, "seed `N` of the pcg dealer")
	f.StringVar(&o.board, "board", "", boardUsage)
	cmd.RegisterFlagCompletionFunc("layout", completeLayout)
	cmd.RegisterFlagCompletionFunc("deal", completeDealer)
}

// chosen reads the --board file or deals the board the flags of cmd name,
// and says where it comes from ("from FILE", "game 7, deal pcg seed 1").
func (o *boardFlags) chosen(cmd *cobra.Command) (*solitaire.Board, string, error) {
	c := answer.BoardChoice{Layout: o.layout, Game: o.game, Deal: o.deal, Seed: o.seed, File: o.board}
	for _, name := range []string{"layout", "game", "deal", "seed"} {
		if cmd.Flags().Changed(name) {
			c.Given = append(c.Given, name)
		}
	}
	b, about, err := c.Board(layoutFinder())
	fe := fieldError(err)
	switch {
	case err == nil:
		return b, about, nil
	case fe == nil && errors.Is(err, answer.ErrBadDeal):
		return nil, "", failure(err) // a dealer bug, not the user's input
	case fe == nil:
		return nil, "", fileError("--board", o.board, err)
	case fe.Field == "file":
		return nil, "", fmt.Errorf("--board cannot be combined with --%s", strings.Join(c.Given, ", --"))
	case fe.Field == "game":
		return nil, "", fmt.Errorf("--game %d: %s", o.game, fe.Msg)
	}
	return nil, "", fmt.Errorf("%s %s", cmp.Or(jobFieldFlags[fe.Field], "--"+fe.Field), fe.Msg) // --deal, --seed as the main job words them
}

// boardHeading is the first line of the answers about board b: its
// layout, size and how it was chosen (about).
func boardHeading(b *solitaire.Board, about string) string {
	return fmt.Sprintf("%s (%d tiles), %s", solitaire.LayoutRef(b.Geo.Layout, layoutFinder()), b.Geo.N, about)
}

func (o *solitaireShowOptions) run() error {
	if o.force && !o.cmd.Flags().Changed("save") {
		return errors.New("--force is for --save")
	}
	if o.cmd.Flags().Changed("save") {
		if err := checkNewFile("--save", o.save, o.force); err != nil {
			return err
		}
	}
	b, about, err := o.chosen(o.cmd)
	if err != nil {
		return err
	}
	heading := boardHeading(b, about)
	if o.save != "" {
		if err := solitaire.WriteBoardFile(o.save, b, heading, layoutFinder()); err != nil {
			return fileError("--save", o.save, err)
		}
	}
	if o.json {
		return writeJSON(o.stdout, answer.NewBoardAnswer(b, solitaire.LayoutRef(b.Geo.Layout, layoutFinder()), about))
	}
	_, err = io.WriteString(o.stdout, heading+"\n"+answer.ShowText(b, o.slots))
	return err
}
