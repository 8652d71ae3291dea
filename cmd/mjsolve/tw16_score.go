package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/spf13/cobra"
)

// tw16ScoreOptions are the inputs of "mjsolve tw16 score".
type tw16ScoreOptions struct {
	hand           string
	win            string
	melds          string
	concealedKongs string
	flowers        string
	seat, round    string
	rules          tw16RulesFlags
	base, perTai   int
	baseSet        bool
	perTaiSet      bool
	firstTurn      string

	selfDrawn, lastTile, afterKong, robKong bool
	dealer, discarderDealer                 bool
	dealerStreak                            int
	json                                    bool

	stdin  io.Reader
	stdout io.Writer
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
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.hand = args[0]
			opts.baseSet = cmd.Flags().Changed("base")
			opts.perTaiSet = cmd.Flags().Changed("per-tai")
			opts.stdin = cmd.InOrStdin()
			opts.stdout = cmd.OutOrStdout()
			return runTW16Score(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.win, "win", "", "the winning `TILE` (a flower for 八仙過海/七搶一)")
	f.BoolVar(&opts.selfDrawn, "self-drawn", false, "won by self-draw (自摸) rather than on another player's tile")
	f.StringVar(&opts.melds, "melds", "", "exposed `MELDS`: chows, pongs and kongs, e.g. \"123m 555p 7777s\"")
	f.StringVar(&opts.concealedKongs, "concealed-kongs", "", "concealed kongs (暗槓), e.g. \"1111m EEEE\"")
	f.StringVar(&opts.flowers, "flowers", "", "flowers set aside (1f-4f 梅蘭菊竹, 5f-8f 春夏秋冬), e.g. \"15f\"")
	f.StringVar(&opts.seat, "seat", "E", "the winner's seat wind (門風): E, S, W or N")
	f.StringVar(&opts.round, "round", "E", "the round wind (圈風): E, S, W or N")
	f.BoolVar(&opts.dealer, "dealer", false, "the winner is the dealer (莊家)")
	f.IntVar(&opts.dealerStreak, "dealer-streak", 0, "`N` of 連N拉N: the dealer's consecutive deals (common rules)")
	f.BoolVar(&opts.discarderDealer, "discarder-dealer", false, "the discarder (or the player robbed) is the dealer")
	opts.rules.add(cmd)
	f.IntVar(&opts.base, "base", 0, "points of the base (底); default from the rules")
	f.IntVar(&opts.perTai, "per-tai", 0, "points per tai (台); default from the rules")
	f.BoolVar(&opts.lastTile, "last-tile", false, "won on the last tile of the wall (海底撈月) or its discard (河底撈魚)")
	f.BoolVar(&opts.afterKong, "after-kong", false, "won on the replacement tile after a kong or flower (槓上開花)")
	f.BoolVar(&opts.robKong, "rob-kong", false, "won by robbing another player's added kong (搶槓)")
	f.StringVar(&opts.firstTurn, "first-turn", "", "first go-round win: tianhu (天胡), dihu (地胡), renhu (人胡) or diting (地聽)")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	return cmd
}

// tw16ScoreSetup is what every hand of one command line shares.
type tw16ScoreSetup struct {
	win   tw16.Win // all but Concealed and Tile
	rules tw16.Rules
	tile  *mjsolve.Tile // from --win, if given
}

func newTW16ScoreSetup(opts *tw16ScoreOptions) (*tw16ScoreSetup, error) {
	rules, err := opts.rules.rules()
	if err != nil {
		return nil, err
	}
	if opts.baseSet {
		if opts.base < 0 {
			return nil, fmt.Errorf("--base: %d is negative", opts.base)
		}
		rules.Base = opts.base
	}
	if opts.perTaiSet {
		if opts.perTai < 0 {
			return nil, fmt.Errorf("--per-tai: %d is negative", opts.perTai)
		}
		rules.PerTai = opts.perTai
	}
	s := &tw16ScoreSetup{rules: rules}
	w := &s.win
	if w.Melds, err = parseMeldFlags(opts.melds, opts.concealedKongs); err != nil {
		return nil, err
	}
	tiles, err := mjsolve.ParseTiles(opts.flowers)
	if err != nil {
		return nil, badInput("--flowers", err)
	}
	for _, t := range tiles {
		if !t.IsBonus() {
			return nil, badInput("--flowers", fmt.Errorf("%s is not a flower (1f-8f)", t))
		}
		w.Flowers = append(w.Flowers, t.Bonus())
	}
	if w.FirstTurn, err = tw16.ParseFirstTurn(opts.firstTurn); err != nil {
		return nil, badInput("--first-turn", err)
	}
	if opts.win != "" {
		t, err := parseOneTile(opts.win)
		if err != nil {
			return nil, badInput("--win", err)
		}
		s.tile = &t
	}
	w.SelfDrawn, w.LastTile, w.AfterKong, w.RobKong = opts.selfDrawn, opts.lastTile, opts.afterKong, opts.robKong
	w.Dealer, w.DealerStreak, w.DiscarderIsDealer = opts.dealer, opts.dealerStreak, opts.discarderDealer
	if w.Seat, err = parseWind("--seat", opts.seat); err != nil {
		return nil, err
	}
	if w.Round, err = parseWind("--round", opts.round); err != nil {
		return nil, err
	}
	return s, nil
}

// parseWind parses the wind of flag: E, S, W, N (or e, s, w, n, or 1z–4z).
func parseWind(flag, s string) (mjsolve.Kind, error) {
	t := s
	if len(t) == 1 {
		t = strings.ToUpper(t)
	}
	var k mjsolve.Kind
	if err := k.UnmarshalText([]byte(t)); err != nil || !k.IsWind() {
		return 0, fmt.Errorf("%s: %q is not a wind (E, S, W or N)", flag, s)
	}
	return k, nil
}

// parseMeldFlags parses --melds and --concealed-kongs into one list of melds.
func parseMeldFlags(melds, concealedKongs string) ([]tw16.Meld, error) {
	ms, err := tw16.ParseMelds(melds)
	if err != nil {
		return nil, badInput("--melds", err)
	}
	kongs, err := tw16.ParseConcealedKongs(concealedKongs)
	if err != nil {
		return nil, badInput("--concealed-kongs", err)
	}
	return append(ms, kongs...), nil
}

// parseOneTile parses exactly one tile (a kind or a flower).
func parseOneTile(s string) (mjsolve.Tile, error) {
	tiles, err := mjsolve.ParseTiles(s)
	if err != nil {
		return 0, err
	}
	if len(tiles) != 1 {
		return 0, fmt.Errorf("want one tile, got %d in %q", len(tiles), excerpt(s))
	}
	return tiles[0], nil
}

// score scores one hand (the concealed part without the winning tile).
func (s *tw16ScoreSetup) score(hand string, tile mjsolve.Tile) (tw16.Result, error) {
	c, err := mjsolve.ParseCounts(hand)
	if err != nil {
		return tw16.Result{}, badInput("HAND", err)
	}
	w := s.win
	w.Concealed = c
	w.Tile = tile
	res, err := tw16.Score(w, s.rules)
	if err != nil {
		return tw16.Result{}, badInput("", err)
	}
	return res, nil
}

func runTW16Score(opts *tw16ScoreOptions) error {
	s, err := newTW16ScoreSetup(opts)
	if err != nil {
		return err
	}
	if opts.hand == "-" {
		return runTW16ScoreLines(s, opts)
	}
	if s.tile == nil {
		return errors.New("give the winning tile with --win")
	}
	res, err := s.score(opts.hand, *s.tile)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(opts.stdout)
	if opts.json {
		b, err := json.Marshal(res)
		if err != nil {
			return failure(err)
		}
		out.Write(b)
		out.WriteByte('\n')
	} else {
		writeScore(out, &s.win, *s.tile, &s.rules, &res)
	}
	return out.Flush()
}

// runTW16ScoreLines scores one hand per line of standard input; a bad
// line prints its error in its place ("error: line N: …", or a JSON
// object with line and error).
func runTW16ScoreLines(s *tw16ScoreSetup, opts *tw16ScoreOptions) error {
	in := newBatchReader(opts.stdin)
	out := bufio.NewWriter(opts.stdout)
	bad := false
	for in.Next() {
		err := in.TooLong()
		var res tw16.Result
		if err == nil {
			res, err = s.scoreLine(string(in.Line()))
		}
		switch {
		case err != nil && opts.json:
			bad = true
			b, _ := json.Marshal(struct {
				Line  int    `json:"line"`
				Error string `json:"error"`
			}{in.LineNo(), oneLine(err.Error())})
			out.Write(b)
			out.WriteByte('\n')
		case err != nil:
			bad = true
			fmt.Fprintf(out, "error: line %d: %s\n", in.LineNo(), oneLine(err.Error()))
		case opts.json:
			b, err := json.Marshal(res)
			if err != nil {
				return failure(err)
			}
			out.Write(b)
			out.WriteByte('\n')
		default:
			fmt.Fprintf(out, "%d", res.Tai)
			for _, it := range res.Items {
				fmt.Fprintf(out, " %s%d", it.Label(), it.Tai)
			}
			out.WriteByte('\n')
		}
	}
	if err := in.Err(); err != nil {
		out.Flush()
		return failure(fmt.Errorf("reading standard input: %w", err))
	}
	if err := out.Flush(); err != nil {
		return failure(err)
	}
	if bad {
		return silentError{exitBadInput}
	}
	return nil
}

// scoreLine scores a line "HAND WIN" (or "HAND" when --win was given).
func (s *tw16ScoreSetup) scoreLine(line string) (tw16.Result, error) {
	if s.tile != nil {
		return s.score(line, *s.tile)
	}
	i := strings.LastIndexAny(line, " \t")
	if i < 0 {
		return tw16.Result{}, fmt.Errorf("want a hand and its winning tile, got %q", excerpt(line))
	}
	t, err := parseOneTile(line[i+1:])
	if err != nil {
		return tw16.Result{}, badInput("winning tile", err)
	}
	return s.score(strings.TrimSpace(line[:i]), t)
}

// width is the display width of s on a terminal: CJK characters take two
// columns.
func width(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x2E80 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// pad pads s with spaces to display width w.
func pad(s string, w int) string {
	if d := w - width(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// writeScore writes the result for people: one line per item, the total,
// the points, the sets and the winning tile.
func writeScore(out io.Writer, w *tw16.Win, tile mjsolve.Tile, r *tw16.Rules, res *tw16.Result) {
	for _, it := range res.Items {
		fmt.Fprintf(out, "%s %3d  %s\n", pad(it.Label(), 12), it.Tai, it.ID.English())
	}
	fmt.Fprintf(out, "%s %3d tai\n", pad("total", 12), res.Tai)
	var parts []string
	for _, p := range res.Payments {
		switch {
		case p.Payer == "each":
			parts = append(parts, fmt.Sprintf("%d players %d each (%d tai)", p.Count, p.Points, p.Tai))
		case p.Count > 1:
			parts = append(parts, fmt.Sprintf("%d %ss %d each (%d tai)", p.Count, p.Payer, p.Points, p.Tai))
		default:
			parts = append(parts, fmt.Sprintf("%s %d (%d tai)", p.Payer, p.Points, p.Tai))
		}
	}
	fmt.Fprintf(out, "%s %d: %s\n", pad("points", 12), res.Points, strings.Join(parts, ", "))
	fmt.Fprintf(out, "%s %s: %d + %d per tai%s\n", pad("rules", 12), r.Name, r.Base, r.PerTai, houseRules(r))
	if len(w.Flowers) > 0 {
		var names strings.Builder
		for _, b := range w.Flowers {
			names.WriteString(b.Chinese())
		}
		fmt.Fprintf(out, "%s %s (%s)\n", pad("flowers", 12), formatFlowers(w.Flowers), names.String())
	}
	a := res.Arrangement
	if a == nil {
		fmt.Fprintf(out, "%s %s (%s) completes the eight flowers\n", pad("win", 12), tile, tile.Chinese())
		return
	}
	fmt.Fprintf(out, "%s %s\n", pad("sets", 12), a)
	fmt.Fprintf(out, "%s %s completes %s: %s (%s); best of %d decomposition%s\n", pad("win", 12),
		a.WinTile, a.WinSet(), a.Wait.Chinese(), a.Wait, res.Decompositions, plural(res.Decompositions))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// formatFlowers writes bonus tiles in compact notation.
func formatFlowers(bs []mjsolve.Bonus) string {
	tiles := make([]mjsolve.Tile, len(bs))
	for i, b := range bs {
		tiles[i] = mjsolve.BonusTile(b)
	}
	return mjsolve.FormatTiles(tiles)
}
