package main

import (
	"errors"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/answer"
	"github.com/spf13/cobra"
)

// tw16ScoreOptions are the inputs of "mjsolve tw16 score".
type tw16ScoreOptions struct {
	call
	query        answer.ScoreQuery // all but the rules; the points when given
	rules        answer.RulesQuery
	base, perTai int
	json         bool
}

// newTW16ScoreCmd scores a complete hand in tai.
func newTW16ScoreCmd() *cobra.Command {
	opts := &tw16ScoreOptions{}
	cmd := &cobra.Command{
		Use:   "score HAND --win TILE",
		Short: "Score a winning hand in tai (台), item by item",
		Long: `Score a winning Taiwanese 16-tile hand: every item of the tai table (台數表)
that applies, the total tai, the points under the rules, and the decomposition
that scored best.

HAND is the concealed part without the winning tile, in compact notation
("123m 456p 789s 11z", honors also E S W N C F P); --win is the winning tile.
Declared melds go in --melds ("123m 555p 7777s") and --concealed-kongs; flowers
in --flowers ("15f"; 1f-4f are 梅蘭菊竹, 5f-8f 春夏秋冬). A flower as --win with
the other seven in --flowers is a flower win (八仙過海 with --self-drawn, else
七搶一).

Rules: "competition" (the ICGA/TCGA rules: no flowers, no consecutive dealing,
1000 points + 500 per tai) or "common" (flowers, 連N拉N). House rules change
the tai of any item with --rule ITEM=TAI (repeatable; 0 takes the item out;
the items and their keys: "mjsolve tw16 items"), and --ping-hu-concealed makes
平胡 need a concealed hand.

With "-" as HAND, each line of standard input is a hand followed by its
winning tile as the last word (or only the hand, when --win is given); the
other flags apply to every line, and each result is one line: the total tai
and the items, or "error: line N: ..." (with --json {"line":N,"error":"..."});
the exit code is then 2 at the end. Blank lines and # comments are skipped; a
line of 64 KiB or more is a bad line.

In the "sets" line, (789p) is an exposed meld, [1111s] a concealed kong, and *
marks the set (or pair) the winning tile completed.`,
		Example: `  mjsolve tw16 score "456m 789p 234s 55s 89s" --melds 111p --win 7s --dealer
  mjsolve tw16 score 11122233m456p789s55s --win 3m --self-drawn --rules common --flowers 15f --dealer --dealer-streak 2
  mjsolve tw16 score 123m456p789s234s11z55z --win 1z --json
  mjsolve tw16 score 123m456p789s234s11z55z --win 1z --self-drawn --rule concealed-self-drawn=2
  printf '123m456p789s234s11z55z 1z\n' | mjsolve tw16 score -`,
		Args: oneArg("one HAND (or - to read one hand and winning tile per line from stdin)"),
		PreRun: func(cmd *cobra.Command, _ []string) {
			if cmd.Flags().Changed("base") {
				opts.query.Base = &opts.base
			}
			if cmd.Flags().Changed("per-tai") {
				opts.query.PerTai = &opts.perTai
			}
		},
		RunE: runE(&opts.call, opts.run),
	}
	f := cmd.Flags()
	f.StringVar(&opts.query.Win, "win", "", "the winning `TILE` (a flower for 八仙過海/七搶一)")
	f.BoolVar(&opts.query.SelfDrawn, "self-drawn", false, "won by self-draw (自摸) rather than on another player's tile")
	f.StringVar(&opts.query.Melds, "melds", "", "exposed `MELDS`: chows, pongs and kongs, e.g. \"123m 555p 7777s\"")
	f.StringVar(&opts.query.ConcealedKongs, "concealed-kongs", "", "concealed kongs (暗槓), e.g. \"1111m EEEE\"")
	f.StringVar(&opts.query.Flowers, "flowers", "", "flowers set aside (1f-4f 梅蘭菊竹, 5f-8f 春夏秋冬), e.g. \"15f\"")
	f.StringVar(&opts.query.Seat, "seat", "E", "the winner's seat wind (門風): E, S, W or N")
	f.StringVar(&opts.query.Round, "round", "E", "the round wind (圈風): E, S, W or N")
	f.BoolVar(&opts.query.Dealer, "dealer", false, "the winner is the dealer (莊家)")
	f.IntVar(&opts.query.DealerStreak, "dealer-streak", 0, "`N` of 連N拉N: the dealer's consecutive deals (common rules)")
	f.BoolVar(&opts.query.DiscarderDealer, "discarder-dealer", false, "the discarder (or the player robbed) is the dealer")
	addTW16RulesFlags(cmd, &opts.rules)
	f.IntVar(&opts.base, "base", 0, "points of the base (底); default from the rules")
	f.IntVar(&opts.perTai, "per-tai", 0, "points per tai (台); default from the rules")
	f.BoolVar(&opts.query.LastTile, "last-tile", false, "won on the last tile of the wall (海底撈月) or its discard (河底撈魚)")
	f.BoolVar(&opts.query.AfterKong, "after-kong", false, "won on the replacement tile after a kong or flower (槓上開花)")
	f.BoolVar(&opts.query.RobKong, "rob-kong", false, "won by robbing another player's added kong (搶槓)")
	f.StringVar(&opts.query.FirstTurn, "first-turn", "", "first go-round win: tianhu (天胡), dihu (地胡), renhu (人胡) or diting (地聽)")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	cmd.RegisterFlagCompletionFunc("seat", completeWinds)
	cmd.RegisterFlagCompletionFunc("round", completeWinds)
	cmd.RegisterFlagCompletionFunc("first-turn", completeWords(tw16.FirstTurnNames()...))
	return cmd
}

func (opts *tw16ScoreOptions) run() error {
	rules, err := opts.rules.Rules()
	if err != nil {
		return handError(err)
	}
	opts.query.Rules = rules
	s, err := answer.NewScorer(opts.query)
	if err != nil {
		return handError(err)
	}
	if opts.args[0] == "-" {
		return runTW16ScoreLines(s, opts)
	}
	if !s.HasTile() {
		return errors.New("give the winning tile with --win")
	}
	res, err := s.Score(opts.args[0])
	if err != nil {
		return handError(err)
	}
	return writeReport(opts.stdout, opts.json, res)
}

// runTW16ScoreLines scores one hand per line of standard input; a bad
// line's error names the flag or part it is about ("HAND: …", "winning
// tile: …").
func runTW16ScoreLines(s *answer.Scorer, opts *tw16ScoreOptions) error {
	return runBatch(opts.ctx, opts.stdin, opts.stdout, opts.stderr, opts.json, true, func(b []byte, line string) ([]byte, error) {
		b, err := s.AppendAnswer(b, line, opts.json)
		if fe, ok := errors.AsType[*answer.FieldError](err); ok && fe.Field == answer.FieldWin {
			err = badInput("winning tile", fe.Err)
		}
		return b, handError(err)
	})
}
