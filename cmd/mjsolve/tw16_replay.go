package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
	"github.com/mjsolve/mjsolve/tw16/referee"
)

// tw16ReplayOptions are the flags of "mjsolve tw16 replay".
type tw16ReplayOptions struct {
	call
	lines, json, byStrategy bool
	// table adds up the hands for --by-strategy; first names the file of
	// its first hand.
	table *game.Table
	names [4]string
	first string
}

func newTW16ReplayCmd() *cobra.Command {
	o := &tw16ReplayOptions{}
	cmd := &cobra.Command{
		Use:   "replay FILE...",
		Short: "Check hands played by the referee or self-play against the rules engine",
		Long: `Read transcripts written by "mjsolve tw16 referee --log" (hand-NNNN.txt.zst,
compressed or not), deal each hand again from the wall it records, and step
through it with the programs' recorded replies: every line the referee sent,
every failure and every move of the dummy that replaced a failed program must
be what the rules engine and the referee give, and the points must be the
recorded ones and sum to zero. Hands in event form (written by
"mjsolve tw16 selfplay --log", hand-NNNN.jsonl.zst, or by --json) are dealt
again and played with their decisions, and every event must be the one
recorded.

Prints one line per hand verified; --lines first prints every record of a
transcript (line number, seconds, seat, direction and text). --json prints
each hand in event form instead: JSON lines, a header line then one event a
line (the deal, draws, flowers, discards, claims, kongs, passes, failures and
the dummy's moves, the win with its itemised tai, the end with the four
seats' points), whose schema docs/play.md describes. The first mismatch of a
file is reported with its line number, and the command exits with code 2 if
any file does not verify.

--by-strategy prints, instead of a line per hand, the table that "mjsolve
tw16 selfplay --by-strategy" and "mjsolve tw16 referee --by-strategy" print,
of all the hands given (players of one name as one strategy): so the hands
of several runs pool into one table, for instance four seeds played one a
core, as long as their players 1 to 4 have the same names. The time per
decision is that of the replies a transcript records (a self-play log
records none). No table is printed when a file does not verify.`,
		Example: `  mjsolve tw16 replay logs/hand-*.txt.zst
  mjsolve tw16 replay --lines logs/hand-0007.txt.zst
  mjsolve tw16 replay --json logs/hand-0007.txt.zst | jq -c 'select(.type == "win")'
  mjsolve tw16 replay --by-strategy crit1/hand-*.jsonl.zst crit2/hand-*.jsonl.zst`,
		Args: someArgs("one or more transcript FILEs written by 'mjsolve tw16 referee --log' or 'mjsolve tw16 selfplay --log'"),
		RunE: runE(&o.call, o.run),
	}
	cmd.Flags().BoolVar(&o.lines, "lines", false, "print every record of a transcript")
	cmd.Flags().BoolVar(&o.json, "json", false, "print each hand in event form, as JSON lines")
	cmd.Flags().BoolVar(&o.byStrategy, "by-strategy", false, "print the strength table of all the hands by strategy (as selfplay --by-strategy) instead of a line per hand")
	cmd.MarkFlagsMutuallyExclusive("lines", "json", "by-strategy")
	return cmd
}

func (o *tw16ReplayOptions) run() error {
	bad, tables := 0, tw16LazyTables() // loaded by the first transcript that opens
	defer func() {
		if info, ok := tables.Loaded(); ok {
			warnNotCached(o.stderr, info)
		}
	}()
	out := bufio.NewWriter(o.stdout)
	for i, name := range o.args {
		if o.ctx.Err() != nil {
			out.Flush()
			return interruptedAfter(o.stderr, i, len(o.args), "transcript")
		}
		summary, err := o.replay(out, name, tables)
		if err != nil {
			if _, ok := err.(failureError); ok {
				return err
			}
			fmt.Fprintf(o.stderr, "mjsolve: %s: %v\n", name, err)
			bad++
			continue
		}
		if !o.json && !o.byStrategy {
			fmt.Fprintf(out, "%s: %s\n", name, summary)
		}
		if err := out.Flush(); err != nil {
			return failure(err)
		}
	}
	if bad > 0 {
		if len(o.args) > 1 {
			fmt.Fprintf(o.stderr, "mjsolve: %d of %d transcripts do not verify\n", bad, len(o.args))
		}
		return silentError{exitBadInput}
	}
	if o.byStrategy {
		if err := o.table.WriteStrength(out); err != nil {
			return failure(err)
		}
		if err := out.Flush(); err != nil {
			return failure(err)
		}
	}
	return nil
}

// tally counts hand h of the file name in the --by-strategy table.
func (o *tw16ReplayOptions) tally(name string, h *handlog.Hand) error {
	y, err := h.Tally()
	if err != nil {
		return err
	}
	if o.table == nil {
		o.table, o.names, o.first = game.NewTable(y.Names), y.Names, name
	} else if y.Names != o.names {
		return fmt.Errorf("players 1 to 4 are %s, where they are %s in %s: --by-strategy pools hands of the same players",
			strings.Join(y.Names[:], ", "), strings.Join(o.names[:], ", "), o.first)
	}
	y.AddTo(o.table)
	return nil
}

// replay verifies the hand in the file name and writes what the flags
// ask for to out; it returns the hand's summary line.
func (o *tw16ReplayOptions) replay(out *bufio.Writer, name string, tables *tw16.TableSet) (string, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return "", err
	}
	if o.json || o.byStrategy || handlog.IsEventForm(data) {
		h, err := referee.ReadHand(bytes.NewReader(data), tables)
		if err != nil {
			return "", err
		}
		if o.byStrategy {
			if err := o.tally(name, h); err != nil {
				return "", err
			}
		}
		if o.json {
			if _, err := h.WriteTo(out); err != nil {
				return "", failure(err)
			}
		}
		return handSummary(h), nil
	}
	t, _, err := referee.ReplayReader(bytes.NewReader(data), tables)
	if o.lines && t != nil {
		if err := t.WriteRecords(out); err != nil {
			return "", failure(err)
		}
	}
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("hand %d verified: %s", t.Header.Hand, t.Summary()), nil
}

// handSummary describes a hand in event form for people: "hand 3 verified:
// 312 events, seat 2 wins …, points 0 0 0 0, 1 failure".
func handSummary(h *handlog.Hand) string {
	failed := 0
	for _, e := range h.Events {
		if e.Type == handlog.EventFailure {
			failed++
		}
	}
	end := h.End()
	p := end.Points
	return fmt.Sprintf("hand %d verified: %d events, %s, points %d %d %d %d, %d %s",
		h.Header.Hand, len(h.Events), end.Result, p[0], p[1], p[2], p[3], failed, plural(failed, "failure"))
}
