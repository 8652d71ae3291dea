//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

func TestPlayInterrupt(t *testing.T) {
	// A real Ctrl-C (SIGINT to this process), or SIGTERM, during the 25th
	// board of the second strategy: the table holds the first strategy,
	// the partial second and the third not run; the files keep every
	// finished board, and --resume ends them as one run.
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, exitInterrupted}, {syscall.SIGTERM, exitTerminated}} {
		t.Run(c.sig.String(), func(t *testing.T) { testPlayInterrupt(t, c.sig, c.code) })
	}
}

func testPlayInterrupt(t *testing.T, sig syscall.Signal, exit int) {
	dir := t.TempDir()
	var n atomic.Int64
	h := &hooks{newWorkers: func(geo *solitaire.Geometry, d solitaire.Dealer, opt solver.Options) func() analysis.Worker {
		mk := runs.Workers(geo, d, opt)
		return func() analysis.Worker {
			w := mk()
			return func(ctx context.Context, g uint64) analysis.Record {
				if n.Add(1) == 100+25 {
					// Press Ctrl-C, and wait for it to arrive (on a loaded
					// machine, it may take a while): this board is then
					// unfinished (or finished, if the solver is done first), and
					// none follows.
					syscall.Kill(os.Getpid(), sig)
					select {
					case <-ctx.Done():
					case <-time.After(time.Minute):
					}
				}
				return w(ctx, g)
			}
		}
	}}
	// Without --out nothing is kept to resume, and the message says no more.
	noOut := []string{"solitaire", "play", "--layout", "turtle40", "--boards", "100", "--workers", "1"}
	if code, _, errOut := runCmdWith(t, h, "", noOut...); code != exit || errOut != "mjsolve: interrupted; the table holds the finished strategies and the partial one\n" {
		t.Errorf("without --out: exit %d, stderr %q", code, errOut)
	}
	n.Store(0)
	args := append(noOut, "--out", dir)
	code, out, errOut := runCmdWith(t, h, "", args...)
	if code != exit || errOut != "mjsolve: interrupted; the table holds the finished strategies and the partial one; "+dir+" keeps their records: continue with --resume\n" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "\nrandom     100 ") || !strings.Contains(out, " (interrupted) ") || !strings.Contains(out, "\nlookahead  not run (interrupted)\n") {
		t.Errorf("table:\n%s", out)
	}
	_, kept := untimedRecords(t, filepath.Join(dir, "turtle40-greedy.jsonl.zst"))
	if (len(kept) != 24 && len(kept) != 25) || !strings.Contains(out, "\ngreedy     "+strconv.Itoa(len(kept))+" (interrupted) ") {
		t.Errorf("greedy kept %d records; table:\n%s", len(kept), out)
	}
	if code, _, errOut := runCmd(t, "", append(args, "--resume")...); code != 0 {
		t.Fatal(errOut)
	}
	whole := t.TempDir()
	if code, _, errOut := runCmd(t, "", "solitaire", "play", "--layout", "turtle40", "--boards", "100", "--out", whole); code != 0 {
		t.Fatal(errOut)
	}
	for _, st := range []string{"random", "greedy", "lookahead"} {
		name := "turtle40-" + st + ".jsonl.zst"
		_, got := untimedRecords(t, filepath.Join(dir, name))
		_, want := untimedRecords(t, filepath.Join(whole, name))
		if !slices.Equal(got, want) {
			t.Errorf("%s: the interrupted and resumed run differs from one run", st)
		}
	}
}

func TestPlayInterruptBeforeAnyBoardWithPlot(t *testing.T) {
	// Ctrl-C before any board is finished, with --plot: there is nothing
	// to draw, and the command says it was interrupted (exit 130), not
	// that the plot failed.
	h := &hooks{newWorkers: func(geo *solitaire.Geometry, d solitaire.Dealer, opt solver.Options) func() analysis.Worker {
		return func() analysis.Worker {
			return func(ctx context.Context, g uint64) analysis.Record {
				syscall.Kill(os.Getpid(), syscall.SIGINT)
				select {
				case <-ctx.Done():
				case <-time.After(time.Minute):
				}
				return analysis.Record{Game: g, Verdict: analysis.Unknown}
			}
		}
	}}
	png := filepath.Join(t.TempDir(), "p.png")
	code, out, errOut := runCmdWith(t, h, "", "solitaire", "play", "--layout", "turtle40", "--boards", "10", "--workers", "1", "--strategy", "greedy", "--plot", png)
	if code != exitInterrupted || !strings.HasPrefix(errOut, "mjsolve: interrupted") || !strings.Contains(out, "\ngreedy    0 (interrupted) ") {
		t.Errorf("exit %d, stderr %q, table:\n%s", code, errOut, out)
	}
	if _, err := os.Stat(png); err == nil {
		t.Errorf("%s drawn with nothing to draw", png)
	}
}
