package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/tw16/referee/remote"
)

// tw16WrapperOptions are the flags of "mjsolve tw16 wrapper".
type tw16WrapperOptions struct {
	call
	remote.WrapperOptions
	token, tokenFile, tlsCA, tlsName string
	tls, insecure                    bool
}

func newTW16WrapperCmd() *cobra.Command {
	o := &tw16WrapperOptions{}
	cmd := &cobra.Command{
		Use:   "wrapper --connect HOST:PORT --token TOKEN [--tls-ca FILE] [flags] -- CMD [ARG...]",
		Short: "Play a remote seat of a referee: run a program here, relay its lines",
		Long: `Log in to a seat of "mjsolve tw16 referee --listen" and play it with a
program on this machine, as the ICGA tournament framework's wrappers do: the
referee sends each hand's lines, the wrapper writes them to the program's
standard input and sends back its replies, with how long the program took
for each (the referee's move time, which includes the network, decides).

The program runs exactly as the referee runs a local player: under /bin/sh -c
(a single CMD is a shell command, "cd bot && ./ai" works; CMD with ARGs runs
as given), one process per hand (/start ... /exit, its input then closed),
or kept from hand to hand with --reuse; a line of 256 bytes or more is a
failure. --log DIR keeps its standard error here (stderr-hand-NNNN.txt from
the hand it started); nothing of it goes to the referee.

The seat is the one whose token --token (or --token-file) gives. After a lost
connection the wrapper logs in again (the hand under way is that program's
failure) and plays from the next hand; it gives up after --retry-for
without a login. It exits 0 when the referee says the match is over, 2 for
a wrong token, 1 when it gives up.

To a HOST that is not loopback it speaks TLS (--tls-ca FILE trusts the
referee's certificate or its CA; --tls trusts the system's CAs), or with
--insecure plain TCP.`,
		Example: `  mjsolve tw16 wrapper --connect referee.example.org:7000 --token-file alice.token \
    --tls-ca referee-cert.pem --log stderr -- mjsolve tw16 bot --strategy advice
  mjsolve tw16 wrapper --connect 127.0.0.1:7000 --token 3f9c... -- 'cd ai && ./longcat'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if cmd.ArgsLenAtDash() != 0 || len(args) == 0 {
				return errors.New("give the program after --: mjsolve tw16 wrapper [flags] -- CMD [ARG...]")
			}
			return nil
		},
		RunE: runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.StringVar(&o.Addr, "connect", "", "the referee's `HOST:PORT`")
	f.StringVar(&o.token, "token", "", "the seat's `TOKEN`")
	f.StringVar(&o.tokenFile, "token-file", "", "read the seat's token from `FILE` (kept out of the process list)")
	f.StringVar(&o.tlsCA, "tls-ca", "", "speak TLS, trusting the certificates in `FILE` (PEM)")
	f.BoolVar(&o.tls, "tls", false, "speak TLS, trusting the system's certificate authorities")
	f.StringVar(&o.tlsName, "tls-name", "", "the `NAME` the referee's certificate must have (default: HOST)")
	f.BoolVar(&o.insecure, "insecure", false, "speak plain TCP to a HOST that is not loopback")
	f.BoolVar(&o.Reuse, "reuse", false, "keep the program running from hand to hand")
	f.StringVar(&o.LogDir, "log", "", "keep the program's standard error under `DIR`")
	f.DurationVar(&o.RetryFor, "retry-for", remote.DefaultRetryFor, "give up after this long (`DURATION`) without a login")
	cmd.MarkFlagFilename("token-file")
	cmd.MarkFlagFilename("tls-ca", "pem", "crt")
	cmd.MarkFlagDirname("log")
	return cmd
}

// shellCommand is the command line args as one /bin/sh -c command: a
// single argument as it is (a shell command), more quoted word by word.
func shellCommand(args []string) string {
	if len(args) == 1 {
		return args[0]
	}
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

func (o *tw16WrapperOptions) run() error {
	o.Command = shellCommand(o.args)
	switch {
	case o.Addr == "":
		return errors.New("give --connect HOST:PORT, the referee's address")
	case (o.token == "") == (o.tokenFile == ""):
		return errors.New("give the seat's token with --token or --token-file (one of them)")
	case strings.TrimSpace(o.Command) == "":
		return errors.New("the program after -- is empty")
	case o.RetryFor <= 0:
		return fmt.Errorf("--retry-for %v: want a positive duration", o.RetryFor)
	case o.LogDir == "" && o.cmd.Flags().Changed("log"):
		return errors.New("--log: give a directory name (or leave --log out to drop the program's stderr)")
	}
	if o.Token = o.token; o.tokenFile != "" {
		b, err := os.ReadFile(o.tokenFile)
		if err != nil {
			return fmt.Errorf("--token-file %s: %w", o.tokenFile, err)
		}
		if o.Token = strings.TrimSpace(string(b)); remote.CheckToken(o.Token) != nil {
			return fmt.Errorf("--token-file %s: %v", o.tokenFile, remote.CheckToken(o.Token))
		}
	} else if err := remote.CheckToken(o.Token); err != nil {
		return fmt.Errorf("--token: %v", err)
	}
	host, _, err := net.SplitHostPort(o.Addr)
	if err != nil {
		return fmt.Errorf("--connect %s: want HOST:PORT", o.Addr)
	}
	if o.tls || o.tlsCA != "" {
		o.TLS = &tls.Config{MinVersion: tls.VersionTLS12, ServerName: host}
		if o.tlsName != "" {
			o.TLS.ServerName = o.tlsName
		}
		if o.tlsCA != "" {
			pem, err := os.ReadFile(o.tlsCA)
			if err != nil {
				return fmt.Errorf("--tls-ca %s: %w", o.tlsCA, err)
			}
			o.TLS.RootCAs = x509.NewCertPool()
			if !o.TLS.RootCAs.AppendCertsFromPEM(pem) {
				return fmt.Errorf("--tls-ca %s: no PEM certificate in it", o.tlsCA)
			}
		}
	} else {
		if o.tlsName != "" {
			return errors.New("--tls-name is for TLS: give --tls-ca FILE or --tls too")
		}
		if !o.insecure && !loopbackHost(host) {
			return fmt.Errorf("--connect %s is not a loopback address: give --tls-ca FILE or --tls (the token and the game would cross the network in clear), or --insecure", o.Addr)
		}
	}
	stderr := &lockedWriter{w: o.stderr}
	o.Log = func(msg string) { fmt.Fprintf(stderr, "mjsolve: %s\n", msg) }
	err = remote.RunWrapper(o.ctx, o.WrapperOptions)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "mjsolve: interrupted")
		return errInterrupted
	}
	if re, ok := errors.AsType[*remote.RefusedError](err); ok {
		return fmt.Errorf("the referee at %s refused the login: %s", o.Addr, re.Why)
	}
	if ge, ok := errors.AsType[*remote.GaveUpError](err); ok {
		return failure(fmt.Errorf("gave up after %v without a login to %s: %v", ge.For, o.Addr, ge.Last))
	}
	return failure(err)
}

// loopbackHost reports whether every address of host is a loopback one.
func loopbackHost(host string) bool {
	if ip := net.ParseIP(host); ip != nil {
		return ip.IsLoopback()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ips, err := net.DefaultResolver.LookupIP(ctx, "ip", host)
	if err != nil || len(ips) == 0 {
		return false
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return false
		}
	}
	return true
}
