package main

import "github.com/spf13/cobra"

// newLayoutsCmd is the "layouts" command group: list and show layouts.
func newLayoutsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "layouts",
		Short: "List and show Mahjong Solitaire layouts (built-in and installed games')",
	}
	return cmd
}
