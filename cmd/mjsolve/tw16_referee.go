package main

import (
	"errors"
	"fmt"
	"strings"

	tw16plot "github.com/mjsolve/mjsolve/tw16/plot"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/internal/progress"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/referee"
	"github.com/mjsolve/mjsolve/tw16/referee/remote"
)

// tw16RefereeOptions are the flags of "mjsolve tw16 referee".
type tw16RefereeOptions struct {
	call
	referee.Options
	players, names []string
	honors         string
	json           bool
	byStrategy     bool
	plot           plotFlags
	net            refereeNet
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
transcript of every hand (hand-NNNN.txt.zst: every line each way with the
seat and the time, the wall and the seating; check one with "mjsolve tw16
replay") and each program's standard error (stderr-hand-NNNN-playerP.txt,
from the hand the program started; empty ones are removed); a hidden
temporary transcript (.hand-NNNN.txt.zst.tmpDIGITS) left by a referee that
was killed is removed, and said so on stderr. --plot FILE draws the running
mean score per player against the hands played (.png, .svg or .pdf). Ctrl-C
stops the hand under way (its transcript is dropped) and prints the table of
the hands finished.

--player remote:NAME is a seat played from another machine, by "mjsolve tw16
wrapper" running the program there: the referee serves such seats on --listen
HOST:PORT (TLS with --tls-cert and --tls-key; plain TCP only on loopback or
with --insecure), each wrapper logging in with its seat's token (--tokens
FILE, "NAME TOKEN" lines; without it the referee makes them and prints them
once). It waits up to --wait for every remote seat, then plays as above: the
move time includes the network, the transcripts also keep each remote
program's own time, a lost connection is the program's failure for the hand,
and a seat whose wrapper is not back for a hand (after --rejoin-wait, the
first time) is played by the dummy, counted as a failure and named under the
table. Connections that fail to log in are dropped and logged on stderr.`,
		Example: `  mjsolve tw16 referee --reuse --games 192 --log logs \
    --player 'mjsolve tw16 bot --strategy advice' --player 'mjsolve tw16 bot --strategy advice' \
    --player 'mjsolve tw16 bot --strategy random' --player 'mjsolve tw16 bot --strategy draw-discard'
  mjsolve tw16 referee --player 'cd ai1 && ./ai' --player ./ai2 --player ./ai3 --player ./ai4 --move-time 5s --json
  mjsolve tw16 referee --listen 0.0.0.0:7000 --tls-cert cert.pem --tls-key key.pem --tokens tokens \
    --player remote:longcat --player remote:grandslam --player remote:majo --player ./ai4 --log logs`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.players, "player", nil, "a player's `CMD`, run under /bin/sh -c (give exactly four)")
	f.StringArrayVar(&o.names, "name", nil, "a player's `NAME` in the table, in the order of --player (default: its command)")
	f.IntVar(&o.Hands, "games", game.HandsPerCycle, "number of hands (`N`) to play")
	f.Uint64Var(&o.Seed, "seed", 1, "`SEED` of the walls")
	f.StringVar(&o.LogDir, "log", "", "write transcripts and the programs' stderr under `DIR`")
	f.BoolVar(&o.json, "json", false, `print {"hands": N, "players": [...]} as JSON`)
	f.BoolVar(&o.byStrategy, "by-strategy", false, "print the table by strategy (players of one --name): points per hand and seat, wins, deal-ins, mean tai, time per reply and the longest, margins per seat")
	o.plot.add(cmd, "draw the running mean score per player to `FILE` (.png, .svg or .pdf)", "960x600", "picture size `WxH` in pixels")
	f.DurationVar(&o.MoveTime, "move-time", referee.DefaultMoveTime, "time a program has for each reply (`DURATION`)")
	f.BoolVar(&o.Reuse, "reuse", false, "keep each program running from hand to hand")
	addHonorsFlag(cmd, &o.honors)
	o.net.addFlags(cmd)
	cmd.MarkFlagDirname("log")
	return cmd
}

func (o *tw16RefereeOptions) run() error {
	switch {
	case len(o.players) != 4:
		return fmt.Errorf("tw16 referee needs --player exactly four times, not %d", len(o.players))
	case len(o.names) != 0 && len(o.names) != 4:
		return fmt.Errorf("give --name four times (one per --player) or not at all, not %d", len(o.names))
	case o.Hands < 1:
		return fmt.Errorf("--games %d: want at least 1 hand", o.Hands)
	case o.MoveTime <= 0:
		return fmt.Errorf("--move-time %v: want a positive duration", o.MoveTime)
	case o.LogDir == "" && o.cmd.Flags().Changed("log"):
		return errors.New("--log: give a directory name (or leave --log out to keep no transcripts)")
	}
	var err error
	if o.Honors, err = parseHonors(o.honors); err != nil {
		return err
	}
	if err := o.plot.check(); err != nil {
		return err
	}
	if err := o.net.check(o.cmd, o.players); err != nil {
		return err
	}
	points := make([]tw16plot.Series, 4) // each player's points per hand, for --plot
	for p, c := range o.players {
		if strings.TrimSpace(c) == "" {
			return fmt.Errorf("--player %d is empty", p+1)
		}
		o.Players[p] = referee.Player{Name: c, Command: c}
		if name, ok := remoteName(c); ok {
			o.Players[p] = referee.Player{Name: name}
		}
		if len(o.names) == 4 {
			o.Players[p].Name = o.names[p]
		}
		points[p].Name = o.Players[p].Name
	}
	if o.LogDir != "" {
		// Before the wait for the wrappers, which may be long.
		if err := referee.CheckLogDir(o.LogDir); err != nil {
			return o.report(nil, err, nil)
		}
	}
	bar := progress.New(o.stderr, "hands")
	stderr := &lockedWriter{w: o.stderr} // the server logs from its goroutines
	logf := func(format string, args ...any) { fmt.Fprintf(bar.Above(stderr), "mjsolve: "+format+"\n", args...) }
	if o.net.remotes != nil {
		if err := o.net.start(o.stderr, func(msg string) { logf("%s", msg) }); err != nil {
			return err
		}
		defer o.net.server.Close("the referee stopped")
		o.net.announce(stderr)
		for p, c := range o.players {
			if name, ok := remoteName(c); ok {
				o.Players[p].Remote = o.net.server.Seat(name)
			}
		}
	}
	o.Tables = tw16TablesWarn(o.stderr)
	if o.net.remotes != nil {
		if err := o.net.server.WaitAll(o.ctx, o.net.wait); err != nil {
			if o.ctx.Err() != nil {
				return interruptedAfter(stderr, 0, o.Hands, "hand")
			}
			we, _ := errors.AsType[*remote.WaitError](err)
			return failure(fmt.Errorf("no wrapper for %s after --wait %v: no hand played", strings.Join(we.Missing, ", "), we.Waited))
		}
	}
	failures := 0
	var times [4]referee.ReplyTimes // by player
	o.OnHand = func(r *referee.HandReport) {
		for p := range points {
			points[p].Values = append(points[p].Values, float64(r.Points[p]))
		}
		for s, t := range r.Times {
			times[r.Scheduled.Players[s]].Add(t)
		}
		for _, f := range r.Failures {
			failures++
			logf("%s", f)
		}
		bar.Show(fmt.Sprintf("hands (%d %s)", failures, plural(failures, "failure")), uint64(r.Scheduled.Index+1), uint64(o.Hands))
	}
	o.OnRemoved = func(path string) {
		logf("removed %s, left by a referee that was killed", path)
	}
	tab, runErr := referee.Run(o.ctx, o.Options)
	bar.Stop()
	for p, t := range times {
		if o.Players[p].Remote != nil && t.Replies > 0 {
			fmt.Fprintf(stderr, "mjsolve: %s\n", describeTimes(o.Players[p].Name, t))
		}
	}
	if o.net.server != nil {
		why := "the match is over"
		if runErr != nil {
			why = "the match stopped"
		}
		o.net.server.Close(why)
	}
	return o.report(tab, runErr, points)
}

// report prints the table of a match that Run ended with runErr, and
// draws the plot.
func (o *tw16RefereeOptions) report(tab *game.Table, runErr error, points []tw16plot.Series) error {
	if le, ok := errors.AsType[*referee.LogDirError](runErr); ok && le.Err != nil {
		return fmt.Errorf("--log %s: %w", le.Dir, atomicfile.Cause(le.Err))
	} else if ok {
		return fmt.Errorf("--log %s already holds transcripts (%s …): give another directory or remove them", le.Dir, le.First)
	}
	interrupted := errors.Is(runErr, referee.ErrInterrupted)
	if runErr != nil && !interrupted {
		if tab == nil || tab.Hands() == 0 {
			return failure(runErr)
		}
		fmt.Fprintf(o.stderr, "mjsolve: %v\n", runErr)
	}
	var werr error
	if o.byStrategy && !o.json {
		werr = tab.WriteStrength(o.stdout)
	} else {
		werr = writeReport(o.stdout, o.json, tab)
	}
	if werr != nil {
		return failure(werr)
	}
	if o.plot.file != "" && tab.Hands() > 0 {
		title := fmt.Sprintf("running mean score per player, seed %d, %d %s", o.Seed, tab.Hands(), plural(tab.Hands(), "hand"))
		opts := tw16plot.RunningMeanOptions{Title: title}
		if err := o.plot.write(tw16plot.RenderRunningMeans(points, opts, o.plot.w, o.plot.h, o.plot.format)); err != nil {
			return err
		}
	}
	if interrupted {
		return interruptedAfter(o.stderr, tab.Hands(), o.Hands, "hand")
	}
	if runErr != nil {
		return silentError{exitFailure}
	}
	return nil
}

// addHonorsFlag adds --honors, the numbering of the honor tile ids.
func addHonorsFlag(cmd *cobra.Command, order *string) {
	cmd.Flags().StringVar(order, "honors", "icga", "honor tile ids: `ORDER` icga (41x East, 42x West, 43x South, 44x North) or mjtalk (East, South, West, North)")
	cmd.RegisterFlagCompletionFunc("honors", completeWords("icga", "mjtalk"))
}

// parseHonors reads --honors.
func parseHonors(order string) (mjsolve.HonorOrder, error) {
	h, err := mjsolve.ParseHonorOrder(order)
	if err != nil {
		return h, fmt.Errorf("--honors %s: want icga or mjtalk", order)
	}
	return h, nil
}
