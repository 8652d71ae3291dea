package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// docExample is a command shown in the documentation after "$ " in a code
// block, with the output shown after it.
type docExample struct {
	page    string // README.md, docs/solver.md, …
	line    int
	command string // continued lines joined
	output  []string
	block   int // examples of one block share a directory
}

// docExamples finds the "$ " commands of the fenced blocks of a page.
func docExamples(page, text string) []docExample {
	var out []docExample
	lines := strings.Split(text, "\n")
	fence, block := false, 0
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fence = !fence
			block++
			continue
		}
		if !fence || !strings.HasPrefix(l, "$ ") {
			continue
		}
		ex := docExample{page: page, line: i + 1, block: block}
		cmd := strings.TrimPrefix(l, "$ ")
		for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
			i++
			cmd = strings.TrimSuffix(cmd, `\`) + " " + strings.TrimSpace(lines[i])
		}
		ex.command = strings.Join(strings.Fields(cmd), " ")
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") && !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "```") {
			i++
			ex.output = append(ex.output, lines[i])
		}
		for len(ex.output) > 0 && strings.TrimSpace(ex.output[len(ex.output)-1]) == "" {
			ex.output = ex.output[:len(ex.output)-1]
		}
		out = append(out, ex)
	}
	return out
}

// The examples not run, by their command's start, and why; those run
// only with -long (they take a minute or more of CPU).
var (
	docExamplesNotRun = map[string]string{
		"mjsolve serve": "the server runs until it is stopped (server.TestReadmeAnswers checks its answers)",
		"mjsolve tw16 replay logs/hand-0001.txt.zst":                  "the transcript of a tournament of programs the repository does not have",
		"mjsolve tw16 replay --json sp24/":                            "its lines are cut short on the page; TestEventFormDocExample checks the lines shown",
		"mjsolve tw16 review --quiet --samples 128 --worst 4 reflog/": "the transcripts of a referee match played by time (--think 1s), not in the repository",
		"go test ": "a benchmark's figures are times (the benchmarks themselves run with go test -bench)",
		"curl ":    "the server's answers are checked by server.TestReadmeAnswers",
	}
	docExamplesLong = []string{
		"mjsolve solitaire --layout turtle --boards 100000",
		"mjsolve tw16 stats --deals 100000",
		"mjsolve tw16 referee --reuse --games 192",
		"time mjsolve tw16 referee --games 192",
		"mjsolve tw16 replay m192",
	}
)

var (
	// timeToken is a duration as the command prints it (not a tile such
	// as "3s": seconds have a decimal point).
	timeToken = regexp.MustCompile(`\d+(\.\d+)?(ns|µs|us|ms)|\d+\.\d+s\b|\d+ boards/s`)
	// timeLines are the lines of the main job's summary, and of time(1),
	// that are all times or depend on the machine (its workers).
	timeLines = regexp.MustCompile(`^(time/board|wall/board|speed|wall time|real|user|sys)\b`)
	// timeShares are the shares of the time in the main job's "decided by".
	timeShares = regexp.MustCompile(`\((<?\d+%( of the time)?)\)`)
)

// comparable makes a line of output comparable from run to run: times
// masked, runs of blanks (a table's padding around them) made one.
func comparable(l string) string {
	if timeLines.MatchString(l) {
		return strings.Fields(l)[0] + " …"
	}
	if strings.HasPrefix(l, "decided by") {
		l = timeShares.ReplaceAllString(l, "(…)")
	}
	return strings.Join(strings.Fields(timeToken.ReplaceAllString(l, "…")), " ")
}

// Every "$ mjsolve …" example of README.md and the pages under docs/
// prints what the page shows after it (times masked; a line "..." or "…"
// ends what is compared). "$ cat FILE" shows a file the next commands
// read, "printf '…' |" gives standard input, "| head -N" keeps N lines,
// and the tournament examples run their "mjsolve tw16 bot" players as
// this test binary. The examples of one block run in one directory.
func TestDocExamples(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	script := "#!/bin/sh\nMJSOLVE_TEST_MAIN=1 exec " + strconv.Quote(exe) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "mjsolve"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	ran, seen := 0, map[string]bool{}
	dirs := map[string]string{}
	for _, f := range docFiles(t) {
		for _, ex := range docExamples(f.name, f.text) {
			where := fmt.Sprintf("%s:%d", ex.page, ex.line)
			skip := ""
			for prefix, why := range docExamplesNotRun {
				if strings.HasPrefix(ex.command, prefix) {
					skip, seen[prefix] = why, true
				}
			}
			for _, prefix := range docExamplesLong {
				if strings.HasPrefix(ex.command, prefix) {
					seen[prefix] = true
					if !*longMatch {
						skip = "with -long"
					}
				}
			}
			if skip != "" {
				t.Logf("%s: %s: not run: %s", where, ex.command, skip)
				continue
			}
			key := fmt.Sprintf("%s#%d", ex.page, ex.block)
			if dirs[key] == "" {
				dirs[key] = t.TempDir()
				if err := os.MkdirAll(filepath.Join(dirs[key], "docs"), 0o755); err != nil { // for --plot docs/….png
					t.Fatal(err)
				}
			}
			if err := os.Chdir(dirs[key]); err != nil {
				t.Fatal(err)
			}
			runDocExample(t, where, ex)
			if err := os.Chdir(wd); err != nil {
				t.Fatal(err)
			}
			ran++
		}
	}
	for prefix := range docExamplesNotRun {
		if !seen[prefix] {
			t.Errorf("no example starts %q any more: drop it from docExamplesNotRun", prefix)
		}
	}
	for _, prefix := range docExamplesLong {
		if !seen[prefix] {
			t.Errorf("no example starts %q any more: drop it from docExamplesLong", prefix)
		}
	}
	if ran < 15 {
		t.Errorf("only %d examples run", ran)
	}
}

// runDocExample runs one example in the current directory and compares
// its output with the page's.
func runDocExample(t *testing.T, where string, ex docExample) {
	t.Helper()
	cmd := ex.command
	if name, ok := strings.CutPrefix(cmd, "cat "); ok { // the file the next commands read
		if err := os.WriteFile(name, []byte(strings.Join(ex.output, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	stdin := ""
	if before, after, ok := strings.Cut(cmd, " | "); ok && strings.HasPrefix(before, "printf ") {
		stdin = strings.ReplaceAll(shellWords(t, before)[1], `\n`, "\n")
		cmd = after
	}
	head := -1
	if before, after, ok := strings.Cut(cmd, " | head -"); ok {
		n, err := strconv.Atoi(after)
		if err != nil {
			t.Fatalf("%s: %s: cannot read the head", where, ex.command)
		}
		cmd, head = before, n
	}
	var grepCount *regexp.Regexp
	if before, after, ok := strings.Cut(cmd, " | grep -c "); ok {
		grepCount = regexp.MustCompile(shellWords(t, after)[0])
		cmd = before
	}
	timed := false
	if rest, ok := strings.CutPrefix(cmd, "time "); ok {
		cmd, timed = rest, true
	}
	words := shellWords(t, cmd)
	if len(words) == 0 || words[0] != "mjsolve" || strings.ContainsAny(cmd, "|;&<>") {
		t.Errorf("%s: cannot run %q: add it to docExamplesNotRun with a reason", where, ex.command)
		return
	}
	var args []string
	for _, w := range words[1:] {
		if strings.Contains(w, "*") {
			m, _ := filepath.Glob(w)
			args = append(args, m...)
		} else {
			args = append(args, w)
		}
	}
	_, out, errOut := runCmd(t, stdin, args...)
	got := strings.Split(strings.TrimSuffix(out+errOut, "\n"), "\n")
	if grepCount != nil {
		n := 0
		for _, l := range got {
			if grepCount.MatchString(l) {
				n++
			}
		}
		got = []string{strconv.Itoa(n)}
	}
	if head >= 0 && len(got) > head {
		got = got[:head]
	}
	want := ex.output
	if timed { // time(1)'s lines end the output
		for len(want) > 0 && timeLines.MatchString(want[len(want)-1]) {
			want = want[:len(want)-1]
		}
	}
	for i, l := range want {
		if s := strings.TrimSpace(l); s == "..." || s == "…" {
			want = want[:i]
			if len(got) > i {
				got = got[:i]
			}
			break
		}
	}
	var w, g []string
	for _, l := range want {
		w = append(w, comparable(l))
	}
	for _, l := range got {
		g = append(g, comparable(l))
	}
	if strings.Join(w, "\n") != strings.Join(g, "\n") {
		t.Errorf("%s: %s\nthe page shows\n%s\nthe command prints\n%s", where, ex.command, strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
}
