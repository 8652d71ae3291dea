package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// runCmd runs the command line and returns its exit code, stdout and stderr.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return runCmdWith(t, &hooks{}, stdin, args...)
}

// runCmdWith is runCmd with hooks h (a fake clock or solver).
func runCmdWith(t *testing.T, h *hooks, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runWith(h, args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestVersion(t *testing.T) {
	code, out, errOut := runCmd(t, "", "version")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.HasPrefix(out, "mjsolve ") || !strings.Contains(out, "go1.") || strings.Count(out, "\n") != 1 {
		t.Errorf("version output %q", out)
	}
}

func TestUnknownCommandAndFlagAreBadInput(t *testing.T) {
	for _, args := range [][]string{{"frobnicate"}, {"version", "--nope"}, {"version", "extra"},
		{"layouts", "lst"}, {"tw16", "shantn"}, {"analysis", "merg"}} {
		code, out, errOut := runCmd(t, "", args...)
		if code != exitBadInput {
			t.Errorf("%v: exit %d, want %d", args, code, exitBadInput)
		}
		if out != "" {
			t.Errorf("%v: stdout %q, want nothing", args, out)
		}
		if !strings.HasPrefix(errOut, "mjsolve: ") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: stderr %q, want one line starting with mjsolve:", args, errOut)
		}
	}
}

func TestCompletion(t *testing.T) {
	code, out, _ := runCmd(t, "", "completion", "bash")
	if code != 0 || !strings.Contains(out, "__start_mjsolve") {
		t.Errorf("completion bash: exit %d, output starts %q", code, out[:min(len(out), 80)])
	}
}

// The completion command and help are no exceptions: an unknown shell or
// help topic is one line and exit 2 (both printed a help page and exited
// 0), while their good uses still work.
func TestUnknownCompletionShellAndHelpTopic(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"completion", "tcsh"}, "mjsolve: unknown command \"tcsh\" for \"mjsolve completion\"\n"},
		{[]string{"completion", "bash", "zsh"}, "mjsolve: unknown command \"zsh\" for \"mjsolve completion bash\"\n"},
		{[]string{"help", "solitare"}, "mjsolve: unknown help topic \"solitare\" (see 'mjsolve --help')\n"},
		{[]string{"help", "tw16", "shantn"}, "mjsolve: unknown help topic \"tw16 shantn\" (see 'mjsolve --help')\n"},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stderr %q", c.args, code, out[:min(len(out), 80)], errOut, exitBadInput, c.want)
		}
	}
	for _, args := range [][]string{{"completion"}, {"help"}, {"help", "tw16"}, {"help", "tw16", "shanten"}, {"help", "completion", "zsh"}} {
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 || errOut != "" || !strings.Contains(out, "Usage:") {
			t.Errorf("%v: exit %d, stderr %q, stdout starts %q", args, code, errOut, out[:min(len(out), 80)])
		}
	}
	if _, out, _ := runCmd(t, "", "help", "tw16", "shanten"); !strings.Contains(out, "mjsolve tw16 shanten HAND") {
		t.Errorf("help tw16 shanten shows another page:\n%s", out)
	}
}

// TestHelpExamplesRun runs the examples in the help of the root command and
// of the layouts and solitaire show commands, in a temporary directory over
// a fake games root. The main job's example runs on 3 boards, not 100000.
func TestHelpExamplesRun(t *testing.T) {
	root, _ := fakeGames(t)
	os.Remove(filepath.Join(root, "usr/share/kmahjongg/layouts/big.layout")) // refused, with a note on stderr
	t.Chdir(t.TempDir())
	if err := os.WriteFile("my-layout.txt", []byte("mjsolve-layout 1\nlevel 0\n[][]\n[][]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, cmd := range []*cobra.Command{newRootCmd(&hooks{}), newLayoutsListCmd(), newLayoutsShowCmd(), newSolitaireShowCmd()} {
		if cmd.Example == "" {
			t.Errorf("%s: no examples", cmd.Name())
		}
		for _, line := range strings.Split(cmd.Example, "\n") {
			line, _, _ = strings.Cut(line, "#")
			line = strings.TrimSpace(line)
			if !strings.HasPrefix(line, "mjsolve ") {
				continue // "source <(mjsolve completion bash)"
			}
			args := splitShellWords(strings.TrimPrefix(line, "mjsolve "))
			if len(args) > 1 && args[0] == "solitaire" && args[1] == "--layout" {
				args = append(args, "--boards", "3")
			}
			code, out, errOut := runCmd(t, "", args...)
			if code != 0 || out == "" || errOut != "" {
				t.Errorf("%s: exit %d, stdout %q, stderr %q", line, code, out, errOut)
			}
			n++
		}
	}
	if n < 10 {
		t.Errorf("only %d examples ran", n)
	}
	for _, f := range []string{"ox.png", "g1.board"} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("example did not write %s: %v", f, err)
		}
	}
}

// TestCommandGroupAloneShowsHelp runs a command group without a subcommand:
// its help, exit 0.
func TestCommandGroupAloneShowsHelp(t *testing.T) {
	for _, group := range []string{"layouts", "tw16", "analysis"} {
		code, out, errOut := runCmd(t, "", group)
		if code != 0 || errOut != "" || !strings.Contains(out, "Available Commands:") {
			t.Errorf("%s: exit %d, stderr %q, stdout %q", group, code, errOut, out)
		}
	}
}

func TestFlagAndArgumentErrorsSpeakPlainly(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solitaire", "--boards", "many"}, `mjsolve: --boards: "many" is not a whole number 1 or more (see 'mjsolve solitaire --help')` + "\n"},
		{[]string{"solitaire", "--boards", "-3"}, `mjsolve: --boards: "-3" is not a whole number 1 or more (see 'mjsolve solitaire --help')` + "\n"},
		{[]string{"solitaire", "play", "--boards", "-3"}, `mjsolve: --boards: "-3" is not a whole number 1 or more (see 'mjsolve solitaire play --help')` + "\n"},
		{[]string{"solitaire", "--first", "-1"}, `mjsolve: --first: "-1" is not a whole number 0 or more (see 'mjsolve solitaire --help')` + "\n"},
		{[]string{"solitaire", "--boards", "99999999999999999999999"}, `mjsolve: --boards: "99999999999999999999999" is out of range (see 'mjsolve solitaire --help')` + "\n"},
		{[]string{"solitaire", "--json=maybe"}, `mjsolve: --json: "maybe" is not true or false (see 'mjsolve solitaire --help')` + "\n"},
		{[]string{"analysis", "plot", "--reference", "x", "r.jsonl"}, `mjsolve: --reference: "x" is not a number (see 'mjsolve analysis plot --help')` + "\n"},
		{[]string{"solitaire", "--timeout-per-board", "soon"}, `mjsolve: --timeout-per-board: "soon" is not a duration (e.g. 30s, 1m30s) (see 'mjsolve solitaire --help')` + "\n"},
		{[]string{"tw16", "shanten"}, "mjsolve: tw16 shanten needs one HAND (or - to read one hand per line from stdin) (see 'mjsolve tw16 shanten --help')\n"},
		{[]string{"tw16", "shanten", "123m", "456p"}, "mjsolve: tw16 shanten takes one HAND (or - to read one hand per line from stdin), not 2 arguments (quote an argument with spaces)\n"},
		{[]string{"analysis", "merge"}, "mjsolve: analysis merge needs one or more record FILEs written by 'mjsolve solitaire --out' (see 'mjsolve analysis merge --help')\n"},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// --version prints what the version command prints.
func TestVersionFlag(t *testing.T) {
	_, want, _ := runCmd(t, "", "version")
	code, out, errOut := runCmd(t, "", "--version")
	if code != 0 || errOut != "" || out != want {
		t.Errorf("--version: exit %d, stdout %q, stderr %q; want %q", code, out, errOut, want)
	}
}

// The version comes from the link-time value, else the module version (which Go
// 1.24 and later stamp from the VCS revision), and is "(devel)" only when
// nothing says more.
func TestDescribeVersion(t *testing.T) {
	vcs := func(mainVersion string, settings ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/mjsolve/mjsolve", Version: mainVersion}}
		for i := 0; i < len(settings); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return info
	}
	rev := "379bec24b3058a7921f46e2a7869f7764909221c"
	for _, c := range []struct {
		linked string
		info   *debug.BuildInfo
		want   string
	}{
		{"v9.9.9", vcs("v1.2.0"), "v9.9.9"},
		{"", vcs("v1.2.0"), "v1.2.0"},
		{"", vcs("v0.0.0-20261124065646-379bec24b305", "vcs.revision", rev), "v0.0.0-20261124065646-379bec24b305"},
		{"", vcs("v0.0.0-20261124065646-379bec24b305+dirty", "vcs.revision", rev, "vcs.modified", "true"), "v0.0.0-20261124065646-379bec24b305+dirty"},
		{"", vcs("(devel)"), "(devel)"},
		{"", vcs(""), "(devel)"},
		{"", nil, "(devel)"},
	} {
		if got := describeVersion(c.linked, c.info); got != c.want {
			t.Errorf("describeVersion(%q, %+v) = %q, want %q", c.linked, c.info, got, c.want)
		}
	}
}

// A flag's help names its value with a placeholder (`FILE`, `N`, `WxH`,
// `i/n`), never a plain lower-case word: a value written in backquotes, as
// "what to plot: `rate`, …" was, became the placeholder ("--kind rate"),
// as if rate were a name to fill in.
func TestFlagPlaceholdersAreNames(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if !strings.Contains(f.Usage, "`") {
				return
			}
			if name, _ := pflag.UnquoteUsage(f); strings.Trim(name, "abcdefghijklmnopqrstuvwxyz-") == "" {
				t.Errorf("%s --%s: placeholder %q (%q)", c.CommandPath(), f.Name, name, f.Usage)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(&hooks{}))
}

// TestInterruptedAfterCounts: the unit of an interrupted run is singular
// for a run of one ("0 of 1 hand"), as the command says "1 hand in 2s".
func TestInterruptedAfterCounts(t *testing.T) {
	for _, c := range []struct {
		done, total int
		want        string
	}{
		{0, 1, "mjsolve: interrupted after 0 of 1 hand\n"},
		{0, 2, "mjsolve: interrupted after 0 of 2 hands\n"},
		{1, 192, "mjsolve: interrupted after 1 of 192 hands\n"},
	} {
		var b bytes.Buffer
		if err := interruptedAfter(&b, c.done, c.total, "hand"); err != errInterrupted || b.String() != c.want {
			t.Errorf("interruptedAfter(%d, %d): %v, %q; want %q", c.done, c.total, err, b.String(), c.want)
		}
	}
}

// failingWriter fails every write, as standard output on a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// TestHelpToAFullDisk: help that cannot be written is a failure (exit 1,
// one line), as every other output is; --help, help and a group's help
// exited 0 with nothing written.
func TestHelpToAFullDisk(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help", "tw16"}, {"tw16"}, {"solitaire", "solve", "-h"}, {"version"}} {
		var stderr strings.Builder
		code := run(args, strings.NewReader(""), failingWriter{}, &stderr)
		if want := "mjsolve: write /dev/stdout: no space left on device\n"; code != exitFailure || stderr.String() != want {
			t.Errorf("%v: exit %d, stderr %q; want exit %d, %q", args, code, stderr.String(), exitFailure, want)
		}
	}
}
