//go:build unix

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
	"github.com/mjsolve/mjsolve/solver"
)

func TestServeBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--solve-timeout", "0s"}, "--solve-timeout must be positive"},
		{[]string{"--cache-mb", "-1"}, "--cache-mb must not be negative"},
		{[]string{"--cache-mb", "9000000000000"}, "--cache-mb must be at most 1048576 (got 9000000000000)"},
		{[]string{"--workers", "-2"}, "--workers must not be negative"},
		{[]string{"--workers", "4097"}, "--workers must be at most 4096 (got 4097)"},
		{[]string{"--queue", "0"}, "--queue must be at least 1"},
		{[]string{"--queue", "100000000000"}, "--queue must be at most 1048576 (got 100000000000)"},
		{[]string{"--addr", "127.0.0.1:99999"}, "--addr 127.0.0.1:99999: "},
		{[]string{"extra"}, "unknown command"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"serve"}, c.args...)...)
		if code != exitBadInput || out != "" || !strings.HasPrefix(errOut, "mjsolve: "+c.want) && !strings.Contains(errOut, c.want) {
			t.Errorf("serve %v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestServeSIGTERM starts "mjsolve serve" on a free port, asks it for a
// deal, and stops it with SIGTERM: it shuts down gracefully with exit 0.
func TestServeSIGTERM(t *testing.T) {
	pr, pw := io.Pipe()
	code := make(chan int, 1)
	go func() {
		code <- runWith(&hooks{}, []string{"serve", "--addr", "127.0.0.1:0", "--cache-mb", "1"}, strings.NewReader(""), io.Discard, pw)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	addr := ""
	for addr == "" && lines.Scan() {
		if a, ok := strings.CutPrefix(lines.Text(), "mjsolve: serving on "); ok {
			addr = strings.Fields(a)[0]
		}
	}
	go io.Copy(io.Discard, pr)
	if addr == "" {
		t.Fatalf("no address printed; exit %d", <-code)
	}
	resp, err := http.Get(addr + "api/deal?layout=tiny8&game=2")
	if err != nil {
		t.Fatal(err)
	}
	var board map[string]any
	json.NewDecoder(resp.Body).Decode(&board)
	resp.Body.Close()
	if resp.StatusCode != 200 || board["layout"] != "tiny8" {
		t.Fatalf("deal: %d %v", resp.StatusCode, board)
	}
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	select {
	case c := <-code:
		if c != exitOK {
			t.Errorf("exit %d after SIGTERM, want 0", c)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	if _, err := http.Get(addr + "healthz"); err == nil {
		t.Error("still serving after SIGTERM")
	}
}

var (
	loadTest     = flag.Bool("load", false, "run the load test of mjsolve serve (TestServeLoad)")
	loadDuration = flag.Duration("load-duration", 30*time.Second, "how long each run of the load test lasts")
	loadClients  = flag.Int("load-clients", 64, "concurrent clients of the load test")
	loadGames    = flag.Int("load-games", 200, "turtle games whose solutions the load test walks")
	loadCacheMB  = flag.String("load-cache-mb", "64,0", "--cache-mb of each run of the load test")
)

// TestServeLoad (with -load) runs "mjsolve serve" in its own process and
// has -load-clients clients ask hints along the solutions of -load-games
// turtle games (for an impossible game, along the play that leaves the
// fewest tiles) for -load-duration, once for each -load-cache-mb. It
// reports requests per second, latency, the cache hit rate, errors and the
// server's resident memory before and after; any failed request, wrong
// verdict or request slower than the solve limit fails it.
//
//	go test ./cmd/mjsolve -run ServeLoad -load -v -timeout 10m
func TestServeLoad(t *testing.T) {
	if !*loadTest {
		t.Skip("the load test runs with -load")
	}
	bin := filepath.Join(t.TempDir(), "mjsolve")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	walks := hintWalks(t, *loadGames)
	positions := 0
	for _, w := range walks {
		positions += len(w.bodies)
	}
	t.Logf("%d turtle games (pcg seed 1), %d positions along their solutions", len(walks), positions)
	for _, mb := range strings.Split(*loadCacheMB, ",") {
		t.Run("cache-mb="+mb, func(t *testing.T) { runLoad(t, bin, mb, walks) })
	}
}

// walk is one game: the hint requests of the positions along its solution,
// and the verdict each must get.
type walk struct {
	bodies  [][]byte
	verdict solver.Verdict
}

func hintWalks(t *testing.T, games int) []walk {
	l, ok := layouts.Builtin("turtle")
	if !ok {
		t.Fatal("no turtle")
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	s := solver.New(g)
	var walks []walk
	for k := uint64(1); k <= uint64(games); k++ {
		b, err := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(k, g.N, nil))
		if err != nil {
			t.Fatal(err)
		}
		r, err := answer.SolveWith(context.Background(), s, b, solver.Options{MinLeft: true})
		if err != nil {
			t.Fatal(err)
		}
		w := walk{verdict: r.Verdict}
		faces := make([]string, g.N)
		for i, gr := range b.Groups {
			faces[i] = gr.String()
		}
		var removed []int
		for _, m := range slices.Clone(r.Moves) {
			body, _ := json.Marshal(map[string]any{"layout": "turtle", "faces": faces, "removed": slices.Clone(removed)})
			w.bodies = append(w.bodies, body)
			removed = append(removed, int(m.A), int(m.B))
		}
		if len(w.bodies) > 0 {
			walks = append(walks, w)
		}
	}
	return walks
}

// rss returns the resident and the peak resident memory of a process, in
// kB.
func rss(t *testing.T, pid int) (int, int) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	var cur, peak int
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "VmRSS:" {
			cur, _ = strconv.Atoi(f[1])
		}
		if len(f) >= 2 && f[0] == "VmHWM:" {
			peak, _ = strconv.Atoi(f[1])
		}
	}
	return cur, peak
}

func runLoad(t *testing.T, bin, cacheMB string, walks []walk) {
	const solveTimeout = 10 * time.Second
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--cache-mb", cacheMB, "--solve-timeout", solveTimeout.String())
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	lines := bufio.NewScanner(stderr)
	base := ""
	for base == "" && lines.Scan() {
		if a, ok := strings.CutPrefix(lines.Text(), "mjsolve: serving on "); ok {
			base = strings.Fields(a)[0]
		}
	}
	go io.Copy(io.Discard, stderr)
	if base == "" {
		t.Fatal("the server printed no address")
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * *loadClients, MaxConnsPerHost: 2 * *loadClients}}
	// One request first, so that "before" is a server that has started.
	if resp, err := client.Get(base + "healthz"); err == nil {
		resp.Body.Close()
	}
	rssBefore, _ := rss(t, cmd.Process.Pid)

	var (
		wg       sync.WaitGroup
		errs     atomic.Int64
		slow     atomic.Int64
		mu       sync.Mutex
		lat      []time.Duration
		firstErr atomic.Value
	)
	deadline := time.Now().Add(*loadDuration)
	start := time.Now()
	for c := range *loadClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			game := c * 3 % len(walks)
			for time.Now().Before(deadline) {
				w := walks[game]
				for _, body := range w.bodies {
					if !time.Now().Before(deadline) {
						break
					}
					t0 := time.Now()
					resp, err := client.Post(base+"api/hint", "application/json", strings.NewReader(string(body)))
					var ans struct {
						Verdict solver.Verdict `json:"verdict"`
					}
					if err == nil {
						err = json.NewDecoder(resp.Body).Decode(&ans)
						resp.Body.Close()
						if err == nil && resp.StatusCode != 200 {
							err = fmt.Errorf("status %d", resp.StatusCode)
						}
					}
					d := time.Since(t0)
					mine = append(mine, d)
					if d > solveTimeout {
						slow.Add(1)
					}
					if err == nil && ans.Verdict != w.verdict {
						err = fmt.Errorf("verdict %v, want %v", ans.Verdict, w.verdict)
					}
					if err != nil {
						errs.Add(1)
						firstErr.CompareAndSwap(nil, err.Error())
					}
				}
				game = (game + 1) % len(walks)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	rssAfter, rssPeak := rss(t, cmd.Process.Pid)
	var stats struct {
		Solves int64 `json:"solves"`
		Cache  struct {
			Hits    int64   `json:"hits"`
			Misses  int64   `json:"misses"`
			HitRate float64 `json:"hit_rate"`
			Used    int64   `json:"used_bytes"`
		} `json:"cache"`
	}
	if resp, err := client.Get(base + "api/stats"); err == nil {
		json.NewDecoder(resp.Body).Decode(&stats)
		resp.Body.Close()
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	t.Logf("cache %s MB: %d requests in %.1fs from %d clients: %.0f requests/s; latency p50 %v, p99 %v, max %v; "+
		"errors %d, slower than %v %d; solves %d; cache hits %d, misses %d, hit rate %.1f%%, %d bytes used; "+
		"server RSS %.1f MB before, %.1f MB after (peak %.1f MB)",
		cacheMB, len(lat), elapsed.Seconds(), *loadClients, float64(len(lat))/elapsed.Seconds(),
		q(0.50).Round(time.Microsecond), q(0.99).Round(time.Microsecond), lat[len(lat)-1].Round(time.Microsecond),
		errs.Load(), solveTimeout, slow.Load(), stats.Solves, stats.Cache.Hits, stats.Cache.Misses, 100*stats.Cache.HitRate, stats.Cache.Used,
		float64(rssBefore)/1024, float64(rssAfter)/1024, float64(rssPeak)/1024)
	if errs.Load() > 0 || slow.Load() > 0 {
		t.Errorf("%d errors (first: %v), %d requests slower than the solve limit", errs.Load(), firstErr.Load(), slow.Load())
	}
	if mb, _ := strconv.Atoi(cacheMB); mb > 0 && float64(rssPeak)/1024 > float64(mb)+64 {
		t.Errorf("peak RSS %.1f MB is beyond the cache's %d MB and 64 MB more", float64(rssPeak)/1024, mb)
	}
}
