package server

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
	"github.com/mjsolve/mjsolve/solver"
)

// fairPlayers keeps the players of answer.FairStrategy between fair hints,
// a few per geometry (making one takes about half a millisecond).
type fairPlayers struct {
	mu   sync.Mutex
	free map[*solitaire.Geometry][]*nopeek.Player
}

// maxFairPlayers bounds the idle players kept per geometry.
const maxFairPlayers = 8

func (f *fairPlayers) get(geo *solitaire.Geometry) (*nopeek.Player, error) {
	f.mu.Lock()
	if l := f.free[geo]; len(l) > 0 {
		p := l[len(l)-1]
		f.free[geo] = l[:len(l)-1]
		f.mu.Unlock()
		return p, nil
	}
	f.mu.Unlock()
	return nopeek.NewPlayer(geo, answer.FairStrategy)
}

func (f *fairPlayers) put(geo *solitaire.Geometry, p *nopeek.Player) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.free == nil || len(f.free) > maxSolversPerWorker {
		f.free = make(map[*solitaire.Geometry][]*nopeek.Player)
	}
	if len(f.free[geo]) < maxFairPlayers {
		f.free[geo] = append(f.free[geo], p)
	}
}

// handleFairHint answers POST /api/fairhint: the board of the request (as
// for /api/hint) and the hint of a player who does not look under the
// tiles (answer.FairHint), as "mjsolve solitaire hint --fair --json"
// prints it. It runs on the solve pool, within the solve time limit.
func (s *Server) handleFairHint(w http.ResponseWriter, r *http.Request) error {
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
	b := p.board
	if b.Geo.N > solitaire.DeckTiles {
		return badRequestf("layout", "a fair hint needs a layout of at most %d tiles (one deck); this one has %d", solitaire.DeckTiles, b.Geo.N)
	}
	if s.closing.Load() {
		return errShuttingDown
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.SolveTimeout)
	defer cancel()
	var (
		adv  nopeek.Advice
		werr error
		took time.Duration
		ok   bool // the hint was found (a task dropped from the queue never runs)
	)
	j := &task{
		ctx:   ctx,
		board: b,
		done:  make(chan struct{}),
		run: func(ctx context.Context, _ *solver.Solver, b *solitaire.Board) {
			start := time.Now()
			pl, err := s.fair.get(b.Geo)
			if err != nil {
				werr = err
				return
			}
			adv, werr = answer.FairHintWith(ctx, pl, b)
			took, ok = time.Since(start), werr == nil
			s.fair.put(b.Geo, pl)
		},
	}
	if err := s.pool.submit(j); err != nil {
		s.rejected.Add(1)
		return err
	}
	select {
	case <-j.done:
		// A hint finished as the time limit passed is still the answer.
		if ok {
			writeJSON(w, http.StatusOK, answer.NewFairHintAnswer(b, p.layout, p.about, adv, took))
			return nil
		}
		if werr != nil && ctx.Err() == nil {
			return werr // not a bad input: checked above
		}
	case <-ctx.Done():
	}
	s.timeouts.Add(1)
	return &httpError{http.StatusServiceUnavailable, fmt.Sprintf("no fair hint within %v", s.cfg.SolveTimeout)}
}
