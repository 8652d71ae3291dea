package nopeek

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// geometry compiles the built-in layout name.
func geometry(t testing.TB, name string) *solitaire.Geometry {
	t.Helper()
	l, ok := layouts.Builtin(name)
	if !ok {
		t.Fatalf("no layout %s", name)
	}
	geo, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return geo
}

// deal returns game number game of the pcg dealer with seed 1.
func deal(t testing.TB, geo *solitaire.Geometry, game uint64) []solitaire.Group {
	t.Helper()
	d, err := solitaire.DealerByName("pcg", 1)
	if err != nil {
		t.Fatal(err)
	}
	return d.Deal(game, geo.N, nil)
}

// quickPlayer returns a player of strategy on geo with budgets that keep
// the searching strategies fast: 24 lookahead playouts; 12 hindsight
// deals, with an elimination round after every 4.
func quickPlayer(t testing.TB, geo *solitaire.Geometry, strategy string) *Player {
	t.Helper()
	p, err := NewPlayerOptions(geo, strategy, Options{Rollouts: 24, Samples: 12})
	if err != nil {
		t.Fatal(err)
	}
	if p.hind != nil {
		p.hind.cfg.batch = 4
	}
	return p
}

// player returns a player of strategy on geo.
func player(t testing.TB, geo *solitaire.Geometry, strategy string) *Player {
	t.Helper()
	p, err := NewPlayer(geo, strategy)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// gameSource is the random source of game g of a run.
func gameSource(g uint64) *rand.PCG { return rand.NewPCG(g, 0x6e6f7065656b) }
