package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/internal/progress"
	"github.com/mjsolve/mjsolve/tw16/handlog"
	"github.com/mjsolve/mjsolve/tw16/referee"
	"github.com/mjsolve/mjsolve/tw16/review"
)

// tw16ReviewOptions are the flags of "mjsolve tw16 review".
type tw16ReviewOptions struct {
	call
	review.RunOptions
	seat  int
	name  string
	json  bool
	quiet bool
}

func newTW16ReviewCmd() *cobra.Command {
	o := &tw16ReviewOptions{}
	cmd := &cobra.Command{
		Use:   "review FILE...",
		Short: "Rate every decision of a player against the search engine",
		Long: `Read hands played by the referee or self-play (transcripts, hand-NNNN.txt.zst,
or hands in event form, hand-NNNN.jsonl.zst; each verified against the rules
engine as "mjsolve tw16 replay" does) and rate every decision of the seats
chosen: every discard with a choice and every claim offered, made by the
seat's program (the moves of the dummy that plays a failed program's seat
are counted, not rated). By default every seat is reviewed; --seat N
reviews seat N (1-4) of every hand, --name NAME the seats of the player of
that name.

The engine plays the advice engine's choice unless the search strategy's
evaluator (tw16/bot) finds another action clearly better: every legal
action is played out in up to --samples positions sampled from what the
seat could see (those clearly behind dropped on the way), and the leader
replaces the advice only when it leads it by two paired standard errors
again in --samples/2 positions of their own; a win is always its choice.
When the engine chooses otherwise than the player, the two actions are
played in --samples/2 new positions, and the difference is the decision's
cost in points: an unbiased estimate, below zero when the player's action
did better, whose noise averages out over many decisions. A decision's
samples depend only on --seed, the hand's number and the move, so the
figures are the same for the same --samples and --seed, whatever
--workers.

Prints a line per hand (the decisions, agreement and cost of each seat
reviewed), then a table per player: hands, decisions, agreement with the
engine, points lost per hand by the estimate with its 95% interval (over
the hands) and per decision, the points actually won per hand, the hands in which its program failed and the
dummy's moves; then the --worst decisions of highest cost with their hand,
move number (the event's n in "replay --json") and position. --quiet
leaves out the line per hand; --json prints it all as JSON, every decision
of every hand included.

A file that cannot be read or does not verify is reported on stderr and
the others are reviewed (exit code 2 at the end). A progress bar shows on a
terminal; Ctrl-C stops and prints the review of the hands done (exit code
130).`,
		Example: `  mjsolve tw16 review logs/hand-*.txt.zst
  mjsolve tw16 review --name mybot --quiet logs/hand-*.txt.zst
  mjsolve tw16 review --seat 2 --samples 128 --json logs/hand-0007.txt.zst`,
		Args: someArgs("one or more hand FILEs written by 'mjsolve tw16 referee --log' or 'mjsolve tw16 selfplay --log'"),
		RunE: runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.IntVar(&o.seat, "seat", 0, "review seat `N` (1-4) of every hand")
	f.StringVar(&o.name, "name", "", "review the seats of the player named `NAME`")
	cmd.MarkFlagsMutuallyExclusive("seat", "name")
	f.IntVar(&o.Samples, "samples", review.DefaultSamples, fmt.Sprintf("the evaluator's sampled positions per decision, at most %d", review.MaxSamples))
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the sampled positions")
	f.IntVar(&o.WorstN, "worst", 10, "number of worst decisions listed")
	f.IntVar(&o.Workers, "workers", 0, "hands reviewed at once, at most 4096 (0, the default: one per CPU)")
	f.BoolVar(&o.quiet, "quiet", false, "leave out the line per hand")
	f.BoolVar(&o.json, "json", false, "print the review as JSON, every decision included")
	return cmd
}

// reviewJSON is the output of --json.
type reviewJSON struct {
	*review.Report
	Reviews []*review.HandReview `json:"reviews"`
	Errors  []reviewFailure      `json:"errors"`
}

// reviewFailure is a file that could not be reviewed, as --json lists it.
type reviewFailure struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

func (o *tw16ReviewOptions) run() error {
	if err := cmp.Or(inRange("--seat", o.seat, 0, 4), inRange("--samples", o.Samples, 1, review.MaxSamples),
		atLeast("--worst", o.WorstN, 0), checkWorkers(o.Workers)); err != nil {
		return err
	}
	if o.cmd.Flags().Changed("seat") && o.seat == 0 {
		return errors.New("--seat 0: must be 1 to 4")
	}
	o.Tables = tw16TablesWarn(o.stderr)
	o.N = len(o.args)
	o.Open = func(i int) (*handlog.Hand, error) {
		f, err := os.Open(o.args[i])
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return referee.ReadHand(f, o.Tables)
	}
	named := false
	o.Seats = func(h *handlog.Hand) (seats [4]bool) {
		for _, si := range h.Header.Seats {
			s := si.Seat - 1
			if s < 0 || s > 3 {
				continue
			}
			switch {
			case o.seat > 0:
				seats[s] = s == o.seat-1
			case o.name != "":
				seats[s] = si.Name == o.name
				named = named || seats[s]
			default:
				seats[s] = true
			}
		}
		return seats
	}
	out := bufio.NewWriter(o.stdout)
	var js reviewJSON
	bad := 0
	o.Name = func(i int) string { return o.args[i] }
	o.OnHand = func(i int, hr *review.HandReview) {
		switch {
		case o.json:
			js.Reviews = append(js.Reviews, hr)
		case !o.quiet:
			fmt.Fprintf(out, "%s: %s\n", hr.File, hr.Line())
			out.Flush()
		}
	}
	o.OnError = func(i int, err error) {
		bad++
		fmt.Fprintf(o.stderr, "mjsolve: %s: %v\n", o.args[i], err)
		js.Errors = append(js.Errors, reviewFailure{o.args[i], err.Error()})
	}
	bar := progress.New(o.stderr, "hands")
	if bar != nil {
		o.Progress = func(done int) { bar.Show("review", uint64(done), uint64(o.N)) }
	}
	start := time.Now()
	rep, err := review.Run(o.ctx, o.RunOptions)
	bar.Stop()
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		return failure(err)
	}
	if o.json {
		js.Report = rep
		if js.Reviews == nil {
			js.Reviews = []*review.HandReview{}
		}
		if js.Errors == nil {
			js.Errors = []reviewFailure{}
		}
		if err := json.NewEncoder(out).Encode(js); err != nil {
			return failure(err)
		}
	} else if err := rep.WriteText(out); err != nil {
		return failure(err)
	}
	if err := out.Flush(); err != nil {
		return failure(err)
	}
	if bar != nil {
		el := time.Since(start)
		fmt.Fprintf(o.stderr, "%d %s in %s (%.2f hands/s)\n", rep.Hands, plural(rep.Hands, "hand"), el.Round(time.Millisecond), float64(rep.Hands)/el.Seconds())
	}
	if interrupted {
		return interruptedAfter(o.stderr, rep.Hands+bad, o.N, "file")
	}
	if o.name != "" && !named && rep.Hands > 0 {
		return fmt.Errorf("--name %s: no seat of the %d %s has that name", o.name, rep.Hands, plural(rep.Hands, "hand"))
	}
	if bad > 0 {
		fmt.Fprintf(o.stderr, "mjsolve: %d of %d files could not be reviewed\n", bad, o.N)
		return silentError{exitBadInput}
	}
	return nil
}
