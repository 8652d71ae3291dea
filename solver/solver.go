package solver

import (
	"context"
	"time"

	"github.com/mjsolve/mjsolve/solitaire"
)

// Solver solves boards of one geometry. It is reusable and not safe for
// concurrent use: give each worker its own. After the first board it
// allocates nothing per Solve.
type Solver struct {
	geo *solitaire.Geometry
	c   *core
	// lean counts only the lowest tiles over each tile, exact in closed
	// positions (geom.closed), full all of them; c uses one of them.
	lean, full *geom
	// wide solves the boards the core does not take (needsWide): made
	// when first needed.
	wide *wide
	grp  [256]uint8
	out  []solitaire.Move
}

// New returns a solver for boards on g.
func New(g *solitaire.Geometry) *Solver {
	s := &Solver{}
	s.setGeometry(g)
	return s
}

func (s *Solver) setGeometry(g *solitaire.Geometry) {
	s.geo = g
	s.wide = nil
	s.out = make([]solitaire.Move, 0, g.N/2)
	if g.N > maxTiles {
		s.lean, s.full, s.c = nil, nil, nil
		return
	}
	s.lean = newGeom(g.N, g.CoverList, g.LeftList, g.RightList, true)
	s.full = newGeom(g.N, g.CoverList, g.LeftList, g.RightList, false)
	s.c = newCore(s.lean)
}

// Solve decides whether b can be cleared from its position (tiles may
// already be removed). It does not change b. The verdict is Unknown only
// when opt's budget ran out or ctx was cancelled. The same board and options
// give the same result. Result.Moves is reused by the next call of s.
func (s *Solver) Solve(ctx context.Context, b *solitaire.Board, opt Options) Result {
	start := time.Now()
	if b.Geo != s.geo {
		s.setGeometry(b.Geo)
	}
	if needsWide(b) {
		return s.solveWide(ctx, b, opt, start)
	}
	c := s.c
	n := b.Geo.N
	for i := 0; i < n; i++ {
		s.grp[i] = uint8(b.Groups[i])
	}
	on := b.Present.And(b.Geo.All) // within the first 192 slots (needsWide)
	present := [3]uint64{on[0], on[1], on[2]}
	c.geom = s.lean
	if !s.lean.closed(&present) {
		c.geom = s.full
	}
	c.load(s.grp[:n], &present)
	c.rng.Seed(boardHash(s.grp[:n], &present), opt.Seed^0x9e3779b97f4a7c15)
	c.budget.maxScans = opt.MaxScans
	c.budget.ctx = ctx
	c.budget.deadline = time.Time{}
	if opt.Timeout > 0 {
		c.budget.deadline = start.Add(opt.Timeout)
	}
	o := c.decide(opt.MinLeft)
	r := Result{Verdict: o.verdict, Method: o.method, MinLeft: o.minLeft}
	s.out = s.out[:0]
	if o.verdict == Winnable || o.minLeft >= 0 {
		for _, m := range c.moves {
			a, b := m.a, m.b
			if a > b {
				a, b = b, a
			}
			s.out = append(s.out, solitaire.Move{A: a, B: b})
		}
		r.Moves = s.out
	}
	c.budget.ctx = nil
	r.Stats = Stats{Scans: c.budget.scans, RandomGames: c.budget.games, Nodes: c.budget.nodes, Duration: time.Since(start)}
	return r
}

// solveWide is Solve for the boards of more than 192 slots or with a group
// of more than four tiles. It does not compute MinLeft.
func (s *Solver) solveWide(ctx context.Context, b *solitaire.Board, opt Options, start time.Time) Result {
	if s.wide == nil {
		s.wide = newWide(b.Geo)
	}
	w := s.wide
	w.load(b)
	w.rng.Seed(wideHash(b), opt.Seed^0x9e3779b97f4a7c15)
	w.budget = budget{maxScans: opt.MaxScans, ctx: ctx}
	w.nextCheck = 0
	if opt.Timeout > 0 {
		w.budget.deadline = start.Add(opt.Timeout)
	}
	o := w.decide()
	r := Result{Verdict: o.verdict, Method: o.method, MinLeft: o.minLeft}
	s.out = s.out[:0]
	if o.verdict == Winnable {
		for _, m := range w.moves {
			a, b := m.a, m.b
			if a > b {
				a, b = b, a
			}
			s.out = append(s.out, solitaire.Move{A: a, B: b})
		}
		r.Moves = s.out
	}
	w.budget.ctx = nil
	r.Stats = Stats{Scans: w.budget.scans, RandomGames: w.budget.games, Nodes: w.budget.nodes, Duration: time.Since(start)}
	return r
}

// Solve solves b with a fresh Solver; the moves are b's own.
func Solve(ctx context.Context, b *solitaire.Board, opt Options) Result {
	return New(b.Geo).Solve(ctx, b, opt)
}

// boardHash mixes the deal and the tiles on board into a seed.
func boardHash(grp []uint8, present *[3]uint64) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i, g := range grp {
		if present[i>>6]>>(i&63)&1 != 0 {
			h ^= uint64(g) + 1
		} else {
			h ^= 0xff
		}
		h *= 0x100000001b3
	}
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}
