package main

import "github.com/spf13/cobra"

// newTW16Cmd is the "tw16" command group: Taiwanese 16-tile hand analysis.
func newTW16Cmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tw16",
		Short: "Analyse Taiwanese 16-tile Mahjong hands",
	}
	cmd.AddCommand(newTW16ScoreCmd())
	return cmd
}
