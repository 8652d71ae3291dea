package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/mjsolve/mjsolve/internal/batch"
	"github.com/mjsolve/mjsolve/internal/input"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/answer"
	"github.com/spf13/cobra"
)

// newTW16Cmd is the "tw16" command group: Taiwanese 16-tile hand analysis.
func newTW16Cmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tw16",
		Short: "Analyse Taiwanese 16-tile Mahjong hands",
		Long: `Analyse Taiwanese 16-tile Mahjong hands: shanten (上聽數), waits (聽牌) with
their shapes and 獨聽, effective tiles (有效牌), discard advice, and tai (台)
scoring.

Hands are written in compact notation: digits followed by a suit letter,
m (萬), p (筒), s (條), z (honors 1-7: East South West North Red Green White),
as in "123m 456p 789s 11z"; the honors may also be written E S W N C F P.
HAND is the concealed part: 16 or 17 tiles without melds, 3 fewer per meld
given with --melds or --concealed-kongs (any size 3k+1 or 3k+2 up to 17 is
accepted without them).

The analyses use tables built once (about half a second) and cached; see
"mjsolve tw16 tables".`,
		// tw16 reads no layouts: no warning about MJSOLVE_LAYOUT_PATH (the
		// root's hook, which this one replaces).
		PersistentPreRun: func(*cobra.Command, []string) {},
	}
	cmd.AddCommand(
		newTW16TablesCmd(),
		newTW16ShantenCmd(),
		newTW16WaitsCmd(),
		newTW16EffectiveCmd(),
		newTW16AdviseCmd(),
		newTW16ScoreCmd(),
		newTW16SelfplayCmd(),
		newTW16StatsCmd(),
		newTW16BotCmd(),
		newTW16ItemsCmd(),
		newTW16RefereeCmd(),
		newTW16WrapperCmd(),
		newTW16ReplayCmd(),
		newTW16ReviewCmd(),
	)
	return cmd
}

// cacheDirEnv, when set, is the directory of the tw16 tables cache instead
// of mjsolve/ under the user cache directory.
const cacheDirEnv = "MJSOLVE_CACHE_DIR"

// tw16TableOptions returns where the tw16 tables are cached: $MJSOLVE_CACHE_DIR
// when set, else the library's default.
func tw16TableOptions() tw16.TableOptions {
	return tw16.TableOptions{CacheDir: os.Getenv(cacheDirEnv)}
}

// tw16Tables loads the tw16 tables that a command passes to the library
// (never tw16's default set): from the cache tw16TableOptions names, or
// built and cached.
func tw16Tables() *tw16.TableSet { return tw16.LoadTables(tw16TableOptions()) }

// tw16TablesWarn is tw16Tables that says on stderr when the tables could
// not be cached (warnNotCached).
func tw16TablesWarn(stderr io.Writer) *tw16.TableSet {
	ts := tw16Tables()
	warnNotCached(stderr, ts.Info())
	return ts
}

// warnNotCached writes one line on stderr when the tables of info were
// built in memory because their cache could not be written (a read-only
// or full cache directory): the command works all the same, but builds
// them again on every run.
func warnNotCached(stderr io.Writer, info tw16.TablesInfo) {
	if info.CacheErr == nil || info.Size > 0 { // cached, or rebuilt over a corrupt cache and written
		return
	}
	err := info.CacheErr
	if j, ok := err.(interface{ Unwrap() []error }); ok { // could not read, then could not write: the write is why
		errs := j.Unwrap()
		err = errs[len(errs)-1]
	}
	fmt.Fprintf(stderr, "mjsolve: warning: tw16 tables not cached (%s); built in memory for this run\n", oneLine(err.Error()))
}

// tw16LazyTables are tw16Tables loaded on first use: by the first hand
// that passes its checks (or, for tw16 replay, the first transcript that
// opens), so that bad input is refused at once.
func tw16LazyTables() *tw16.TableSet { return tw16.OpenTables(tw16TableOptions()) }

// tw16TablesOptions are the inputs of "mjsolve tw16 tables".
type tw16TablesOptions struct {
	call
	rebuild, verify, json bool
}

func newTW16TablesCmd() *cobra.Command {
	opts := &tw16TablesOptions{}
	cmd := &cobra.Command{
		Use:   "tables",
		Short: "Show, rebuild or verify the cached shanten tables",
		Long: `Show where the shanten tables are cached, the size of the cache file and
when and how fast the tables were built; load them (building and caching them
when the cache is missing or corrupt).

The cache is tw16-tables-v3.zst in $MJSOLVE_CACHE_DIR when set, else in
mjsolve/ under the user cache directory (~/.cache on Linux). It holds, for
every count vector of a numbered suit (5^9) and of the honors (5^7), the fewest
tiles to add to make 0-5 sets with and without a pair (as the number of the
vector's row among the 187 and 83 distinct rows), compressed with zstd, with a
CRC-32C checksum and a format version.

--rebuild builds the tables afresh and rewrites the cache; --verify checks that
the cache reads back intact and equals a fresh build (exit code 1 if not).`,
		Example: `  mjsolve tw16 tables
  mjsolve tw16 tables --verify
  MJSOLVE_CACHE_DIR=/tmp/mj mjsolve tw16 tables --rebuild`,
		Args: cobra.NoArgs,
		RunE: runE(&opts.call, opts.run),
	}
	f := cmd.Flags()
	f.BoolVar(&opts.rebuild, "rebuild", false, "build the tables afresh and rewrite the cache")
	f.BoolVar(&opts.verify, "verify", false, "check the cache against a fresh build")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	return cmd
}

func (opts *tw16TablesOptions) run() error {
	if opts.rebuild && opts.verify {
		return errors.New("--rebuild and --verify: give one")
	}
	a, err := answer.Tables(tw16TableOptions(), opts.rebuild, opts.verify)
	if pe, ok := errors.AsType[*fs.PathError](err); ok && opts.rebuild && (pe.Op == "create" || pe.Op == "mkdir") {
		// No file can be made there: bad input, as for every file the
		// command writes (a write that fails, a full disk, exits 1).
		return err
	}
	if err != nil {
		return failure(err)
	}
	return writeReport(opts.stdout, opts.json, a)
}

// writeReport writes r as one line of JSON with asJSON, else as text.
func writeReport(w io.Writer, asJSON bool, r interface{ WriteText(io.Writer) error }) error {
	if asJSON {
		return writeJSON(w, r)
	}
	return r.WriteText(w)
}

// tw16HandOptions are the inputs shared by shanten, waits, effective and advise.
type tw16HandOptions struct {
	call
	analysis *answer.Analysis
	q        answer.HandQuery
	json     bool
}

const handHelp = `HAND is the concealed part in compact notation ("123m 456p 789s 11z", honors
also E S W N C F P). --melds gives the exposed melds ("123m 555p 7777s") and
--concealed-kongs the concealed kongs; each takes 3 tiles off the part's size.
--visible gives the tiles seen elsewhere: discards and the other players'
exposed melds (flowers are ignored); the hand and its melds count as seen
without it. A kind seen more than 4 times is an error.

With "-" as HAND, every line of standard input is a hand, and each result is
one line (the other flags apply to every line); a bad line prints
"error: line N: ..." in its place, the rest go on, and the exit code is 2 at
the end. With --json, each result is a JSON object on its own line, and an
error {"line":N,"error":"..."}. Blank lines and # comments are skipped; a line
of 64 KiB or more is a bad line.`

func addTW16HandFlags(cmd *cobra.Command, opts *tw16HandOptions, claims bool) {
	f := cmd.Flags()
	f.StringVar(&opts.q.Melds, "melds", "", "exposed `MELDS`: chows, pongs and kongs, e.g. \"123m 555p 7777s\"")
	f.StringVar(&opts.q.ConcealedKongs, "concealed-kongs", "", "concealed kongs (暗槓), e.g. \"1111m EEEE\"")
	f.StringVar(&opts.q.Visible, "visible", "", "`TILES` seen elsewhere: discards and others' exposed melds")
	f.BoolVar(&opts.q.Ligu, "ligu", false, "also count 嚦咕嚦咕 (seven pairs and a triplet) as a winning form")
	if claims {
		f.BoolVar(&opts.q.Claims, "claims", false, "weigh effective tiles by how they can be claimed (chow 2, pong 4, at tenpai 1)")
	}
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
}

func newTW16HandCmd(use, short, long, example string, claims bool, a *answer.Analysis) *cobra.Command {
	opts := &tw16HandOptions{analysis: a}
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Long:    long + "\n\n" + handHelp,
		Example: example,
		Args:    oneArg("one HAND (or - to read one hand per line from stdin)"),
		RunE:    runE(&opts.call, opts.run),
	}
	addTW16HandFlags(cmd, opts, claims)
	return cmd
}

func newTW16ShantenCmd() *cobra.Command {
	return newTW16HandCmd("shanten HAND", "Shanten (上聽數) of a hand: -1 complete, 0 tenpai, n tiles from tenpai",
		`Print the shanten number (上聽數) of a hand: -1 when it is complete, 0 when it
is tenpai (聽牌, one tile from complete), n when n more useful tiles are needed
to reach tenpai. It is exact, also for hands with four copies of a kind.
The batch line is the number.`,
		`  mjsolve tw16 shanten 1111222233334444z
  mjsolve tw16 shanten "123m 456p 789s 1z 5z" --melds "234s 777p"
  printf '123456789m123456p1z\n1111m2222p33334444s\n' | mjsolve tw16 shanten -`,
		false, answer.Shanten)
}

func newTW16WaitsCmd() *cobra.Command {
	return newTW16HandCmd("waits HAND", "Waits (聽牌) of a tenpai hand: winning tiles, tiles left, shapes, 獨聽",
		`Print the waits of a hand of 3k+1 tiles (16 without melds): every winning
kind, how many of its copies are not visible, and its wait shapes over all
decompositions: two-sided (兩面), edge (邊張), closed (嵌張), single (單騎),
dual-pong (雙碰). A single wait (獨聽) is a hand that can win on one kind only:
the kinds whose four copies are all visible do not count, so give --visible
only to see what can still win; the 獨聽 of scoring counts the hand's own
tiles. A hand that is not tenpai has no waits.
The batch line is the winning kinds in compact notation, or "-" for none.`,
		`  mjsolve tw16 waits 123456789p111s23m55z
  mjsolve tw16 waits "111s 23m 55z" --melds "123p 456p 789p" --visible "1m 1m 4m"
  printf '123456789m123456p1z\n' | mjsolve tw16 waits -`,
		false, answer.Waits)
}

func newTW16EffectiveCmd() *cobra.Command {
	return newTW16HandCmd("effective HAND", "Effective tiles (有效牌) of a hand: the draws that lower its shanten",
		`Print the effective tiles (有效牌) of a hand of 3k+1 tiles (16 without melds):
every kind whose draw lowers the shanten, with the copies not visible. With
--claims, each kind is weighted by how it can be had (the thesis's 吃碰比重):
1 when only a draw helps, 2 when a chow (from the left player only) helps, 4
when a pong (from anyone) helps; at tenpai every winning tile counts 1.
For a hand of 3k+2 tiles use "advise".
The batch line is the effective kinds ("-" for none) and the tiles left
(weighted with --claims).`,
		`  mjsolve tw16 effective 13m568p2479s1257z
  mjsolve tw16 effective 12399m568p2479s1257z --claims --visible "2m 2m 7p"`,
		true, answer.Effective)
}

func newTW16AdviseCmd() *cobra.Command {
	return newTW16HandCmd("advise HAND", "Discard advice for a hand of 17 (3k+2) tiles",
		`Rank the discards of a hand of 3k+2 tiles (17 without melds): for every
distinct kind held, the shanten after discarding it and the effective tiles
left (有效牌, with the copies not visible), best first: lowest shanten, then
most effective tiles (weighted with --claims), then the thesis's order: lone
honors (孤張字牌), then lone numbered tiles (孤張數牌), then tiles that break a
partial set.
The batch line is the best discard, the shanten after it, its effective kinds
and the tiles left.`,
		`  mjsolve tw16 advise 12399m568p24799s1257z
  mjsolve tw16 advise 12399m568p24799s1257z --visible "2m 2m 7p" --claims --json`,
		true, answer.Advise)
}

// fieldNames name the fields of a question as the command's flags and
// arguments do.
var fieldNames = map[answer.Field]string{
	answer.FieldHand: "HAND", answer.FieldMelds: "--melds", answer.FieldConcealedKongs: "--concealed-kongs",
	answer.FieldVisible: "--visible", answer.FieldFlowers: "--flowers", answer.FieldWin: "--win",
	answer.FieldSeat: "--seat", answer.FieldRound: "--round", answer.FieldFirstTurn: "--first-turn",
	answer.FieldBase: "--base", answer.FieldPerTai: "--per-tai", answer.FieldRules: "--rules", answer.FieldRule: "--rule",
	answer.FieldDealerStreak: "--dealer-streak",
}

// handError shows an error of package answer after the flag or argument it
// is about (a fifth copy: after the hand, melds and --visible together; an
// unknown --rule item: with a pointer to the list of items); the command's
// own input errors pass as they are, any other error exits 1.
func handError(err error) error {
	if ce, ok := errors.AsType[*tw16.CopiesError](err); ok {
		return inputError{msg: fmt.Sprintf("%d copies of %s counting the hand, melds and --visible (at most 4)", ce.Count, ce.Kind), err: err}
	}
	if fe, ok := errors.AsType[*answer.FieldError](err); ok {
		if ie, ok := errors.AsType[*tw16.InputError](fe.Err); ok && ie.Pkg == "tw16" && fe.Field == answer.FieldRule {
			return inputError{"--rule", input.Message(fe.Err) + " (see mjsolve tw16 items)", err}
		}
		return badInput(fieldNames[fe.Field], fe.Err)
	}
	if _, ok := errors.AsType[inputError](err); ok {
		return err
	}
	return failure(err)
}

func (opts *tw16HandOptions) run() error {
	opts.q.Tables = tw16LazyTables()
	defer func() {
		if info, ok := opts.q.Tables.Loaded(); ok {
			warnNotCached(opts.stderr, info)
		}
	}()
	h, err := answer.NewHands(opts.q)
	switch {
	case err != nil:
		return handError(err)
	case opts.args[0] == "-":
		return runBatch(opts.ctx, opts.stdin, opts.stdout, opts.stderr, opts.json, false, func(b []byte, line string) ([]byte, error) {
			b, err := h.AppendAnswer(b, opts.analysis, line, opts.json)
			return b, handError(err)
		})
	}
	return handError(h.WriteAnswer(opts.stdout, opts.analysis, opts.args[0], opts.json))
}

// runBatch answers the lines of in on out with each (batch.Answer): an input
// error, named ("HAND: …") when named, is written in the line's place and
// makes the exit code 2 at the end; any other error ends the batch: exit 1.
// Ctrl-C stops it: exit 130, the answers given written out.
func runBatch(ctx context.Context, in io.Reader, out, stderr io.Writer, asJSON, named bool, each func(b []byte, line string) ([]byte, error)) error {
	bad, err := batch.Answer(ctx, in, out, asJSON, each, func(err error) (string, bool) {
		ok := !isFailure(err)
		if ie, isInput := errors.AsType[inputError](err); isInput && !named {
			return ie.msg, ok
		}
		return oneLine(err.Error()), ok
	})
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "mjsolve: interrupted")
		return errInterrupted
	case err != nil:
		return failure(err)
	case bad > 0:
		return silentError{exitBadInput}
	}
	return nil
}
