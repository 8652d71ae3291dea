//go:build gendocs

// The generator of the command reference, built in place of main.go by
// the go:generate line there: "go generate ./cmd/mjsolve" (or ./...)
// writes docs/cli and docs/man from the command tree (reference.go).

package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run -tags gendocs ./cmd/mjsolve DOCS-DIR")
		os.Exit(2)
	}
	if err := writeReference(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}
