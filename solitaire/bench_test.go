package solitaire

import (
	"math/rand/v2"
	"testing"
)

var (
	sinkSet   Set
	sinkInt   int
	sinkDeal  []Group
	sinkMoves []Move
)

// benchPositions returns turtle boards at the start and along random
// games (every fourth position), 64 in all.
func benchPositions(b *testing.B) []*Board {
	g := turtle(b)
	r := rand.New(rand.NewPCG(1, 1))
	var out []*Board
	buf := make([]Move, 0, MaxMoves)
	for game := uint64(0); len(out) < 64; game++ {
		bd := mustBoard(b, g, PCG{}.Deal(game, g.N, nil))
		for k := 0; len(out) < 64; k++ {
			if k%4 == 0 {
				c := *bd
				out = append(out, &c)
			}
			moves := bd.Matches(buf[:0])
			if len(moves) == 0 {
				break
			}
			bd.Play(moves[r.IntN(len(moves))])
		}
	}
	return out
}

func BenchmarkFreeTurtle(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sinkSet = ps[i&63].Free()
	}
}

func BenchmarkMatchesTurtle(b *testing.B) {
	ps := benchPositions(b)
	buf := make([]Move, 0, MaxMoves)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sinkMoves = ps[i&63].Matches(buf[:0])
	}
}

// BenchmarkPlayUndoTurtle plays and undoes every legal move of a position.
// One op is one Play plus one Undo.
func BenchmarkPlayUndoTurtle(b *testing.B) {
	ps := benchPositions(b)
	type pm struct {
		b *Board
		m Move
	}
	var work []pm
	for _, p := range ps {
		for _, m := range p.Matches(nil) {
			work = append(work, pm{p, m})
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	j := 0
	for b.Loop() {
		w := &work[j]
		w.b.Play(w.m)
		sinkInt += int(w.b.Present[0] & 1)
		w.b.Undo(w.m)
		if j++; j == len(work) {
			j = 0
		}
	}
}

// BenchmarkPerftTurtle4 counts the move sequences of depth 4 from the
// start of a turtle deal (10722 leaves): free tiles, matches, play and undo
// together.
func BenchmarkPerftTurtle4(b *testing.B) {
	g := turtle(b)
	bd := mustBoard(b, g, PCG{}.Deal(1, g.N, nil))
	var bufs [4][MaxMoves]Move
	var count func(d int) int
	count = func(d int) int {
		if d == 0 {
			return 1
		}
		moves := bd.Matches(bufs[d-1][:0])
		if len(moves) == 0 {
			return 1
		}
		n := 0
		for _, m := range moves {
			bd.Play(m)
			n += count(d - 1)
			bd.Undo(m)
		}
		return n
	}
	b.ReportAllocs()
	for b.Loop() {
		sinkInt = count(4)
	}
	if sinkInt != 10722 {
		b.Fatalf("perft 4 = %d", sinkInt)
	}
}

func BenchmarkDealPCG(b *testing.B) {
	buf := make([]Group, 0, MaxTiles)
	b.ReportAllocs()
	for i := uint64(0); b.Loop(); i++ {
		sinkDeal = PCG{Seed: 1}.Deal(i, 144, buf)
	}
}

func BenchmarkDealMJSolver(b *testing.B) {
	buf := make([]Group, 0, MaxTiles)
	b.ReportAllocs()
	for i := uint64(0); b.Loop(); i++ {
		sinkDeal = MJSolver{}.Deal(i, 144, buf)
	}
}

// TestHotPathsDoNotAllocate checks in the default test run what the
// benchmarks report: free tiles, matches into a buffer, play and undo, and
// dealing into a buffer allocate nothing.
func TestHotPathsDoNotAllocate(t *testing.T) {
	g := turtle(t)
	bd := mustBoard(t, g, PCG{}.Deal(1, g.N, nil))
	buf := make([]Move, 0, MaxMoves)
	deal := make([]Group, 0, MaxTiles)
	for name, f := range map[string]func(){
		"Free":    func() { sinkSet = bd.Free() },
		"Matches": func() { sinkMoves = bd.Matches(buf[:0]) },
		"Play+Undo": func() {
			m := bd.Matches(buf[:0])[0]
			bd.Play(m)
			sinkInt += bd.Remaining()
			bd.Undo(m)
		},
		"Deal pcg":      func() { sinkDeal = PCG{Seed: 1}.Deal(3, g.N, deal) },
		"Deal mjsolver": func() { sinkDeal = MJSolver{}.Deal(3, g.N, deal) },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %.1f allocations per run, want 0", name, n)
		}
	}
}
