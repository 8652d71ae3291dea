package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	against                 []string
	// given and other add up, for --by-strategy, the hands given and those
	// of --against.
	given, other strengthRun
}

// strengthRun adds up the hands of one match for --by-strategy.
type strengthRun struct {
	table *game.Table
	names [4]string
	first string // the file of its first hand
	// deals holds each hand by its deal (handlog.Header.Deal), in the
	// order of order, to pair the two matches of --against.
	deals map[string]*dealtHand
	order []string
}

// mismatchError reports a hand that verifies but does not belong with the
// others given (other players, a deal given twice): replay stops at it.
type mismatchError struct{ err error }

func (e mismatchError) Error() string { return e.err.Error() }

// dealtHand is what pairing needs of a hand.
type dealtHand struct {
	file   string
	hand   game.Scheduled
	result game.Result
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
decision is that of the replies a transcript records, from a decision's
first question to its answer (a self-play log records none): where the
protocol asks one decision twice (a kong, then a pong, of one discard) it
is both replies' time, where the referee's own table times each reply. No
table is printed when a file does not verify.

--against DIR (or FILE; repeated, or DIRs separated by commas) compares the
hands given with another match played on the same deals (the same --seed and
number of hands, the players seated alike: two versions of a bot, or one bot
at two budgets), hand by hand: it prints the table of each, then the margin
of the first match's best strategy over each other in both matches and the
difference of the two with its 95% interval. The luck of the walls, which
each table carries in full, then partly cancels. Every hand must have one of
the same deal on the other side.`,
		Example: `  mjsolve tw16 replay logs/hand-*.txt.zst
  mjsolve tw16 replay --lines logs/hand-0007.txt.zst
  mjsolve tw16 replay --json logs/hand-0007.txt.zst | jq -c 'select(.type == "win")'
  mjsolve tw16 replay --by-strategy crit1/hand-*.jsonl.zst crit2/hand-*.jsonl.zst
  mjsolve tw16 replay --by-strategy think1s-1/hand-*.jsonl.zst --against crit1`,
		Args: someArgs("one or more transcript FILEs written by 'mjsolve tw16 referee --log' or 'mjsolve tw16 selfplay --log'"),
		RunE: runE(&o.call, o.run),
	}
	cmd.Flags().BoolVar(&o.lines, "lines", false, "print every record of a transcript")
	cmd.Flags().BoolVar(&o.json, "json", false, "print each hand in event form, as JSON lines")
	cmd.Flags().BoolVar(&o.byStrategy, "by-strategy", false, "print the strength table of all the hands by strategy (as selfplay --by-strategy) instead of a line per hand")
	cmd.Flags().StringSliceVar(&o.against, "against", nil, "compare, hand by hand, with the hands of the match in `DIR` (or a FILE; repeated or comma-separated) played on the same deals (implies --by-strategy)")
	cmd.MarkFlagsMutuallyExclusive("lines", "json", "by-strategy")
	cmd.MarkFlagsMutuallyExclusive("lines", "json", "against")
	return cmd
}

func (o *tw16ReplayOptions) run() error {
	files := o.args
	if o.cmd.Flags().Changed("against") && len(o.against) == 0 {
		return errors.New("--against: give the directory (or files) of the other match")
	}
	if len(o.against) > 0 {
		o.byStrategy = true
		other, err := handFiles(o.against)
		if err != nil {
			return err
		}
		files = append(slices.Clip(files), other...)
	}
	bad, tables := 0, tw16LazyTables() // loaded by the first transcript that opens
	defer func() {
		if info, ok := tables.Loaded(); ok {
			warnNotCached(o.stderr, info)
		}
	}()
	out := bufio.NewWriter(o.stdout)
	for i, name := range files {
		if o.ctx.Err() != nil {
			out.Flush()
			return interruptedAfter(o.stderr, i, len(files), "transcript")
		}
		run := &o.given
		if i >= len(o.args) {
			run = &o.other
		}
		summary, err := o.replay(out, name, tables, run)
		if err != nil {
			if _, ok := err.(failureError); ok {
				return err
			}
			if m, ok := err.(mismatchError); ok {
				return fmt.Errorf("%s: %w", name, m.err)
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
		if len(files) > 1 {
			fmt.Fprintf(o.stderr, "mjsolve: %d of %d transcripts do not verify\n", bad, len(files))
		}
		return silentError{exitBadInput}
	}
	if !o.byStrategy {
		return nil
	}
	var paired *game.Paired
	if len(o.against) > 0 {
		var err error
		if paired, err = o.pair(); err != nil {
			return err
		}
	}
	if err := o.given.table.WriteStrength(out); err != nil {
		return failure(err)
	}
	if paired != nil {
		fmt.Fprintf(out, "\nagainst (%s):\n", strings.Join(o.against, ", "))
		if err := o.other.table.WriteStrength(out); err != nil {
			return failure(err)
		}
		fmt.Fprintln(out)
		if err := paired.Write(out); err != nil {
			return failure(err)
		}
	}
	if err := out.Flush(); err != nil {
		return failure(err)
	}
	return nil
}

// handFiles returns the hands of --against: each a file, or a directory
// whose hands (hand-*.jsonl.zst, hand-*.txt.zst, hand-*.txt) it holds.
func handFiles(against []string) ([]string, error) {
	var files []string
	for _, a := range against {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("--against: %w", err)
		}
		if !fi.IsDir() {
			files = append(files, a)
			continue
		}
		var in []string
		for _, pattern := range []string{"hand-*.jsonl.zst", "hand-*.txt.zst", "hand-*.txt"} {
			m, _ := filepath.Glob(filepath.Join(a, pattern)) // the pattern is well formed
			in = append(in, m...)
		}
		if len(in) == 0 {
			return nil, fmt.Errorf("--against %s: the directory holds no hands (hand-NNNN.jsonl.zst or hand-NNNN.txt.zst)", a)
		}
		slices.Sort(in)
		files = append(files, in...)
	}
	return files, nil
}

// pair pairs the hands given with those of --against by deal.
func (o *tw16ReplayOptions) pair() (*game.Paired, error) {
	p, err := game.NewPaired(o.given.names, o.other.names)
	if err != nil {
		return nil, fmt.Errorf("--against: %w (%s and %s)", err, o.given.first, o.other.first)
	}
	unpaired := func(a, b *strengthRun, what string) error {
		n, first := 0, ""
		for _, k := range a.order {
			if b.deals[k] == nil {
				if n == 0 {
					first = a.deals[k].file
				}
				n++
			}
		}
		if n == 0 {
			return nil
		}
		return fmt.Errorf("--against: %d of the %d hands %s have no hand of the same deal on the other side (the first: %s); compare matches of the same --seed and hands",
			n, len(a.order), what, first)
	}
	if err := unpaired(&o.given, &o.other, "given"); err != nil {
		return nil, err
	}
	if err := unpaired(&o.other, &o.given, "of --against"); err != nil {
		return nil, err
	}
	for _, k := range o.given.order {
		a, b := o.given.deals[k], o.other.deals[k]
		if err := p.Add(a.hand, &a.result, b.hand, &b.result); err != nil {
			return nil, fmt.Errorf("--against: %s and %s: %w", a.file, b.file, err)
		}
	}
	return p, nil
}

// tally counts hand h of the file name in the --by-strategy table of its
// match.
func (r *strengthRun) tally(name string, h *handlog.Hand, pairing bool) error {
	y, err := h.Tally()
	if err != nil {
		return err
	}
	if r.table == nil {
		r.table, r.names, r.first = game.NewTable(y.Names), y.Names, name
	} else if y.Names != r.names {
		hint := ""
		if pairing {
			hint = " (with --against, give the other match's directory)"
		}
		return mismatchError{fmt.Errorf("players 1 to 4 are %s, where they are %s in %s: --by-strategy pools hands of the same players%s",
			strings.Join(y.Names[:], ", "), strings.Join(r.names[:], ", "), r.first, hint)}
	}
	if pairing {
		k := h.Header.Deal()
		if d := r.deals[k]; d != nil {
			if d.file == name {
				return mismatchError{errors.New("given twice: give each match's hands once")}
			}
			return mismatchError{fmt.Errorf("the same deal as %s: give each match's hands once (with --against, the other match's directory)", d.file)}
		}
		if r.deals == nil {
			r.deals = map[string]*dealtHand{}
		}
		r.deals[k] = &dealtHand{file: name, hand: y.Hand, result: y.Result}
		r.order = append(r.order, k)
	}
	y.AddTo(r.table)
	return nil
}

// replay verifies the hand in the file name and writes what the flags
// ask for to out; it returns the hand's summary line.
func (o *tw16ReplayOptions) replay(out *bufio.Writer, name string, tables *tw16.TableSet, run *strengthRun) (string, error) {
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
			if err := run.tally(name, h, len(o.against) > 0); err != nil {
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
