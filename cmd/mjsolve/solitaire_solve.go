package main

import "github.com/spf13/cobra"

// newSolitaireSolveCmd solves one board and prints the solution.
func newSolitaireSolveCmd() *cobra.Command {
	return &cobra.Command{Use: "solve", Short: "Solve one board", Hidden: true}
}

// newSolitaireHintCmd tells whether a position is still winnable and which pair to take.
func newSolitaireHintCmd() *cobra.Command {
	return &cobra.Command{Use: "hint", Short: "Is this position winnable, and which pair next?", Hidden: true}
}
