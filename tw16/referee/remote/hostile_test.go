package remote

import (
	"bufio"
	"context"
	"crypto/rand"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/tw16/referee"
)

// hostile is what a hostile client does to the server at addr; it returns
// when it is done (the server has dropped it).
type hostile struct {
	name string
	do   func(t *testing.T, addr string, strict bool)
	log  string // in the server's log
}

// dialT dials addr or fails the test.
func dialT(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Error(err)
		return nil
	}
	return c
}

// serverSays reads what the server says to c (one line, or nothing) until it
// closes c.
func serverSays(c net.Conn) string {
	c.SetReadDeadline(time.Now().Add(easyMoveTime))
	b, _ := io.ReadAll(c)
	return string(b)
}

var hostiles = []hostile{
	{"wrong token", func(t *testing.T, addr string, strict bool) {
		c := dialT(t, addr)
		if c == nil {
			return
		}
		defer c.Close()
		io.WriteString(c, "hello 1 not-the-token-of-anyone command\n")
		if got := serverSays(c); strict && got != "refused token wrong token\n" {
			t.Errorf("wrong token: %q", got)
		}
	}, "dropped: wrong token"},
	{"token one byte off", func(t *testing.T, addr string, strict bool) {
		c := dialT(t, addr)
		if c == nil {
			return
		}
		defer c.Close()
		tok := testTokens["a"]
		io.WriteString(c, "hello 1 "+tok[:len(tok)-1]+"x \n")
		if got := serverSays(c); strict && got != "refused token wrong token\n" {
			t.Errorf("token one byte off: %q", got)
		}
	}, "dropped: wrong token"},
	{"slow login", func(t *testing.T, addr string, strict bool) {
		c := dialT(t, addr)
		if c == nil {
			return
		}
		defer c.Close()
		io.WriteString(c, "hello 1 "+testTokens["a"]) // and never the newline
		if got := serverSays(c); strict && got != "" {
			t.Errorf("slow login: %q", got)
		}
	}, "dropped: no login within 200ms"},
	{"taken seat", func(t *testing.T, addr string, strict bool) {
		c := dialT(t, addr)
		if c == nil {
			return
		}
		defer c.Close()
		io.WriteString(c, "hello 1 "+testTokens["b"]+" an impostor\n")
		if got := serverSays(c); strict && got != "refused taken seat b is taken (its wrapper is connected)\n" {
			t.Errorf("taken seat: %q", got)
		}
	}, "dropped: seat b is taken (its wrapper is connected)"},
	{"10 MB of garbage", func(t *testing.T, addr string, strict bool) {
		c := dialT(t, addr)
		if c == nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 64<<10)
		rand.Read(buf)
		sent := 0
		for sent < 10<<20 {
			n, err := c.Write(buf)
			sent += n
			if err != nil {
				break // the server dropped us
			}
		}
		serverSays(c)
	}, "dropped: garbage: "},
	{"10 MB of lines", func(t *testing.T, addr string, strict bool) {
		c := dialT(t, addr)
		if c == nil {
			return
		}
		defer c.Close()
		w := bufio.NewWriter(c)
		for range (10 << 20) / 32 {
			if _, err := w.WriteString("ping ping ping ping ping ping p\n"); err != nil {
				break
			}
		}
		w.Flush()
		serverSays(c)
	}, "dropped: garbage: "},
	{"a reply before the hello", func(t *testing.T, addr string, strict bool) {
		c := dialT(t, addr)
		if c == nil {
			return
		}
		defer c.Close()
		io.WriteString(c, "reply 5 /throw 110\n")
		if got := serverSays(c); strict && got != "refused garbage garbage: reply before the hello\n" {
			t.Errorf("a reply before the hello: %q", got)
		}
	}, "dropped: garbage: reply before the hello"},
	{"a thousand connections", func(t *testing.T, addr string, strict bool) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		var conns []net.Conn
		for range 1000 {
			wg.Go(func() {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					return // the backlog is full: refused by the kernel
				}
				thousandDialed.Add(1)
				mu.Lock()
				conns = append(conns, c)
				mu.Unlock()
			})
		}
		wg.Wait()
		for _, c := range conns {
			wg.Go(func() {
				serverSays(c)
				c.Close()
			})
		}
		wg.Wait()
	}, "dropped: too many connections logging in at once"},
}

// thousandDialed counts the connections of "a thousand connections" that
// the kernel accepted (each the server must drop).
var thousandDialed atomic.Int64

// TestHostileClients plays a match of four wrappers while hostile clients
// connect: a wrong token, a token one byte off, a login that never ends,
// a second wrapper for a taken seat, 10 MB of garbage, 10 MB of lines
// that are not a hello, a frame out of turn, a thousand connections at
// once. Each is dropped and logged; the match makes the same moves as
// without them, loses no connection, and every transcript replays.
func TestHostileClients(t *testing.T) {
	const hands = 12
	o := referee.Options{Hands: hands, Seed: 3, MoveTime: easyMoveTime}
	o.Players = localPlayers(scripts+"draw-discard.sh", scripts+"false-hu.sh", scripts+"draw-discard.sh")
	_, _, quiet := playMatch(t, o)

	s, lb := newServer(t, ServerOptions{LoginTimeout: 200 * time.Millisecond}, "a", "b", "c", "d")
	for p, n := range []string{"a", "b", "c", "d"} {
		startWrapper(t, s, n, o.Players[p].Command, nil)
	}
	if err := s.WaitAll(context.Background(), easyMoveTime); err != nil {
		t.Fatal(err)
	}
	for p, n := range []string{"a", "b", "c", "d"} {
		o.Players[p].Remote = s.Seat(n)
	}
	// Each hostile client comes alone before the match starts (and gets
	// its own answer), then all of them at once while it is played (most
	// are then too many at once).
	start := time.Now()
	thousandDialed.Store(0)
	for _, h := range hostiles {
		h.do(t, s.Addr().String(), true)
	}
	var wg sync.WaitGroup
	started := make(chan struct{})
	for _, h := range hostiles {
		wg.Go(func() {
			<-started
			h.do(t, s.Addr().String(), false)
		})
	}
	o.OnHand = func(r *referee.HandReport) {
		if r.Scheduled.Index == 0 {
			close(started)
		}
	}
	_, _, loud := playMatch(t, o)
	wg.Wait()
	took := time.Since(start)
	s.Close("the match is over")
	sameMoves(t, loud, quiet)
	st := s.Stats()
	// Every hostile connection dropped once: the others of both rounds,
	// and as many of the thousand as the kernel let through.
	if st.Joins != 4 || st.Lost != 0 || int64(st.Dropped) != int64(2*(len(hostiles)-1))+thousandDialed.Load() || thousandDialed.Load() < 1000 {
		t.Errorf("stats %+v; log:\n%s", st, lb)
	}
	for _, h := range hostiles {
		if lb.count(h.log) == 0 {
			t.Errorf("%s: no %q in the log:\n%s", h.name, h.log, lb)
		}
	}
	// At most 5 lines a second about each kind of dropped connection, and
	// the rest counted.
	if n := lb.count(": dropped: too many connections"); n > 5*(int(took/time.Second)+2) || lb.count(" connections more not shown: too many connections logging in at once") != 1 {
		t.Errorf("%d lines about too many connections in %v:\n%s", n, took, lb)
	}
}
