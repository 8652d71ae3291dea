package remote

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mjsolve/mjsolve/internal/plural"
)

// ServerOptions configure a Server. The zero durations and counts take
// the defaults below.
type ServerOptions struct {
	// Seats are the remote players' names and tokens.
	Seats []SeatToken
	// Heartbeat is how often the referee pings each wrapper (default 2s);
	// a connection silent for DeadAfter heartbeats is dropped, on either
	// side.
	Heartbeat time.Duration
	// LoginTimeout is the time a new connection has for its TLS handshake
	// and its hello (default 5s).
	LoginTimeout time.Duration
	// RejoinWait is how long the first hand after a seat's wrapper has
	// dropped waits for it to come back before the dummy plays the seat
	// (default 10s; negative: no wait). Later hands do not wait for it
	// until it is back.
	RejoinWait time.Duration
	// MaxLogins bounds the connections logging in at once (default 64),
	// MaxLoginsPerHost those from one IP address (default 8): more are
	// dropped at once.
	MaxLogins, MaxLoginsPerHost int
	// Log, when set, gets one line per event: a wrapper that joins or is
	// dropped, a connection refused or dropped before it logged in. Those
	// are shown at most 10 a second; the next line shown counts the ones
	// left out. It is called from the server's goroutines.
	Log func(msg string)
}

// Defaults of ServerOptions.
const (
	DefaultHeartbeat    = 2 * time.Second
	DefaultLoginTimeout = 5 * time.Second
	DefaultRejoinWait   = 10 * time.Second
	// DeadAfter is how many heartbeats of silence drop a connection.
	DeadAfter = 5
)

// Server is the referee's end: it accepts wrappers on a listener, logs
// them in to their seats by token, and gives the referee each remote
// player's program hand by hand (Seat is a referee.Remote). Nothing a
// client sends makes it read or write a file.
type Server struct {
	o     ServerOptions
	l     net.Listener
	seats []*Seat
	hb    time.Duration
	wg    sync.WaitGroup

	mu      sync.Mutex // guards the fields below
	closed  bool
	pending int            // connections logging in
	perHost map[string]int // of those, by IP address
	conns   map[net.Conn]struct{}
	changed chan struct{} // closed and replaced when a seat joins
	stats   ServerStats
	limits  map[string]*logLimit // the lines about dropped connections, by kind
}

// logLimit counts the lines about one kind of dropped connection.
type logLimit struct {
	at     time.Time // start of the second counted
	shown  int       // lines shown in it
	hidden int       // lines left out since the last shown
}

// linesPerKind bounds the lines a second about one kind of dropped
// connection.
const linesPerKind = 5

// ServerStats count what a Server saw.
type ServerStats struct {
	// Joins counts the wrappers that logged in; Dropped the connections
	// dropped or refused before they logged in (a wrong token, no hello in
	// time, garbage, a taken seat, too many at once, a failed TLS
	// handshake); Lost the logged-in connections that ended before Close.
	Joins, Dropped, Lost int
}

// NewServer starts serving wrappers on l (a TLS listener or a plain one)
// for the seats of o, until Close. It refuses seats with bad or repeated
// names or tokens.
func NewServer(l net.Listener, o ServerOptions) (*Server, error) {
	if len(o.Seats) == 0 {
		return nil, errors.New("remote: no seats")
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = DefaultHeartbeat
	}
	if o.LoginTimeout <= 0 {
		o.LoginTimeout = DefaultLoginTimeout
	}
	if o.RejoinWait == 0 {
		o.RejoinWait = DefaultRejoinWait
	}
	if o.MaxLogins <= 0 {
		o.MaxLogins = 64
	}
	if o.MaxLoginsPerHost <= 0 {
		o.MaxLoginsPerHost = 8
	}
	s := &Server{o: o, l: l, hb: o.Heartbeat, perHost: map[string]int{}, conns: map[net.Conn]struct{}{},
		changed: make(chan struct{}), limits: map[string]*logLimit{}}
	names, tokens := map[string]bool{}, map[string]bool{}
	for _, st := range o.Seats {
		if err := CheckName(st.Name); err != nil {
			return nil, fmt.Errorf("remote: seat %q: %w", st.Name, err)
		}
		if err := CheckToken(st.Token); err != nil {
			return nil, fmt.Errorf("remote: the token of %s: %w", st.Name, err)
		}
		if names[st.Name] || tokens[st.Token] {
			return nil, fmt.Errorf("remote: seat %s or its token given twice", st.Name)
		}
		names[st.Name], tokens[st.Token] = true, true
		s.seats = append(s.seats, &Seat{s: s, name: st.Name, hash: sha256.Sum256([]byte(st.Token))})
	}
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// Addr is the listener's address.
func (s *Server) Addr() net.Addr { return s.l.Addr() }

// Seat returns the seat named name (nil if there is none).
func (s *Server) Seat(name string) *Seat {
	for _, st := range s.seats {
		if st.name == name {
			return st
		}
	}
	return nil
}

// Stats returns what the server has seen so far.
func (s *Server) Stats() ServerStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// WaitError is a wait for the wrappers that ended with some missing.
type WaitError struct {
	Missing []string // the names of the seats not connected
	Waited  time.Duration
}

func (e *WaitError) Error() string {
	return fmt.Sprintf("remote: after %v, no wrapper for %s", e.Waited, strings.Join(e.Missing, ", "))
}

// WaitAll waits until every seat has a wrapper connected, for at most d: a
// *WaitError names the seats still missing then; ctx's error when ctx is
// done first.
func (s *Server) WaitAll(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		s.mu.Lock()
		changed := s.changed
		s.mu.Unlock()
		var missing []string
		for _, st := range s.seats {
			if !st.Connected() {
				missing = append(missing, st.name)
			}
		}
		if missing == nil {
			return nil
		}
		select {
		case <-changed:
		case <-timer.C:
			return &WaitError{Missing: missing, Waited: d}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Close stops accepting, says bye with why to every wrapper (they exit)
// and closes every connection. A program under way fails.
func (s *Server) Close(why string) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	err := s.l.Close()
	var live []*wconn
	for _, st := range s.seats {
		st.mu.Lock()
		if st.conn != nil {
			live = append(live, st.conn)
		}
		st.mu.Unlock()
	}
	for _, c := range live {
		c.write(Frame{Verb: Bye, Text: []byte(why)}, time.Second)
		c.drop("")
	}
	s.mu.Lock()
	for c := range s.conns {
		closeConn(c)
	}
	s.mu.Unlock()
	s.wg.Wait()
	s.mu.Lock()
	var hidden []string
	for kind, lim := range s.limits {
		if lim.hidden > 0 {
			hidden = append(hidden, fmt.Sprintf("%s more not shown: %s", plural.Count(lim.hidden, "connection"), kind))
			lim.hidden = 0
		}
	}
	s.mu.Unlock()
	slices.Sort(hidden)
	for _, h := range hidden {
		s.logf("%s", h)
	}
	return err
}

func (s *Server) logf(format string, args ...any) {
	if s.o.Log != nil {
		s.o.Log(fmt.Sprintf(format, args...))
	}
}

// hostile counts and logs a connection dropped before it logged in: why
// says why, and its first words (up to a colon) the kind, of which at
// most linesPerKind lines a second are shown.
func (s *Server) hostile(addr, why string) {
	kind, _, _ := strings.Cut(why, ":")
	s.mu.Lock()
	s.stats.Dropped++
	lim := s.limits[kind]
	if lim == nil {
		lim = &logLimit{}
		s.limits[kind] = lim
	}
	now := time.Now()
	if now.Sub(lim.at) >= time.Second {
		lim.at, lim.shown = now, 0
	}
	if lim.shown >= linesPerKind {
		lim.hidden++
		s.mu.Unlock()
		return
	}
	lim.shown++
	msg := addr + ": dropped: " + why
	if lim.hidden > 0 {
		msg += fmt.Sprintf(" (and %d more like it not shown)", lim.hidden)
		lim.hidden = 0
	}
	s.mu.Unlock()
	s.logf("%s", msg)
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		c, err := s.l.Accept()
		if err != nil {
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed || errors.Is(err, net.ErrClosed) {
				return
			}
			// Out of file descriptors, most often: wait a moment.
			s.logf("accept: %v", err)
			time.Sleep(50 * time.Millisecond)
			continue
		}
		addr := c.RemoteAddr().String()
		host, _, _ := net.SplitHostPort(addr)
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			return
		}
		if s.pending >= s.o.MaxLogins || s.perHost[host] >= s.o.MaxLoginsPerHost {
			s.mu.Unlock()
			c.Close()
			s.hostile(addr, "too many connections logging in at once")
			continue
		}
		s.pending++
		s.perHost[host]++
		s.conns[c] = struct{}{}
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			if !s.login(c, addr) {
				closeConn(c)
			}
			s.mu.Lock()
			s.pending--
			if s.perHost[host]--; s.perHost[host] == 0 {
				delete(s.perHost, host)
			}
			delete(s.conns, c)
			s.mu.Unlock()
		}()
	}
}

// closeConn closes c at once: a TLS connection without its close_notify,
// which would wait for a peer that may never read it.
func closeConn(c net.Conn) {
	if tc, ok := c.(*tls.Conn); ok {
		tc.NetConn().Close()
		return
	}
	c.Close()
}

// refuse sends a refusal (best effort) and logs the connection as
// dropped.
func (s *Server) refuse(c net.Conn, addr, reason, why string) {
	c.SetWriteDeadline(time.Now().Add(time.Second))
	if b, err := (Frame{Verb: Refused, Text: []byte(reason + " " + why)}).Append(nil); err == nil {
		c.Write(b)
	}
	s.hostile(addr, why)
}

// login reads the hello of c within the login time and seats it; it
// reports whether c now belongs to a seat (else the caller closes it).
func (s *Server) login(c net.Conn, addr string) bool {
	c.SetDeadline(time.Now().Add(s.o.LoginTimeout))
	if tc, ok := c.(*tls.Conn); ok {
		if err := tc.Handshake(); err != nil {
			s.hostile(addr, "TLS handshake: "+loginError(err, s.o.LoginTimeout))
			return false
		}
	}
	fr := newFrameReader(c)
	f, err := fr.next()
	if err != nil {
		var fe *FrameError
		if errors.As(err, &fe) {
			s.refuse(c, addr, "garbage", "garbage: "+fe.Why)
		} else {
			s.hostile(addr, loginError(err, s.o.LoginTimeout))
		}
		return false
	}
	if f.Verb != Hello {
		s.refuse(c, addr, "garbage", fmt.Sprintf("garbage: %s before the hello", f.Verb))
		return false
	}
	if f.A != Version {
		s.refuse(c, addr, "version", fmt.Sprintf("wire format version %d (this referee speaks %d)", f.A, Version))
		return false
	}
	st := s.match(f.Token)
	if st == nil {
		s.refuse(c, addr, "token", "wrong token")
		return false
	}
	command := strings.ToValidUTF8(string(f.Text), "\uFFFD")
	wc := &wconn{s: s, seat: st, c: c, addr: addr, command: command, fr: fr, dead: make(chan struct{})}
	st.mu.Lock()
	if st.conn != nil {
		st.mu.Unlock()
		s.refuse(c, addr, "taken", "seat "+st.name+" is taken (its wrapper is connected)")
		return false
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		st.mu.Unlock()
		return false
	}
	st.conn = wc
	st.dropped, st.waited = false, false
	s.stats.Joins++
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
	st.mu.Unlock()
	if err := wc.write(Frame{Verb: Welcome, A: s.hb.Milliseconds(), Text: []byte(st.name)}, s.o.LoginTimeout); err != nil {
		wc.drop("welcome: " + err.Error())
		return true
	}
	c.SetDeadline(time.Time{})
	s.logf("%s joined from %s (%s)", st.name, addr, quoteCommand(command))
	s.wg.Add(2)
	go wc.read()
	go wc.ping()
	return true
}

// quoteCommand shows a wrapper's command in a log line.
func quoteCommand(c string) string {
	if c == "" {
		return "no command named"
	}
	return fmt.Sprintf("%.80q", c)
}

// loginError describes why a login read failed.
func loginError(err error, limit time.Duration) string {
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fmt.Sprintf("no login within %v", limit)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "closed before its hello"
	case errors.Is(err, net.ErrClosed):
		return "the referee is closing"
	}
	return err.Error()
}

// match returns the seat whose token is tok, or nil, comparing the
// token's hash with every seat's in constant time: the time taken does
// not depend on which seat, if any, matches, nor on how much of a token
// does.
func (s *Server) match(tok string) *Seat {
	h := sha256.Sum256([]byte(tok))
	found := 0
	for i, st := range s.seats {
		found = subtle.ConstantTimeSelect(subtle.ConstantTimeCompare(h[:], st.hash[:]), i+1, found)
	}
	if found == 0 {
		return nil
	}
	return s.seats[found-1]
}
