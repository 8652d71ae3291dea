// Command mjsolve solves Mahjong Solitaire boards with peeking and analyses
// Taiwanese 16-tile Mahjong hands. Run "mjsolve help" for the commands.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
