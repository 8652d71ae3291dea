package remote

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mjsolve/mjsolve/tw16/referee"
)

// Seat is one remote player's seat on a Server: a referee.Remote that
// gives the referee, hand by hand, the program that the seat's wrapper
// runs.
type Seat struct {
	s    *Server
	name string
	hash [sha256Size]byte

	mu      sync.Mutex // guards the fields below
	conn    *wconn     // the wrapper logged in (nil: none)
	dropped bool       // its wrapper dropped since it last played a hand
	waited  bool       // a hand has waited for it to come back since
}

const sha256Size = 32

// Name returns the seat's name.
func (st *Seat) Name() string { return st.name }

// Connected reports whether the seat's wrapper is logged in.
func (st *Seat) Connected() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.conn != nil
}

// Join starts hand (from 1) at the seat's wrapper, whose program has
// limit for each reply, and returns the program. When no wrapper is
// logged in it returns an error wrapping referee.ErrAbsent, after waiting
// up to ServerOptions.RejoinWait if this is the first hand since the
// wrapper dropped.
func (st *Seat) Join(ctx context.Context, hand int, limit time.Duration) (referee.Process, referee.RemoteInfo, error) {
	st.mu.Lock()
	c := st.conn
	wait := c == nil && st.dropped && !st.waited && st.s.o.RejoinWait > 0
	if wait {
		st.waited = true
	}
	st.mu.Unlock()
	if wait {
		timer := time.NewTimer(st.s.o.RejoinWait)
		defer timer.Stop()
	waiting:
		for {
			st.s.mu.Lock()
			changed := st.s.changed
			st.s.mu.Unlock()
			if c = st.current(); c != nil {
				break
			}
			select {
			case <-changed:
			case <-timer.C:
				c = st.current()
				break waiting
			case <-ctx.Done():
				return nil, referee.RemoteInfo{}, ctx.Err()
			}
		}
		if c == nil {
			return nil, referee.RemoteInfo{}, fmt.Errorf("%w: the wrapper of %s did not come back within %v", referee.ErrAbsent, st.name, st.s.o.RejoinWait)
		}
	}
	if c == nil {
		return nil, referee.RemoteInfo{}, fmt.Errorf("%w: the wrapper of %s is not connected", referee.ErrAbsent, st.name)
	}
	st.mu.Lock()
	if st.conn == c {
		st.dropped, st.waited = false, false
	}
	st.mu.Unlock()
	p := &proc{c: c, limit: limit, answers: make(chan answer, 1), failed: make(chan struct{}), ended: make(chan struct{})}
	c.mu.Lock()
	c.proc = p
	c.mu.Unlock()
	// An error here drops the connection: the program's first line fails.
	c.write(Frame{Verb: Hand, A: int64(hand), B: max(limit.Milliseconds(), 1)}, limit)
	return p, referee.RemoteInfo{Command: c.command, Addr: c.addr}, nil
}

// current returns the seat's connection (nil: none).
func (st *Seat) current() *wconn {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.conn
}

// wconn is a wrapper's connection once it has logged in.
type wconn struct {
	s       *Server
	seat    *Seat
	c       net.Conn
	addr    string
	command string
	fr      *frameReader

	wmu  sync.Mutex // guards wbuf and writes to c
	wbuf []byte

	mu      sync.Mutex // guards the fields below
	reads   int        // reads not answered yet
	pingOut bool       // a ping not answered yet
	proc    *proc      // the hand under way
	why     string     // why the connection was dropped
	dead    chan struct{}
}

// write sends f within limit; an error drops the connection.
func (c *wconn) write(f Frame, limit time.Duration) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	select {
	case <-c.dead:
		return c.lost()
	default:
	}
	var err error
	if c.wbuf, err = f.Append(c.wbuf[:0]); err != nil {
		return err // a bug: the referee made a frame the format cannot carry
	}
	c.c.SetWriteDeadline(time.Now().Add(limit))
	if _, err := c.c.Write(c.wbuf); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			c.drop(fmt.Sprintf("%s not taken within %v", f.Verb, limit))
		} else {
			c.drop("write: " + err.Error())
		}
		return c.lost()
	}
	return nil
}

// lost is the error of a dropped connection.
func (c *wconn) lost() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Errorf("connection to the wrapper lost: %s", c.why)
}

// drop closes the connection once, frees its seat and logs why (nothing
// once the server is closing).
func (c *wconn) drop(why string) {
	c.mu.Lock()
	select {
	case <-c.dead:
		c.mu.Unlock()
		return
	default:
	}
	if why == "" {
		c.why = "the referee closed it"
	} else {
		c.why = why
	}
	close(c.dead)
	c.mu.Unlock()
	closeConn(c.c)
	st := c.seat
	st.mu.Lock()
	if st.conn == c {
		st.conn = nil
		st.dropped, st.waited = true, false
	}
	st.mu.Unlock()
	c.s.mu.Lock()
	closing := c.s.closed
	if !closing {
		c.s.stats.Lost++
	}
	c.s.mu.Unlock()
	if !closing {
		c.s.logf("%s: connection from %s dropped: %s", st.name, c.addr, why)
	}
}

// read reads the wrapper's frames until the connection ends; a wrapper
// silent for DeadAfter heartbeats, or that sends what it was not asked
// for, is dropped.
func (c *wconn) read() {
	defer c.s.wg.Done()
	silence := DeadAfter * c.s.hb
	for {
		c.c.SetReadDeadline(time.Now().Add(silence))
		f, err := c.fr.next()
		if err == nil {
			err = c.handle(f)
		}
		if err != nil {
			var fe *FrameError
			switch {
			case errors.As(err, &fe):
				c.drop(err.Error())
			case errors.Is(err, os.ErrDeadlineExceeded):
				c.drop(fmt.Sprintf("no word from the wrapper for %v", silence))
			default:
				c.drop("read: " + err.Error())
			}
			return
		}
	}
}

// protocolError is a frame a wrapper was not asked for.
func protocolError(format string, args ...any) error {
	return &FrameError{Why: fmt.Sprintf(format, args...)}
}

// handle takes one frame from the wrapper.
func (c *wconn) handle(f Frame) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.proc
	switch f.Verb {
	case Pong:
		if !c.pingOut {
			return protocolError("a pong without a ping")
		}
		c.pingOut = false
	case Reply, Fail:
		if c.reads > 0 {
			c.reads--
			a := answer{}
			if f.Verb == Reply {
				a.line = append([]byte(nil), f.Text...)
				a.took = time.Duration(f.A) * time.Microsecond
			} else {
				a.fail = failText(f.Text)
			}
			if p != nil {
				select {
				case p.answers <- a:
				default: // the answer to a read given up: dropped
				}
			}
			return nil
		}
		// Once a hand, on its own: a line the program could not take, a
		// program that could not start (maybe as the referee ends the
		// hand, which then does not count it).
		if f.Verb == Fail && p != nil && !p.failSeen && p.how == "" {
			p.failSeen = true
			p.failErr = errors.New(failText(f.Text))
			close(p.failed)
			return nil
		}
		return protocolError("a %s it was not asked for", f.Verb)
	case Ended:
		if p == nil || !p.endAsked || p.how != "" {
			return protocolError("ended without end or kill")
		}
		if c.reads > 0 {
			return protocolError("ended before answering every read")
		}
		p.how = failText(f.Text)
		if p.how == "" {
			p.how = "ended"
		}
		close(p.ended)
	default:
		return protocolError("%s from a wrapper", f.Verb)
	}
	return nil
}

// failText is a wrapper's text for a failure or an end, made valid UTF-8.
func failText(b []byte) string {
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// ping pings the wrapper every heartbeat until the connection ends.
func (c *wconn) ping() {
	defer c.s.wg.Done()
	t := time.NewTicker(c.s.hb)
	defer t.Stop()
	for {
		select {
		case <-c.dead:
			return
		case <-t.C:
		}
		c.mu.Lock()
		out := c.pingOut
		c.pingOut = true
		c.mu.Unlock()
		if !out && c.write(Frame{Verb: Ping}, DeadAfter*c.s.hb) != nil {
			return
		}
	}
}

// answer is a wrapper's answer to a read: the program's line and its
// time, or why the program failed.
type answer struct {
	line []byte
	took time.Duration
	fail string
}

// proc is one hand of a remote seat's program: a referee.Process.
type proc struct {
	c     *wconn
	limit time.Duration

	answers chan answer
	// Guarded by c.mu: failErr and failSeen (an unsolicited fail, closes
	// failed), endAsked (end or kill sent), how (the ended text, closes
	// ended).
	failSeen bool
	failErr  error
	failed   chan struct{}
	endAsked bool
	how      string
	ended    chan struct{}
	stopped  string
}

// failure returns the program's failure the wrapper reported, or the
// connection's loss, or nil.
func (p *proc) failure() error {
	select {
	case <-p.failed:
		return p.failErr
	case <-p.c.dead:
		return p.c.lost()
	default:
		return nil
	}
}

// Send sends line to the program.
func (p *proc) Send(line []byte) error {
	if err := p.failure(); err != nil {
		return err
	}
	return p.c.write(Frame{Verb: Line, Text: line}, p.limit)
}

// Recv asks for the program's next line and waits for it within the move
// time, on the referee's clock; took is the program's own time as its
// wrapper measured it.
func (p *proc) Recv(ctx context.Context) ([]byte, time.Duration, error) {
	if err := p.failure(); err != nil {
		return nil, -1, err
	}
	timer := time.NewTimer(p.limit)
	defer timer.Stop()
	p.c.mu.Lock()
	p.c.reads++
	p.c.mu.Unlock()
	if err := p.c.write(Frame{Verb: Read}, p.limit); err != nil {
		return nil, -1, err
	}
	select {
	case a := <-p.answers:
		if a.fail != "" {
			return nil, -1, errors.New(a.fail)
		}
		return a.line, a.took, nil
	case <-p.failed:
		return nil, -1, p.failErr
	case <-p.c.dead:
		return nil, -1, p.c.lost()
	case <-timer.C:
		return nil, -1, fmt.Errorf("no reply within %v", p.limit)
	case <-ctx.Done():
		return nil, -1, ctx.Err()
	}
}

// CloseInput tells the wrapper that the hand is over.
func (p *proc) CloseInput() {
	p.c.mu.Lock()
	asked := p.endAsked
	p.endAsked = true
	p.c.mu.Unlock()
	if !asked {
		p.c.write(Frame{Verb: End}, p.limit)
	}
}

// Stop tells the wrapper to stop the program (unless CloseInput did) and
// waits for it to say how the program ended, for StopGrace and the move
// time (2s at least) at most: a wrapper that does not answer by then is
// dropped.
func (p *proc) Stop() string {
	if p.stopped != "" {
		return p.stopped
	}
	p.c.mu.Lock()
	asked := p.endAsked
	p.endAsked = true
	p.c.mu.Unlock()
	if !asked {
		p.c.write(Frame{Verb: Kill}, p.limit)
	}
	wait := referee.StopGrace + max(p.limit, 2*time.Second)
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-p.ended:
		p.stopped = p.how
	case <-p.c.dead:
		p.stopped = p.c.lost().Error()
	case <-timer.C:
		p.c.drop(fmt.Sprintf("did not say within %v that its program ended", wait))
		p.stopped = p.c.lost().Error()
	}
	p.c.mu.Lock()
	if p.c.proc == p {
		p.c.proc = nil
	}
	p.c.mu.Unlock()
	return p.stopped
}
