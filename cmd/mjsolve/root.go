package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/internal/input"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit codes of the command.
const (
	exitOK          = 0
	exitFailure     = 1   // something went wrong that is not the user's input
	exitBadInput    = 2   // bad flags, files, hands or tiles
	exitInterrupted = 130 // stopped by SIGINT (Ctrl-C): 128 + 2
	exitTerminated  = 143 // stopped by SIGTERM (Slurm, Kubernetes, kill): 128 + 15
)

// failureError marks an error that is not caused by bad user input; it
// exits with code 1. Every error that isFailure does not know exits with
// code 2.
type failureError struct{ err error }

func (e failureError) Error() string { return e.err.Error() }
func (e failureError) Unwrap() error { return e.err }

// failure wraps err so that the command exits with code 1 instead of 2.
func failure(err error) error {
	if err == nil {
		return nil
	}
	return failureError{err}
}

// errInterrupted is returned by commands stopped with Ctrl-C or SIGTERM
// after they have kept and reported what was done; the command exits with
// code 130 after SIGINT, 143 after SIGTERM.
var errInterrupted = errors.New("interrupted")

// interruptedAfter reports a run stopped by Ctrl-C or SIGTERM after done
// of total units ("hand"): errInterrupted.
func interruptedAfter(stderr io.Writer, done, total int, unit string) error {
	fmt.Fprintf(stderr, "mjsolve: interrupted after %d of %d %s\n", done, total, plural(total, unit))
	return errInterrupted
}

// plural is noun ("hand") for n = 1, else noun+"s": every noun the command
// counts takes an s.
func plural[N ~int | ~int64 | ~uint64](n N, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// interruptedKept reports a table run stopped by Ctrl-C or SIGTERM: msg
// and, when its records go to the file out, that out keeps kept and
// --resume continues: errInterrupted.
func interruptedKept(stderr io.Writer, msg, out, kept string) error {
	if out != "" {
		msg += fmt.Sprintf("; %s keeps %s: continue with --resume", out, kept)
	}
	fmt.Fprintln(stderr, msg)
	return errInterrupted
}

// inputError is bad input shown as "what: msg" (or msg alone when what is
// empty): what names the flag or argument read, msg the library's message
// without its package prefix.
type inputError struct {
	what, msg string
	err       error
}

func (e inputError) Error() string {
	if e.what == "" {
		return e.msg
	}
	return e.what + ": " + e.msg
}

func (e inputError) Unwrap() error { return e.err }

// badInput wraps err, a library's error about input, with what was being
// read.
func badInput(what string, err error) error {
	return inputError{what, input.Message(err), err}
}

// silentError is an error whose message the command has already printed
// (for example per-line errors in a batch); only its exit code remains.
type silentError struct{ code int }

func (e silentError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// hooks are what the commands would otherwise take from the machine: the
// clock that times boards and the solver of the main job. The zero value is
// the real thing; tests pass fakes to runWith, so that exact output does
// not depend on timing or on the solver's heuristics.
type hooks struct {
	clock      func() time.Duration         // nil: the real clock
	cpu        func() (time.Duration, bool) // nil: the solving thread's CPU clock
	newWorkers runs.WorkerFactory           // nil: runs.Workers, the solver
}

// run executes the command line args with the given streams and returns the
// process exit code. It is main without os.Exit, so tests can call it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(&hooks{}, args, stdin, stdout, stderr)
}

// runWith is run with hooks h.
func runWith(h *hooks, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// SIGINT (Ctrl-C) and SIGTERM (what batch schedulers send before
	// SIGKILL) both cancel the context: the command keeps what was done.
	// SIGTERM cancels the outer context too, which tells the two apart.
	termCtx, stopTerm := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stopTerm()
	ctx, stopInt := signal.NotifyContext(termCtx, os.Interrupt)
	defer stopInt()

	root := newRootCmd(h)
	root.SetArgs(args)
	root.SetIn(stdin)
	out := &firstErrorWriter{w: stdout}
	root.SetOut(out)
	root.SetErr(stderr)
	// The completion command cobra adds on Execute, added now (after the
	// streams, which its scripts are written to) so that it refuses an
	// unknown shell as the other groups do.
	root.InitDefaultCompletionCmd()
	rejectUnknownSubcommands(root)
	err := root.ExecuteContext(ctx)
	if err == nil && out.err != nil {
		err = out.err // a write whose error went unseen (cobra's help ignores them)
	}
	return exit(stderr, err, termCtx.Err() != nil)
}

// exit is the one place that chooses the exit code: it reports err on
// stderr (unless the command has already: a silentError, an interruption)
// and returns the code for it. terminated says that SIGTERM, not Ctrl-C,
// stopped the command.
func exit(stderr io.Writer, err error, terminated bool) int {
	if err == nil {
		return exitOK
	}
	if silent, ok := errors.AsType[silentError](err); ok {
		return silent.code
	}
	if errors.Is(err, errInterrupted) {
		if terminated {
			return exitTerminated
		}
		return exitInterrupted
	}
	fmt.Fprintln(stderr, "mjsolve: "+oneLine(err.Error()))
	if isFailure(err) {
		return exitFailure
	}
	return exitBadInput
}

// isFailure says whether err is not the fault of the user's input: an
// error marked by failure, a write that failed (standard output on a full
// disk, a record file), or a run of a survey or play that failed once its
// spec was accepted.
func isFailure(err error) bool {
	if _, ok := errors.AsType[failureError](err); ok {
		return true
	}
	if pe, ok := errors.AsType[*fs.PathError](err); ok && pe.Op == "write" {
		return true
	}
	_, we := errors.AsType[*analysis.WriteError](err)
	_, re := errors.AsType[*runs.RunError](err)
	return we || re
}

// firstErrorWriter passes writes to w and keeps the first error, so that
// an output whose writer ignores errors (cobra's help) still fails the
// command.
type firstErrorWriter struct {
	w   io.Writer
	err error
}

func (f *firstErrorWriter) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}

// plainFlagError rewrites a flag error for people: `invalid argument "x"
// for "--game" flag: strconv.ParseUint: parsing "x": invalid syntax`
// becomes `--game: "x" is not a whole number 0 or more` (1 or more for
// --boards: an unsigned flag's minimum is its setMinimum), and `invalid
// argument "5" for "--timeout" flag: time: missing unit in duration "5"`
// becomes `--timeout: "5" is not a duration (e.g. 30s, 1m30s)`.
func plainFlagError(err error) string {
	iv, ok := errors.AsType[*pflag.InvalidValueError](err)
	if ok && iv.GetFlag().Value.Type() == "duration" {
		return fmt.Sprintf("--%s: %s is not a duration (e.g. 30s, 1m30s)", iv.GetFlag().Name, strconv.Quote(iv.GetValue()))
	}
	ne, num := errors.AsType[*strconv.NumError](err)
	if !ok || !num {
		return err.Error()
	}
	flag, value := "--"+iv.GetFlag().Name, strconv.Quote(iv.GetValue())
	if errors.Is(ne.Err, strconv.ErrRange) {
		return fmt.Sprintf("%s: %s is out of range", flag, value)
	}
	want, known := map[string]string{"ParseInt": "a whole number", "ParseUint": "a whole number " + minimum(iv.GetFlag()) + " or more",
		"ParseFloat": "a number", "ParseBool": "true or false"}[ne.Func]
	if !known {
		return err.Error()
	}
	return fmt.Sprintf("%s: %s is not %s", flag, value, want)
}

// call is what a command runs with: its context, arguments, standard
// streams and the command itself (for its flags). Options structs embed it
// and runs fills it in.
type call struct {
	ctx            context.Context
	args           []string
	stdin          io.Reader
	stdout, stderr io.Writer
	cmd            *cobra.Command
}

// runE is the RunE of a command whose options embed c: it fills c in
// from cmd and args, then calls run.
func runE(c *call, run func() error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		*c = call{cmd.Context(), args, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), cmd}
		return run()
	}
}

// oneArg is a cobra.PositionalArgs for commands that take exactly one
// argument, described by what ("a HAND (or - to read hands from stdin)"):
// the error says what is missing instead of counting arguments.
func oneArg(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return missingArgs(cmd, what)
		case len(args) > 1:
			return fmt.Errorf("%s takes %s, not %d arguments (quote an argument with spaces)", commandName(cmd), what, len(args))
		}
		return nil
	}
}

// someArgs is a cobra.PositionalArgs for commands that take one or more
// arguments, described by what ("record FILEs").
func someArgs(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return missingArgs(cmd, what)
		}
		return nil
	}
}

// missingArgs is the error for a command called without its arguments.
func missingArgs(cmd *cobra.Command, what string) error {
	return fmt.Errorf("%s needs %s (see '%s --help')", commandName(cmd), what, cmd.CommandPath())
}

// commandName is cmd's path without the program name: "tw16 shanten".
func commandName(cmd *cobra.Command) string {
	return strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}

// oneLine keeps an error message on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func newRootCmd(h *hooks) *cobra.Command {
	root := &cobra.Command{
		Use:   "mjsolve",
		Short: "Exact Mahjong Solitaire solving and Taiwanese 16-tile hand analysis",
		Long: `mjsolve decides exactly whether a Mahjong Solitaire deal can be cleared when
every tile is known (de Bondt's peeking solver), estimates how often a layout
cannot be won, and analyses Taiwanese 16-tile Mahjong hands (shanten, waits,
effective tiles, discard advice, tai scoring).

Bad input (flags, files, hands) is reported in one line on standard error
with exit code 2; other failures exit with 1, an interruption with 130 (Ctrl-C)
or 143 (SIGTERM).`,
		Example: `  mjsolve solitaire --layout turtle --boards 100000   # how often is the turtle unwinnable?
  mjsolve solitaire solve --layout turtle --game 7      # one board, with a solution
  mjsolve layouts list                                  # layouts built in and installed
  mjsolve tw16 shanten "123456789m 123456p 1z"          # a Taiwanese 16-tile hand
  source <(mjsolve completion bash)                     # shell completion`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// Every command that reads layouts warns about a missing directory
		// in MJSOLVE_LAYOUT_PATH (tw16 has its own hook and reads none).
		PersistentPreRun: func(cmd *cobra.Command, _ []string) { warnLayoutPath(cmd.ErrOrStderr()) },
	}
	// --version prints what "mjsolve version" prints.
	root.Version = versionString()
	root.SetVersionTemplate("{{.Version}}\n")
	root.Flags().BoolP("version", "", false, "print the version of mjsolve")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return fmt.Errorf("%s (see '%s --help')", plainFlagError(err), c.CommandPath())
	})
	sol := newSolitaireCmd(h)
	sol.AddCommand(newSolitairePlayCmd(h))
	root.AddCommand(
		newVersionCmd(),
		newLayoutsCmd(),
		sol,
		newAnalysisCmd(),
		newTW16Cmd(),
		newServeCmd(),
	)
	// The help command cobra adds on Execute, added now so that it refuses
	// what it does not know as the others do (the completion command: see
	// runWith).
	root.InitDefaultHelpCmd()
	rejectUnknownHelpTopics(root)
	rejectUnknownSubcommands(root)
	return root
}

// rejectUnknownHelpTopics makes "mjsolve help X" fail with exit code 2 when
// X is no command: cobra's help would print "Unknown help topic" and the
// root's usage, and exit 0.
func rejectUnknownHelpTopics(root *cobra.Command) {
	for _, c := range root.Commands() {
		if c.Name() != "help" || c.Run == nil {
			continue
		}
		show := c.Run
		c.Run = nil
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if found, rest, err := cmd.Root().Find(args); found == nil || err != nil || len(rest) > 0 {
				return fmt.Errorf("unknown help topic %q (see '%s --help')", strings.Join(args, " "), cmd.Root().Name())
			}
			show(cmd, args)
			return nil
		}
	}
}

// rejectUnknownSubcommands makes every command group below root (a command
// with subcommands and nothing to run itself, such as "layouts") show its
// help when called alone and fail with exit code 2 on an unknown
// subcommand: cobra would show the help and exit 0 for "layouts lst".
func rejectUnknownSubcommands(root *cobra.Command) {
	for _, c := range root.Commands() {
		rejectUnknownSubcommands(c)
		if c.HasSubCommands() && c.Run == nil && c.RunE == nil {
			c.Args = cobra.NoArgs
			c.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
		}
	}
}
