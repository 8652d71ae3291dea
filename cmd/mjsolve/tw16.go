package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unsafe"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
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
		PersistentPreRun: func(cmd *cobra.Command, args []string) {
			tw16.SetDefaultTableOptions(tw16TableOptions())
		},
	}
	cmd.AddCommand(
		newTW16TablesCmd(),
		newTW16ShantenCmd(),
		newTW16WaitsCmd(),
		newTW16EffectiveCmd(),
		newTW16AdviseCmd(),
		newTW16ScoreCmd(),
		newTW16SelfplayCmd(),
		newTW16BotCmd(),
		newTW16ItemsCmd(),
		newTW16RefereeCmd(),
		newTW16ReplayCmd(),
	)
	return cmd
}

// cacheDirEnv names the environment variable that, when set, is the
// directory of the tw16 tables cache instead of mjsolve/ under the user cache
// directory.
const cacheDirEnv = "MJSOLVE_CACHE_DIR"

// tw16TableOptions returns where the tw16 tables are cached: $MJSOLVE_CACHE_DIR
// when set, else the library's default.
func tw16TableOptions() tw16.TableOptions {
	return tw16.TableOptions{CacheDir: os.Getenv(cacheDirEnv)}
}

// tw16TablesOptions are the inputs of "mjsolve tw16 tables".
type tw16TablesOptions struct {
	rebuild, verify, json bool
	stdout                io.Writer
}

func newTW16TablesCmd() *cobra.Command {
	opts := &tw16TablesOptions{}
	cmd := &cobra.Command{
		Use:   "tables",
		Short: "Show, rebuild or verify the cached shanten tables",
		Long: `Show where the shanten tables are cached, the size of the cache file and
when and how fast the tables were built; load them (building and caching them
when the cache is missing or corrupt).

The cache is tw16-tables-v2.zst in $MJSOLVE_CACHE_DIR when set, else in
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
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.stdout = cmd.OutOrStdout()
			return runTW16Tables(opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.rebuild, "rebuild", false, "build the tables afresh and rewrite the cache")
	f.BoolVar(&opts.verify, "verify", false, "check the cache against a fresh build")
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
	return cmd
}

func runTW16Tables(opts *tw16TablesOptions) error {
	if opts.rebuild && opts.verify {
		return errors.New("--rebuild and --verify: give one")
	}
	var info tw16.TablesInfo
	var err error
	action := "loaded"
	switch {
	case opts.rebuild:
		action = "rebuilt"
		o := tw16TableOptions()
		o.Rebuild = true
		info = tw16.LoadTables(o).Info()
		err = info.CacheErr // only a write error: a rebuild does not read
	case opts.verify:
		action = "verified"
		info, err = tw16.VerifyTables(tw16TableOptions())
	default:
		info = tw16.Tables()
	}
	if err != nil {
		return failure(err)
	}
	if opts.json {
		out := struct {
			Path        string  `json:"path"`
			Size        int64   `json:"size"`
			Built       string  `json:"built"`
			BuildMillis float64 `json:"build_ms"`
			Action      string  `json:"action"`
			FromCache   bool    `json:"from_cache"`
			LoadMillis  float64 `json:"load_ms"`
			CacheError  string  `json:"cache_error,omitempty"`
		}{info.Path, info.Size, info.Built.UTC().Format(time.RFC3339), millis(info.BuildTime),
			action, info.FromCache, millis(info.LoadTime), errString(info.CacheErr)}
		return writeJSON(opts.stdout, out)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "cache:  %s\n", info.Path)
	fmt.Fprintf(&b, "size:   %d bytes\n", info.Size)
	fmt.Fprintf(&b, "built:  %s in %s\n", info.Built.UTC().Format("2006-01-02 15:04:05 MST"), info.BuildTime.Round(time.Millisecond))
	switch {
	case opts.verify:
		fmt.Fprintf(&b, "verify: the cache reads back intact and equals a fresh build\n")
	case opts.rebuild:
		fmt.Fprintf(&b, "now:    rebuilt and cached in %s\n", info.LoadTime.Round(time.Millisecond))
	case info.FromCache:
		fmt.Fprintf(&b, "now:    loaded from the cache in %s\n", info.LoadTime.Round(time.Millisecond))
	default:
		fmt.Fprintf(&b, "now:    built in %s\n", info.LoadTime.Round(time.Millisecond))
	}
	if info.CacheErr != nil {
		fmt.Fprintf(&b, "note:   %s\n", oneLine(info.CacheErr.Error()))
	}
	_, err = io.WriteString(opts.stdout, b.String())
	return err
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func errString(err error) string {
	if err == nil {
		return ""
	}
	return oneLine(err.Error())
}

// tw16HandOptions are the inputs shared by shanten, waits, effective and advise.
type tw16HandOptions struct {
	hand           string
	melds          string
	concealedKongs string
	visible        string
	ligu           bool
	claims         bool
	json           bool

	stdin  io.Reader
	stdout io.Writer
}

// tw16Analysis is one of the hand analyses: how to analyse a hand and how
// to print the result for people, as one line of a batch, and as JSON.
type tw16Analysis struct {
	name string
	// run analyses concealed, with seen the tiles the player sees.
	run func(s *tw16Setup, concealed, seen *mjsolve.Counts) (any, error)
	// text writes the result for people; line appends the batch line.
	text func(w io.Writer, s *tw16Setup, result any) error
	line func(b []byte, result any) []byte
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
	f.StringVar(&opts.melds, "melds", "", "exposed `MELDS`: chows, pongs and kongs, e.g. \"123m 555p 7777s\"")
	f.StringVar(&opts.concealedKongs, "concealed-kongs", "", "concealed kongs (暗槓), e.g. \"1111m EEEE\"")
	f.StringVar(&opts.visible, "visible", "", "`TILES` seen elsewhere: discards and others' exposed melds")
	f.BoolVar(&opts.ligu, "ligu", false, "also count 嚦咕嚦咕 (seven pairs and a triplet) as a winning form")
	if claims {
		f.BoolVar(&opts.claims, "claims", false, "weigh effective tiles by how they can be claimed (chow 2, pong 4, at tenpai 1)")
	}
	f.BoolVar(&opts.json, "json", false, "print the result as JSON")
}

func newTW16HandCmd(use, short, long, example string, claims bool, a *tw16Analysis) *cobra.Command {
	opts := &tw16HandOptions{}
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Long:    long + "\n\n" + handHelp,
		Example: example,
		Args:    oneArg("one HAND (or - to read one hand per line from stdin)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.hand = args[0]
			opts.stdin = cmd.InOrStdin()
			opts.stdout = cmd.OutOrStdout()
			return runTW16Hand(opts, a)
		},
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
  mjsolve tw16 shanten "123m 456p 789s 11z 5z" --melds "234s 777p"
  printf '123456789m123456p1z\n1111m2222p33334444s\n' | mjsolve tw16 shanten -`,
		false, &tw16Analysis{
			name: "shanten",
			run: func(s *tw16Setup, c, _ *mjsolve.Counts) (any, error) {
				n, err := s.forms.Shanten(*c)
				return shantenResult{n}, err
			},
			text: func(w io.Writer, _ *tw16Setup, r any) error {
				_, err := fmt.Fprintf(w, "shanten: %s\n", shantenText(r.(shantenResult).Shanten))
				return err
			},
			line: func(b []byte, r any) []byte { return strconv.AppendInt(b, int64(r.(shantenResult).Shanten), 10) },
		})
}

type shantenResult struct {
	Shanten int `json:"shanten"`
}

// shantenText describes a shanten number for people.
func shantenText(n int) string {
	switch n {
	case -1:
		return "-1 (complete, 胡牌)"
	case 0:
		return "0 (tenpai, 聽牌)"
	}
	return fmt.Sprintf("%d (%d 上聽)", n, n)
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
  mjsolve tw16 waits "111s 23m 55z 1z" --melds "123p 456p 789p" --visible "1m 1m 4m"
  printf '123456789m123456p1z\n' | mjsolve tw16 waits -`,
		false, &tw16Analysis{
			name: "waits",
			run: func(s *tw16Setup, c, seen *mjsolve.Counts) (any, error) {
				w, err := s.forms.Waits(*c, seen)
				return &w, err
			},
			text: writeWaits,
			line: func(b []byte, r any) []byte {
				w := r.(*tw16.WaitInfo)
				if w.Kinds == 0 {
					return append(b, '-')
				}
				return w.Kinds.AppendText(b)
			},
		})
}

func writeWaits(w io.Writer, _ *tw16Setup, r any) error {
	wi := r.(*tw16.WaitInfo)
	var b strings.Builder
	fmt.Fprintf(&b, "shanten: %s\n", shantenText(wi.Shanten))
	if wi.Shanten != 0 {
		b.WriteString("waits:   none (not tenpai)\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	single := "no"
	if wi.Single {
		single = "yes"
	}
	fmt.Fprintf(&b, "waits:   %d kind%s, %d tile%s left; single wait (獨聽): %s\n",
		wi.Kinds.Len(), plural(wi.Kinds.Len()), wi.Remaining(), plural(wi.Remaining()), single)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, x := range wi.Waits() {
		fmt.Fprintf(tw, "  %s\t%d left\t%s\t%s %s\n", x.Kind, x.Remaining, x.Shapes, x.Kind.Chinese(), x.Shapes.Chinese())
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
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
		true, &tw16Analysis{
			name: "effective",
			run: func(s *tw16Setup, c, seen *mjsolve.Counts) (any, error) {
				e, err := s.forms.Effective(*c, seen, s.claims)
				return &e, err
			},
			text: writeEffective,
			line: func(b []byte, r any) []byte { return appendEffective(b, r.(*tw16.EffectiveInfo)) },
		})
}

// appendEffective appends the effective kinds and the tiles left (weighted
// with --claims): the batch line of effective, the end of that of advise.
func appendEffective(b []byte, e *tw16.EffectiveInfo) []byte {
	b = appendKinds(b, e.Kinds)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(e.Weighted), 10)
}

// appendKinds appends a set in compact notation, "-" for the empty set.
func appendKinds(b []byte, s tw16.KindSet) []byte {
	if s == 0 {
		return append(b, '-')
	}
	return s.AppendText(b)
}

func writeEffective(w io.Writer, s *tw16Setup, r any) error {
	e := r.(*tw16.EffectiveInfo)
	var b strings.Builder
	fmt.Fprintf(&b, "shanten:   %s\n", shantenText(e.Shanten))
	fmt.Fprintf(&b, "effective: %d kind%s, %d tile%s left", e.Kinds.Len(), plural(e.Kinds.Len()), e.Count, plural(e.Count))
	if s.claims != nil {
		fmt.Fprintf(&b, ", weighted %d", e.Weighted)
	}
	b.WriteByte('\n')
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, k := range e.Kinds.Kinds() {
		fmt.Fprintf(tw, "  %s\t%d left\t", k, e.Remaining[k])
		if s.claims != nil {
			fmt.Fprintf(tw, "weight %d\t", e.Weight[k])
		}
		fmt.Fprintln(tw, k.Chinese())
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
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
		true, &tw16Analysis{
			name: "advise",
			run: func(s *tw16Setup, c, seen *mjsolve.Counts) (any, error) {
				a, err := s.forms.Advise(*c, seen, s.claims)
				return &a, err
			},
			text: writeAdvice,
			line: func(b []byte, r any) []byte {
				d := r.(*tw16.Advice).Discards()[0]
				b = append(b, d.Kind.String()...)
				b = append(b, ' ')
				b = strconv.AppendInt(b, int64(d.Effective.Shanten), 10)
				b = append(b, ' ')
				return appendEffective(b, &d.Effective)
			},
		})
}

func writeAdvice(w io.Writer, s *tw16Setup, r any) error {
	a := r.(*tw16.Advice)
	var b strings.Builder
	fmt.Fprintf(&b, "shanten: %s before the discard\n", shantenText(a.Shanten))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "DISCARD\tSHANTEN\tTILES\t")
	if s.claims != nil {
		fmt.Fprint(tw, "WEIGHTED\t")
	}
	fmt.Fprintln(tw, "EFFECTIVE\tTIER")
	for _, d := range a.Discards() {
		e := &d.Effective
		fmt.Fprintf(tw, "%s\t%d\t%d\t", d.Kind, e.Shanten, e.Count)
		if s.claims != nil {
			fmt.Fprintf(tw, "%d\t", e.Weighted)
		}
		fmt.Fprintf(tw, "%s\t%s\n", appendKinds(nil, e.Kinds), d.Tier)
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

// tw16Setup is what every hand of one command line shares.
type tw16Setup struct {
	forms   tw16.Forms
	claims  *tw16.ClaimWeights
	setting *tw16.Setting // melds, concealed kongs and --visible
}

func newTW16Setup(opts *tw16HandOptions) (*tw16Setup, error) {
	s := &tw16Setup{forms: tw16.Forms{Ligu: opts.ligu}}
	if opts.claims {
		w := tw16.ThesisWeights()
		s.claims = &w
	}
	melds, err := parseMeldFlags(opts.melds, opts.concealedKongs)
	if err != nil {
		return nil, err
	}
	visible, err := mjsolve.ParseTiles(opts.visible)
	if err != nil {
		return nil, badInput("--visible", err)
	}
	if s.setting, err = tw16.NewSetting(melds, visible); err != nil {
		return nil, handError(err)
	}
	return s, nil
}

// handError is an error of tw16.Setting shown after the flag or argument
// of the part it is about.
func handError(err error) error {
	if ce, ok := errors.AsType[*tw16.CopiesError](err); ok {
		return inputError{msg: fmt.Sprintf("%d copies of %s counting the hand, melds and --visible (at most 4)", ce.Count, ce.Kind), err: err}
	}
	what := ""
	if ie, ok := errors.AsType[*tw16.InputError](err); ok {
		what = map[tw16.Part]string{tw16.PartConcealed: "HAND", tw16.PartMelds: "--melds", tw16.PartVisible: "--visible"}[ie.Part]
	}
	return badInput(what, err)
}

// parse reads one hand and returns its concealed part and the tiles seen.
func (s *tw16Setup) parse(hand string) (c, seen mjsolve.Counts, err error) {
	c, err = mjsolve.ParseCounts(hand)
	if err != nil {
		return c, seen, badInput("HAND", err)
	}
	seen, err = s.setting.Hand(c)
	if err != nil {
		return c, seen, handError(err)
	}
	return c, seen, nil
}

func runTW16Hand(opts *tw16HandOptions, a *tw16Analysis) error {
	s, err := newTW16Setup(opts)
	if err != nil {
		return err
	}
	if opts.hand == "-" {
		return runTW16Lines(opts, s, a)
	}
	c, seen, err := s.parse(opts.hand)
	if err != nil {
		return err
	}
	r, err := a.run(s, &c, &seen)
	if err != nil {
		return badInput("HAND", err)
	}
	if opts.json {
		data, err := handJSON(c, r)
		if err != nil {
			return failure(err)
		}
		_, err = opts.stdout.Write(data)
		return err
	}
	return a.text(opts.stdout, s, r)
}

// handJSON writes the result as one JSON object with the hand first.
func handJSON(c mjsolve.Counts, r any) ([]byte, error) {
	data, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	hand, _ := json.Marshal(c.String())
	out := append([]byte(`{"hand":`), hand...)
	if len(data) > 2 {
		out = append(out, ',')
	}
	out = append(out, data[1:]...)
	return append(out, '\n'), nil
}

// runTW16Lines analyses one hand per line of standard input.
func runTW16Lines(opts *tw16HandOptions, s *tw16Setup, a *tw16Analysis) error {
	in := newBatchReader(opts.stdin)
	out := bufio.NewWriterSize(opts.stdout, 64*1024)
	var buf []byte
	var c, seen mjsolve.Counts // outside the loop: a.run keeps them from the stack
	bad := 0
	for in.Next() {
		lineNo := in.LineNo()
		raw := in.Line()
		buf = buf[:0]
		// The line is only read while the reader's buffer holds it; error
		// messages copy what they quote.
		line := unsafe.String(unsafe.SliceData(raw), len(raw))
		err := in.TooLong()
		var r any
		if err == nil {
			c, seen, err = s.parse(line)
		}
		if err == nil {
			r, err = a.run(s, &c, &seen)
		}
		switch {
		case err != nil:
			bad++
			msg := inputReason(err)
			if opts.json {
				data, _ := json.Marshal(struct {
					Line  int    `json:"line"`
					Error string `json:"error"`
				}{lineNo, msg})
				buf = append(append(buf, data...), '\n')
			} else {
				buf = append(buf, "error: line "...)
				buf = strconv.AppendInt(buf, int64(lineNo), 10)
				buf = append(append(append(buf, ": "...), msg...), '\n')
			}
		case opts.json:
			data, err := handJSON(c, r)
			if err != nil {
				return failure(err)
			}
			buf = append(buf, data...)
		default:
			buf = append(a.line(buf, r), '\n')
		}
		if _, err := out.Write(buf); err != nil {
			return failure(err)
		}
	}
	if err := in.Err(); err != nil {
		out.Flush()
		return failure(fmt.Errorf("reading standard input: %w", err))
	}
	if err := out.Flush(); err != nil {
		return failure(err)
	}
	if bad > 0 {
		return silentError{exitBadInput}
	}
	return nil
}
