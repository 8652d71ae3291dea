package remote

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mjsolve/mjsolve/tw16/referee"
)

// WrapperOptions configure a wrapper.
type WrapperOptions struct {
	// Addr is the referee's HOST:PORT.
	Addr string
	// Token is the seat's secret.
	Token string
	// Command is the program, run under /bin/sh -c exactly as the referee
	// runs a local player (referee.StartProgram): one process per hand, or
	// kept from hand to hand with Reuse.
	Command string
	Reuse   bool
	// LogDir, when set, receives the program's standard error,
	// stderr-hand-NNNN.txt from the hand it started (empty files are
	// removed); it is created if missing. Without it stderr is dropped.
	LogDir string
	// TLS, when set, speaks TLS with this configuration; else plain TCP.
	TLS *tls.Config
	// RetryFor is how long the wrapper keeps trying to log in after it
	// was last connected, or since it started (default 10 minutes).
	RetryFor time.Duration
	// Dial, when set, opens the connection instead of a net.Dialer (a
	// proxy, a test).
	Dial func(ctx context.Context, addr string) (net.Conn, error)
	// Log, when set, gets one line per event: a login, a refusal, a lost
	// connection, a retry.
	Log func(msg string)
}

// DefaultRetryFor is the default of WrapperOptions.RetryFor.
const DefaultRetryFor = 10 * time.Minute

// RefusedError is a login the referee refused for good: a wrong token or
// an unknown version of the wire format.
type RefusedError struct {
	Reason string // token or version
	Why    string // the referee's words
}

func (e *RefusedError) Error() string { return "remote: the referee refused the login: " + e.Why }

// GaveUpError is a wrapper that could not log in for RetryFor.
type GaveUpError struct {
	For  time.Duration
	Last error // the last attempt's error
}

func (e *GaveUpError) Error() string {
	return fmt.Sprintf("remote: no login for %v; the last try: %v", e.For, e.Last)
}

func (e *GaveUpError) Unwrap() error { return e.Last }

// RunWrapper logs in to the referee at o.Addr with o.Token and runs
// o.Command for each hand of the seat, relaying lines both ways and
// timing each reply, until the referee says bye (nil). After a lost
// connection it logs in again and rejoins at the next hand (a program in
// the middle of a hand is stopped: that hand is lost). It returns a
// *RefusedError for a wrong token, a *GaveUpError when no login succeeds
// for RetryFor, or ctx's error when ctx is done (the program is stopped).
func RunWrapper(ctx context.Context, o WrapperOptions) error {
	if err := CheckToken(o.Token); err != nil {
		return fmt.Errorf("remote: %w", err)
	}
	if strings.TrimSpace(o.Command) == "" {
		return errors.New("remote: no command")
	}
	if o.RetryFor <= 0 {
		o.RetryFor = DefaultRetryFor
	}
	if o.LogDir != "" {
		if err := os.MkdirAll(o.LogDir, 0o777); err != nil {
			return fmt.Errorf("remote: log directory: %w", err)
		}
	}
	w := &wrapper{o: o}
	defer w.stopKept()
	last := time.Now()
	backoff := 250 * time.Millisecond
	for {
		conn, fr, hb, name, err := w.login(ctx)
		if err == nil {
			w.logf("logged in to %s as %s", o.Addr, name)
			backoff = 250 * time.Millisecond
			err = w.session(ctx, conn, fr, hb)
			last = time.Now()
			if err == nil {
				return nil
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if re, ok := errors.AsType[*RefusedError](err); ok {
			return re
		}
		if time.Since(last) >= o.RetryFor {
			return &GaveUpError{For: o.RetryFor, Last: err}
		}
		w.logf("%v; trying again in %v", err, backoff)
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return ctx.Err()
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

// wrapper is a running wrapper.
type wrapper struct {
	o    WrapperOptions
	kept *referee.Program // the program kept between hands (Reuse)
}

func (w *wrapper) logf(format string, args ...any) {
	if w.o.Log != nil {
		w.o.Log(fmt.Sprintf(format, args...))
	}
}

func (w *wrapper) stopKept() {
	if w.kept != nil {
		w.kept.Stop()
		w.kept = nil
	}
}

// loginTimeout bounds the dial, the handshake and the hello's answer.
const loginTimeout = 10 * time.Second

// login connects and logs in; it returns the connection and its reader
// (which may hold the frames after the welcome), the heartbeat and the
// seat's name.
func (w *wrapper) login(ctx context.Context) (net.Conn, *frameReader, time.Duration, string, error) {
	dctx, cancel := context.WithTimeout(ctx, loginTimeout)
	defer cancel()
	var conn net.Conn
	var err error
	if w.o.Dial != nil {
		conn, err = w.o.Dial(dctx, w.o.Addr)
	} else {
		var d net.Dialer
		conn, err = d.DialContext(dctx, "tcp", w.o.Addr)
	}
	if err != nil {
		return nil, nil, 0, "", fmt.Errorf("cannot connect: %w", err)
	}
	stop := context.AfterFunc(dctx, func() { conn.SetDeadline(time.Now()) })
	defer stop()
	conn.SetDeadline(time.Now().Add(loginTimeout))
	if w.o.TLS != nil {
		tc := tls.Client(conn, w.o.TLS)
		if err := tc.HandshakeContext(dctx); err != nil {
			conn.Close()
			return nil, nil, 0, "", fmt.Errorf("TLS handshake: %w", err)
		}
		conn = tc
	}
	command := strings.ReplaceAll(w.o.Command, "\n", " ")
	if len(command) > MaxCommand {
		command = command[:MaxCommand]
	}
	hello, err := Frame{Verb: Hello, A: Version, Token: w.o.Token, Text: []byte(command)}.Append(nil)
	if err == nil {
		_, err = conn.Write(hello)
	}
	if err != nil {
		closeConn(conn)
		return nil, nil, 0, "", fmt.Errorf("login: %w", err)
	}
	fr := newFrameReader(conn)
	f, err := fr.next()
	if err != nil {
		closeConn(conn)
		if errors.Is(err, io.EOF) {
			return nil, nil, 0, "", errors.New("login: the referee closed the connection")
		}
		return nil, nil, 0, "", fmt.Errorf("login: %w", err)
	}
	switch f.Verb {
	case Welcome:
	case Refused:
		closeConn(conn)
		reason, why, _ := strings.Cut(string(f.Text), " ")
		if reason == "token" || reason == "version" {
			return nil, nil, 0, "", &RefusedError{Reason: reason, Why: why}
		}
		return nil, nil, 0, "", fmt.Errorf("login refused: %s", why)
	default:
		closeConn(conn)
		return nil, nil, 0, "", fmt.Errorf("login: the referee answered %s", f.Verb)
	}
	hb := time.Duration(f.A) * time.Millisecond
	if hb < 10*time.Millisecond || hb > time.Hour {
		closeConn(conn)
		return nil, nil, 0, "", fmt.Errorf("login: a heartbeat of %v", hb)
	}
	conn.SetDeadline(time.Time{})
	return conn, fr, hb, string(f.Text), nil
}

// op is a frame for the program's goroutine.
type op struct {
	f   Frame
	ctx context.Context // the hand's, done at its kill
}

// maxQueued bounds the frames that wait for the program; a referee that
// sends more is dropped.
const maxQueued = 4096

// errBye ends a session when the referee says bye.
var errBye = errors.New("bye")

// session relays one connection until it ends: nil after bye, else why.
func (w *wrapper) session(ctx context.Context, conn net.Conn, fr *frameReader, hb time.Duration) error {
	defer closeConn(conn)
	stop := context.AfterFunc(ctx, func() { closeConn(conn) })
	defer stop()
	s := &session{w: w, conn: conn, fr: fr, hb: hb, ops: make(chan op, maxQueued)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.run()
	}()
	err := s.read()
	close(s.ops)
	if s.cancel != nil {
		s.cancel()
	}
	closeConn(conn)
	<-done
	if errors.Is(err, errBye) {
		w.logf("the referee said bye: %s", s.bye)
		return nil
	}
	return fmt.Errorf("connection lost: %w", err)
}

// session is one logged-in connection.
type session struct {
	w    *wrapper
	conn net.Conn
	fr   *frameReader
	hb   time.Duration
	ops  chan op
	bye  string

	cancel context.CancelFunc // the hand's context (reader's)

	wmu  sync.Mutex
	wbuf []byte
}

// send writes f; an error closes the connection (the reader then ends).
func (s *session) send(f Frame) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	var err error
	if s.wbuf, err = f.Append(s.wbuf[:0]); err != nil {
		// Only a reply could (a line of the program's is never this long).
		s.wbuf, _ = Frame{Verb: Fail, Text: []byte("a reply the wire format cannot carry")}.Append(s.wbuf[:0])
	}
	s.conn.SetWriteDeadline(time.Now().Add(DeadAfter * s.hb))
	if _, err := s.conn.Write(s.wbuf); err != nil {
		closeConn(s.conn)
	}
}

// read reads the referee's frames: pings are answered here, the rest go
// to the program's goroutine in order.
func (s *session) read() error {
	silence := DeadAfter * s.hb
	for {
		s.conn.SetReadDeadline(time.Now().Add(silence))
		f, err := s.fr.next()
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return fmt.Errorf("no word from the referee for %v", silence)
			}
			return err
		}
		var hctx context.Context
		switch f.Verb {
		case Ping:
			s.send(Frame{Verb: Pong})
			continue
		case Bye:
			s.bye = string(f.Text)
			return errBye
		case Hand:
			if s.cancel != nil {
				s.cancel()
			}
			hctx, s.cancel = context.WithCancel(context.Background())
		case Kill:
			if s.cancel != nil {
				s.cancel()
			}
		case Line:
			f.Text = append([]byte(nil), f.Text...)
		case Read, End:
		default:
			return fmt.Errorf("the referee sent %s", f.Verb)
		}
		select {
		case s.ops <- op{f: f, ctx: hctx}:
		default:
			return fmt.Errorf("the referee sent more than %d frames ahead of the program", maxQueued)
		}
	}
}

// run plays the frames on the program, one after the other.
func (s *session) run() {
	w := s.w
	var (
		prog      *referee.Program
		active    bool // a hand is under way
		failed    string
		limit     time.Duration
		hctx      = context.Background()
		lastWrite time.Time
	)
	fail := func(why string) {
		failed = why
		s.send(Frame{Verb: Fail, Text: []byte(why)})
	}
	for o := range s.ops {
		f := o.f
		switch f.Verb {
		case Hand:
			if active && prog != nil && prog != w.kept {
				prog.Stop() // the referee did not end the last hand
			}
			active, failed, prog = true, "", nil
			limit = time.Duration(f.B) * time.Millisecond
			hctx = o.ctx
			if w.kept != nil {
				if !w.kept.Exited() {
					prog = w.kept
					break
				}
				w.kept.Stop()
				w.kept = nil
			}
			errPath := ""
			if w.o.LogDir != "" {
				errPath = filepath.Join(w.o.LogDir, fmt.Sprintf("stderr-hand-%04d.txt", f.A))
			}
			p, err := referee.StartProgram(w.o.Command, errPath, limit)
			if err != nil {
				fail(err.Error())
				break
			}
			prog = p
			if w.o.Reuse {
				w.kept = p
			}
		case Line:
			if !active || failed != "" || prog == nil {
				break
			}
			if err := prog.Send(f.Text); err != nil {
				fail(err.Error())
				break
			}
			lastWrite = time.Now()
		case Read:
			switch {
			case !active:
				s.send(Frame{Verb: Fail, Text: []byte("no hand under way")})
			case failed != "":
				s.send(Frame{Verb: Fail, Text: []byte(failed)})
			default:
				line, err := prog.ReadLine(hctx, 0)
				switch {
				case err != nil && hctx.Err() != nil:
					failed = "stopped by the referee"
					s.send(Frame{Verb: Fail, Text: []byte(failed)})
				case err != nil:
					fail(err.Error())
				default:
					took := max(time.Since(lastWrite), 0)
					s.send(Frame{Verb: Reply, A: took.Microseconds(), Text: line})
				}
			}
		case End, Kill:
			how := "no program"
			if prog != nil {
				if f.Verb == End && prog == w.kept && failed == "" && !prog.Exited() {
					how = "kept running for the next hand"
				} else {
					prog.CloseInput()
					how = prog.Stop()
					if prog == w.kept {
						w.kept = nil
					}
				}
			}
			active, prog = false, nil
			s.send(Frame{Verb: Ended, Text: []byte(how)})
		}
	}
	// The connection is gone: a program in the middle of a hand cannot go
	// on to the next.
	if active && prog != nil {
		prog.Stop()
		if prog == w.kept {
			w.kept = nil
		}
	}
}
