package main

import (
	"bufio"
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// remoteTokens are the tokens of the test's remote seats a1 … a4.
var remoteTokens = []string{"token-of-seat-one-0001", "token-of-seat-two-0002", "token-of-seat-three-03", "token-of-seat-four-004"}

// writeTokens writes a tokens file for seats a1 … a4.
func writeTokens(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("# the test's seats\n")
	for i, tok := range remoteTokens {
		fmt.Fprintf(&b, "a%d %s\n", i+1, tok)
	}
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeCert writes a self-signed certificate for the IP addresses ips and
// its key, as PEM files; it returns their paths.
func writeCert(t *testing.T, ips ...string) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "mjsolve test referee"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames: []string{"referee.test"}, BasicConstraintsValid: true,
	}
	for _, ip := range ips {
		tmpl.IPAddresses = append(tmpl.IPAddresses, net.ParseIP(ip))
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	return certFile, keyFile
}

// proc is a command of the test running in the background.
type proc struct {
	cmd    *exec.Cmd
	stdout bytes.Buffer
	mu     sync.Mutex
	stderr bytes.Buffer
	lines  chan string // the lines of stderr as they come
	done   chan struct{}
	err    error
}

// startProc starts cmd (wrapped, e.g. by "ip netns exec", when prefix is
// given) and reads its stderr line by line.
func startProc(t *testing.T, cmd *exec.Cmd) *proc {
	t.Helper()
	p := &proc{cmd: cmd, lines: make(chan string, 10000), done: make(chan struct{})}
	cmd.Stdout = &p.stdout
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(p.done)
		sc := bufio.NewScanner(errPipe)
		for sc.Scan() {
			p.mu.Lock()
			p.stderr.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
			select {
			case p.lines <- sc.Text():
			default:
			}
		}
		close(p.lines)
		p.err = cmd.Wait()
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// stderrText returns what the command wrote on stderr so far.
func (p *proc) stderrText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// waitLine returns the submatches of the first line of stderr that
// matches re, or fails the test after timeout.
func (p *proc) waitLine(t *testing.T, re string, timeout time.Duration) []string {
	t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				t.Fatalf("the command ended (%v) without a line matching %q; stderr:\n%s", p.err, re, p.stderrText())
			}
			if m := rx.FindStringSubmatch(l); m != nil {
				return m
			}
		case <-deadline:
			t.Fatalf("no line matching %q within %v; stderr:\n%s", re, timeout, p.stderrText())
		}
	}
}

// wait waits for the command to end and returns its exit code.
func (p *proc) wait(t *testing.T, timeout time.Duration) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(timeout):
		p.cmd.Process.Kill()
		<-p.done
		t.Fatalf("%v did not end within %v; stderr:\n%s", p.cmd.Args, timeout, p.stderrText())
	}
	if p.cmd.ProcessState == nil {
		t.Fatalf("%v: %v", p.cmd.Args, p.err)
	}
	return p.cmd.ProcessState.ExitCode()
}

// handPoints returns the points of each hand of the transcripts in dir,
// as "tw16 replay" verifies them, in order.
func handPoints(t *testing.T, dir string) []string {
	t.Helper()
	hs, _ := filepath.Glob(filepath.Join(dir, "hand-*.txt.zst"))
	code, out, errOut := runCmd(t, "", append([]string{"tw16", "replay"}, hs...)...)
	if code != 0 || errOut != "" || strings.Count(out, " verified: ") != len(hs) {
		t.Fatalf("replay: exit %d, stderr %q", code, errOut)
	}
	var pts []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		_, after, _ := strings.Cut(l, ", points ")
		p, _, _ := strings.Cut(after, ",")
		pts = append(pts, p)
	}
	return pts
}

// botCommand is the command of a bot process of this test binary.
func botCommand(t *testing.T, seed int) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return "MJSOLVE_TEST_MAIN=1 exec " + exe + " tw16 bot --strategy advice --seed " + strconv.Itoa(seed)
}

// TestTW16RefereeRemoteBots plays the same match twice, four "tw16 bot
// --strategy advice --seed K" processes started by the referee and then
// each under a wrapper over loopback (TLS, tokens from a file): the same
// points hand by hand, no failure, every transcript verified, and the
// table the same. The default run plays 16 hands with each program kept
// from hand to hand (--reuse, at the referee and at the wrappers); -long
// the 192 of a cycle with a process per hand, as the ICGA platform runs
// them (some 4 minutes a match here: four bots loading their tables at
// once on two cores take about a second a hand).
func TestTW16RefereeRemoteBots(t *testing.T) {
	hands := 16
	var reuse []string
	if *longMatch {
		hands = 192
	} else {
		reuse = []string{"--reuse"}
	}
	common := append([]string{"tw16", "referee", "--games", strconv.Itoa(hands), "--seed", "3", "--move-time", "1m", "--json"}, reuse...)
	localDir := filepath.Join(t.TempDir(), "local")
	args := append(slices.Clone(common), "--log", localDir)
	for k := range 4 {
		args = append(args, "--player", botCommand(t, k+1), "--name", fmt.Sprintf("a%d", k+1))
	}
	code, localOut, errOut := runCmd(t, "", args...)
	if code != 0 || errOut != "" {
		t.Fatalf("the local match: exit %d, stderr %q", code, errOut)
	}

	cert, key := writeCert(t, "127.0.0.1")
	remoteDir := filepath.Join(t.TempDir(), "remote")
	args = append(slices.Clone(common), "--log", remoteDir, "--listen", "127.0.0.1:0", "--tokens", writeTokens(t),
		"--tls-cert", cert, "--tls-key", key)
	for k := range 4 {
		args = append(args, "--player", fmt.Sprintf("remote:a%d", k+1))
	}
	ref := startProc(t, mainCmd(t, args...))
	addr := ref.waitLine(t, `^mjsolve: listening on (127\.0\.0\.1:\d+) with TLS for a1, a2, a3, a4$`, time.Minute)[1]
	var wrappers []*proc
	for k := range 4 {
		w := mainCmd(t, append(append([]string{"tw16", "wrapper", "--connect", addr, "--token", remoteTokens[k], "--tls-ca", cert}, reuse...),
			"--", "/bin/sh", "-c", botCommand(t, k+1))...)
		wrappers = append(wrappers, startProc(t, w))
	}
	if code := ref.wait(t, 10*time.Minute); code != 0 {
		t.Fatalf("the remote match: exit %d, stderr:\n%s", code, ref.stderrText())
	}
	for k, w := range wrappers {
		if code := w.wait(t, time.Minute); code != 0 || !strings.Contains(w.stderrText(), "the referee said bye: the match is over") {
			t.Errorf("wrapper %d: exit %d, stderr:\n%s", k+1, code, w.stderrText())
		}
	}
	for k := range 4 {
		times := regexp.MustCompile(fmt.Sprintf(`(?m)^mjsolve: a%d: \d+ replies, [0-9.]+[µm]?s each at the referee \(the longest [0-9.]+m?s\), [0-9.]+[µm]?s in the program \(the longest [0-9.]+m?s\)$`, k+1))
		if !times.MatchString(ref.stderrText()) {
			t.Errorf("no times of a%d on the referee's stderr:\n%s", k+1, ref.stderrText())
		}
	}
	if got := ref.stdout.String(); got != localOut {
		t.Errorf("the remote match's table\n%s\nthe local one's\n%s", got, localOut)
	}
	if strings.Contains(ref.stdout.String(), `"failures":1`) || !strings.Contains(ref.stdout.String(), `"failures":0`) {
		t.Errorf("failures: %s", ref.stdout.String())
	}
	lp, rp := handPoints(t, localDir), handPoints(t, remoteDir)
	if len(lp) != hands || !slices.Equal(lp, rp) {
		t.Fatalf("points hand by hand: remote\n%v\nlocal\n%v", rp, lp)
	}
	t.Logf("%d hands, the same points hand by hand; the table of both:\n%s", hands, localOut)
	nonzero := 0
	for _, p := range lp {
		if p != "0 0 0 0" {
			nonzero++
		}
	}
	if nonzero < hands/3 {
		t.Errorf("only %d hands of %d with points", nonzero, hands)
	}
}

// TestTW16RemoteBadFlags: each wrong use of the network flags is one line
// naming the flag or the file and line, exit code 2, before anything
// listens or connects.
func TestTW16RemoteBadFlags(t *testing.T) {
	tokens := writeTokens(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad-tokens")
	os.WriteFile(bad, []byte("a1 token-of-seat-one-0001\na2 short\n"), 0o600)
	twice := filepath.Join(dir, "twice")
	os.WriteFile(twice, []byte("a1 token-of-seat-one-0001\na2 token-of-seat-one-0001\n"), 0o600)
	cert, _ := writeCert(t, "127.0.0.1")
	logs := t.TempDir()
	os.WriteFile(filepath.Join(logs, "hand-0001.txt.zst"), nil, 0o644)
	p := "--player=" + scripts + "draw-discard.sh"
	r1, r2 := "--player=remote:a1", "--player=remote:a2"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{r1, p, p, p}, "mjsolve: --player remote:a1: give --listen HOST:PORT for the wrappers to connect to\n"},
		{[]string{p, p, p, p, "--listen", "127.0.0.1:0"}, "mjsolve: --listen is for remote seats: give --player remote:NAME for each\n"},
		{[]string{p, p, p, p, "--tokens", tokens}, "mjsolve: --tokens is for remote seats"},
		{[]string{r1, r1, p, p, "--listen", "127.0.0.1:0"}, "mjsolve: --player remote:a1 given twice: each remote seat needs its own name\n"},
		{[]string{"--player=remote:a b", p, p, p, "--listen", "127.0.0.1:0"}, "mjsolve: --player remote:a b: a seat's name has only A-Z a-z 0-9 . _ -, not ' '\n"},
		{[]string{r1, p, p, p, "--listen", "0.0.0.0:0"}, "mjsolve: --listen 0.0.0.0:0 is not a loopback address: give --tls-cert and --tls-key"},
		{[]string{r1, p, p, p, "--listen", "127.0.0.1:0", "--tls-cert", cert}, "mjsolve: give --tls-cert and --tls-key together\n"},
		{[]string{r1, p, p, p, "--listen", "127.0.0.1:0", "--tls-cert", cert, "--tls-key", cert}, "mjsolve: --tls-cert " + cert + ", --tls-key " + cert + ": "},
		{[]string{r1, p, p, p, "--listen", "nowhere"}, "mjsolve: --listen nowhere: want HOST:PORT"},
		{[]string{r1, r2, p, p, "--listen", "127.0.0.1:0", "--tokens", bad}, "mjsolve: --tokens " + bad + ": line 2: the token of a2: a token has 16 to 128 characters, not 5\n"},
		{[]string{r1, r2, p, p, "--listen", "127.0.0.1:0", "--tokens", twice}, "mjsolve: --tokens " + twice + ": line 2: the token of a2 is that of line 1: each seat needs its own\n"},
		{[]string{"--player=remote:zz", p, p, p, "--listen", "127.0.0.1:0", "--tokens", tokens}, "mjsolve: --tokens " + tokens + " has no token for zz (--player remote:zz)\n"},
		{[]string{r1, p, p, p, "--listen", "127.0.0.1:0", "--tokens", filepath.Join(dir, "none")}, "mjsolve: --tokens " + filepath.Join(dir, "none") + ": open "},
		{[]string{r1, p, p, p, "--listen", "127.0.0.1:0", "--wait", "0s"}, "mjsolve: --wait 0s: want a positive duration\n"},
		{[]string{r1, p, p, p, "--listen", "127.0.0.1:0", "--log", logs}, "mjsolve: --log " + logs + " already holds transcripts (hand-0001.txt.zst …)"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16", "referee"}, c.args...)...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("referee %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--connect", "127.0.0.1:1", "--token", remoteTokens[0], "cat"}, "mjsolve: give the program after --: mjsolve tw16 wrapper [flags] -- CMD [ARG...]\n"},
		{[]string{"--connect", "127.0.0.1:1", "--token", remoteTokens[0], "--"}, "mjsolve: give the program after --"},
		{[]string{"--token", remoteTokens[0], "--", "cat"}, "mjsolve: give --connect HOST:PORT, the referee's address\n"},
		{[]string{"--connect", "127.0.0.1:1", "--", "cat"}, "mjsolve: give the seat's token with --token or --token-file (one of them)\n"},
		{[]string{"--connect", "127.0.0.1:1", "--token", "short", "--", "cat"}, "mjsolve: --token: a token has 16 to 128 characters, not 5\n"},
		{[]string{"--connect", "127.0.0.1:1", "--token-file", bad, "--", "cat"}, "mjsolve: --token-file " + bad + ": a token has only A-Z a-z 0-9 . _ ~ + / = -, not ' '\n"},
		{[]string{"--connect", "192.0.2.1:7000", "--token", remoteTokens[0], "--", "cat"}, "mjsolve: --connect 192.0.2.1:7000 is not a loopback address: give --tls-ca FILE or --tls"},
		{[]string{"--connect", "localhost", "--token", remoteTokens[0], "--", "cat"}, "mjsolve: --connect localhost: want HOST:PORT\n"},
		{[]string{"--connect", "127.0.0.1:1", "--token", remoteTokens[0], "--tls-name", "x", "--", "cat"}, "mjsolve: --tls-name is for TLS: give --tls-ca FILE or --tls too\n"},
		{[]string{"--connect", "127.0.0.1:1", "--token", remoteTokens[0], "--tls-ca", tokens, "--", "cat"}, "mjsolve: --tls-ca " + tokens + ": no PEM certificate in it\n"},
		{[]string{"--connect", "127.0.0.1:1", "--token", remoteTokens[0], "--", " "}, "mjsolve: the program after -- is empty\n"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16", "wrapper"}, c.args...)...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("wrapper %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestShellCommand: a wrapper's single argument is a shell command; more
// run as given, each quoted where the shell would read it otherwise.
func TestShellCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cd ai && ./run"}, "cd ai && ./run"},
		{[]string{"mjsolve", "tw16", "bot", "--seed", "3"}, "mjsolve tw16 bot --seed 3"},
		{[]string{"python3", "my bot.py", "it's", ""}, `python3 'my bot.py' 'it'\''s' ''`},
		{[]string{"echo", "$HOME", "a;b"}, `echo '$HOME' 'a;b'`},
	} {
		if got := shellCommand(c.args); got != c.want {
			t.Errorf("%q: %q, want %q", c.args, got, c.want)
		}
		if len(c.args) > 1 {
			got, err := exec.Command("/bin/sh", "-c", "set -- "+shellCommand(c.args)+`; for a; do printf '<%s>' "$a"; done`).Output()
			want := ""
			for _, a := range c.args {
				want += "<" + a + ">"
			}
			if err != nil || string(got) != want {
				t.Errorf("%q: the shell reads %q (%v), want %q", c.args, got, err, want)
			}
		}
	}
}

// TestTW16RemoteRefusalsAndWait: a wrapper with a wrong token exits 2 with
// the referee's reason; a plain wrapper to a TLS referee gives up after
// --retry-for (exit 1); a referee whose wrappers do not all come within
// --wait exits 1 naming them, having played nothing.
func TestTW16RemoteRefusalsAndWait(t *testing.T) {
	cert, key := writeCert(t, "127.0.0.1")
	ref := startProc(t, mainCmd(t, "tw16", "referee", "--listen", "127.0.0.1:0", "--tokens", writeTokens(t), "--wait", "3s",
		"--tls-cert", cert, "--tls-key", key,
		"--player", "remote:a1", "--player", "remote:a2", "--player", scripts+"draw-discard.sh", "--player", scripts+"draw-discard.sh"))
	addr := ref.waitLine(t, `^mjsolve: listening on (127\.0\.0\.1:\d+) with TLS for a1, a2$`, time.Minute)[1]
	code, _, errOut := runCmd(t, "", "tw16", "wrapper", "--connect", addr, "--token", "not-the-token-0000", "--tls-ca", cert, "--", "cat")
	if code != 2 || errOut != "mjsolve: the referee at "+addr+" refused the login: wrong token\n" {
		t.Errorf("a wrong token: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCmd(t, "", "tw16", "wrapper", "--connect", addr, "--token", remoteTokens[0], "--retry-for", "500ms", "--", "cat")
	if code != 1 || !strings.Contains(errOut, "mjsolve: gave up after 500ms without a login to "+addr+": ") {
		t.Errorf("plain TCP to TLS: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCmd(t, "", "tw16", "wrapper", "--connect", addr, "--token", remoteTokens[0], "--tls-ca", cert, "--tls-name", "elsewhere.test",
		"--retry-for", "500ms", "--", "cat")
	if code != 1 || !strings.Contains(errOut, "certificate is valid for referee.test, not elsewhere.test") {
		t.Errorf("a certificate for another name: exit %d, %q", code, errOut)
	}
	if code := ref.wait(t, time.Minute); code != 1 || ref.stdout.Len() != 0 ||
		!strings.HasSuffix(ref.stderrText(), "mjsolve: no wrapper for a1, a2 after --wait 3s: no hand played\n") {
		t.Errorf("the referee: exit %d, stdout %q, stderr:\n%s", code, ref.stdout.String(), ref.stderrText())
	}
	for _, want := range []string{": dropped: wrong token\n", ": dropped: TLS handshake: "} {
		if !strings.Contains(ref.stderrText(), want) {
			t.Errorf("the referee's log has no %q:\n%s", want, ref.stderrText())
		}
	}
}

// TestTW16RefereeMakesTokens: without --tokens the referee makes a token
// per remote seat and prints it once on stderr; a wrapper logs in with it
// and the match is played, the local players beside the remote one.
func TestTW16RefereeMakesTokens(t *testing.T) {
	dir := t.TempDir()
	p := scripts + "draw-discard.sh"
	ref := startProc(t, mainCmd(t, "tw16", "referee", "--listen", "127.0.0.1:0", "--games", "2", "--log", dir,
		"--player", p, "--player", "remote:bee", "--player", p, "--player", p))
	addr := ref.waitLine(t, `^mjsolve: listening on (127\.0\.0\.1:\d+) without TLS for bee$`, time.Minute)[1]
	ref.waitLine(t, `^mjsolve: the tokens of the remote seats \(shown once; give each to its wrapper\):$`, time.Minute)
	token := ref.waitLine(t, `^bee ([0-9a-f]{32})$`, time.Minute)[1]
	w := startProc(t, mainCmd(t, "tw16", "wrapper", "--connect", addr, "--token", token, "--", p))
	if code := ref.wait(t, time.Minute); code != 0 || !strings.HasPrefix(squeeze(ref.stdout.String()), squeeze("player score wins self-drawn deal-ins drawn failures mean/hand 95% interval\n"+
		p+" 0 0 0 0 2 0 0.0 0.0 … 0.0\nbee 0 0 0 0 2 0 0.0 0.0 … 0.0\n")) {
		t.Fatalf("the referee: exit %d, stdout\n%s\nstderr:\n%s", code, ref.stdout.String(), ref.stderrText())
	}
	if code := w.wait(t, time.Minute); code != 0 {
		t.Errorf("the wrapper: exit %d, stderr:\n%s", code, w.stderrText())
	}
	// The referee wrote only its transcripts and the local players' stderr.
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		if b := filepath.Base(f); !regexp.MustCompile(`^(hand-000[12]\.txt\.zst|stderr-hand-000[12]-player[134]\.txt)$`).MatchString(b) {
			t.Errorf("the referee wrote %s", b)
		}
	}
}
