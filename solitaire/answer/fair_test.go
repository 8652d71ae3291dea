package answer

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/mjsolve/mjsolve/internal/cputime"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
	"github.com/mjsolve/mjsolve/solver"
)

var (
	turtleOnce sync.Once
	turtleGeo  *solitaire.Geometry
	turtleErr  error
)

// turtleInPlay is turtle game 3 (pcg, seed 1) after the first k moves of
// its solution.
func turtleInPlay(t testing.TB, k int) *solitaire.Board {
	t.Helper()
	turtleOnce.Do(func() { turtleGeo, turtleErr = solitaire.Compile(builtin(t, "turtle")) })
	if turtleErr != nil {
		t.Fatal(turtleErr)
	}
	b, err := solitaire.DealBoard(turtleGeo, solitaire.PCG{Seed: 1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	r := solver.Solve(context.Background(), b, solver.Options{})
	if r.Verdict != solver.Winnable || len(r.Moves) < k {
		t.Fatalf("turtle game 3: %v, %d moves", r.Verdict, len(r.Moves))
	}
	for _, m := range r.Moves[:k] {
		b.Play(m)
	}
	return b
}

// TestFairHint: along turtle game 3, the fair hint is a legal move, with
// counts of deals that add up, the same for the same position asked again,
// through a reused player, and with other faces under the tiles; it changes
// when a face the player sees changes; Hidden counts the covered tiles.
func TestFairHint(t *testing.T) {
	ctx := context.Background()
	reasons := map[nopeek.Reason]int{}
	p, err := nopeek.NewPlayer(turtleInPlay(t, 0).Geo, FairStrategy)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, 10, 20, 30, 40, 60, 71} {
		b := turtleInPlay(t, k)
		adv, err := FairHint(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		reasons[adv.Reason]++
		if err := b.Clone().CheckMove(adv.Move); err != nil {
			t.Errorf("after %d moves: %+v: %v", k, adv, err)
		}
		if adv.Samples <= 0 || adv.Samples > nopeek.DefaultSamples || adv.Kept > adv.Winnable || adv.Winnable > adv.Samples || adv.Matches < 1 {
			t.Errorf("after %d moves: %+v", k, adv)
		}
		// The position is winnable (the solution's), so with every face
		// shown every deal is the position itself.
		hidden := 0
		for i := range b.Present.All() {
			if b.Geo.Covers[i].Intersects(b.Present) {
				hidden++
			}
		}
		if Hidden(b) != hidden {
			t.Errorf("after %d moves: Hidden %d, want %d", k, Hidden(b), hidden)
		}
		if hidden == 0 && adv.Winnable != adv.Samples {
			t.Errorf("after %d moves, no hidden face: %+v, want every deal winnable", k, adv)
		}
		again, _ := FairHint(ctx, b)
		with, err := FairHintWith(ctx, p, b)
		if err != nil {
			t.Fatal(err)
		}
		other := b.Clone()
		var covered []int
		for i := range b.Present.All() {
			if b.Geo.Covers[i].Intersects(b.Present) {
				covered = append(covered, i)
			}
		}
		for i := 0; i+1 < len(covered); i += 2 {
			other.Groups[covered[i]], other.Groups[covered[i+1]] = other.Groups[covered[i+1]], other.Groups[covered[i]]
		}
		swapped, _ := FairHint(ctx, other)
		if again != adv || with != adv || swapped != adv {
			t.Errorf("after %d moves: %+v; again %+v, reused player %+v, other hidden faces %+v", k, adv, again, with, swapped)
		}
	}
	if reasons[nopeek.Chosen] == 0 || reasons[nopeek.Cleaning] == 0 {
		t.Errorf("reasons %v: want moves chosen and cleaning moves", reasons)
	}

	// A position the player sees otherwise (a free face swapped with a
	// covered one) gets other counts.
	b := turtleInPlay(t, 30)
	adv, _ := FairHint(ctx, b)
	free := b.Free()
	var x, y int = -1, -1
	for i := range b.Present.All() {
		switch {
		case x < 0 && free.Has(i):
			x = i
		case y < 0 && b.Geo.Covers[i].Intersects(b.Present) && b.Groups[i] != b.Groups[max(x, 0)]:
			y = i
		}
	}
	c := b.Clone()
	c.Groups[x], c.Groups[y] = c.Groups[y], c.Groups[x]
	if nopeek.ViewHash(c) == nopeek.ViewHash(b) {
		t.Errorf("a free face changed, the same ViewHash")
	}
	if adv2, _ := FairHint(ctx, c); adv2 == adv {
		t.Errorf("a free face changed, the same advice %+v", adv)
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := FairHint(cancelled, b); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestFairHintText checks the text and JSON forms of the fair hint.
func TestFairHintText(t *testing.T) {
	b := turtleInPlay(t, 30)
	adv := nopeek.Advice{Move: solitaire.Move{A: 10, B: 75}, Reason: nopeek.Chosen, Matches: 7, Samples: 384, Winnable: 132, Kept: 130}
	want := fmt.Sprintf("fair hint (from what a player sees, without looking under the tiles): take %s and %s (slots 10, 75)\n"+
		"of 384 random deals of the %d hidden faces, 132 can still be cleared, 130 after this move\n", tileAt(b, 10), tileAt(b, 75), Hidden(b))
	if got := FairHintText(b, adv); got != want {
		t.Errorf("chosen:\n%s\nwant\n%s", got, want)
	}
	adv.Reason = nopeek.Cleaning
	if got := FairHintText(b, adv); !strings.Contains(got, "(slots 10, 75); a safe move, it never spoils a game\n") {
		t.Errorf("cleaning: %q", got)
	}
	adv.Reason = nopeek.Forced
	if got := FairHintText(b, adv); !strings.Contains(got, "(slots 10, 75); the only pair that can be taken\n") {
		t.Errorf("forced: %q", got)
	}
	if got := FairHintText(b, nopeek.Advice{}); got != "no pair can be taken: the game is over with "+fmt.Sprint(b.Remaining())+" tiles left\n" {
		t.Errorf("no move: %q", got)
	}
	open := turtleInPlay(t, 71)
	if got := FairHintText(open, nopeek.Advice{Move: solitaire.Move{A: 1, B: 2}, Reason: nopeek.Forced, Samples: 384, Winnable: 384, Kept: 384}); !strings.HasSuffix(got, "\nevery face shows, and the position can still be cleared\n") {
		t.Errorf("every face shown: %q", got)
	}
	clear := turtleInPlay(t, 72)
	if got := FairHintText(clear, nopeek.Advice{}); got != "the board is already clear\n" {
		t.Errorf("clear board: %q", got)
	}

	a := NewFairHintAnswer(b, "turtle", "game 3", adv, 1234)
	if a.Hint == nil || *a.Hint != [2]int{10, 75} || a.Reason != "forced" || !a.Fair || a.Strategy != "hindsight" || a.Tiles != b.Remaining() ||
		a.Hidden != Hidden(b) || a.Samples != 384 || a.Winnable != 384-252 || a.Kept != 130 || a.NS != 1234 || a.Layout != "turtle" || a.Board != "game 3" {
		t.Errorf("NewFairHintAnswer: %+v", a)
	}
	if a := NewFairHintAnswer(b, "turtle", "game 3", nopeek.Advice{}, 0); a.Hint != nil || a.Reason != "none" {
		t.Errorf("NewFairHintAnswer, no move: %+v", a)
	}
}

// BenchmarkFairHint times the fair hint in positions of turtle game 3
// after 10, 20, 30 and 40 moves of its solution, and in the openings of
// turtle games 1 and 5, where many matches keep nearly every deal
// winnable, so that none is dropped early and the whole budget is spent
// (game 5's is the slowest of games 1..12). "hint --fair" must answer
// within half a second.
func BenchmarkFairHint(b *testing.B) {
	type pos struct {
		name string
		b    *solitaire.Board
	}
	var cases []pos
	for _, k := range []int{10, 20, 30, 40} {
		cases = append(cases, pos{fmt.Sprintf("game3-after%d", k), turtleInPlay(b, k)})
	}
	for _, g := range []uint64{1, 5} {
		d, err := solitaire.DealBoard(turtleInPlay(b, 0).Geo, solitaire.PCG{Seed: 1}, g)
		if err != nil {
			b.Fatal(err)
		}
		cases = append(cases, pos{fmt.Sprintf("game%d-opening", g), d})
	}
	for _, c := range cases {
		pos := c.b
		p, err := nopeek.NewPlayer(pos.Geo, FairStrategy)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			c0, ok := cputime.Thread()
			for b.Loop() {
				if _, err := FairHintWith(context.Background(), p, pos); err != nil {
					b.Fatal(err)
				}
			}
			if c1, _ := cputime.Thread(); ok {
				b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
			}
		})
		// As FairHint answers: on every core (ns/op the wall time).
		n := runtime.GOMAXPROCS(0)
		pn, err := nopeek.NewPlayerOptions(pos.Geo, FairStrategy, nopeek.Options{Workers: n})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/cores=%d", c.name, n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := FairHintWith(context.Background(), pn, pos); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
