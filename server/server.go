package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/review"
)

// Config configures a Server. The zero value serves the built-in layouts
// and those of the games installed under "/", with one worker per CPU,
// a queue of 128 solves, a 10-second solve limit and no result cache.
type Config struct {
	// Finder lists the layouts the server serves, once, when it starts
	// (nil: the built-ins and the games installed under "/", as
	// layouts.Find).
	Finder *layouts.Finder
	// Workers is the number of solves run at once (0: GOMAXPROCS).
	Workers int
	// Queue is the number of solves that may wait for a worker, at most
	// MaxQueue; a solve beyond it is refused at once with 503 (0:
	// DefaultQueue).
	Queue int
	// SolveTimeout bounds a solve request, waiting in the queue included;
	// when it runs out the answer is verdict "unknown" (0: DefaultSolveTimeout).
	SolveTimeout time.Duration
	// CacheBytes is the size of the result cache in bytes (0: no cache), at
	// most MaxCacheBytes.
	CacheBytes int64
	// MaxBody is the largest request body accepted (0: DefaultMaxBody);
	// a larger one is answered 413.
	MaxBody int64
	// Tables are the tw16 tables the hand analyses look up (nil:
	// tw16.DefaultTables(), loaded on first use).
	Tables *tw16.TableSet
	// Logs, when set, is a directory of played hands (the transcripts of
	// "mjsolve tw16 referee --log", the event forms of "mjsolve tw16
	// selfplay --log") that the page lists and opens by name; nothing
	// outside it is read.
	Logs string
	// MaxUpload is the largest hand's file accepted, uploaded or in Logs
	// (0: DefaultMaxUpload); a larger body is answered 413.
	MaxUpload int64
	// ReviewSamples is the evaluator's budget of a seat's review
	// (0: review.DefaultSamples), at most review.MaxSamples.
	ReviewSamples int
	// Logger receives the server's log: start, stop, internal errors, and
	// a warning when Tables were built in memory because their cache
	// could not be used (nil: no log).
	Logger *slog.Logger
}

// Defaults of Config.
const (
	DefaultQueue        = 128
	DefaultSolveTimeout = 10 * time.Second
	DefaultMaxBody      = 64 << 10
)

// Bounds of Config: the result cache's bytes (1 TiB) and the queue's
// solves (the queue is allocated at start).
const (
	MaxCacheBytes = 1 << 40
	MaxQueue      = 1 << 20
)

// Server serves the HTTP API and the page. Create it with New, serve its
// Handler (or call Serve), and Close it when done.
type Server struct {
	cfg     Config
	log     *slog.Logger
	layouts *layoutIndex
	pool    *pool
	cache   *resultCache
	handler http.Handler
	start   time.Time

	logs    *logs         // nil without Config.Logs
	reviews chan struct{} // a token per review under way, Workers of them

	inlineMu sync.Mutex
	inline   map[uint64]*solitaire.Geometry // compiled layouts given inline, by fingerprint

	searches searches    // winnable deal searches and reshuffles run at once
	bands    bandCache   // difficulty bands of the layouts asked
	fair     fairPlayers // the players of the fair hints (fairhint.go)

	requests  atomic.Int64
	timeouts  atomic.Int64
	rejected  atomic.Int64
	closing   atomic.Bool
	closeOnce sync.Once
}

// New returns a server with cfg, its workers started.
func New(cfg Config) (*Server, error) {
	if cfg.Finder == nil {
		cfg.Finder = &layouts.Finder{GamesRoots: []string{"/"}}
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Queue <= 0 {
		cfg.Queue = DefaultQueue
	} else if cfg.Queue > MaxQueue {
		return nil, fmt.Errorf("server: queue %d is over %d", cfg.Queue, MaxQueue)
	}
	if cfg.SolveTimeout <= 0 {
		cfg.SolveTimeout = DefaultSolveTimeout
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.MaxUpload <= 0 {
		cfg.MaxUpload = DefaultMaxUpload
	}
	if cfg.ReviewSamples < 0 || cfg.ReviewSamples > review.MaxSamples {
		return nil, fmt.Errorf("server: review samples %d: want 0 to %d", cfg.ReviewSamples, review.MaxSamples)
	}
	if cfg.CacheBytes < 0 {
		return nil, fmt.Errorf("server: cache size %d is negative", cfg.CacheBytes)
	} else if cfg.CacheBytes > MaxCacheBytes {
		return nil, fmt.Errorf("server: cache size %d is over %d", cfg.CacheBytes, int64(MaxCacheBytes))
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.Tables != nil && cfg.Tables.Info().CacheErr != nil {
		log.Warn("tw16 tables built in memory", "err", cfg.Tables.Info().CacheErr)
	}
	cache, err := newResultCache(cfg.CacheBytes)
	if err != nil {
		return nil, fmt.Errorf("server: cache: %w", err)
	}
	s := &Server{
		cfg:     cfg,
		log:     log,
		layouts: newLayoutIndex(cfg.Finder),
		cache:   cache,
		start:   time.Now(),
		inline:  make(map[uint64]*solitaire.Geometry),
		// Deal searches and reshuffles take a worker's share of the CPU
		// each; as many run at once as there are workers.
		searches: make(searches, cfg.Workers),
	}
	if cfg.Logs != "" {
		root, err := os.OpenRoot(cfg.Logs)
		if err != nil {
			return nil, fmt.Errorf("server: logs: %w", err)
		}
		s.logs = &logs{dir: cfg.Logs, root: root}
	}
	s.reviews = make(chan struct{}, cfg.Workers)
	s.pool = newPool(cfg.Workers, cfg.Queue)
	s.handler = s.routes()
	return s, nil
}

// Handler returns the server's HTTP handler: the API under /api/, /healthz,
// and the page at /.
func (s *Server) Handler() http.Handler { return s.handler }

// Close refuses new solves, waits for the running ones and stops the
// workers. Call it after the HTTP server has shut down.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.closing.Store(true)
		s.pool.close()
		s.cache.close()
		if s.logs != nil {
			s.logs.root.Close()
		}
	})
}

// Serve serves on ln until ctx is done, then shuts down gracefully. It
// stops accepting connections, lets the requests in flight finish (a solve
// is bounded by Config.SolveTimeout; those still running after that are
// cancelled and answer "unknown"), closes the server and returns nil. It
// returns the error that stopped it otherwise.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	base, cancelBase := context.WithCancel(context.Background())
	defer cancelBase()
	hs := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      s.cfg.SolveTimeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return base },
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	s.log.Info("serving", "addr", ln.Addr().String(), "workers", s.cfg.Workers, "queue", s.cfg.Queue,
		"solve_timeout", s.cfg.SolveTimeout, "cache_bytes", s.cfg.CacheBytes, "layouts", len(s.layouts.entries))
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down: finishing the requests in flight")
	s.closing.Store(true)
	grace, cancel := context.WithTimeout(context.Background(), s.cfg.SolveTimeout+time.Second)
	defer cancel()
	err := hs.Shutdown(grace)
	if err != nil {
		// Requests still running: cancel their solves, which then answer
		// "unknown", and give them a moment to write that.
		cancelBase()
		later, cancel2 := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel2()
		if err = hs.Shutdown(later); err != nil {
			hs.Close()
		}
	}
	s.Close()
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	s.log.Info("stopped")
	return nil
}

// apiHandler is a handler that returns its error instead of writing it.
type apiHandler func(w http.ResponseWriter, r *http.Request) error

// routes builds the handler: each path with its handler per method
// (others get 405 with Allow), a JSON 404 for every other path — also for
// a path that is not clean and a subtree's root without its slash, which
// ServeMux would redirect with an HTML body — and a recover that answers
// 500 rather than let a panic reach the client.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	notFound := func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &httpError{http.StatusNotFound, fmt.Sprintf("no such page: %s", r.URL.Path)})
	}
	route := func(pattern string, methods map[string]apiHandler) {
		allowed := make([]string, 0, len(methods)+1)
		for m := range methods {
			allowed = append(allowed, m)
		}
		if _, ok := methods[http.MethodGet]; ok {
			methods[http.MethodHead] = methods[http.MethodGet]
			allowed = append(allowed, http.MethodHead)
		}
		sort.Strings(allowed)
		allow := strings.Join(allowed, ", ")
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			h, ok := methods[r.Method]
			if !ok {
				w.Header().Set("Allow", allow)
				writeError(w, &httpError{http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed on %s (allowed: %s)", r.Method, r.URL.Path, allow)})
				return
			}
			if err := h(w, r); err != nil {
				var he *httpError
				if !errors.As(err, &he) {
					s.log.Error("internal error", "method", r.Method, "path", r.URL.Path, "err", err)
				}
				writeError(w, err)
			}
		})
	}
	get := func(h apiHandler) map[string]apiHandler { return map[string]apiHandler{http.MethodGet: h} }
	post := func(h apiHandler) map[string]apiHandler { return map[string]apiHandler{http.MethodPost: h} }

	route("/{$}", get(s.handlePage))
	route("/assets/{file...}", get(s.handleAsset))
	mux.HandleFunc("/assets", notFound) // the subtree's root: not ServeMux's redirect to /assets/
	route("/healthz", get(s.handleHealth))
	route("/api/stats", get(s.handleStats))
	route("/api/layouts", get(s.handleLayouts))
	route("/api/layouts/{name...}", get(s.handleLayout))
	route("/api/deal", get(s.handleDeal))
	route("/api/board", post(s.handleBoard))
	route("/api/solve", post(s.handleSolve))
	route("/api/hint", post(s.handleHint))
	route("/api/reshuffle", post(s.handleReshuffle))
	route("/api/fairhint", post(s.handleFairHint))
	route("/api/tw16/{analysis}", post(s.handleTW16))
	route("/api/tw16/hand", post(s.handleHandUpload))
	route("/api/tw16/hand/review", post(s.handleHandReview))
	route("/api/tw16/logs", get(s.handleLogs))
	route("/api/tw16/logs/{name}", get(s.handleLog))
	route("/api/tw16/logs/{name}/review", get(s.handleLogReview))
	mux.HandleFunc("/", notFound)
	return s.recoverer(s.count(cleanPathsOnly(mux)))
}

// cleanPathsOnly answers a path that is not clean ("//", "." or ".."
// segments: curl --path-as-is) with a JSON 404 naming the clean path,
// where ServeMux would redirect to it with an HTML body.
func cleanPathsOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.EscapedPath() // as ServeMux: an escaped "/" (%2F) is no segment's end
		if clean := cleanPath(p); clean != p {
			writeError(w, &httpError{http.StatusNotFound, fmt.Sprintf("no such page: %s (the clean path is %s)", p, clean)})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// cleanPath is p as ServeMux cleans it: rooted, without "//", "." or ".."
// segments, and with its trailing slash kept.
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	np := path.Clean(p)
	if p[len(p)-1] == '/' && np != "/" {
		np += "/"
	}
	return np
}

// count counts requests.
func (s *Server) count(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		next.ServeHTTP(w, r)
	})
}

// recoverer turns a panic in a handler into a logged error and a 500
// answer: never a stack trace to the client.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &recordingWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			buf := make([]byte, 16<<10)
			buf = buf[:runtime.Stack(buf, false)]
			s.log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(buf))
			if !rw.wrote {
				writeError(rw, errors.New("panic"))
			}
		}()
		next.ServeHTTP(rw, r)
	})
}

// recordingWriter remembers whether the header was written.
type recordingWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *recordingWriter) WriteHeader(code int) {
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

func (w *recordingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
