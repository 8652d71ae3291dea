package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mjsolve/mjsolve/tw16/bot"
	"github.com/spf13/cobra"
)

// tw16BotOptions are the inputs of "mjsolve tw16 bot".
type tw16BotOptions struct {
	call
	strategy string
	advice   bot.Options
	seed     uint64
	honors   string
}

func newTW16BotCmd() *cobra.Command {
	o := &tw16BotOptions{}
	cmd := &cobra.Command{
		Use:   "bot",
		Short: "Play Mahjong over the ICGA/TCGA protocol on stdin and stdout",
		Long: `Play Taiwanese 16-tile Mahjong as a program of the ICGA/TCGA computer Mahjong
competitions: read the referee's lines (/start, /initGame, /initCard, /mo,
/ask …, /throw, /eat, /pong, /gong, /hu, /exit) on standard input and answer
every /ask on standard output (/throw, /eat, /pong, /gong, /hu or /pass),
until standard input ends. Many hands may come in one run: each /initGame
starts a fresh hand. Lines it cannot follow are skipped with a note on
standard error.

--strategy chooses the play: search, the default (every action decided by
simulation: the hidden tiles sampled consistently with what the bot has
seen, each candidate played out in the same samples, the most points on
average; the strongest here: docs/play.md has the figures), advice (discards by the advice engine, claims that lower the shanten,
defence when an opponent looks ready), random (a random legal move) or
draw-discard (discard the drawn tile, claim nothing). Options follow a colon
(search:think=500ms, search:samples=2000, advice:no-defence,
advice:monte-carlo=200), as do the flags --think (time per decision, 1s by
default: keep it well under the referee's --move-time), --samples (a fixed
number of playouts per decision instead), --threads, --no-defence and
--monte-carlo. The play is deterministic for a --seed, and for search with
--samples.`,
		Example: `  mjsolve tw16 bot --seed 7
  mjsolve tw16 bot --strategy search --samples 2000 --seed 7
  mjsolve tw16 bot --strategy advice --seed 7
  mjsolve tw16 referee --player "mjsolve tw16 bot" --player "mjsolve tw16 bot --strategy advice" \
    --player "mjsolve tw16 bot" --player "mjsolve tw16 bot --strategy advice"`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.StringVar(&o.strategy, "strategy", "search", "how to play: "+strings.Join(bot.Names(), ", "))
	cmd.RegisterFlagCompletionFunc("strategy", completeWords(bot.Names()...))
	f.Uint64Var(&o.seed, "seed", 1, "seed of the strategy's random choices")
	addAdviceFlags(cmd, &o.advice)
	addHonorsFlag(cmd, &o.honors)
	return cmd
}

func (o *tw16BotOptions) run() error {
	// The first decision's think counts from the start of the process
	// (the referee asks at once): loading the tables is part of it.
	o.advice.Start = processStart()
	// The flags are checked before the tables load (about half a second
	// to build them on a fresh machine), as selfplay does.
	if _, err := newStrategy(o.strategy, o.advice); err != nil {
		return err
	}
	honors, err := parseHonors(o.honors)
	if err != nil {
		return err
	}
	if name, _, _ := strings.Cut(o.strategy, ":"); name == "advice" || name == "search" {
		// Loaded now rather than on first use: before the referee's
		// clock runs on a move.
		o.advice.Tables = tw16TablesWarn(o.stderr) // the strategies that look them up
	}
	st, err := newStrategy(o.strategy, o.advice)
	if err != nil {
		return err
	}
	err = bot.Serve(o.ctx, o.stdin, o.stdout, bot.ServeOptions{Strategy: st, Seed: o.seed, Honors: honors,
		Warn: func(err error) { fmt.Fprintf(o.stderr, "mjsolve tw16 bot: skipped: %s\n", oneLine(err.Error())) }})
	if errors.Is(err, context.Canceled) {
		// Ctrl-C or SIGTERM, most often while the bot waits for a line:
		// every reply it gave is out.
		fmt.Fprintln(o.stderr, "mjsolve: interrupted")
		return errInterrupted
	}
	return failure(err)
}
