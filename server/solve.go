package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
	"github.com/mjsolve/mjsolve/solitaire/gamedeal"
	"github.com/mjsolve/mjsolve/solver"
)

// handleDeal answers GET /api/deal?layout=L&game=K&deal=D&seed=S with the
// board, as the command deals it (defaults: turtle, game 1, pcg, seed 1;
// D is pcg, mjsolver, or a game's generator: kmahjongg, gnome, xmahjongg).
// With winnable=true, or difficulty=easy|medium|hard, it answers the first
// winnable deal from game K on, of that band (see dealWinnable).
func (s *Server) handleDeal(w http.ResponseWriter, r *http.Request) error {
	q, err := query(r)
	if err != nil {
		return err
	}
	for k, v := range q {
		switch k {
		case "layout", "game", "deal", "seed", "winnable", "difficulty":
			if len(v) > 1 {
				return badRequestf(k, "given %d times", len(v))
			}
			if k != "layout" && v[0] == "" { // an empty layout is refused below
				return badRequestf(k, "empty; leave it out for the default")
			}
		default:
			return badRequestf(k, "unknown parameter (want layout, game, deal, seed, winnable or difficulty)")
		}
	}
	want, err := wantedDeal(q)
	if err != nil {
		return err
	}
	name := q.Get("layout")
	if !q.Has("layout") {
		name = "turtle"
	}
	game, err := uintParam(q.Get("game"), "game", 1)
	if err != nil {
		return err
	}
	seed, err := uintParam(q.Get("seed"), "seed", 1)
	if err != nil {
		return err
	}
	dealName := q.Get("deal")
	if dealName == "" {
		dealName = "pcg"
	}
	dealer, err := solitaire.DealerByName(dealName, seed)
	if err != nil && !gamedeal.IsName(dealName) {
		return badRequestf("deal", "unknown dealer %q (want pcg, mjsolver, %s)", dealName, strings.Join(gamedeal.Names, ", "))
	}
	_, mjs := dealer.(solitaire.MJSolver)
	if mjs && q.Has("seed") {
		return badRequestf("seed", "applies to the pcg dealer and the games' dealers only")
	}
	if dealer != nil {
		if err := solitaire.CheckGame(dealer, game); err != nil {
			return badRequest("game", err)
		}
	}
	e, g, err := s.layouts.resolve("layout", name)
	if err != nil {
		return err
	}
	if dealer == nil {
		if dealer, err = gamedeal.New(dealName, g, seed); err != nil {
			return badRequest("deal", err)
		}
	}
	if want.winnable {
		return s.dealWinnable(w, r, e, g, dealer, dealName, game, seed, mjs, want.band)
	}
	b, err := solitaire.DealBoard(g, dealer, game)
	if err != nil {
		return fmt.Errorf("dealing game %d of %s: %w", game, e.Name, err) // a dealer bug: 500
	}
	out := encodeBoard(&position{board: b, layout: e.Name, title: e.Layout.Title, fp: e.fp})
	out.Game, out.Deal = &game, dealName
	if !mjs {
		out.Seed = &seed
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// uintParam reads a whole-number query parameter, def when absent.
func uintParam(v, name string, def uint64) (uint64, error) {
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, badRequestf(name, "%q is not a whole number 0 or more", v)
	}
	return n, nil
}

// handleBoard answers POST /api/board: the board of the request (its fields
// or a board file) checked and written in full, with the layout's slots and
// the free tiles.
func (s *Server) handleBoard(w http.ResponseWriter, r *http.Request) error {
	var in boardJSON
	if err := decodeJSON(w, r, s.cfg.MaxBody, &in); err != nil {
		return err
	}
	p, err := s.decodeBoard(&in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, encodeBoard(p))
	return nil
}

// solveRequest is the body of POST /api/solve and /api/hint: a board and,
// for solve, whether to find the min-left count of an impossible board.
type solveRequest struct {
	boardJSON
	MinLeft bool `json:"min_left,omitempty"`
}

// solveAnswer is the answer of /api/solve and /api/hint: the command's
// --json answer (answer.Answer), whether it came from the cache (the counts
// are then 0: no solve ran), and with verdict unknown the time limit that
// ran out.
type solveAnswer struct {
	*answer.Answer
	Cached    bool   `json:"cached"`
	TimeLimit string `json:"time_limit,omitempty"`
}

// mode is what a solve request asks.
type mode int

const (
	modeSolve        mode = iota // verdict and solution
	modeSolveMinLeft             // and for an impossible board the min-left count, unbounded
	modeHint                     // verdict and next pair; min-left within hintMinLeftScans
)

// usable says whether a cached entry answers what m asks.
func (m mode) usable(e *entry) bool {
	switch {
	case e.verdict == solver.Winnable:
		return true
	case m == modeSolveMinLeft:
		return e.minLeft >= 0
	case m == modeHint:
		return e.minLeft >= 0 || e.minLeftTried
	}
	return true
}

func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) error {
	return s.handleSolveLike(w, r, false)
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) error {
	return s.handleSolveLike(w, r, true)
}

func (s *Server) handleSolveLike(w http.ResponseWriter, r *http.Request, hint bool) error {
	if err := noQuery(r); err != nil {
		return err
	}
	var in solveRequest
	if err := decodeJSON(w, r, s.cfg.MaxBody, &in); err != nil {
		return err
	}
	m := modeSolve
	switch {
	case hint && in.MinLeft:
		return badRequestf("min_left", "applies to /api/solve only (a hint adds the min-left count when it is found quickly)")
	case hint:
		m = modeHint
	case in.MinLeft:
		m = modeSolveMinLeft
	}
	p, err := s.decodeBoard(&in.boardJSON)
	if err != nil {
		return err
	}
	e, cached, err := s.solve(r.Context(), p, m)
	if err != nil {
		return err
	}
	res := e.result(m)
	if cached {
		res.Stats = solver.Stats{}
	}
	out := &solveAnswer{Cached: cached}
	if hint {
		out.Answer = answer.NewHintAnswer(p.board, p.layout, p.about, res)
	} else {
		out.Answer = answer.NewAnswer(p.board, p.layout, p.about, res)
	}
	if res.Verdict == solver.Unknown {
		out.TimeLimit = s.cfg.SolveTimeout.String()
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// solve answers the position of b from the cache or on the pool, within
// the solve time limit: verdict unknown when it runs out (or the client
// goes away), never a hung request. A full queue is errQueueFull.
func (s *Server) solve(ctx context.Context, p *position, m mode) (*entry, bool, error) {
	b := p.board
	var key []byte
	if s.cache != nil {
		key = positionKey(b, p.fp)
		if e, ok := s.cache.get(key, m.usable); ok {
			return e, true, nil
		}
	}
	if s.closing.Load() {
		return nil, false, errShuttingDown
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.SolveTimeout)
	defer cancel()
	var (
		res *entry
		bug error
	)
	j := &task{
		ctx:   ctx,
		board: b,
		done:  make(chan struct{}),
		run: func(ctx context.Context, sv *solver.Solver, b *solitaire.Board) {
			res, bug = compute(ctx, sv, b, m)
		},
	}
	if err := s.pool.submit(j); err != nil {
		s.rejected.Add(1)
		return nil, false, err
	}
	unknown := &entry{verdict: solver.Unknown, method: solver.Budget, minLeft: -1}
	select {
	case <-j.done:
	case <-ctx.Done():
		s.timeouts.Add(1)
		return unknown, false, nil
	}
	if bug != nil {
		return nil, false, bug
	}
	if res == nil { // dropped from the queue: its time had run out
		s.timeouts.Add(1)
		return unknown, false, nil
	}
	if res.verdict == solver.Unknown {
		s.timeouts.Add(1)
		return res, false, nil
	}
	if s.cache != nil {
		s.cache.put(key, res)
	}
	return res, false, nil
}

// compute solves b on a worker's solver as the command does (answer.Solve,
// answer.Hint). A hint first looks for the min-left count within a scan
// budget, and when that runs out decides the position without it.
func compute(ctx context.Context, sv *solver.Solver, b *solitaire.Board, m mode) (*entry, error) {
	var (
		r   solver.Result
		err error
	)
	switch m {
	case modeSolve:
		r, err = answer.SolveWith(ctx, sv, b, solver.Options{})
	case modeSolveMinLeft:
		r, err = answer.SolveWith(ctx, sv, b, solver.Options{MinLeft: true})
	case modeHint:
		r, err = answer.HintWith(ctx, sv, b, 0)
	}
	switch {
	case err != nil && ctx.Err() != nil:
		r = solver.Result{Verdict: solver.Unknown, Method: solver.Budget, MinLeft: -1}
	case err != nil:
		return nil, err // a solution that does not replay: a bug
	}
	e := &entry{
		verdict:      r.Verdict,
		method:       r.Method,
		moves:        slices.Clone(r.Moves), // the solver reuses r.Moves
		minLeft:      r.MinLeft,
		minLeftTried: m == modeHint,
		stats:        r.Stats,
	}
	if r.Verdict == solver.Unknown {
		e.moves, e.minLeft = nil, -1
	}
	return e, nil
}

// handleHealth answers GET /healthz: 200 while serving, 503 once shutting
// down.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) error {
	if s.closing.Load() {
		return errShuttingDown
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}

// statsJSON is the answer of GET /api/stats.
type statsJSON struct {
	UptimeSeconds   float64    `json:"uptime_seconds"`
	Requests        int64      `json:"requests"`
	Workers         int        `json:"workers"`
	QueueCapacity   int        `json:"queue_capacity"`
	QueueDepth      int        `json:"queue_depth"`
	Busy            int64      `json:"busy_workers"`
	Solves          int64      `json:"solves"`
	SolvesPerSecond float64    `json:"solves_per_second"`
	Unknown         int64      `json:"unknown"`
	Rejected        int64      `json:"rejected"`
	SolveTimeout    string     `json:"solve_timeout"`
	Cache           cacheStats `json:"cache"`
}

// handleStats answers GET /api/stats: cache hits and misses, queue depth,
// solves per second (averaged over the last ten whole seconds) and counts.
func (s *Server) handleStats(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	now := time.Now()
	writeJSON(w, http.StatusOK, statsJSON{
		UptimeSeconds:   now.Sub(s.start).Seconds(),
		Requests:        s.requests.Load(),
		Workers:         s.cfg.Workers,
		QueueCapacity:   s.cfg.Queue,
		QueueDepth:      s.pool.queued(),
		Busy:            s.pool.busy.Load(),
		Solves:          s.pool.solves.Load(),
		SolvesPerSecond: s.pool.rate.perSecond(now),
		Unknown:         s.timeouts.Load(),
		Rejected:        s.rejected.Load(),
		SolveTimeout:    s.cfg.SolveTimeout.String(),
		Cache:           s.cache.stats(),
	})
	return nil
}
