package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
	"github.com/mjsolve/mjsolve/tw16"
)

func TestHealthAndStats(t *testing.T) {
	_, ts := newTestServer(t, Config{Workers: 2, Queue: 7, CacheBytes: 1 << 20})
	code, m, _ := call(t, ts, "GET", "/healthz", "")
	if code != 200 || m["status"] != "ok" {
		t.Errorf("healthz: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "GET", "/api/stats", "")
	c := m["cache"].(map[string]any)
	if code != 200 || m["workers"] != 2.0 || m["queue_capacity"] != 7.0 || m["queue_depth"] != 0.0 ||
		m["solves"] != 0.0 || c["enabled"] != true || c["max_bytes"] != float64(1<<20) || c["hits"] != 0.0 {
		t.Errorf("stats: %d %v", code, m)
	}
	wantError(t, ts, "GET", "/api/stats?x=1", "", 400, "x: unknown parameter")
}

func TestLayouts(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	code, m, _ := call(t, ts, "GET", "/api/layouts", "")
	list := m["layouts"].([]any)
	if code != 200 || len(list) < 2 {
		t.Fatalf("layouts: %d %v", code, m)
	}
	first := list[0].(map[string]any)
	if first["name"] != "turtle" || first["tiles"] != 144.0 || first["free"] != 35.0 || first["levels"] != 5.0 || first["source"] != "builtin" {
		t.Errorf("first layout %v", first)
	}
	for _, name := range []string{"turtle", "builtin/turtle", "TURTLE"} {
		code, m, _ = call(t, ts, "GET", "/api/layouts/"+name, "")
		slots := m["slots"].([]any)
		s0 := slots[0].(map[string]any)
		if code != 200 || m["name"] != "turtle" || m["title"] != "Turtle" || len(slots) != 144 ||
			m["geometry"] != "9cc023f09979333d" || s0["x"] != 2.0 || s0["y"] != 0.0 || s0["z"] != 0.0 {
			t.Errorf("%s: %d %v", name, code, m)
		}
	}
	wantError(t, ts, "GET", "/api/layouts/nope", "", 404, `no layout "nope"`)
	wantError(t, ts, "GET", "/api/layouts/%2Fetc%2Fpasswd", "", 404, `no layout "/etc/passwd"`)
	wantError(t, ts, "GET", "/api/layouts/turtle?slots=1", "", 400, "slots: unknown parameter")
}

func TestDeal(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	want := dealt(t, "turtle", 3)
	code, m, _ := call(t, ts, "GET", "/api/deal?layout=turtle&game=3", "")
	faces := m["faces"].([]any)
	if code != 200 || m["layout"] != "turtle" || m["game"] != 3.0 || m["deal"] != "pcg" || m["seed"] != 1.0 ||
		m["tiles"] != 144.0 || len(faces) != 144 || len(m["free"].([]any)) != 35 || len(m["removed"].([]any)) != 0 {
		t.Fatalf("deal: %d %v", code, m)
	}
	for i, f := range faces {
		if f != want.Groups[i].String() {
			t.Fatalf("face %d: %v, want %s", i, f, want.Groups[i])
		}
	}
	// The defaults are the command's: turtle, game 1, pcg seed 1.
	_, d1, _ := call(t, ts, "GET", "/api/deal", "")
	if d1["layout"] != "turtle" || d1["game"] != 1.0 || d1["faces"].([]any)[0] != dealt(t, "turtle", 1).Groups[0].String() {
		t.Errorf("default deal %v", d1["faces"].([]any)[:3])
	}
	// de Bondt's deals: no seed.
	l, g := dealt(t, "tiny8", 1).Geo.Layout, dealt(t, "tiny8", 1).Geo
	_ = l
	mj := solitaire.MJSolver{}.Deal(5, g.N, nil)
	_, m, _ = call(t, ts, "GET", "/api/deal?layout=tiny8&game=5&deal=mjsolver", "")
	if _, ok := m["seed"]; ok || m["deal"] != "mjsolver" {
		t.Errorf("mjsolver deal %v", m)
	}
	for i, f := range m["faces"].([]any) {
		if f != mj[i].String() {
			t.Errorf("mjsolver face %d: %v, want %s", i, f, mj[i])
		}
	}
	for _, c := range []struct{ query, prefix string }{
		{"game=x", `game: "x" is not a whole number`},
		{"game=-1", `game: "-1" is not a whole number`},
		{"seed=1.5", `seed: "1.5" is not`},
		{"deal=foo", "deal: "},
		{"deal=mjsolver&seed=2", "seed: applies to the pcg dealer and the games' dealers only"},
		{"deal=mjsolver&game=4294967296", "game: the mjsolver dealer has games 0 to 4294967295, not 4294967296"},
		{"layout=nope", `layout: no layout "nope"`},
		{"layout=", "layout: no layout name given"},
		{"layout=../../etc/passwd", `layout: no layout`},
		{"colour=red", "colour: unknown parameter"},
		{"game=1&game=2", "game: given 2 times"},
	} {
		wantError(t, ts, "GET", "/api/deal?"+c.query, "", 400, c.prefix)
	}
}

func TestBoardRoundTrip(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	// What /api/deal answers posts back as it is.
	code, m, _ := call(t, ts, "POST", "/api/board", dealJSON(t, ts, "layout=turtle&game=7"))
	if code != 200 || m["layout"] != "turtle" || len(m["slots"].([]any)) != 144 || len(m["free"].([]any)) != 35 {
		t.Fatalf("board: %d %v", code, m)
	}
	// A board file, with tiles removed, reads to the same position.
	b := dealt(t, "turtle", 7)
	played := b.Matches(nil)[0]
	b.Play(played)
	var file bytes.Buffer
	b.WriteTo(&file)
	body := fmt.Sprintf(`{"file":%q}`, file.String())
	code, m, _ = call(t, ts, "POST", "/api/board", body)
	removed := m["removed"].([]any)
	if code != 200 || len(removed) != 2 || removed[0] != float64(played.A) || removed[1] != float64(played.B) {
		t.Fatalf("board file: %d %v", code, m)
	}
	for i, f := range m["faces"].([]any) {
		if f != b.Groups[i].String() {
			t.Fatalf("face %d %v", i, f)
		}
	}
	// Slots inline, without a layout name.
	small := dealt(t, "tiny8", 2)
	var slots []string
	for _, s := range small.Geo.Layout.Slots {
		slots = append(slots, fmt.Sprintf(`{"x":%d,"y":%d,"z":%d}`, s.X, s.Y, s.Z))
	}
	inline := strings.Replace(boardBody("", small, ""), `"layout":""`, `"slots":[`+strings.Join(slots, ",")+`]`, 1)
	code, m, _ = call(t, ts, "POST", "/api/board", inline)
	if code != 200 || m["layout"] != nil || len(m["free"].([]any)) != 4 {
		t.Fatalf("inline: %d %v", code, m)
	}
}

func TestBoardErrors(t *testing.T) {
	_, ts := newTestServer(t, Config{MaxBody: 4096})
	b := dealt(t, "tiny8", 1)
	good := boardBody("tiny8", b, "")
	faces := strings.Split(strings.TrimSuffix(strings.SplitN(good, `"faces":[`, 2)[1], `],"removed":[]}`), ",")
	withFaces := func(fs []string) string {
		return `{"layout":"tiny8","faces":[` + strings.Join(fs, ",") + `]}`
	}
	bad := append([]string(nil), faces...)
	bad[3] = `"9x"`
	// A tile free at the start: its pair partner free too gives a legal
	// removal; a covered tile cannot have been removed.
	var free, covered []int
	for i := range b.Geo.N {
		if b.IsFree(i) {
			free = append(free, i)
		} else if !b.Geo.Covers[i].IsEmpty() {
			covered = append(covered, i)
		}
	}
	pairOf := func(i int) int {
		for j := range b.Geo.N {
			if j != i && b.Groups[j] == b.Groups[i] {
				return j
			}
		}
		return -1
	}
	cov := covered[0]
	for _, c := range []struct{ body, prefix string }{
		{``, "body: empty"},
		{`{`, "body: the JSON ends too early"},
		{`{"layout": tiny8}`, "body: invalid JSON"},
		{`[1]`, "body: want a JSON"},
		{`{"layout":"tiny8"} {}`, "body: more than one JSON value"},
		{`{"layout":"tiny8","colour":1}`, "colour: unknown field"},
		{`{"layout":5}`, "layout: want a string"},
		{`{"layout":"tiny8","removed":"1"}`, "removed: want an array"},
		{`{"layout":"tiny8","removed":[1.5]}`, "removed"},
		{`{}`, "layout: give a layout name"},
		{`{"layout":"nope","faces":[]}`, `layout: no layout "nope"`},
		{`{"layout":"/etc/passwd","faces":[]}`, `layout: no layout "/etc/passwd"`},
		{withFaces(faces[:7]), "faces: 7 faces for 8 tiles"},
		{withFaces(bad), `faces[3]: unknown face "9x"`},
		{withFaces(append(append([]string(nil), faces[:7]...), `"9s"`)), "faces: "},
		{strings.Replace(good, `"removed":[]`, `"removed":[99]`, 1), "removed[0]: no slot 99 on a layout of 8 tiles"},
		{strings.Replace(good, `"removed":[]`, `"removed":[-1]`, 1), "removed[0]: no slot -1"},
		{strings.Replace(good, `"removed":[]`, fmt.Sprintf(`"removed":[%d]`, free[0]), 1), "removed: an odd number of"},
		{strings.Replace(good, `"removed":[]`, fmt.Sprintf(`"removed":[%d,%d]`, free[0], free[0]), 1), "removed[1]: slot"},
		{strings.Replace(good, `"removed":[]`, fmt.Sprintf(`"removed":[%d,%d]`, cov, pairOf(cov)), 1), "removed[0]: slot"},
		{strings.Replace(good, `}`, `,"tiles":10}`, 1), "tiles: 10, but the layout has 8 tiles"},
		{strings.Replace(good, `}`, `,"geometry":"zz"}`, 1), `geometry: "zz" is not 16 hexadecimal digits`},
		{strings.Replace(good, `}`, `,"geometry":"0000000000000001"}`, 1), "geometry: the layout's geometry is"},
		{strings.Replace(good, `}`, `,"slots":[{"x":0,"y":0,"z":0},{"x":2,"y":0,"z":0}]}`, 1), "slots: not the slots of layout tiny8"},
		{`{"slots":[{"x":0,"y":0,"z":0},{"x":1,"y":0,"z":0}],"faces":["1m","1m"]}`, "slots: "},
		{`{"slots":[{"x":0,"y":0,"z":0}],"faces":["1m"]}`, "slots: "},
		{`{"file":"mjsolve board 1\nlayout /etc/passwd\ntiles 8\n"}`, `file:2: layout: no layout "/etc/passwd"`},
		{`{"file":"mjsolve board 1\nlayout tiny8\ntiles 8\nfaces 9x\n"}`, `file:4: unknown face "9x"`},
		{`{"file":"hello"}`, "file:1: not a board file"},
		{`{"file":"mjsolve board 1\n","layout":"tiny8"}`, "file: give either a board file or the board's fields"},
	} {
		for _, path := range []string{"/api/board", "/api/solve", "/api/hint"} {
			wantError(t, ts, "POST", path, c.body, 400, c.prefix)
		}
	}
	// 413 for a body over the limit (4096 bytes here).
	big := `{"layout":"tiny8","faces":[` + strings.Repeat(`"1m",`, 2000) + `"1m"]}`
	for _, path := range []string{"/api/board", "/api/solve", "/api/hint", "/api/tw16/shanten", "/api/tw16/score"} {
		wantError(t, ts, "POST", path, big, 413, "body: larger than 4096 bytes")
	}
	wantError(t, ts, "POST", "/api/hint", strings.Replace(good, `}`, `,"min_left":true}`, 1), 400, "min_left: applies to /api/solve only")
	wantError(t, ts, "POST", "/api/solve?x=1", good, 400, "x: unknown parameter")
}

func TestSolveWinnable(t *testing.T) {
	s, ts := newTestServer(t, Config{CacheBytes: 1 << 20})
	b := dealt(t, "turtle", 3)
	code, m, _ := call(t, ts, "POST", "/api/solve", boardBody("turtle", b, ""))
	if code != 200 || m["verdict"] != "winnable" || m["tiles"] != 144.0 || m["min_left"] != 0.0 || m["cached"] != false || m["hint"] != nil {
		t.Fatalf("solve: %d %v", code, m)
	}
	mv := moves(t, m)
	if err := solitaire.Verify(b, mv); err != nil || len(mv) != 72 {
		t.Fatalf("solution of %d moves: %v", len(mv), err)
	}
	s.cache.c.Wait()
	// The same position again, and every position along the solution,
	// come from the cache, as solves and as hints.
	code, m, _ = call(t, ts, "POST", "/api/solve", boardBody("turtle", b, ""))
	if code != 200 || m["cached"] != true || m["verdict"] != "winnable" || m["ns"] != 0.0 {
		t.Errorf("second solve: %d %v", code, m)
	}
	if err := solitaire.Verify(b, moves(t, m)); err != nil {
		t.Errorf("cached solution: %v", err)
	}
	p := b.Clone()
	for k := range 10 {
		code, m, _ = call(t, ts, "POST", "/api/hint", boardBody("turtle", p, ""))
		h, _ := m["hint"].([]any)
		if code != 200 || m["verdict"] != "winnable" || m["cached"] != true || len(h) != 2 || len(m["moves"].([]any)) != 0 {
			t.Fatalf("hint %d: %d %v", k, code, m)
		}
		mv := solitaire.Move{A: uint8(h[0].(float64)), B: uint8(h[1].(float64))}
		if err := p.CheckMove(mv); err != nil || mv != moves(t, map[string]any{"moves": []any{h}})[0] {
			t.Fatalf("hint %d: %v", k, err)
		}
		p.Play(mv)
	}
	_, st, _ := call(t, ts, "GET", "/api/stats", "")
	c := st["cache"].(map[string]any)
	if st["solves"] != 1.0 || c["hits"] != 11.0 || c["misses"] != 1.0 || c["used_bytes"].(float64) <= 0 {
		t.Errorf("stats after 1 solve and 11 cached answers: %v", st)
	}
}

func TestSolveImpossible(t *testing.T) {
	_, ts := newTestServer(t, Config{CacheBytes: 1 << 20})
	game, b := firstGame(t, "stairs20", solver.Impossible)
	want := solver.Solve(context.Background(), b, solver.Options{MinLeft: true})
	if want.MinLeft <= 0 {
		t.Fatalf("game %d: min-left %d", game, want.MinLeft)
	}
	code, m, _ := call(t, ts, "POST", "/api/solve", boardBody("stairs20", b, ""))
	if code != 200 || m["verdict"] != "impossible" || m["min_left"] != nil || len(m["moves"].([]any)) != 0 {
		t.Fatalf("solve: %d %v", code, m)
	}
	for _, c := range []struct{ path, body string }{
		{"/api/solve", boardBody("stairs20", b, `,"min_left":true`)},
		{"/api/hint", boardBody("stairs20", b, "")},
	} {
		code, m, _ = call(t, ts, "POST", c.path, c.body)
		if code != 200 || m["verdict"] != "impossible" || m["min_left"] != float64(want.MinLeft) || m["hint"] != nil {
			t.Fatalf("%s: %d %v", c.path, code, m)
		}
		// The moves leave exactly min-left tiles.
		p := b.Clone()
		for _, mv := range moves(t, m) {
			if err := p.CheckMove(mv); err != nil {
				t.Fatal(err)
			}
			p.Play(mv)
		}
		if p.Remaining() != want.MinLeft {
			t.Errorf("%s: the play leaves %d tiles, want %d", c.path, p.Remaining(), want.MinLeft)
		}
	}
	// An empty board: winnable, nothing to take.
	empty := b.Clone()
	empty.Present = solitaire.Set{}
	code, m, _ = call(t, ts, "POST", "/api/hint", boardBody("stairs20", empty, ""))
	if code != 200 || m["verdict"] != "winnable" || m["tiles"] != 0.0 || m["hint"] != nil {
		t.Errorf("empty board: %d %v", code, m)
	}
}

// blockWorkers occupies every worker of s with a job that waits for the
// returned release function.
func blockWorkers(t *testing.T, s *Server) (release func()) {
	t.Helper()
	gate := make(chan struct{})
	started := make(chan struct{}, s.cfg.Workers)
	b := dealt(t, "tiny8", 1)
	for range s.cfg.Workers {
		j := &task{ctx: context.Background(), board: b, done: make(chan struct{}),
			run: func(context.Context, *solver.Solver, *solitaire.Board) { started <- struct{}{}; <-gate }}
		if err := s.pool.submit(j); err != nil {
			t.Fatal(err)
		}
	}
	for range s.cfg.Workers {
		<-started
	}
	return sync1(func() { close(gate) })
}

func sync1(f func()) func() {
	done := false
	return func() {
		if !done {
			done = true
			f()
		}
	}
}

func TestQueueFull(t *testing.T) {
	s, ts := newTestServer(t, Config{Workers: 1, Queue: 1, SolveTimeout: 5 * time.Second})
	release := blockWorkers(t, s)
	defer release()
	// One job waits in the queue; the next request finds it full.
	filler := &task{ctx: context.Background(), board: dealt(t, "tiny8", 1), done: make(chan struct{}),
		run: func(context.Context, *solver.Solver, *solitaire.Board) {}}
	if err := s.pool.submit(filler); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	body := boardBody("tiny8", dealt(t, "tiny8", 2), "")
	wantError(t, ts, "POST", "/api/solve", body, 503, "the solve queue is full")
	wantError(t, ts, "POST", "/api/hint", body, 503, "the solve queue is full")
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refusing took %v: requests beyond the queue must be refused at once", d)
	}
	_, st, _ := call(t, ts, "GET", "/api/stats", "")
	if st["queue_depth"] != 1.0 || st["rejected"] != 2.0 || st["busy_workers"] != 1.0 {
		t.Errorf("stats %v", st)
	}
	release()
	<-filler.done
}

func TestSolveTimeout(t *testing.T) {
	s, ts := newTestServer(t, Config{Workers: 1, SolveTimeout: 100 * time.Millisecond, CacheBytes: 1 << 20})
	release := blockWorkers(t, s)
	defer release()
	// The request waits in the queue past its limit: unknown, at once
	// after the limit, and not cached.
	body := boardBody("tiny8", dealt(t, "tiny8", 2), "")
	for range 2 {
		start := time.Now()
		code, m, _ := call(t, ts, "POST", "/api/hint", body)
		if code != 200 || m["verdict"] != "unknown" || m["method"] != "budget" || m["time_limit"] != "100ms" || m["cached"] != false {
			t.Errorf("hint: %d %v", code, m)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("answered after %v", d)
		}
	}
	release()
	code, m, _ := call(t, ts, "POST", "/api/hint", body)
	if code != 200 || m["verdict"] == "unknown" {
		t.Errorf("after the workers are free: %d %v", code, m)
	}
}

func TestMethodsAndNotFound(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, c := range []struct{ method, path, allow string }{
		{"POST", "/", "GET, HEAD"},
		{"POST", "/healthz", "GET, HEAD"},
		{"DELETE", "/api/stats", "GET, HEAD"},
		{"POST", "/api/layouts", "GET, HEAD"},
		{"PUT", "/api/layouts/turtle", "GET, HEAD"},
		{"POST", "/api/deal", "GET, HEAD"},
		{"GET", "/api/board", "POST"},
		{"GET", "/api/solve", "POST"},
		{"PUT", "/api/hint", "POST"},
		{"GET", "/api/tw16/shanten", "POST"},
		{"POST", "/assets/app.js", "GET, HEAD"},
	} {
		wantError(t, ts, c.method, c.path, "", 405, "method "+c.method+" not allowed")
		_, _, h := call(t, ts, c.method, c.path, "")
		if h.Get("Allow") != c.allow {
			t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, h.Get("Allow"), c.allow)
		}
	}
	for _, path := range []string{"/nope", "/api", "/api/", "/api/solvex", "/index.html", "/assets/nope.js", "/assets/../server.go"} {
		wantError(t, ts, "GET", path, "", 404, "")
	}
	wantError(t, ts, "POST", "/api/tw16/nope", `{}`, 404, `no analysis "nope"`)
	if code, _, _ := call(t, ts, "HEAD", "/api/layouts", ""); code != 200 {
		t.Errorf("HEAD: %d", code)
	}
}

func TestPage(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, c := range []struct{ path, ctype, has string }{
		{"/", "text/html", `<svg id="board"`},
		{"/?layout=turtle&game=3", "text/html", `src="/assets/app.js"`},
		{"/assets/app.js", "text/javascript", "/api/hint"},
		{"/assets/style.css", "text/css", ".tile"},
	} {
		resp, err := ts.Client().Get(ts.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), c.ctype) || !strings.Contains(buf.String(), c.has) {
			t.Errorf("%s: %d %q", c.path, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s: CSP %q", c.path, csp)
		}
		// Nothing is loaded from elsewhere.
		if strings.Contains(buf.String(), "http://") && c.path != "/" && !strings.Contains(buf.String(), "http://www.w3.org/2000/svg") || strings.Contains(buf.String(), "https://") {
			t.Errorf("%s refers to another site", c.path)
		}
	}
}

func TestTW16(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	hand := "123456789p111s23m55z"
	c := mjsolve.MustParseCounts(hand)
	n, _ := testTables().Shanten(c)
	code, m, _ := call(t, ts, "POST", "/api/tw16/shanten", `{"hand":"`+hand+`"}`)
	if code != 200 || m["shanten"] != float64(n) || m["hand"] != c.String() {
		t.Errorf("shanten: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "POST", "/api/tw16/shanten", `{"hand":"1111222233334444z"}`)
	if code != 200 || m["shanten"] != 4.0 {
		t.Errorf("shanten of 1111222233334444z: %v", m)
	}
	code, m, _ = call(t, ts, "POST", "/api/tw16/waits", `{"hand":"`+hand+`","visible":"1m 1m"}`)
	waits := m["waits"].([]any)
	if code != 200 || m["shanten"] != 0.0 || m["remaining"] != 6.0 || len(waits) != 2 ||
		waits[0].(map[string]any)["kind"] != "1m" || waits[0].(map[string]any)["remaining"] != 2.0 {
		t.Errorf("waits: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "POST", "/api/tw16/effective", `{"hand":"13m568p2479s1257z","claims":true}`)
	if code != 200 || m["shanten"] != 4.0 || m["count"] != 38.0 || m["weighted"] != 58.0 || len(m["kinds"].([]any)) != 11 {
		t.Errorf("effective: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "POST", "/api/tw16/advise", `{"hand":"123456789p111s1357m7z"}`)
	d0 := m["discards"].([]any)[0].(map[string]any)
	if code != 200 || m["shanten"] != 1.0 || d0["discard"] != "7z" || d0["tier"] != "lone honor" {
		t.Errorf("advise: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "POST", "/api/tw16/shanten", `{"hand":"111s 23m 55z 1z","melds":"123p 456p 789p"}`)
	if code != 200 || m["shanten"] != 0.0 {
		t.Errorf("with melds: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "POST", "/api/tw16/score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","dealer":true}`)
	if code != 200 || m["tai"] != 2.0 || m["points"] != 2000.0 || m["rules"] != "competition" {
		t.Errorf("score: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "POST", "/api/tw16/score", `{"hand":"11122233m456p789s55s","win":"3m","self_drawn":true,"rules":"common","flowers":"15f","dealer":true,"dealer_streak":2}`)
	if code != 200 || m["tai"] != 12.0 || m["points"] != 21000.0 {
		t.Errorf("score, common rules: %d %v", code, m)
	}
	for _, c := range []struct{ path, body, prefix string }{
		{"shanten", `{}`, "hand: empty"},
		{"shanten", `{"hand":"0m12"}`, "hand: "},
		{"shanten", `{"hand":"11111m"}`, "hand: "},
		{"shanten", `{"hand":"123m","hand2":1}`, "hand2: unknown field"},
		{"shanten", `{"hand":123}`, "hand: want a string"},
		{"waits", `{"hand":"123456789p111s23m5z"}`, "hand: "},
		{"waits", `{"hand":"` + hand + `","visible":"2m2m2m2m"}`, "visible: 5 copies of 2m"},
		{"waits", `{"hand":"` + hand + `","visible":"9x"}`, "visible: "},
		{"effective", `{"hand":"` + hand + `","melds":"124m"}`, "melds: "},
		{"effective", `{"hand":"` + hand + `","concealed_kongs":"123m"}`, "concealed_kongs: "},
		{"effective", `{"hand":"` + hand + `","melds":"111m"}`, "hand: 16 tiles with 1 meld; want 13 or 14"},
		{"advise", `{"hand":"` + hand + `"}`, "hand: "},
		{"advise", `{"hand":"123m","melds":"111m 222m 333m 444m 555m 666m"}`, "melds: 6 melds and kongs"},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p"}`, "win: give the winning tile"},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s8s"}`, "win: want one tile"},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","seat":"X"}`, `seat: "X" is not a wind`},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","round":"5z"}`, `round: "5z" is not a wind`},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","rules":"house"}`, "rules: "},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","base":-1}`, "base: -1 is negative"},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","per_tai":-5}`, "per_tai: -5 is negative"},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","base":2000000000}`, "base: 2000000000 is over 1000000000"},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","flowers":"1m"}`, "flowers: 1m is not a flower"},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","first_turn":"soon"}`, "first_turn: "},
		{"score", `{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","dealer":true,"dealer_streak":2}`, "dealer_streak: the competition rules have no consecutive dealing"},
		{"score", `{"hand":"456m 789p 234s 55s 88s","melds":"111p","win":"7s"}`, "not a winning hand"},
	} {
		wantError(t, ts, "POST", "/api/tw16/"+c.path, c.body, 400, c.prefix)
	}
}

func TestRecover(t *testing.T) {
	var logs bytes.Buffer
	s, _ := newTestServer(t, Config{Logger: slogTo(&logs)})
	h := s.recoverer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/x", nil))
	if rec.Code != 500 || strings.TrimSpace(rec.Body.String()) != `{"error":"internal error"}` {
		t.Errorf("panic answered %d %q", rec.Code, rec.Body.String())
	}
	if !strings.Contains(logs.String(), "boom") || !strings.Contains(logs.String(), "goroutine") {
		t.Errorf("the panic is not logged with its stack: %q", logs.String())
	}
}

func TestServeShutdown(t *testing.T) {
	s, err := New(Config{Finder: &layouts.Finder{}, Workers: 1, SolveTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	url := "http://" + ln.Addr().String()
	release := blockWorkers(t, s)
	// A hint waits in the queue; the server is told to stop; the hint
	// still gets its answer once the worker is free, and Serve returns.
	answer := make(chan int, 1)
	go func() {
		resp, err := http.Post(url+"/api/hint", "application/json", strings.NewReader(boardBody("tiny8", dealt(t, "tiny8", 3), "")))
		if err != nil {
			answer <- -1
			return
		}
		resp.Body.Close()
		answer <- resp.StatusCode
	}()
	for s.pool.queued() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	// While shutting down, the health check says so.
	for start := time.Now(); ; {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
		if rec.Code == 503 {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("healthz while shutting down: %d", rec.Code)
		}
		time.Sleep(5 * time.Millisecond)
	}
	release()
	if code := <-answer; code != 200 {
		t.Errorf("the request in flight was answered %d", code)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Serve did not return")
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("still serving after shutdown")
	}
	if err := s.pool.submit(&task{}); !errors.Is(err, errShuttingDown) {
		t.Errorf("submit after close: %v", err)
	}
}

// Tables whose cache could not be used are logged once, when the server
// starts; tables read from (or written to) their cache are not.
func TestTablesCacheWarning(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	broken := tw16.LoadTables(tw16.TableOptions{CacheDir: notDir})
	if broken.Info().CacheErr == nil {
		t.Fatal("a cache directory that is a file: no CacheErr")
	}
	for _, c := range []struct {
		tables *tw16.TableSet
		warned bool
	}{{broken, true}, {testTables(), false}} {
		var logs bytes.Buffer
		newTestServer(t, Config{Tables: c.tables, Logger: slogTo(&logs)})
		if got := strings.Contains(logs.String(), `level=WARN msg="tw16 tables built in memory" err=`); got != c.warned {
			t.Errorf("warned %v, want %v: %q", got, c.warned, logs.String())
		}
	}
}
