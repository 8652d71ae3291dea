package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
	"github.com/mjsolve/mjsolve/solver"
)

// inPlay is turtle game 3 after the first k moves of its solution.
func inPlay(t *testing.T, k int) *solitaire.Board {
	t.Helper()
	b := dealt(t, "turtle", 3)
	r := solver.Solve(context.Background(), b, solver.Options{})
	if r.Verdict != solver.Winnable || len(r.Moves) < k {
		t.Fatalf("turtle game 3: %v, %d moves", r.Verdict, len(r.Moves))
	}
	for _, m := range r.Moves[:k] {
		if err := b.CheckMove(m); err != nil {
			t.Fatal(err)
		}
		b.Play(m)
	}
	return b
}

// TestSolitaireHintFair: hint --fair answers the hindsight player's move
// (answer.FairHint) in text and JSON, the same for a board whose hidden
// faces differ, and refuses --timeout.
func TestSolitaireHintFair(t *testing.T) {
	b := inPlay(t, 30)
	want, err := answer.FairHint(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	// The figures docs/nopeek.md gives.
	if want.Reason.String() != "chosen" || want.Move != (solitaire.Move{A: 10, B: 75}) || want.Samples != 384 || want.Winnable != 132 || want.Kept != 130 || answer.Hidden(b) != 21 {
		t.Fatalf("turtle game 3 after 30 moves: %+v, %d hidden; want the flowers at slots 10 and 75 chosen, 132 and 130 of 384 deals of 21 hidden faces", want, answer.Hidden(b))
	}
	file := writeBoard(t, b)
	code, out, errOut := runCmd(t, "", "solitaire", "hint", "--board", file, "--fair")
	head := "turtle (144 tiles), from " + file + "\nfair hint (from what a player sees, without looking under the tiles): take "
	if code != 0 || errOut != "" || !strings.HasPrefix(out, head) || !strings.HasSuffix(out, answer.FairHintText(b, want)) {
		t.Fatalf("hint --fair: exit %d, stderr %q, output\n%s\nwant %q and the text of %+v", code, errOut, out, head, want)
	}
	if !strings.Contains(out, " random deals of the ") || strings.Count(out, "\n") != 3 {
		t.Errorf("hint --fair: output\n%s\nwant the deals' counts on the third line", out)
	}

	code, m, errOut := runCmdJSON(t, "solitaire", "hint", "--board", file, "--fair", "--json")
	h, _ := m["hint"].([]any)
	if code != 0 || errOut != "" || len(h) != 2 || m["fair"] != true || m["strategy"] != "hindsight" || m["reason"] != "chosen" ||
		m["tiles"] != float64(b.Remaining()) || m["hidden"] != float64(answer.Hidden(b)) || m["samples"] != float64(want.Samples) ||
		m["winnable_samples"] != float64(want.Winnable) || m["kept_samples"] != float64(want.Kept) {
		t.Fatalf("hint --fair --json: exit %d, stderr %q, %v; want %+v", code, errOut, m, want)
	}
	mv := solitaire.Move{A: uint8(h[0].(float64)), B: uint8(h[1].(float64))}
	if mv != want.Move {
		t.Errorf("hint --fair --json: %v, want %v", mv, want.Move)
	}
	if err := b.Clone().CheckMove(mv); err != nil {
		t.Errorf("hint --fair --json: %v: %v", mv, err)
	}

	// Other faces under the tiles: the same hint.
	other := b.Clone()
	var covered []int
	for i := range b.Present.All() {
		if b.Geo.Covers[i].Intersects(b.Present) {
			covered = append(covered, i)
		}
	}
	if len(covered) < 10 {
		t.Fatalf("%d covered tiles", len(covered))
	}
	for i := 0; i+1 < len(covered); i += 2 {
		x, y := covered[i], covered[i+1]
		other.Groups[x], other.Groups[y] = other.Groups[y], other.Groups[x]
	}
	ofile := writeBoard(t, other)
	_, out2, _ := runCmd(t, "", "solitaire", "hint", "--board", ofile, "--fair")
	if strings.TrimPrefix(out2, "turtle (144 tiles), from "+ofile) != strings.TrimPrefix(out, "turtle (144 tiles), from "+file) {
		t.Errorf("hint --fair with other hidden faces:\n%s\nwant\n%s", out2, out)
	}

	// A board with one pair to take.
	b = dealt(t, "tiny8", 3)
	b.Play(solitaire.Move{A: 5, B: 7})
	code, out, _ = runCmd(t, "", "solitaire", "hint", "--board", writeBoard(t, b), "--fair")
	if code != 0 || !strings.Contains(out, "\nfair hint (from what a player sees, without looking under the tiles): take ") {
		t.Errorf("hint --fair on tiny8: exit %d, output %q", code, out)
	}

	code, out, errOut = runCmd(t, "", "solitaire", "hint", "--board", file, "--fair", "--timeout", "1s")
	if code != 2 || out != "" || errOut != "mjsolve: --timeout applies to the exact hint, not to --fair (which answers within a second)\n" {
		t.Errorf("hint --fair --timeout: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
