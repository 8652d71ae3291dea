package answer

import (
	"context"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// TestWithReusedSolver: one solver reused over many positions (as a
// server's worker does) answers every hint and solve as a fresh solver
// does, also right after positions of another kind.
func TestWithReusedSolver(t *testing.T) {
	g, err := solitaire.Compile(builtin(t, "stairs20"))
	if err != nil {
		t.Fatal(err)
	}
	s := solver.New(g)
	ctx := context.Background()
	impossible := 0
	for k := uint64(1); k <= 60; k++ {
		b, err := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(k, g.N, nil))
		if err != nil {
			t.Fatal(err)
		}
		// The position after the first legal move too.
		if ms := b.Matches(nil); k%2 == 0 && len(ms) > 0 {
			b.Play(ms[len(ms)-1])
		}
		want, err := Hint(ctx, b, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := HintWith(ctx, s, b, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got.Verdict != want.Verdict || got.Method != want.Method || got.MinLeft != want.MinLeft || !slices.Equal(got.Moves, want.Moves) {
			t.Fatalf("game %d: hint with a reused solver %v %v %d %v, fresh %v %v %d %v", k,
				got.Verdict, got.Method, got.MinLeft, got.Moves, want.Verdict, want.Method, want.MinLeft, want.Moves)
		}
		if want.Verdict == solver.Impossible {
			impossible++
		}
		ws, _ := Solve(ctx, b, solver.Options{})
		gs, err := SolveWith(ctx, s, b, solver.Options{})
		if err != nil || gs.Verdict != ws.Verdict || !slices.Equal(gs.Moves, ws.Moves) {
			t.Fatalf("game %d: solve with a reused solver %v %v, fresh %v %v (%v)", k, gs.Verdict, gs.Moves, ws.Verdict, ws.Moves, err)
		}
	}
	if impossible == 0 {
		t.Error("no impossible position among the games: the test checks winnable ones only")
	}
}
