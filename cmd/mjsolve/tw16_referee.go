package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/analysis/plot"
	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/referee"
)

// tw16RefereeOptions are the flags of "mjsolve tw16 referee".
type tw16RefereeOptions struct {
	players  []string
	names    []string
	games    int
	seed     uint64
	logDir   string
	json     bool
	plotFile string
	plotSize string
	moveTime time.Duration
	reuse    bool
	honors   string

	ctx            context.Context
	stdout, stderr io.Writer
}

func newTW16RefereeCmd() *cobra.Command {
	o := &tw16RefereeOptions{}
	cmd := &cobra.Command{
		Use:   "referee --player CMD --player CMD --player CMD --player CMD",
		Short: "Run a tournament of four programs speaking the ICGA/TCGA Mahjong protocol",
		Long: `Run four player programs against each other over the ICGA/TCGA computer
Mahjong protocol, as the competitions' referee server does, and print a table
per player: score, wins, self-drawn wins, deal-ins, drawn hands, failures and
the mean score per hand with its 95% interval.

Each CMD runs under /bin/sh -c in the current directory ("cd bot && ./ai"
works) and talks on its standard input and output, one instruction per line.
Each hand is one process lifetime, as on the ICGA platform: /start MJ, then
/initGame, /initCard, ... and /exit with the scores; --reuse keeps each
program running from hand to hand instead (it must take a new /start as a
fresh start). --games hands are played (default 192: the six seatings of the
four players, two Jongs of 16 hands each, the walls rotated so that every
player gets every starting hand, no consecutive dealing); more repeat the
cycle with new walls.

A program that sends a wrong or illegal instruction (a false /hu included),
crashes, takes longer than --move-time for a reply, or writes a line of 256
bytes or more is sent /exit and ended, and a dummy plays its seat for the
rest of the hand: it discards each tile it draws and claims nothing. The
failure is counted and the tournament goes on; the next hand starts the
program afresh.

--log DIR (a directory that already holds transcripts is refused) keeps a
transcript of every hand (hand-NNNN.txt.zst: every line each
way with the seat and the time, the wall and the seating; check one with
"mjsolve tw16 replay") and each program's standard error
(stderr-hand-NNNN-playerP.txt, from the hand the program started; empty ones
are removed). --plot FILE draws the running mean score per player against the
hands played (.png, .svg or .pdf). Ctrl-C stops the hand under way (its
transcript is dropped) and prints the table of the hands finished.`,
		Example: `  mjsolve tw16 referee --reuse --games 192 --log logs \
    --player 'mjsolve tw16 bot --strategy advice' --player 'mjsolve tw16 bot --strategy advice' \
    --player 'mjsolve tw16 bot --strategy random' --player 'mjsolve tw16 bot --strategy draw-discard'
  mjsolve tw16 referee --player 'cd ai1 && ./ai' --player ./ai2 --player ./ai3 --player ./ai4 --move-time 5s --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ctx = cmd.Context()
			o.stdout, o.stderr = cmd.OutOrStdout(), cmd.ErrOrStderr()
			return runTW16Referee(o)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.players, "player", nil, "a player's `CMD`, run under /bin/sh -c (give exactly four)")
	f.StringArrayVar(&o.names, "name", nil, "a player's `NAME` in the table, in the order of --player (default: its command)")
	f.IntVar(&o.games, "games", game.HandsPerCycle, "number of hands (`N`) to play")
	f.Uint64Var(&o.seed, "seed", 1, "`SEED` of the walls")
	f.StringVar(&o.logDir, "log", "", "write transcripts and the programs' stderr under `DIR`")
	f.BoolVar(&o.json, "json", false, `print {"hands": N, "players": [...]} as JSON`)
	f.StringVar(&o.plotFile, "plot", "", "draw the running mean score per player to `FILE` (.png, .svg or .pdf)")
	f.StringVar(&o.plotSize, "plot-size", "960x600", "picture size `WxH` in pixels")
	f.DurationVar(&o.moveTime, "move-time", referee.DefaultMoveTime, "time a program has for each reply (`DURATION`)")
	f.BoolVar(&o.reuse, "reuse", false, "keep each program running from hand to hand")
	f.StringVar(&o.honors, "honors", "icga", "honor tile ids: `ORDER` icga (41x East, 42x West, 43x South, 44x North) or mjtalk (East, South, West, North)")
	cmd.MarkFlagDirname("log")
	cmd.MarkFlagFilename("plot", "png", "svg", "pdf")
	return cmd
}

func runTW16Referee(o *tw16RefereeOptions) error {
	if len(o.players) != 4 {
		return fmt.Errorf("tw16 referee needs --player exactly four times, not %d", len(o.players))
	}
	if len(o.names) != 0 && len(o.names) != 4 {
		return fmt.Errorf("give --name four times (one per --player) or not at all, not %d", len(o.names))
	}
	if o.games < 1 {
		return fmt.Errorf("--games %d: want at least 1 hand", o.games)
	}
	if o.moveTime <= 0 {
		return fmt.Errorf("--move-time %v: want a positive duration", o.moveTime)
	}
	honors, err := mjsolve.ParseHonorOrder(o.honors)
	if err != nil {
		return fmt.Errorf("--honors: %w", err)
	}
	var format string
	var pw, ph int
	if o.plotFile != "" {
		if format, err = plotFormat("--plot", o.plotFile); err != nil {
			return err
		}
		if pw, ph, err = parseSize(o.plotSize); err != nil {
			return fmt.Errorf("--plot-size: %w", err)
		}
	}
	if o.logDir != "" {
		if old, _ := filepath.Glob(filepath.Join(o.logDir, "hand-*.txt.zst")); len(old) > 0 {
			return fmt.Errorf("--log %s already holds transcripts (%s …): give another directory or remove them", o.logDir, filepath.Base(old[0]))
		}
	}
	opts := referee.Options{Hands: o.games, Seed: o.seed, LogDir: o.logDir, MoveTime: o.moveTime, Reuse: o.reuse, Honors: honors}
	for p, c := range o.players {
		if strings.TrimSpace(c) == "" {
			return fmt.Errorf("--player %d is empty", p+1)
		}
		name := c
		if len(o.names) == 4 {
			name = o.names[p]
		}
		opts.Players[p] = referee.Player{Name: name, Command: c}
	}

	var points [4][]float64
	var bar *progressbar.ProgressBar
	if stderrTerminal(o.stderr) {
		bar = progressbar.NewOptions(o.games,
			progressbar.OptionSetWriter(o.stderr),
			progressbar.OptionSetDescription("hands"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	failures := 0
	opts.OnHand = func(r *referee.HandReport) {
		for p := range 4 {
			points[p] = append(points[p], float64(r.Points[p]))
		}
		for _, f := range r.Failures {
			failures++
			if bar != nil {
				bar.Clear()
			}
			fmt.Fprintf(o.stderr, "mjsolve: hand %d: player %d (%s) at seat %d failed: %s\n",
				r.Scheduled.Index+1, f.Player+1, opts.Players[f.Player].Name, f.Seat+1, f.Why)
		}
		if bar != nil {
			bar.Describe(fmt.Sprintf("hands (%d failures)", failures))
			bar.Set(r.Scheduled.Index + 1)
		}
	}
	tab, runErr := referee.Run(o.ctx, opts)
	if bar != nil {
		bar.Clear()
	}
	interrupted := errors.Is(runErr, referee.ErrInterrupted)
	if runErr != nil && !interrupted {
		if tab == nil || tab.Hands() == 0 {
			return failure(runErr)
		}
		fmt.Fprintf(o.stderr, "mjsolve: %v\n", runErr)
	}
	if o.json {
		err = writeJSON(o.stdout, tab)
	} else {
		err = tab.WriteText(o.stdout)
	}
	if err != nil {
		return failure(err)
	}
	if o.plotFile != "" && tab.Hands() > 0 {
		series := make([]plot.Series, 4)
		for p := range 4 {
			series[p] = plot.Series{Name: opts.Players[p].Name, Values: points[p]}
		}
		title := fmt.Sprintf("running mean score per player, seed %d, %d hands", o.seed, tab.Hands())
		p, err := plot.RunningMeans(series, plot.RunningMeanOptions{Title: title})
		if err == nil {
			var b []byte
			if b, err = plot.Render(p, pw, ph, format); err == nil {
				err = atomicfile.WriteFile(o.plotFile, b, 0o666)
			}
		}
		if err != nil {
			return failure(err)
		}
	}
	switch {
	case interrupted:
		fmt.Fprintf(o.stderr, "mjsolve: interrupted after %d of %d hands\n", tab.Hands(), o.games)
		return errInterrupted
	case runErr != nil:
		return silentError{exitFailure}
	}
	return nil
}
