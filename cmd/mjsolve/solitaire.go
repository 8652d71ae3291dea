package main

import "github.com/spf13/cobra"

// newSolitaireCmd is the "solitaire" command: the main job (solve many deals
// of a layout) and its subcommands show, solve and hint.
func newSolitaireCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "solitaire",
		Short: "Solve Mahjong Solitaire deals with peeking",
	}
	cmd.AddCommand(
		newSolitaireShowCmd(),
		newSolitaireSolveCmd(),
		newSolitaireHintCmd(),
	)
	return cmd
}
