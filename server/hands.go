package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mjsolve/mjsolve/tw16/handlog"
	"github.com/mjsolve/mjsolve/tw16/referee"
	"github.com/mjsolve/mjsolve/tw16/review"
)

// The routes of played hands (the page's third tab): a hand uploaded in the
// request body, or one of the directory Config.Logs, in event form, and the
// review of one seat's decisions.
//
//	POST /api/tw16/hand                    the body's hand in event form
//	POST /api/tw16/hand/review?seat=N      the review of seat N (1-4)
//	GET  /api/tw16/logs                    the hands of Config.Logs
//	GET  /api/tw16/logs/{name}             one of them in event form
//	GET  /api/tw16/logs/{name}/review?seat=N

// DefaultMaxUpload is Config.MaxUpload by default: a hand's transcript
// takes some 20 KB, compressed a few.
const DefaultMaxUpload = 1 << 20

// reviewTimeout bounds the review of one seat of a hand.
const reviewTimeout = 30 * time.Second

// logs is the directory of hands the server shows: opened as an os.Root,
// so that nothing outside it is ever read (not through a symbolic link
// either).
type logs struct {
	dir  string
	root *os.Root
}

// handFile says whether a file name is one of a hand: a transcript
// (hand-NNNN.txt.zst, or .txt) or a hand in event form (.jsonl.zst,
// .jsonl), never a hidden file.
func handFile(name string) bool {
	if name == "" || strings.HasPrefix(name, ".") || strings.ContainsAny(name, `/\`) {
		return false
	}
	for _, ext := range []string{".txt.zst", ".txt", ".jsonl.zst", ".jsonl"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// logEntry is one hand of the directory.
type logEntry struct {
	Name  string `json:"name"`
	Bytes int64  `json:"bytes"`
}

// list returns the hands of the directory by name.
func (l *logs) list() ([]logEntry, error) {
	des, err := fs.ReadDir(l.root.FS(), ".")
	if err != nil {
		return nil, err
	}
	var out []logEntry
	for _, de := range des {
		if !de.Type().IsRegular() || !handFile(de.Name()) {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue
		}
		out = append(out, logEntry{de.Name(), info.Size()})
	}
	slices.SortFunc(out, func(a, b logEntry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// read reads the hand name of the directory, at most limit bytes.
func (l *logs) read(name string, limit int64) ([]byte, error) {
	if !handFile(name) {
		return nil, &httpError{http.StatusNotFound, fmt.Sprintf("no hand %q in the logs", name)}
	}
	f, err := l.root.Open(name)
	if err != nil {
		return nil, &httpError{http.StatusNotFound, fmt.Sprintf("no hand %q in the logs", name)}
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return nil, &httpError{http.StatusNotFound, fmt.Sprintf("no hand %q in the logs", name)}
	} else if info.Size() > limit {
		return nil, &httpError{http.StatusUnprocessableEntity, fmt.Sprintf("%s: larger than %d bytes", name, limit)}
	}
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// handJSON is a hand in event form as the API answers it.
type handJSON struct {
	Header handlog.Header  `json:"header"`
	Events []handlog.Event `json:"events"`
}

// readHand reads a hand's file (a transcript or the event form),
// verifying it; damaged, it is a 400 naming what is wrong.
func (s *Server) readHand(data []byte, what string) (*handlog.Hand, error) {
	h, err := referee.ReadHand(bytes.NewReader(data), s.cfg.Tables)
	if err != nil {
		msg := err.Error()
		for _, p := range []string{"referee: ", "handlog: "} {
			msg = strings.ReplaceAll(msg, p, "") // words for programs, not for the page
		}
		return nil, badRequestf(what, "%s", msg)
	}
	return h, nil
}

// uploaded reads the hand of the request body.
func (s *Server) uploaded(w http.ResponseWriter, r *http.Request) (*handlog.Hand, error) {
	data, err := readBody(w, r, s.cfg.MaxUpload)
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, badRequestf("body", "empty; send a hand's file: a transcript of the referee or a hand in event form")
	}
	return s.readHand(data, "file")
}

// logged reads the hand {name} of the logs.
func (s *Server) logged(r *http.Request) (*handlog.Hand, error) {
	if s.logs == nil {
		return nil, errNoLogs
	}
	name := r.PathValue("name")
	data, err := s.logs.read(name, s.cfg.MaxUpload)
	if err != nil {
		return nil, err
	}
	return s.readHand(data, name)
}

var errNoLogs = &httpError{http.StatusNotFound, "the server shows no logs (start it with --logs DIR)"}

func (s *Server) handleHandUpload(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	h, err := s.uploaded(w, r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, handJSON{h.Header, h.Events})
	return nil
}

func (s *Server) handleHandReview(w http.ResponseWriter, r *http.Request) error {
	seat, err := seatParam(r)
	if err != nil {
		return err
	}
	h, err := s.uploaded(w, r)
	if err != nil {
		return err
	}
	return s.review(w, r, h, seat)
}

func (s *Server) handleLogs(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	if s.logs == nil {
		return errNoLogs
	}
	hands, err := s.logs.list()
	if err != nil {
		return fmt.Errorf("listing the logs: %w", err)
	}
	if hands == nil {
		hands = []logEntry{}
	}
	writeJSON(w, http.StatusOK, struct {
		Hands []logEntry `json:"hands"`
	}{hands})
	return nil
}

func (s *Server) handleLog(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	h, err := s.logged(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, handJSON{h.Header, h.Events})
	return nil
}

func (s *Server) handleLogReview(w http.ResponseWriter, r *http.Request) error {
	seat, err := seatParam(r)
	if err != nil {
		return err
	}
	h, err := s.logged(r)
	if err != nil {
		return err
	}
	return s.review(w, r, h, seat)
}

// seatParam reads the query's seat=N (1-4), the only parameter.
func seatParam(r *http.Request) (int, error) {
	q, err := query(r)
	if err != nil {
		return 0, err
	}
	for k := range q {
		if k != "seat" {
			return 0, badRequestf(k, "unknown parameter")
		}
	}
	v := q.Get("seat")
	if v == "" {
		return 0, badRequestf("seat", "missing; give the seat to review, 1 to 4")
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 4 {
		return 0, badRequestf("seat", "%q is not a seat 1 to 4", v)
	}
	return n, nil
}

// reviewJSON is the review of one seat as the API answers it.
type reviewJSON struct {
	Samples int `json:"samples"`
	*review.HandReview
}

// review reviews seat (1-4) of h: one review at a time per worker, the
// others wait; a review is cut off after reviewTimeout.
func (s *Server) review(w http.ResponseWriter, r *http.Request, h *handlog.Hand, seat int) error {
	ctx, cancel := context.WithTimeout(r.Context(), reviewTimeout)
	defer cancel()
	select {
	case s.reviews <- struct{}{}:
		defer func() { <-s.reviews }()
	case <-ctx.Done():
		return &httpError{http.StatusServiceUnavailable, "every worker is busy reviewing; try again shortly"}
	}
	rv, err := review.New(review.Options{Samples: s.cfg.ReviewSamples, Tables: s.cfg.Tables, Seed: 1})
	if err != nil {
		return err
	}
	var seats [4]bool
	seats[seat-1] = true
	hr, err := rv.Hand(ctx, h, seats)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &httpError{http.StatusServiceUnavailable, fmt.Sprintf("the review took longer than %s; try again when the server is less busy", reviewTimeout)}
	case err != nil && r.Context().Err() != nil:
		return &httpError{http.StatusServiceUnavailable, "the review was cancelled"}
	case err != nil:
		return &httpError{http.StatusUnprocessableEntity, "review: " + strings.TrimPrefix(err.Error(), "review: ")}
	}
	writeJSON(w, http.StatusOK, reviewJSON{rv.Samples(), hr})
	return nil
}
