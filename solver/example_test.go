package solver_test

import (
	"context"
	"fmt"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

func Example() {
	l, _ := layouts.Builtin("twin16")
	g, _ := solitaire.Compile(l)
	s := solver.New(g) // one per worker, reused board after board
	for game := uint64(1); game <= 6; game++ {
		b, _ := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(game, g.N, nil))
		r := s.Solve(context.Background(), b, solver.Options{})
		fmt.Printf("game %d: %v (%v), %d moves, replays: %v\n", game, r.Verdict, r.Method, len(r.Moves), solitaire.Verify(b, r.Moves) == nil)
	}
	// Output:
	// game 1: winnable (random), 8 moves, replays: true
	// game 2: winnable (random), 8 moves, replays: true
	// game 3: winnable (search), 8 moves, replays: true
	// game 4: winnable (random), 8 moves, replays: true
	// game 5: impossible (search), 0 moves, replays: false
	// game 6: impossible (prune), 0 moves, replays: false
}

func ExampleSolver_Solve_minLeft() {
	l, _ := layouts.Builtin("twin16")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(5, g.N, nil))
	r := solver.New(g).Solve(context.Background(), b, solver.Options{MinLeft: true})
	fmt.Println(r.Verdict, "at best", r.MinLeft, "tiles left after", len(r.Moves), "moves")
	// Output:
	// impossible at best 4 tiles left after 6 moves
}
