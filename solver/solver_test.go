package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

func turtle(t testing.TB) *solitaire.Geometry {
	t.Helper()
	l, ok := layouts.Builtin("turtle")
	if !ok {
		t.Fatal("no built-in turtle")
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDeterministic: the same board and options give the same verdict,
// method, moves and counts, on a fresh solver and a reused one.
func TestDeterministic(t *testing.T) {
	g := turtle(t)
	reused := New(g)
	methods := map[Method]int{}
	for game := uint64(1); game <= 60; game++ {
		b, err := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(game, g.N, nil))
		if err != nil {
			t.Fatal(err)
		}
		a := Solve(context.Background(), b, Options{Seed: 3})
		a.Moves = slices.Clone(a.Moves)
		r := reused.Solve(context.Background(), b, Options{Seed: 3})
		if a.Verdict != r.Verdict || a.Method != r.Method || !slices.Equal(a.Moves, r.Moves) ||
			a.Stats.Scans != r.Stats.Scans || a.Stats.RandomGames != r.Stats.RandomGames || a.Stats.Nodes != r.Stats.Nodes {
			t.Fatalf("game %d: %v/%v/%d scans then %v/%v/%d scans", game, a.Verdict, a.Method, a.Stats.Scans, r.Verdict, r.Method, r.Stats.Scans)
		}
		// Another seed may take another way, never to another verdict.
		o := reused.Solve(context.Background(), b, Options{Seed: 99})
		if o.Verdict != a.Verdict {
			t.Fatalf("game %d: %v with seed 3, %v with seed 99", game, a.Verdict, o.Verdict)
		}
		methods[a.Method]++
	}
	if methods[Search] == 0 || methods[Random] == 0 {
		t.Errorf("methods %v: want boards decided by random play and by search", methods)
	}
}

// TestBudget: a scan budget or timeout too small gives Unknown, never a
// wrong verdict; a cancelled context too.
func TestBudget(t *testing.T) {
	g := xmahjongg(t, "default")
	b, err := solitaire.NewBoard(g, solitaire.MJSolver{}.Deal(25, g.N, nil)) // impossible, by search
	if err != nil {
		t.Fatal(err)
	}
	full := Solve(context.Background(), b, Options{})
	if full.Verdict != Impossible || full.Method != Search || full.Stats.Scans < 20 {
		t.Fatalf("game 25: %v by %v in %d scans", full.Verdict, full.Method, full.Stats.Scans)
	}
	r := Solve(context.Background(), b, Options{MaxScans: 10})
	if r.Verdict != Unknown || r.Method != Budget || r.Stats.Scans > 10 || r.MinLeft != -1 || len(r.Moves) != 0 {
		t.Errorf("MaxScans 10: %v by %v, %d scans, min left %d", r.Verdict, r.Method, r.Stats.Scans, r.MinLeft)
	}
	r = Solve(context.Background(), b, Options{MaxScans: full.Stats.Scans + 1})
	if r.Verdict != Impossible {
		t.Errorf("MaxScans enough: %v", r.Verdict)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r = Solve(ctx, b, Options{}); r.Verdict != Unknown || r.Method != Budget {
		t.Errorf("cancelled: %v by %v", r.Verdict, r.Method)
	}
	if r = Solve(context.Background(), b, Options{Timeout: time.Nanosecond}); r.Verdict != Unknown {
		t.Errorf("timeout 1ns: %v by %v", r.Verdict, r.Method)
	}
}

// TestEmptyAndOdd: an empty board is won with no moves; a position with a
// group of three tiles left cannot be cleared, and at best one tile stays.
func TestEmptyAndOdd(t *testing.T) {
	g := turtle(t)
	b, _ := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(1, g.N, nil))
	e := b.Clone()
	e.Present = solitaire.Set{}
	if r := Solve(context.Background(), e, Options{}); r.Verdict != Winnable || len(r.Moves) != 0 || r.Method != Trivial {
		t.Errorf("empty board: %v by %v, %d moves", r.Verdict, r.Method, len(r.Moves))
	}
	// Keep only one group: its four tiles, minus one of them.
	var keep solitaire.Set
	for i, x := range b.Groups {
		if x == b.Groups[0] && i != 0 {
			keep.Add(i)
		}
	}
	b.Present = keep
	r := Solve(context.Background(), b, Options{MinLeft: true})
	if r.Verdict != Impossible || r.Method != PruneTop {
		t.Errorf("three tiles: %v by %v", r.Verdict, r.Method)
	}
	if want := 1; r.MinLeft != want {
		t.Errorf("three tiles: min left %d, want %d", r.MinLeft, want)
	}
}

func TestVerdictText(t *testing.T) {
	for _, v := range []Verdict{Unknown, Winnable, Impossible} {
		b, err := v.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var w Verdict
		if err := w.UnmarshalText(b); err != nil || w != v {
			t.Errorf("%v: round trip %v, %v", v, w, err)
		}
	}
	for _, m := range []Method{PruneTop, Random, Search, Budget, Trivial} {
		b, err := m.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var n Method
		if err := n.UnmarshalText(b); err != nil || n != m {
			t.Errorf("%v: round trip %v, %v", m, n, err)
		}
	}
	var v Verdict
	if v.UnmarshalText([]byte("maybe")) == nil {
		t.Error("verdict maybe accepted")
	}
	if Winnable.String() != "winnable" || Impossible.String() != "impossible" || Unknown.String() != "unknown" {
		t.Error("verdict names")
	}
	if PruneTop.String() != "prune" || Random.String() != "random" || Search.String() != "search" || Budget.String() != "budget" {
		t.Error("method names")
	}
}

// BenchmarkSolveAllocs shows that a reused Solver allocates nothing per board.
func BenchmarkSolveAllocs(b *testing.B) {
	g := turtle(b)
	s := New(g)
	board, _ := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(1, g.N, nil))
	deals := make([][]solitaire.Group, 100)
	for i := range deals {
		deals[i] = solitaire.PCG{Seed: 1}.Deal(uint64(i+1), g.N, nil)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		board.Redeal(deals[i%len(deals)])
		sink = s.Solve(context.Background(), board, Options{})
	}
}

func TestPairTables(t *testing.T) {
	for m := range 16 {
		var want uint8
		for p, ij := range pairIdx[:6] {
			if m&(1<<ij[0]) != 0 && m&(1<<ij[1]) != 0 {
				want |= 1 << p
			}
		}
		if pairsWithin[m] != want {
			t.Errorf("pairsWithin[%04b] = %06b, want %06b", m, pairsWithin[m], want)
		}
	}
	// pairIdx[5-p] is the pair complementary to pairIdx[p].
	for p, ij := range pairIdx[:6] {
		o := pairIdx[5-p]
		if 1<<ij[0]|1<<ij[1]|1<<o[0]|1<<o[1] != 15 {
			t.Errorf("pair %v and %v are not complementary", ij, o)
		}
	}
}

func FuzzVerdictText(f *testing.F) {
	for _, s := range []string{"winnable", "impossible", "unknown", "prune", "random", "search", "budget", "empty", "", "WINNABLE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v Verdict
		if v.UnmarshalText([]byte(s)) == nil {
			if b, err := v.MarshalText(); err != nil || string(b) != s {
				t.Errorf("verdict %q: round trip %q, %v", s, b, err)
			}
		}
		var m Method
		if m.UnmarshalText([]byte(s)) == nil {
			if b, err := m.MarshalText(); err != nil || string(b) != s {
				t.Errorf("method %q: round trip %q, %v", s, b, err)
			}
		}
	})
}
