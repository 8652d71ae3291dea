package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTW16Review reviews a self-play log of advice against random players
// and a referee's hands in which a program never reached its first
// decision: the line per hand, the table, the worst decisions; the same
// figures with another number of workers; --json with every decision.
func TestTW16Review(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "sp")
	if code, _, errOut := runCmd(t, "", "tw16", "selfplay", "--hands", "4", "--seed", "3", "--log", logs,
		"--strategy", "advice", "--strategy", "random", "--strategy", "advice", "--strategy", "random"); code != 0 {
		t.Fatalf("selfplay: %s", errOut)
	}
	files, _ := filepath.Glob(filepath.Join(logs, "hand-*.jsonl.zst"))
	args := append([]string{"tw16", "review", "--samples", "8", "--name", "random", "--worst", "3"}, files...)
	code, out, errOut := runCmd(t, "", args...)
	if code != 0 || errOut != "" {
		t.Fatalf("review: exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 10 || !strings.HasPrefix(lines[0], files[0]+": hand 1: seat ") || strings.Count(lines[0], " random ") != 2 {
		t.Errorf("the first line %q", lines[0])
	}
	if !strings.HasPrefix(squeeze(lines[4]), "player hands decisions agreed cost/hand 95% interval cost/decision points/hand failed dummy moves") ||
		!strings.HasPrefix(squeeze(lines[5]), "random 8 ") || lines[6] != "4 hands reviewed at 8 samples, seed 1" {
		t.Errorf("the table:\n%s", strings.Join(lines[4:8], "\n"))
	}
	code, again, _ := runCmd(t, "", append(args, "--workers", "1")...)
	if code != 0 || again != out {
		t.Errorf("with one worker the review differs:\n%s\n%s", out, again)
	}
	code, js, errOut := runCmd(t, "", "tw16", "review", "--samples", "4", "--seat", "2", "--json", files[1])
	var rep struct {
		Samples int `json:"samples"`
		Hands   int `json:"hands"`
		Players []struct {
			Name        string     `json:"name"`
			Decisions   int        `json:"decisions"`
			CostPerHand float64    `json:"cost_per_hand"`
			CI95        [2]float64 `json:"cost_per_hand_ci95"`
		} `json:"players"`
		Reviews []struct {
			File      string `json:"file"`
			Decisions []struct {
				N      int    `json:"n"`
				Seat   int    `json:"seat"`
				Chosen string `json:"chosen"`
			} `json:"decisions"`
		} `json:"reviews"`
		Errors []any `json:"errors"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil || code != 0 {
		t.Fatalf("--json: exit %d, %v: %s %s", code, err, js, errOut)
	}
	if rep.Samples != 4 || rep.Hands != 1 || len(rep.Players) != 1 || len(rep.Reviews) != 1 || rep.Reviews[0].File != files[1] ||
		len(rep.Reviews[0].Decisions) != rep.Players[0].Decisions || rep.Players[0].Decisions == 0 || rep.Errors == nil {
		t.Errorf("--json: %+v", rep)
	}
	if p := rep.Players[0]; p.CI95 != [2]float64{p.CostPerHand, p.CostPerHand} {
		t.Errorf("--json: one hand, cost per hand %v, interval %v", p.CostPerHand, p.CI95)
	}
	for _, d := range rep.Reviews[0].Decisions {
		if d.Seat != 2 || d.N == 0 || d.Chosen == "" {
			t.Errorf("--json: decision %+v", d)
		}
	}

	// A program that fails at once: the dummy plays its seat, it has no
	// decision to rate.
	ref := filepath.Join(dir, "ref")
	if code, _, errOut := runCmd(t, "", refereeArgs(ref, "exit-at-once")...); code != 0 {
		t.Fatalf("referee: %s", errOut)
	}
	hands, _ := filepath.Glob(filepath.Join(ref, "hand-*.txt.zst"))
	code, out, errOut = runCmd(t, "", append([]string{"tw16", "review", "--samples", "2", "--seat", "3"}, hands...)...)
	if code != 0 || !strings.Contains(out, ": hand 1: seat 3 "+scripts+"exit-at-once.sh 0 decisions, 0 agreed, cost 0.0, failed (") ||
		!strings.Contains(squeeze(out), scripts+"exit-at-once.sh 3 0 0.0% 0.0 0.0 … 0.0 0.0 0.0 3 ") {
		t.Errorf("a program failing at once: exit %d\n%s%s", code, out, errOut)
	}
	// Bad input: a damaged file among good ones, a name nobody has, a
	// seat that is none.
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{}\n"), 0o644)
	code, out, errOut = runCmd(t, "", "tw16", "review", "--samples", "2", "--quiet", files[0], bad)
	if code != 2 || errOut != "mjsolve: "+bad+": handlog: line 1: not a hand in event form (the first line has no \"schema\":\"mjsolve-tw16-hand\")\nmjsolve: 1 of 2 files could not be reviewed\n" ||
		!strings.Contains(out, "1 hand reviewed at 2 samples, seed 1") {
		t.Errorf("a damaged file: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, errOut := runCmd(t, "", "tw16", "review", "--name", "nobody", "--samples", "2", files[0]); code != 2 ||
		errOut != "mjsolve: --name nobody: no seat of the 1 hand has that name\n" {
		t.Errorf("--name nobody: exit %d, %q", code, errOut)
	}
	for _, a := range [][]string{{"--seat", "5"}, {"--seat", "0"}, {"--samples", "0"}, {"--seat", "1", "--name", "x"}} {
		if code, _, errOut := runCmd(t, "", append(append([]string{"tw16", "review"}, a...), files[0])...); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", a, code, errOut)
		}
	}
}

// Ctrl-C stops a review of many hands: exit 130, the table of the hands
// reviewed printed, what was done said on stderr.
func TestTW16ReviewInterrupted(t *testing.T) {
	logs := filepath.Join(t.TempDir(), "sp")
	if code, _, errOut := runCmd(t, "", "tw16", "selfplay", "--hands", "1", "--log", logs); code != 0 {
		t.Fatal(errOut)
	}
	args := []string{"tw16", "review", "--samples", "2", "--workers", "1"}
	for range 2000 {
		args = append(args, "hand-0001.jsonl.zst")
	}
	cmd := mainCmd(t, args...)
	cmd.Dir = logs
	out, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(out)
	if got, _ := br.ReadString('\n'); !strings.HasPrefix(got, "hand-0001.jsonl.zst: hand 1: seat 1 ") {
		t.Errorf("first line %q", got)
	}
	cmd.Process.Signal(os.Interrupt)
	rest, _ := io.ReadAll(br)
	err := cmd.Wait()
	if !regexp.MustCompile(`\n\d+ hands? reviewed at 2 samples, seed 1\n`).Match(rest) {
		t.Errorf("no table of the hands reviewed after the interruption:\n%s", rest)
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted || !strings.HasPrefix(stderr.String(), "mjsolve: interrupted after ") ||
		!strings.HasSuffix(stderr.String(), " of 2000 files\n") {
		t.Errorf("%v, stderr %q; want exit %d and one line", err, stderr.String(), exitInterrupted)
	}
}
