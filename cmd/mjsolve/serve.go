package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/server"
	"github.com/mjsolve/mjsolve/tw16/review"
)

// serveOptions are the flags of "mjsolve serve".
type serveOptions struct {
	call
	addr         string
	solveTimeout time.Duration
	cacheMB      int
	workers      int
	queue        int
	logs         string
	samples      int
}

func newServeCmd() *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the HTTP API and the web page (boards, hints, solutions, hands)",
		Long: `Serve a JSON API and a web page on --addr: layouts, deals, exact solves and
hints of Mahjong Solitaire boards, and the Taiwanese 16-tile hand analyses.
Open the address in a browser to play a deal, ask for hints and watch its
solution, analyse a hand, or step through a played hand of the referee or
self-play and see its decisions reviewed: a file chosen on the browser's
machine (sent in the request, at most 1 MiB), or one of the hands in --logs
DIR, listed by name (nothing outside DIR is read). A seat's review rates its
decisions against the search evaluator at --review-samples.

Solves run on --workers workers behind a queue of --queue; a request that
finds the queue full is answered 503 at once. A solve that takes longer than
--solve-timeout answers verdict "unknown". Results are cached in --cache-mb
megabytes (0: no cache). Layouts are those "mjsolve layouts list" shows when
the server starts.

SIGINT (Ctrl-C) or SIGTERM stops the server gracefully: the requests in
flight finish, then it exits with status 0.`,
		Example: `  mjsolve serve
  mjsolve serve --addr 127.0.0.1:9000 --cache-mb 256 --solve-timeout 5s
  mjsolve serve --logs sp24
  curl 'http://127.0.0.1:8080/api/deal?layout=turtle&game=3'`,
		Args: cobra.NoArgs,
		RunE: runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "`HOST:PORT` to listen on (port 0: any free port)")
	f.DurationVar(&o.solveTimeout, "solve-timeout", server.DefaultSolveTimeout, "answer \"unknown\" after this long")
	f.IntVar(&o.cacheMB, "cache-mb", 64, "size of the result cache in `MB`, at most 1048576 (0: no cache)")
	f.IntVar(&o.workers, "workers", 0, "solves run at once, at most 4096 (0: one per CPU)")
	f.IntVar(&o.queue, "queue", server.DefaultQueue, "solves that may wait for a worker, at most 1048576; more are refused with 503")
	f.StringVar(&o.logs, "logs", "", "show the played hands in `DIR` (transcripts of tw16 referee --log, tw16 selfplay --log)")
	f.IntVar(&o.samples, "review-samples", review.DefaultSamples, fmt.Sprintf("the evaluator's sampled positions per decision when a seat's decisions are reviewed, at most %d", review.MaxSamples))
	return cmd
}

func (o *serveOptions) run() error {
	switch {
	case o.solveTimeout <= 0:
		return fmt.Errorf("--solve-timeout must be positive (got %v)", o.solveTimeout)
	case o.cacheMB < 0:
		return fmt.Errorf("--cache-mb must not be negative (got %d)", o.cacheMB)
	case o.cacheMB > server.MaxCacheBytes>>20:
		return fmt.Errorf("--cache-mb must be at most %d (got %d)", server.MaxCacheBytes>>20, o.cacheMB)
	case o.workers < 0:
		return fmt.Errorf("--workers must not be negative (got %d)", o.workers)
	case o.workers > maxWorkers:
		return fmt.Errorf("--workers must be at most %d (got %d)", maxWorkers, o.workers)
	case o.queue < 1:
		return fmt.Errorf("--queue must be at least 1 (got %d)", o.queue)
	case o.queue > server.MaxQueue:
		return fmt.Errorf("--queue must be at most %d (got %d)", server.MaxQueue, o.queue)
	}
	if err := inRange("--review-samples", o.samples, 1, review.MaxSamples); err != nil {
		return err
	}
	if o.logs != "" {
		if info, err := os.Stat(o.logs); err != nil {
			return fmt.Errorf("--logs %s: %w", o.logs, errors.Unwrap(err))
		} else if !info.IsDir() {
			return fmt.Errorf("--logs %s: not a directory", o.logs)
		}
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		var op *net.OpError
		if errors.As(err, &op) && op.Err != nil {
			err = op.Err
		}
		return fmt.Errorf("--addr %s: %w", o.addr, err)
	}
	s, err := server.New(server.Config{
		Finder:        layoutFinder(),
		Workers:       o.workers,
		Queue:         o.queue,
		SolveTimeout:  o.solveTimeout,
		CacheBytes:    int64(o.cacheMB) << 20,
		Tables:        tw16Tables(), // the server logs when they could not be cached
		Logs:          o.logs,
		ReviewSamples: o.samples,
		Logger:        slog.New(slog.NewTextHandler(o.stderr, nil)),
	})
	if err != nil {
		ln.Close()
		return failure(err)
	}
	fmt.Fprintf(o.stderr, "mjsolve: serving on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	return failure(s.Serve(o.ctx, ln)) // o.ctx ends on SIGINT or SIGTERM: a graceful stop, exit 0
}
