package main

import "github.com/spf13/cobra"

// newTW16ScoreCmd scores a complete hand in tai.
func newTW16ScoreCmd() *cobra.Command {
	return &cobra.Command{Use: "score", Short: "Score a complete hand in tai", Hidden: true}
}
