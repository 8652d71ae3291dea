//go:build !gendocs

// Command mjsolve solves Mahjong Solitaire boards with peeking and analyses
// Taiwanese 16-tile Mahjong hands. Run "mjsolve help" for the commands.
package main

//go:generate go run -tags gendocs . ../../docs

import (
	"io"
	"log"
	"os"
)

func main() {
	quietLibraries()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// quietLibraries drops what libraries print through the standard logger
// (gonum's vgpdf logs a font it cannot embed before it panics, which the
// plot package turns into an error): an error is the command's one line.
func quietLibraries() { log.SetOutput(io.Discard) }
