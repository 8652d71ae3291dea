package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
	"github.com/mjsolve/mjsolve/tw16"
)

// testTables are the tw16 tables of the tests, built in memory once (the
// user's cache directory is not touched).
var testTables = sync.OnceValue(func() *tw16.TableSet { return tw16.LoadTables(tw16.TableOptions{NoCache: true}) })

// newTestServer starts a server on the built-in layouts only (whatever is
// installed), with cfg's other settings, behind an httptest server.
// testFinder knows the built-in layouts only.
func testFinder() *layouts.Finder { return &layouts.Finder{} }

func newTestServer(t testing.TB, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	if cfg.Finder == nil {
		cfg.Finder = &layouts.Finder{}
	}
	if cfg.Tables == nil {
		cfg.Tables = testTables()
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return s, ts
}

// call sends a request and decodes the JSON answer into a map; it fails
// the test when the answer is not JSON.
func call(t testing.TB, ts *httptest.Server, method, path, body string) (int, map[string]any, http.Header) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if method == http.MethodHead {
		return resp.StatusCode, nil, resp.Header
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s %s: Content-Type %q, body %q", method, path, ct, data)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s %s: not a JSON object: %q", method, path, data)
	}
	return resp.StatusCode, m, resp.Header
}

// wantError checks that a call is answered status with an error message
// starting with prefix (the field at fault) and holding no package prefix.
func wantError(t testing.TB, ts *httptest.Server, method, path, body string, status int, prefix string) string {
	t.Helper()
	code, m, _ := call(t, ts, method, path, body)
	msg, _ := m["error"].(string)
	if code != status || !strings.HasPrefix(msg, prefix) || len(m) != 1 {
		t.Errorf("%s %s %.80q: %d %v; want %d with an error starting %q", method, path, body, code, m, status, prefix)
	}
	if strings.Contains(msg, "goroutine") || strings.Contains(msg, ".go:") {
		t.Errorf("%s %s: the error shows internals: %q", method, path, msg)
	}
	// The libraries' package prefixes are for programs, not for clients.
	for _, p := range []string{"mjsolve: ", "tw16: ", "solitaire: ", "layouts: ", "solver: ", "job: ", "answer: "} {
		if strings.HasPrefix(msg, p) || strings.Contains(msg, ": "+p) {
			t.Errorf("%s %s %.80q: the error %q keeps the package prefix %q", method, path, body, msg, p)
		}
	}
	return msg
}

// dealJSON is the answer of GET /api/deal?query as it came, to post back as
// it is; it fails the test on any status but 200.
func dealJSON(t testing.TB, ts *httptest.Server, query string) string {
	t.Helper()
	resp, err := ts.Client().Get(ts.URL + "/api/deal?" + query)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("deal %s: %d %v", query, resp.StatusCode, err)
	}
	return string(data)
}

// dealt deals game k of a built-in layout with the pcg dealer, seed 1.
func dealt(t testing.TB, layout string, game uint64) *solitaire.Board {
	t.Helper()
	l, ok := layouts.Builtin(layout)
	if !ok {
		t.Fatalf("no built-in %s", layout)
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	b, err := solitaire.NewBoard(g, solitaire.PCG{Seed: 1}.Deal(game, g.N, nil))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// boardBody is the JSON request of a board by layout name.
func boardBody(layout string, b *solitaire.Board, extra string) string {
	faces := make([]string, len(b.Groups))
	for i, g := range b.Groups {
		faces[i] = fmt.Sprintf("%q", g.String())
	}
	removed := b.Geo.All.AndNot(b.Present).AppendTo(nil)
	rs := make([]string, len(removed))
	for i, r := range removed {
		rs[i] = fmt.Sprint(r)
	}
	return fmt.Sprintf(`{"layout":%q,"faces":[%s],"removed":[%s]%s}`, layout, strings.Join(faces, ","), strings.Join(rs, ","), extra)
}

// firstGame returns the first pcg game of a built-in layout whose verdict
// is v.
func firstGame(t testing.TB, layout string, v solver.Verdict) (uint64, *solitaire.Board) {
	t.Helper()
	for k := uint64(1); k < 5000; k++ {
		b := dealt(t, layout, k)
		if solver.Solve(context.Background(), b, solver.Options{}).Verdict == v {
			return k, b
		}
	}
	t.Fatalf("no %s game of %s", v, layout)
	return 0, nil
}

// moves reads the "moves" of an answer.
func moves(t testing.TB, m map[string]any) []solitaire.Move {
	t.Helper()
	raw, _ := m["moves"].([]any)
	out := make([]solitaire.Move, len(raw))
	for i, x := range raw {
		p := x.([]any)
		a, b := int(p[0].(float64)), int(p[1].(float64))
		out[i] = solitaire.Move{A: uint8(a), B: uint8(b)}
	}
	return out
}

// slogTo is a logger writing text to w.
func slogTo(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }
