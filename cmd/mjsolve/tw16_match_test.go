package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var longMatch = flag.Bool("long", false, "play the 192-hand referee match of four bot processes (TestTW16RefereeBots) and run the long examples of the documentation (TestDocExamples)")

// TestMain runs the test binary as the mjsolve command when
// MJSOLVE_TEST_MAIN is set, so that a test can start "mjsolve tw16 bot"
// processes, and as the namespace test's relay when MJSOLVE_TEST_RELAY is.
func TestMain(m *testing.M) {
	if spec := os.Getenv(relayEnv); spec != "" {
		os.Exit(relayMain(spec))
	}
	if os.Getenv("MJSOLVE_TEST_MAIN") != "" {
		quietLibraries()
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// mainCmd returns a command that runs this test binary as mjsolve (see
// TestMain) with the command line args.
func mainCmd(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "MJSOLVE_TEST_MAIN=1")
	return cmd
}

// TestTW16RefereeBots plays a match of four "mjsolve tw16 bot" processes
// (two advice bots, one random, one draw-discard) kept from hand to hand:
// no failure, and every transcript verifies (its points summing to zero). With -long it is the 192 hands of a whole cycle
// and the advice bots must beat the others by a margin whose 95% interval
// excludes zero. Every hand's event form (replay --json) is read by the
// test's own reader (tw16_events_test.go), which rebuilds its points.
func TestTW16RefereeBots(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	hands := 16
	if *longMatch {
		hands = 192
	}
	dir := t.TempDir()
	bot := "MJSOLVE_TEST_MAIN=1 exec " + exe + " tw16 bot --strategy "
	code, out, errOut := runCmd(t, "", "tw16", "referee", "--reuse", "--games", strconv.Itoa(hands), "--seed", "1", "--move-time", "1m", "--log", dir,
		"--player", bot+"advice --seed 1", "--player", bot+"advice --seed 2", "--player", bot+"random --seed 3", "--player", bot+"draw-discard",
		"--name", "advice1", "--name", "advice2", "--name", "random", "--name", "draw-discard")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	t.Logf("\n%s", out)
	for _, l := range strings.Split(out, "\n")[1:5] {
		if f := strings.Fields(l); len(f) < 7 || f[6] != "0" {
			t.Errorf("a failure: %q", l)
		}
	}
	hs, _ := filepath.Glob(filepath.Join(dir, "hand-*.txt.zst"))
	if len(hs) != hands {
		t.Fatalf("%d transcripts, want %d", len(hs), hands)
	}
	code, rout, errOut := runCmd(t, "", append([]string{"tw16", "replay"}, hs...)...)
	if code != 0 || errOut != "" || strings.Count(rout, " verified: ") != hands {
		t.Fatalf("replay: exit %d, stderr %q", code, errOut)
	}
	if n := strings.Count(rout, ", 0 failures\n"); n != hands {
		t.Errorf("%d of %d hands without a failure", n, hands)
	}
	// Every hand in event form, read by the test's own reader: its points
	// rebuilt, each player's total the table's score.
	code, jout, errOut := runCmd(t, "", append([]string{"tw16", "replay", "--json"}, hs...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("replay --json: exit %d, stderr %q", code, errOut)
	}
	read := readEventLines(t, jout)
	if len(read) != hands {
		t.Fatalf("the reader found %d hands, want %d", len(read), hands)
	}
	totals := checkEventTotals(t, read)
	for p, l := range strings.Split(out, "\n")[1:5] {
		f := strings.Fields(l)
		if got := strconv.Itoa(totals[strconv.Itoa(p+1)+" "+f[0]]); got != f[1] {
			t.Errorf("player %d (%s): the reader totals %s, the table %s", p+1, f[0], got, f[1])
		}
	}
	if !*longMatch {
		return
	}
	margin := regexp.MustCompile(`(?m)^advice\d \(player \d\) - (random|draw-discard) \(player \d\): .* interval (-?[0-9.]+) … (-?[0-9.]+)$`)
	ms := margin.FindAllStringSubmatch(out, -1)
	if len(ms) != 2 {
		t.Fatalf("margins of the best advice bot over random and draw-discard: %q", ms)
	}
	for _, m := range ms {
		if lo, _ := strconv.ParseFloat(m[2], 64); !(lo > 0) {
			t.Errorf("the margin over %s has the 95%% interval %s … %s, which does not exclude zero", m[1], m[2], m[3])
		}
	}
}
