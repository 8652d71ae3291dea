package main

import "github.com/spf13/cobra"

// newSolitaireShowCmd draws a dealt board level by level.
func newSolitaireShowCmd() *cobra.Command {
	return &cobra.Command{Use: "show", Short: "Draw a dealt board level by level", Hidden: true}
}
