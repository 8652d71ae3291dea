package remote

import (
	"bytes"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// frameSeeds are frames of every verb, and some near misses.
var frameSeeds = []string{
	"hello 1 aaaaaaaaaaaaaaaa-token-of-a mjsolve tw16 bot --seed 3",
	"hello 1 aaaaaaaaaaaaaaaa-token-of-a ",
	"welcome 2000 alice", "refused token wrong token", "hand 12 3000", "line /ask throw",
	"line ", "read", "end", "kill", "ping", "pong", "reply 1234 /throw 112", "reply 0 ",
	"fail exited (exit status 1)", "ended exit status 0", "bye the match is over",
	"hand 01 3000", "hand 1 -3", "hand 1 3000 4", "read ", "reply 12", "hello 2 short", "ping\r",
	"reply 9999999999999 x", "line \xff\x00\r",
}

// FuzzParseFrame: any line either parses to a frame that formats back to
// the same bytes, or is a *FrameError; nothing panics.
func FuzzParseFrame(f *testing.F) {
	for _, s := range frameSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		fr, err := ParseFrame(line)
		if err != nil {
			if _, ok := err.(*FrameError); !ok {
				t.Fatalf("%q: %T %v", line, err, err)
			}
			return
		}
		b, err := fr.Append(nil)
		if err != nil {
			t.Fatalf("%q parses to %+v, which does not format: %v", line, fr, err)
		}
		if !bytes.Equal(b, append(bytes.Clone(line), '\n')) {
			t.Fatalf("%q formats back to %q", line, b)
		}
		if bytes.IndexByte(line, '\n') >= 0 {
			t.Fatalf("%q: a frame with a newline", line)
		}
	})
}

// fuzzServer is one server for the login fuzzer, on a listener nobody
// dials.
var fuzzServer = sync.OnceValues(func() (*Server, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	return NewServer(l, ServerOptions{LoginTimeout: 100 * time.Millisecond, Heartbeat: time.Hour,
		Seats: []SeatToken{{"a", testTokens["a"]}, {"b", testTokens["b"]}}})
})

// FuzzLogin sends anything as a new connection's first bytes: the login
// succeeds exactly when they begin with a hello line of version 1 with a
// seat's token (seating that seat, its wrapper's command the hello's); any
// other input is answered at most one refusal and dropped; nothing
// panics.
func FuzzLogin(f *testing.F) {
	for _, s := range frameSeeds {
		f.Add([]byte(s + "\n"))
	}
	f.Add([]byte("hello 1 " + testTokens["b"] + " x\nreply 1 /pass\n"))
	f.Add([]byte("hello 1 " + testTokens["a"] + " y\n"))
	f.Add([]byte("hello 1 " + testTokens["a"]))
	f.Add([]byte(strings.Repeat("x", 2000)))
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := fuzzServer()
		if err != nil {
			t.Fatal(err)
		}
		// The oracle: the first line, split by hand.
		var want *Seat
		command := ""
		if line, _, ok := bytes.Cut(in, []byte("\n")); ok && len(line)+1 <= MaxFrame {
			if rest, ok := strings.CutPrefix(string(line), "hello 1 "); ok {
				tok, cmd, ok := strings.Cut(rest, " ")
				for _, name := range []string{"a", "b"} {
					if ok && tok == testTokens[name] && len(cmd) <= MaxCommand {
						want, command = s.Seat(name), strings.ToValidUTF8(cmd, "\uFFFD")
					}
				}
			}
		}
		client, server := net.Pipe()
		said := make(chan []byte)
		go func() {
			client.SetDeadline(time.Now().Add(time.Second))
			go client.Write(in)
			b, _ := io.ReadAll(io.LimitReader(client, MaxFrame))
			said <- b
		}()
		seated := s.login(server, "fuzz")
		var got *Seat
		for _, name := range []string{"a", "b"} {
			if c := s.Seat(name).current(); c != nil && c.c == server {
				got = s.Seat(name)
				if c.command != command {
					t.Errorf("%q: the command %q, want %q", in, c.command, command)
				}
				c.drop("the fuzzer is done")
			}
		}
		if !seated {
			server.Close()
		}
		client.Close()
		b := <-said
		if seated != (want != nil) || got != want {
			t.Fatalf("%q: seated %v at %v, want %v", in, seated, got, want)
		}
		if !seated && len(b) > 0 && (!bytes.HasPrefix(b, []byte("refused ")) || bytes.Count(b, []byte("\n")) != 1) {
			t.Fatalf("%q: the server said %q", in, b)
		}
	})
}

// FuzzRelay sends a logged-in wrapper's frames to the referee's side of a
// hand in any state: each is taken exactly when a simple model of the
// rules allows it (a reply or fail answers a read; one fail a hand on its
// own; ended answers end or kill once every read is answered; pong
// answers ping; nothing else), and refused (the connection then dropped)
// otherwise; nothing panics.
func FuzzRelay(f *testing.F) {
	f.Add(byte(1), []byte("reply 5 /pass\nfail x\nfail y\nended z\n"))
	f.Add(byte(0x12), []byte("pong\npong\nended z\n"))
	f.Add(byte(0x06), []byte("fail x\nfail y\nreply 1 /hu\nended ok\nended again\n"))
	f.Add(byte(0), []byte("hello 1 aaaaaaaaaaaaaaaa-token-of-a x\n"))
	f.Fuzz(func(t *testing.T, state byte, in []byte) {
		s := &Server{hb: time.Hour}
		st := &Seat{s: s, name: "a"}
		c := &wconn{s: s, seat: st, c: nopConn{}, dead: make(chan struct{})}
		st.conn = c
		p := &proc{c: c, limit: time.Second, answers: make(chan answer, 1), failed: make(chan struct{}), ended: make(chan struct{})}
		// The state: reads outstanding (0–3), a ping out, end asked, a hand.
		c.reads = int(state & 3)
		c.pingOut = state&4 != 0
		p.endAsked = state&8 != 0
		if state&16 != 0 {
			c.proc = p
		}
		reads, pingOut, failSeen, ended := c.reads, c.pingOut, false, false
		hand := c.proc != nil
		for line := range bytes.Lines(in) {
			line = bytes.TrimSuffix(line, []byte("\n"))
			fr, err := ParseFrame(line)
			if err != nil {
				continue
			}
			ok := false
			switch fr.Verb {
			case Pong:
				ok, pingOut = pingOut, false
			case Reply:
				if ok = reads > 0; ok {
					reads--
				}
			case Fail:
				switch {
				case reads > 0:
					ok = true
					reads--
				case hand && !failSeen && !ended:
					ok, failSeen = true, true
				}
			case Ended:
				if ok = hand && p.endAsked && !ended && reads == 0; ok {
					ended = true
				}
			}
			err = c.handle(fr)
			if (err == nil) != ok {
				t.Fatalf("%q in state %#x: handled %v, want %v", line, state, err, ok)
			}
			if err != nil {
				return // the connection is dropped
			}
			if c.reads != reads || c.reads < 0 {
				t.Fatalf("%q: %d reads outstanding, want %d", line, c.reads, reads)
			}
		}
	})
}

// nopConn is a connection that takes everything and gives nothing.
type nopConn struct{ net.Conn }

func (nopConn) Close() error { return nil }

// FuzzWrapperFrames sends anything to a wrapper's session as the referee:
// it ends with an error or after bye, answers pings, and passes the
// program's frames on in order; nothing panics.
func FuzzWrapperFrames(f *testing.F) {
	for _, s := range frameSeeds {
		f.Add([]byte(s + "\nping\nbye done\n"))
	}
	f.Add([]byte("hand 1 3000\nline /start MJ 1 x\nread\nkill\nhand 2 3000\nend\nping\nbye over\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		client, server := net.Pipe()
		defer client.Close()
		s := &session{w: &wrapper{}, conn: client, fr: newFrameReader(client), hb: time.Hour, ops: make(chan op, maxQueued)}
		out := make(chan []byte)
		go func() {
			server.SetDeadline(time.Now().Add(2 * time.Second))
			go func() {
				server.Write(in)
				server.Close() // the wrapper reads to the end, then EOF
			}()
			b, _ := io.ReadAll(server)
			out <- b
		}()
		err := s.read()
		close(s.ops)
		client.Close()
		said := <-out
		server.Close()
		if err == nil {
			t.Fatal("read ended without an error")
		}
		for o := range s.ops {
			switch o.f.Verb {
			case Hand, Line, Read, End, Kill:
			default:
				t.Fatalf("%q: %s passed on to the program", in, o.f.Verb)
			}
			if (o.f.Verb == Hand) != (o.ctx != nil) {
				t.Fatalf("%q: %s with context %v", in, o.f.Verb, o.ctx)
			}
		}
		for line := range bytes.Lines(said) {
			if string(line) != "pong\n" {
				t.Fatalf("%q: the wrapper said %q", in, line)
			}
		}
	})
}
