package main

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/tw16/referee"
	"github.com/mjsolve/mjsolve/tw16/referee/remote"
)

// remotePrefix marks a --player that a wrapper fills: remote:NAME.
const remotePrefix = "remote:"

// refereeNet are the flags of "mjsolve tw16 referee" for remote seats.
type refereeNet struct {
	listen, tokens      string
	wait, rejoin, beat  time.Duration
	tlsCert, tlsKey     string
	insecure            bool
	remotes             []string // the names of the remote seats, in --player order
	server              *remote.Server
	generated           []remote.SeatToken
	listenAddr, tlsNote string
}

func (n *refereeNet) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&n.listen, "listen", "", "serve the remote seats on `HOST:PORT` (--player remote:NAME)")
	f.StringVar(&n.tokens, "tokens", "", "read each remote seat's token from `FILE` (NAME TOKEN per line; default: make them and print them once)")
	f.DurationVar(&n.wait, "wait", 5*time.Minute, "wait this long (`DURATION`) for every remote seat's wrapper before the first hand")
	f.DurationVar(&n.rejoin, "rejoin-wait", remote.DefaultRejoinWait, "the first hand after a wrapper dropped waits this long (`DURATION`) for it to come back")
	f.DurationVar(&n.beat, "heartbeat", remote.DefaultHeartbeat, "ping each wrapper this often (`DURATION`); 5 silent heartbeats drop a connection")
	f.StringVar(&n.tlsCert, "tls-cert", "", "serve TLS with the certificate (chain) in `FILE` (PEM)")
	f.StringVar(&n.tlsKey, "tls-key", "", "the private key of --tls-cert in `FILE` (PEM)")
	f.BoolVar(&n.insecure, "insecure", false, "allow --listen on an address other than loopback without TLS")
	cmd.MarkFlagFilename("tokens")
	cmd.MarkFlagFilename("tls-cert", "pem", "crt")
	cmd.MarkFlagFilename("tls-key", "pem", "key")
}

// remoteName returns NAME of a --player remote:NAME, and whether it is one.
func remoteName(player string) (string, bool) {
	return strings.CutPrefix(player, remotePrefix)
}

// check checks the network flags against the --player list.
func (n *refereeNet) check(cmd *cobra.Command, players []string) error {
	seen := map[string]bool{}
	for _, p := range players {
		name, ok := remoteName(p)
		if !ok {
			continue
		}
		if err := remote.CheckName(name); err != nil {
			return fmt.Errorf("--player %s: %v", p, err)
		}
		if seen[name] {
			return fmt.Errorf("--player %s given twice: each remote seat needs its own name", p)
		}
		seen[name] = true
		n.remotes = append(n.remotes, name)
	}
	changed := func(names ...string) string {
		for _, f := range names {
			if cmd.Flags().Changed(f) {
				return "--" + f
			}
		}
		return ""
	}
	switch {
	case len(n.remotes) > 0 && n.listen == "":
		return fmt.Errorf("--player %s%s: give --listen HOST:PORT for the wrappers to connect to", remotePrefix, n.remotes[0])
	case len(n.remotes) == 0 && changed("listen", "tokens", "wait", "rejoin-wait", "heartbeat", "tls-cert", "tls-key", "insecure") != "":
		return fmt.Errorf("%s is for remote seats: give --player %sNAME for each", changed("listen", "tokens", "wait", "rejoin-wait", "heartbeat", "tls-cert", "tls-key", "insecure"), remotePrefix)
	case len(n.remotes) == 0:
		return nil
	case (n.tlsCert == "") != (n.tlsKey == ""):
		return errors.New("give --tls-cert and --tls-key together")
	case n.wait <= 0:
		return fmt.Errorf("--wait %v: want a positive duration", n.wait)
	case n.rejoin < 0:
		return fmt.Errorf("--rejoin-wait %v: must not be negative", n.rejoin)
	case n.beat < 10*time.Millisecond:
		return fmt.Errorf("--heartbeat %v: want 10ms or more", n.beat)
	}
	return nil
}

// start reads the tokens, listens and starts the server; log gets its
// events.
func (n *refereeNet) start(stderr io.Writer, log func(string)) error {
	var seats []remote.SeatToken
	if n.tokens != "" {
		f, err := os.Open(n.tokens)
		if err != nil {
			return fmt.Errorf("--tokens %s: %w", n.tokens, err)
		}
		all, err := remote.ReadTokens(f)
		f.Close()
		if te, ok := errors.AsType[*remote.TokensError](err); ok {
			return fmt.Errorf("--tokens %s: line %d: %s", n.tokens, te.Line, te.Why)
		} else if err != nil {
			return fmt.Errorf("--tokens %s: %w", n.tokens, err)
		}
		for _, name := range n.remotes {
			i := -1
			for j, st := range all {
				if st.Name == name {
					i = j
				}
			}
			if i < 0 {
				return fmt.Errorf("--tokens %s has no token for %s (--player %s%s)", n.tokens, name, remotePrefix, name)
			}
			seats = append(seats, all[i])
		}
	} else {
		for _, name := range n.remotes {
			seats = append(seats, remote.SeatToken{Name: name, Token: remote.NewToken()})
		}
		n.generated = seats
	}
	var tlsConf *tls.Config
	if n.tlsCert != "" {
		cert, err := tls.LoadX509KeyPair(n.tlsCert, n.tlsKey)
		if err != nil {
			return fmt.Errorf("--tls-cert %s, --tls-key %s: %w", n.tlsCert, n.tlsKey, err)
		}
		tlsConf = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	addr, err := net.ResolveTCPAddr("tcp", n.listen)
	if err != nil {
		return fmt.Errorf("--listen %s: want HOST:PORT (%v)", n.listen, oneLine(err.Error()))
	}
	if !addr.IP.IsLoopback() && tlsConf == nil && !n.insecure {
		return fmt.Errorf("--listen %s is not a loopback address: give --tls-cert and --tls-key (the tokens and the game would cross the network in clear), or --insecure", n.listen)
	}
	network := "tcp"
	if addr.IP.To4() != nil {
		network = "tcp4" // 0.0.0.0 is IPv4's any address, not IPv6's too
	}
	var l net.Listener
	if l, err = net.ListenTCP(network, addr); err != nil {
		return fmt.Errorf("--listen %s: %w", n.listen, err)
	}
	n.listenAddr, n.tlsNote = l.Addr().String(), "with TLS"
	if tlsConf != nil {
		l = tls.NewListener(l, tlsConf)
	} else {
		n.tlsNote = "without TLS"
	}
	rejoin := n.rejoin
	if rejoin == 0 {
		rejoin = -1 // no wait: the library's zero is its default
	}
	n.server, err = remote.NewServer(l, remote.ServerOptions{Seats: seats, Heartbeat: n.beat, RejoinWait: rejoin, Log: log})
	if err != nil {
		l.Close()
		return failure(err)
	}
	return nil
}

// announce says where the referee listens and, when it made them, the
// tokens (once: they are not kept anywhere).
func (n *refereeNet) announce(w io.Writer) {
	fmt.Fprintf(w, "mjsolve: listening on %s %s for %s\n", n.listenAddr, n.tlsNote, strings.Join(n.remotes, ", "))
	if n.generated != nil {
		fmt.Fprintln(w, "mjsolve: the tokens of the remote seats (shown once; give each to its wrapper):")
		for _, st := range n.generated {
			fmt.Fprintf(w, "%s %s\n", st.Name, st.Token)
		}
	}
}

// describeTimes says how long a remote player's replies took, at the
// referee and in the program: "alice: 412 replies, 52.3ms each at the
// referee (the longest 1.9s), 1.2ms in the program (the longest 1.8s)".
func describeTimes(name string, t referee.ReplyTimes) string {
	mean := func(sum time.Duration, n int) time.Duration {
		return (sum / time.Duration(max(n, 1))).Round(100 * time.Microsecond)
	}
	replies := "replies"
	if t.Replies == 1 {
		replies = "reply"
	}
	s := fmt.Sprintf("%s: %d %s, %v each at the referee (the longest %v)", name, t.Replies, replies,
		mean(t.Referee, t.Replies), t.MaxReferee.Round(time.Millisecond))
	if t.Timed > 0 {
		s += fmt.Sprintf(", %v in the program (the longest %v)", mean(t.Program, t.Timed), t.MaxProgram.Round(time.Millisecond))
	}
	return s
}

// lockedWriter serialises writes from the server's goroutines and the
// match's.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
