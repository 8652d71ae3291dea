package server

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"sync"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/winnable"
)

// This file serves what players ask of a game: winnable deals of a chosen
// difficulty (GET /api/deal with winnable or difficulty) and reshuffles
// that leave a position winnable (POST /api/reshuffle).

// dealWanted is what a deal request asks beyond the board: a winnable
// deal, of a band.
type dealWanted struct {
	winnable bool
	band     winnable.Band
}

// wantedDeal reads the winnable and difficulty parameters.
func wantedDeal(q url.Values) (dealWanted, error) {
	var w dealWanted
	if v := q.Get("winnable"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return w, badRequestf("winnable", "%q is not true or false", v)
		}
		w.winnable = b
	}
	if v := q.Get("difficulty"); v != "" {
		b, err := winnable.ParseBand(v)
		if err != nil || b == winnable.Any {
			return w, badRequestf("difficulty", "%q: want easy, medium or hard", v)
		}
		if q.Has("winnable") && !w.winnable {
			return w, badRequestf("difficulty", "a band is of winnable deals; leave winnable out or true")
		}
		w.winnable, w.band = true, b
	}
	return w, nil
}

// dealSearchTries bounds the games a winnable deal request looks at.
const dealSearchTries = 2000

// winnableDealJSON is the answer of a winnable deal: the board as /api/deal
// answers one (its game the deal found), that it is winnable, its
// difficulty and band when asked, and the games looked at.
type winnableDealJSON struct {
	*boardJSON
	Winnable   bool                 `json:"winnable"`
	Difficulty *winnable.Difficulty `json:"difficulty,omitempty"`
	Band       string               `json:"band,omitempty"`
	Tried      uint64               `json:"tried"`
}

// dealWinnable answers the first winnable deal of dealer on g from game
// on, of band unless it is Any, found within the solve time limit. The
// bands of a layout are found once (the first such request takes about a
// second more) and kept.
func (s *Server) dealWinnable(w http.ResponseWriter, r *http.Request, e *layoutEntry, g *solitaire.Geometry, dealer solitaire.Dealer,
	dealName string, game, seed uint64, mjs bool, band winnable.Band) error {
	if s.closing.Load() {
		return errShuttingDown
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SolveTimeout)
	defer cancel()
	release, err := s.searches.acquire(ctx)
	if err != nil {
		return errBusy
	}
	defer release()
	opt := winnable.Options{Dealer: dealer, First: game, Band: band, MaxTries: dealSearchTries}
	if band != winnable.Any {
		m, err := winnable.NewMeasure(g, 0, 1)
		if err != nil {
			return badRequest("difficulty", err)
		}
		bands, err := s.bandsOf(ctx, e, g, m)
		if err != nil {
			return err
		}
		opt.Measure, opt.Bands = m, bands
	}
	var found *winnable.Deal
	st, err := winnable.Deals(ctx, g, opt, func(d winnable.Deal) bool {
		found = &d
		return false
	})
	switch {
	case errors.Is(err, winnable.ErrNoneFound):
		return &httpError{http.StatusUnprocessableEntity, "no such deal of " + e.Name + " in " + strconv.Itoa(dealSearchTries) + " games from game " + strconv.FormatUint(game, 10)}
	case err != nil && ctx.Err() != nil:
		return &httpError{http.StatusServiceUnavailable, "no such deal found within " + s.cfg.SolveTimeout.String() + "; try again"}
	case err != nil:
		return badRequest("game", err)
	}
	out := encodeBoard(&position{board: found.Board, layout: e.Name, title: e.Layout.Title, fp: e.fp})
	out.Game, out.Deal = &found.Game, dealName
	if !mjs {
		out.Seed = &seed
	}
	a := winnableDealJSON{boardJSON: out, Winnable: true, Tried: st.Tried}
	if band != winnable.Any {
		a.Difficulty, a.Band = &found.Difficulty, found.Band.String()
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

// bandCache keeps the difficulty bands of the layouts asked, by geometry
// fingerprint; a band being found is waited for, not found twice.
type bandCache struct {
	mu    sync.Mutex
	bands map[uint64]*bandEntry
}

type bandEntry struct {
	done  chan struct{}
	bands winnable.Bands
	err   error
}

// bandsOf returns the bands of e's layout, finding them the first time.
func (s *Server) bandsOf(ctx context.Context, e *layoutEntry, g *solitaire.Geometry, m *winnable.Measure) (winnable.Bands, error) {
	c := &s.bands
	c.mu.Lock()
	if c.bands == nil {
		c.bands = map[uint64]*bandEntry{}
	}
	be, ok := c.bands[e.fp]
	if !ok {
		be = &bandEntry{done: make(chan struct{})}
		c.bands[e.fp] = be
		go func() {
			// Its own time: a client that goes away does not spoil it for
			// the next.
			bctx, cancel := context.WithTimeout(context.Background(), 10*s.cfg.SolveTimeout)
			defer cancel()
			be.bands, be.err = winnable.Calibrate(bctx, g, m, 0)
			if be.err != nil {
				c.mu.Lock()
				delete(c.bands, e.fp)
				c.mu.Unlock()
			}
			close(be.done)
		}()
	}
	c.mu.Unlock()
	select {
	case <-be.done:
		if be.err != nil {
			return winnable.Bands{}, &httpError{http.StatusServiceUnavailable, "the difficulty bands of " + e.Name + " could not be found; try again"}
		}
		return be.bands, nil
	case <-ctx.Done():
		return winnable.Bands{}, &httpError{http.StatusServiceUnavailable, "the difficulty bands of " + e.Name + " are being found; try again shortly"}
	}
}

// searches bounds the deal searches and reshuffles run at once, as the
// pool bounds the solves.
type searches chan struct{}

func (c searches) acquire(ctx context.Context) (func(), error) {
	select {
	case c <- struct{}{}:
		return func() { <-c }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

var errBusy = &httpError{http.StatusServiceUnavailable, "the server is busy; try again shortly"}

// reshuffleAnswer is the answer of POST /api/reshuffle: the position
// rearranged, as /api/board answers a board, whether it was a uniform
// draw, the draws tried and a solution.
type reshuffleAnswer struct {
	*boardJSON
	Uniform  bool     `json:"uniform"`
	Tries    int      `json:"tries"`
	Solution [][2]int `json:"solution"`
}

// handleReshuffle answers POST /api/reshuffle: the board of the request
// (as /api/board reads it) with the faces of its tiles left rearranged so
// that it is winnable (winnable.Reshuffle), 422 when no rearrangement is.
func (s *Server) handleReshuffle(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	var in boardJSON
	if err := decodeJSON(w, r, s.cfg.MaxBody, &in); err != nil {
		return err
	}
	p, err := s.decodeBoard(&in)
	if err != nil {
		return err
	}
	if s.closing.Load() {
		return errShuttingDown
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SolveTimeout)
	defer cancel()
	release, err := s.searches.acquire(ctx)
	if err != nil {
		return errBusy
	}
	defer release()
	res, err := winnable.Reshuffle(ctx, p.board, winnable.ReshuffleOptions{})
	switch {
	case errors.Is(err, winnable.ErrNoRearrangement):
		return &httpError{http.StatusUnprocessableEntity, "no rearrangement of the tiles left is winnable: they cannot be cleared even if every tile matched every other"}
	case err != nil:
		return &httpError{http.StatusServiceUnavailable, "no winnable rearrangement found within " + s.cfg.SolveTimeout.String() + "; try again"}
	}
	p.board = res.Board
	a := reshuffleAnswer{boardJSON: encodeBoard(p), Uniform: res.Uniform, Tries: res.Tries, Solution: make([][2]int, len(res.Moves))}
	for i, m := range res.Moves {
		a.Solution[i] = [2]int{int(m.A), int(m.B)}
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}
