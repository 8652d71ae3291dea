package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/tw16/referee"
)

// tw16ReplayOptions are the flags of "mjsolve tw16 replay".
type tw16ReplayOptions struct {
	call
	lines bool
}

func newTW16ReplayCmd() *cobra.Command {
	o := &tw16ReplayOptions{}
	cmd := &cobra.Command{
		Use:   "replay FILE...",
		Short: "Check hand transcripts of the referee against the rules engine",
		Long: `Read transcripts written by "mjsolve tw16 referee --log" (hand-NNNN.txt.zst,
compressed or not), deal each hand again from the wall it records, and step
through it with the programs' recorded replies: every line the referee sent,
every failure and every move of the dummy that replaced a failed program must
be what the rules engine and the referee give, and the points must be the
recorded ones and sum to zero.

Prints one line per hand verified; --lines first prints every record (line
number, seconds, seat, direction and text). The first mismatch of a file is reported with its line number, and
the command exits with code 2 if any file does not verify.`,
		Example: `  mjsolve tw16 replay logs/hand-*.txt.zst
  mjsolve tw16 replay --lines logs/hand-0007.txt.zst`,
		Args: someArgs("one or more transcript FILEs written by 'mjsolve tw16 referee --log'"),
		RunE: runE(&o.call, o.run),
	}
	cmd.Flags().BoolVar(&o.lines, "lines", false, "print every record of the transcript")
	return cmd
}

func (o *tw16ReplayOptions) run() error {
	bad, tables := 0, tw16LazyTables() // loaded by the first transcript that opens
	defer func() {
		if info, ok := tables.Loaded(); ok {
			warnNotCached(o.stderr, info)
		}
	}()
	for i, name := range o.args {
		if o.ctx.Err() != nil {
			return interruptedAfter(o.stderr, i, len(o.args), "transcript")
		}
		t, _, err := referee.ReplayFile(name, tables)
		if o.lines && t != nil {
			if err := t.WriteRecords(o.stdout); err != nil {
				return failure(err)
			}
		}
		if err != nil {
			fmt.Fprintf(o.stderr, "mjsolve: %s: %v\n", name, err)
			bad++
			continue
		}
		if _, err := fmt.Fprintf(o.stdout, "%s: hand %d verified: %s\n", name, t.Header.Hand, t.Summary()); err != nil {
			return failure(err)
		}
	}
	if bad > 0 {
		if len(o.args) > 1 {
			fmt.Fprintf(o.stderr, "mjsolve: %d of %d transcripts do not verify\n", bad, len(o.args))
		}
		return silentError{exitBadInput}
	}
	return nil
}
