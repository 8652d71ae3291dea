package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
	"github.com/mjsolve/mjsolve/solitaire/gamedeal"
	"github.com/mjsolve/mjsolve/solitaire/winnable"
)

// maxDealCount bounds --count.
const maxDealCount = 1_000_000

// dealDealers are the dealers of "solitaire deal": the main job's and the
// games' own generators.
var dealDealers = append(slices.Clone(solitaire.DealerNames), gamedeal.Names...)

// solitaireDealOptions are the flags of "solitaire deal".
type solitaireDealOptions struct {
	call
	layout     string
	deal       string
	seed       uint64
	first      uint64
	count      uint64
	winnable   bool
	difficulty string
	playouts   int
	maxTries   uint64
	json       bool
	saveDir    string
	timeout    time.Duration
}

// newSolitaireDealCmd deals boards, winnable ones and of a difficulty.
func newSolitaireDealCmd() *cobra.Command {
	o := &solitaireDealOptions{}
	cmd := &cobra.Command{
		Use:   "deal",
		Short: "Deal boards: winnable ones, of a chosen difficulty",
		Long: `Deal games --first, --first+1, … of a layout and print each board as
"solitaire show --json" prints one (one JSON object per line), or write
board files into --save-dir. With --winnable only the deals the solver
proves winnable are kept (rejection: they are uniform among the dealer's
winnable deals). --difficulty easy|medium|hard keeps winnable deals of
that band: the thirds of the layout's uniformly random winnable deals by
McDonald's measure, the share of random playouts that clear a deal (the
bands are found first from the layout's first 300 winnable deals of the
pcg dealer with seed 1). A layout with no winnable deal (Hourglass,
Papillon) stops after --max-tries games in a row without one. A summary
of the games tried goes to standard error.

--deal kmahjongg, gnome or xmahjongg deals as those games' own generators
of solvable games do (KMahjongg's generateSolvableGame, GNOME Mahjongg's
generator, xmahjongg's solvable.cc), to study their deals.`,
		Example: `  mjsolve solitaire deal --layout turtle --winnable --count 100 > deals.jsonl
  mjsolve solitaire deal --difficulty hard --count 5 --save-dir hard/
  mjsolve solitaire deal --layout xmahjongg/ox --winnable --first 1000 --count 10
  mjsolve solitaire deal --deal gnome --count 3`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.StringVar(&o.layout, "layout", "turtle", "a built-in or installed layout's `NAME` (see 'mjsolve layouts list'), or a layout file")
	f.StringVar(&o.deal, "deal", "pcg", "dealer `NAME`: pcg, mjsolver (de Bondt's boards), or a game's generator: kmahjongg, gnome, xmahjongg")
	f.Uint64Var(&o.seed, "seed", 1, "seed `N` of the pcg dealer and of the playouts")
	f.Uint64Var(&o.first, "first", 1, "first game number `K`")
	f.Uint64Var(&o.count, "count", 1, "number of boards `N` to deal")
	f.BoolVar(&o.winnable, "winnable", false, "keep only deals the solver proves winnable")
	f.StringVar(&o.difficulty, "difficulty", "", "keep only winnable deals of `BAND`: easy, medium or hard")
	f.IntVar(&o.playouts, "playouts", winnable.DefaultPlayouts, "random playouts `K` that measure a deal's difficulty")
	f.Uint64Var(&o.maxTries, "max-tries", winnable.DefaultMaxTries, "give up after `N` games in a row without a deal to keep")
	f.BoolVar(&o.json, "json", false, "print one JSON object per board (the default without --save-dir)")
	f.StringVar(&o.saveDir, "save-dir", "", "write board files into `DIR` instead of printing the boards")
	f.DurationVar(&o.timeout, "timeout-per-board", 0, "give up on a board after this long and skip it (0: never)")
	cmd.RegisterFlagCompletionFunc("layout", completeLayout)
	cmd.RegisterFlagCompletionFunc("deal", cobra.FixedCompletions(dealDealers, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("difficulty", cobra.FixedCompletions(winnable.BandNames, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// dealtBoard is one board of "solitaire deal --json": the board as
// "solitaire show --json" prints it, its game, and with --difficulty its
// measure and band.
type dealtBoard struct {
	*answer.BoardAnswer
	Game       uint64               `json:"game"`
	Winnable   bool                 `json:"winnable,omitempty"`
	Difficulty *winnable.Difficulty `json:"difficulty,omitempty"`
	Band       string               `json:"band,omitempty"`
}

func (o *solitaireDealOptions) run() error {
	switch {
	case o.count == 0 || o.count > maxDealCount:
		return fmt.Errorf("--count %d: want 1 to %d", o.count, maxDealCount)
	case o.maxTries == 0:
		return errors.New("--max-tries 0: want 1 or more")
	case o.playouts < 1 || o.playouts > 1_000_000:
		return fmt.Errorf("--playouts %d: want 1 to 1000000", o.playouts)
	case o.json && o.saveDir != "":
		return errors.New("--json and --save-dir cannot be combined")
	case o.cmd.Flags().Changed("playouts") && o.difficulty == "":
		return errors.New("--playouts is for --difficulty")
	}
	band := winnable.Any
	if o.difficulty != "" {
		b, err := winnable.ParseBand(o.difficulty)
		if err != nil || b == winnable.Any {
			return fmt.Errorf("--difficulty %q: want easy, medium or hard", o.difficulty)
		}
		band, o.winnable = b, true
	}
	if o.deal == "mjsolver" && o.cmd.Flags().Changed("seed") && o.difficulty == "" {
		return errors.New("--seed is for the pcg dealer (the mjsolver dealer has none)")
	}
	l, err := layoutFinder().Find(o.layout)
	if err != nil {
		return badInput("--layout", err)
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		return badInput("--layout", err)
	}
	var d solitaire.Dealer
	if gamedeal.IsName(o.deal) {
		d, err = gamedeal.New(o.deal, g, o.seed)
	} else if d, err = solitaire.DealerByName(o.deal, o.seed); err != nil {
		err = fmt.Errorf("unknown dealer %q (want %s)", o.deal, strings.Join(dealDealers, ", "))
	}
	if err != nil {
		return badInput("--deal", err)
	}
	if err := solitaire.CheckGame(d, o.first); err != nil {
		return badInput("--first", err)
	}
	if o.saveDir != "" {
		if err := os.MkdirAll(o.saveDir, 0o777); err != nil {
			return fileError("--save-dir", o.saveDir, err)
		}
	}
	ref := solitaire.LayoutRef(l, layoutFinder())
	emit := func(b *solitaire.Board, game uint64, db dealtBoard) error {
		about := fmt.Sprintf("game %d, deal %v", game, d)
		if o.saveDir == "" {
			db.BoardAnswer = answer.NewBoardAnswer(b, ref, about)
			db.Game = game
			return writeJSON(o.stdout, db)
		}
		name := filepath.Join(o.saveDir, fmt.Sprintf("%s-%d.board", strings.NewReplacer("/", "-", " ", "-").Replace(l.Name), game))
		heading := fmt.Sprintf("%s (%d tiles), %s", ref, g.N, about)
		if db.Band != "" {
			heading += ", " + db.Band
		}
		if err := solitaire.WriteBoardFile(name, b, heading, layoutFinder()); err != nil {
			return fileError("--save-dir", name, err)
		}
		_, err := fmt.Fprintln(o.stdout, name)
		return err
	}
	if !o.winnable {
		b := &solitaire.Board{Geo: g, Groups: make([]solitaire.Group, g.N)}
		for k := range o.count {
			game := o.first + k
			if err := solitaire.CheckGame(d, game); err != nil {
				return badInput("--count", err)
			}
			if err := b.Redeal(d.Deal(game, g.N, b.Groups[:0])); err != nil {
				return failure(err)
			}
			if err := emit(b, game, dealtBoard{}); err != nil {
				return err
			}
		}
		return nil
	}
	opt := winnable.Options{Dealer: d, First: o.first, Band: band, MaxTries: o.maxTries, Timeout: o.timeout}
	if band != winnable.Any {
		m, err := winnable.NewMeasure(g, o.playouts, o.seed)
		if err != nil {
			return badInput("--difficulty", err)
		}
		if opt.Bands, err = winnable.Calibrate(o.ctx, g, m, 0); err != nil {
			if o.ctx.Err() != nil {
				return errInterrupted
			}
			return failure(err)
		}
		opt.Measure = m
		fmt.Fprintf(o.stderr, "bands of %s: hard at most %s, easy above %s (%d random playouts a deal; thirds of %d winnable deals of pcg seed 1)\n",
			ref, scoreText(opt.Bands.Hard, opt.Bands.Playouts), scoreText(opt.Bands.Easy, opt.Bands.Playouts), opt.Bands.Playouts, opt.Bands.Sample)
	}
	var werr error
	kept := uint64(0)
	st, err := winnable.Deals(o.ctx, g, opt, func(dl winnable.Deal) bool {
		db := dealtBoard{Winnable: true}
		if opt.Measure != nil {
			db.Difficulty, db.Band = &dl.Difficulty, dl.Band.String()
		}
		werr = emit(dl.Board, dl.Game, db)
		kept++
		return werr == nil && kept < o.count
	})
	fmt.Fprintf(o.stderr, "%s: %d %s kept of %d tried (games %d to %d): %d winnable, %d impossible, %d unknown\n",
		ref, st.Kept, plural(st.Kept, "deal"), st.Tried, o.first, st.Next-1, st.Winnable, st.Impossible, st.Unknown)
	switch {
	case werr != nil:
		return werr
	case errors.Is(err, winnable.ErrNoneFound):
		what := "winnable deal"
		if band != winnable.Any {
			what = band.String() + " winnable deal"
		}
		return failure(fmt.Errorf("no %s of %s in %d games in a row (--max-tries)", what, ref, o.maxTries))
	case err != nil && o.ctx.Err() != nil:
		return errInterrupted
	case err != nil:
		return badInput("--count", err)
	}
	return nil
}

// scoreText describes a difficulty score of k playouts: "1.3% cleared",
// or for a score below one clear "none cleared, 81% of tiles taken off".
func scoreText(score float64, k int) string {
	c := math.Floor(score * float64(k))
	if c >= 1 {
		return fmt.Sprintf("%.1f%% cleared", 100*c/float64(k))
	}
	return fmt.Sprintf("none cleared, %.0f%% of tiles taken off", 100*score*float64(k)/0.999)
}
