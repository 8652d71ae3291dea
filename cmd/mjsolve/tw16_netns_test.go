//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/tw16/referee"
)

// requireNetnsEnv, when set (.ci/run sets it), makes the namespace test
// fail instead of skipping where it cannot run.
const requireNetnsEnv = "MJSOLVE_REQUIRE_NETNS"

// netns runs the test's commands in network namespaces of its own.
type netns struct {
	t      *testing.T
	prefix string
	made   []string
}

// ip runs ip with args, failing the test on an error.
func (n *netns) ip(args ...string) {
	n.t.Helper()
	if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
		n.t.Fatalf("ip %s: %v: %s", strings.Join(args, " "), err, out)
	}
}

// add makes a namespace and brings its loopback up.
func (n *netns) add(name string) string {
	n.t.Helper()
	full := n.prefix + name
	n.ip("netns", "add", full)
	n.made = append(n.made, full)
	n.ip("-n", full, "link", "set", "lo", "up")
	return full
}

// cleanup deletes the namespaces (and their links with them).
func (n *netns) cleanup() {
	for _, ns := range n.made {
		exec.Command("ip", "netns", "del", ns).Run()
	}
}

// exec is a command of this test binary run as mjsolve in namespace ns.
func (n *netns) exec(ns string, env []string, args ...string) *exec.Cmd {
	n.t.Helper()
	exe, err := os.Executable()
	if err != nil {
		n.t.Fatal(err)
	}
	cmd := exec.Command("ip", append([]string{"netns", "exec", ns, exe}, args...)...)
	cmd.Env = append(append(os.Environ(), "MJSOLVE_TEST_MAIN=1"), env...)
	return cmd
}

// netnsOrSkip returns a namespace maker, or skips the test (fails it with
// MJSOLVE_REQUIRE_NETNS set) where namespaces cannot be made: it needs
// root and iproute2.
func netnsOrSkip(t *testing.T) *netns {
	t.Helper()
	stop := t.Skipf
	if os.Getenv(requireNetnsEnv) != "" {
		stop = t.Fatalf
	}
	if testing.Short() {
		t.Skip("-short: the namespace test takes half a minute")
	}
	if os.Geteuid() != 0 {
		stop("the namespace test needs root (ip netns, veth links); run the test binary under sudo")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		stop("the namespace test needs iproute2 (ip): %v", err)
	}
	n := &netns{t: t, prefix: fmt.Sprintf("mjt%d", os.Getpid())}
	probe := n.prefix + "probe"
	if out, err := exec.Command("ip", "netns", "add", probe).CombinedOutput(); err != nil {
		stop("the namespace test cannot make a network namespace: %v: %s", err, out)
	}
	exec.Command("ip", "netns", "del", probe).Run()
	t.Cleanup(n.cleanup)
	return n
}

// TestTW16RefereeNetns plays a match with the referee and each of the
// four wrappers in network namespaces of the test's own, joined by veth
// links with 50ms of latency each way: tc netem where the kernel has it,
// else (as on the machine this was written on, whose kernel has no
// sch_netem) a relay in each wrapper's namespace that passes every byte
// on 50ms later in each direction, the wrapper connecting through it and
// the relay over the link. TLS all the way. At the first question to
// player 3 in hand 2 its link is cut (set down): that hand is its
// failure, the dummy plays on; once both ends have seen the connection
// die the link comes back, the wrapper logs in again and plays hand 3 as
// a new connection. The match finishes, every transcript replays, and
// every remote reply took the 100ms round trip more at the referee than
// in the program.
func TestTW16RefereeNetns(t *testing.T) {
	n := netnsOrSkip(t)
	const hands, delay, cut = 3, 50 * time.Millisecond, 3 // cut player 3's link
	dir := t.TempDir()
	r := n.add("r")
	var ws [4]string
	var ips [4]string
	for k := range 4 {
		ws[k] = n.add(fmt.Sprintf("w%d", k+1))
		ips[k] = fmt.Sprintf("10.77.%d.1", k+1)
		rl, wl := fmt.Sprintf("%sr%d", n.prefix, k+1), fmt.Sprintf("%sw%d", n.prefix, k+1)
		n.ip("link", "add", rl, "netns", r, "type", "veth", "peer", "name", wl, "netns", ws[k])
		n.ip("-n", r, "addr", "add", ips[k]+"/24", "dev", rl)
		n.ip("-n", ws[k], "addr", "add", fmt.Sprintf("10.77.%d.2/24", k+1), "dev", wl)
		n.ip("-n", r, "link", "set", rl, "up")
		n.ip("-n", ws[k], "link", "set", wl, "up")
	}
	link := func(k int) string { return fmt.Sprintf("%sw%d", n.prefix, k) }
	// 50ms each way: netem on both ends of each link, or the relays.
	netem := true
	for k := range 4 {
		for _, side := range [][2]string{{r, fmt.Sprintf("%sr%d", n.prefix, k+1)}, {ws[k], link(k + 1)}} {
			out, err := exec.Command("ip", "netns", "exec", side[0], "tc", "qdisc", "add", "dev", side[1], "root", "netem", "delay", delay.String()).CombinedOutput()
			if err != nil {
				netem = false
				if k == 0 {
					t.Logf("tc netem: %v: %s", err, strings.TrimSpace(string(out)))
				}
			}
		}
	}
	targets := ips
	if !netem {
		t.Logf("no netem: a relay in each wrapper's namespace adds %v each way", delay)
		for k := range 4 {
			relay := startProc(t, n.exec(ws[k], []string{relayEnv + "=127.0.0.1:7100 " + ips[k] + ":7000 " + delay.String()}))
			relay.waitLine(t, `^relay: passing`, time.Minute)
			targets[k] = "127.0.0.1"
		}
	}
	cert, key := writeCert(t, append(ips[:], "127.0.0.1")...)
	logs := filepath.Join(dir, "logs")
	args := []string{"tw16", "referee", "--listen", "0.0.0.0:7000", "--tls-cert", cert, "--tls-key", key, "--tokens", writeTokens(t),
		"--games", strconv.Itoa(hands), "--seed", "2", "--move-time", "3s", "--heartbeat", "300ms", "--rejoin-wait", "1m", "--log", logs}
	for k := range 4 {
		args = append(args, "--player", fmt.Sprintf("remote:a%d", k+1))
	}
	ref := startProc(t, n.exec(r, nil, args...))
	ref.waitLine(t, `^mjsolve: listening on 0\.0\.0\.0:7000 with TLS for a1, a2, a3, a4$`, time.Minute)
	var wrappers [4]*proc
	inLog := filepath.Join(dir, "in3.log")
	for k := range 4 {
		port := "7100"
		if netem {
			port = "7000"
		}
		prog := botCommand(t, k+1)
		if k+1 == cut {
			prog = "tee -a " + inLog + " | " + strings.TrimPrefix(prog, "MJSOLVE_TEST_MAIN=1 exec ")
		}
		wrappers[k] = startProc(t, n.exec(ws[k], nil, "tw16", "wrapper", "--connect", targets[k]+":"+port, "--token", remoteTokens[k],
			"--tls-ca", cert, "--reuse", "--", prog))
	}
	// Cut player 3's link at its first question of hand 2.
	deadline := time.Now().Add(5 * time.Minute)
	for {
		b, _ := os.ReadFile(inLog)
		if _, h2, ok := strings.Cut(string(b), "\n/start MJ "); ok && strings.Contains(h2, "\n/ask ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("player 3 was not asked in hand 2; its input:\n%s\nthe referee:\n%s", b, ref.stderrText())
		}
		time.Sleep(5 * time.Millisecond)
	}
	n.ip("-n", ws[cut-1], "link", "set", link(cut), "down")
	t.Logf("cut player %d's link", cut)
	ref.waitLine(t, `^mjsolve: a3: connection from .* dropped: `, time.Minute)
	wrappers[cut-1].waitLine(t, `^mjsolve: connection lost: `, time.Minute)
	n.ip("-n", ws[cut-1], "link", "set", link(cut), "up")
	if netem {
		// Setting the link down and up again keeps its qdisc.
		t.Log("the link is back")
	}
	if code := ref.wait(t, 10*time.Minute); code != 0 {
		t.Fatalf("the referee: exit %d, stderr:\n%s", code, ref.stderrText())
	}
	for k, w := range wrappers {
		if code := w.wait(t, time.Minute); code != 0 {
			t.Errorf("wrapper %d: exit %d, stderr:\n%s", k+1, code, w.stderrText())
		}
	}
	t.Logf("the referee:\n%s\n%s", ref.stdout.String(), ref.stderrText())
	t.Logf("wrapper 3:\n%s", wrappers[cut-1].stderrText())

	if pts := handPoints(t, logs); len(pts) != hands {
		t.Fatalf("%d hands replayed, want %d", len(pts), hands)
	}
	if n := strings.Count(ref.stderrText(), "mjsolve: a3 joined from "); n != 2 {
		t.Errorf("a3 joined %d times, want 2", n)
	}
	lines := strings.Split(ref.stdout.String(), "\n")
	for k, l := range lines[1:5] {
		f := strings.Fields(l)
		if want := map[bool]string{true: "1", false: "0"}[k+1 == cut]; len(f) < 7 || f[6] != want {
			t.Errorf("player %d has %v failures, want %s:\n%s", k+1, f, want, ref.stdout.String())
		}
	}
	if strings.Contains(ref.stdout.String(), "absent") {
		t.Errorf("an absence:\n%s", ref.stdout.String())
	}
	var addr3 [hands]string
	for h := range hands {
		tr, _, err := referee.ReplayFile(filepath.Join(logs, fmt.Sprintf("hand-%04d.txt.zst", h+1)), nil)
		if err != nil {
			t.Fatal(err)
		}
		seat3 := -1
		for s, si := range tr.Header.Seats {
			if si.Player == cut-1 {
				seat3 = s
				addr3[h] = si.Addr
			}
			if !si.Remote || si.Addr == "" {
				t.Errorf("hand %d seat %d: %+v", h+1, s+1, si)
			}
		}
		failed, dummy := 0, 0
		var asked [4]float64
		for i, rec := range tr.Records {
			switch rec.Dir {
			case '!':
				failed++
				if h != 1 || int(rec.Seat) != seat3 {
					t.Errorf("hand %d: a failure of seat %d: %q", h+1, rec.Seat+1, rec.Text)
				}
			case '=':
				dummy++
			case '>':
				asked[rec.Seat] = rec.Seconds
			case 't':
				// The referee's time for the reply before, less the
				// program's own, is the round trip: 100ms at least.
				reply := tr.Records[i-1]
				took, _ := strconv.ParseFloat(rec.Text, 64)
				if net := reply.Seconds - asked[rec.Seat] - took; net < 2*delay.Seconds() {
					t.Errorf("hand %d line %d: %.3fs at the referee, %.3fs in the program: only %.3fs for the network",
						h+1, reply.Line, reply.Seconds-asked[rec.Seat], took, net)
				}
			}
		}
		if want := map[bool]int{true: 1, false: 0}[h == 1]; failed != want || (h == 1) != (dummy > 0) {
			t.Errorf("hand %d: %d failures, %d dummy moves", h+1, failed, dummy)
		}
	}
	if addr3[0] != addr3[1] || addr3[2] == addr3[1] {
		t.Errorf("player 3's wrapper at %q, want the same connection in hands 1 and 2 and a new one in hand 3", addr3)
	}
}
