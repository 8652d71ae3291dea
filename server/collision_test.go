package server

import (
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// TestFingerprintCollision checks that layouts given inline are never
// confused with another layout whose fingerprint is the same: the
// fingerprint is a 64-bit FNV-1a hash, which a client can forge, so a
// collision must cost at most a cache miss, never another layout's answer
// (for the client, or, through the cache, for everyone). The collision is
// simulated: a geometry or a cache entry of layout B is filed under A's
// fingerprint.
func TestFingerprintCollision(t *testing.T) {
	s, ts := newTestServer(t, Config{CacheBytes: 1 << 20})
	// A: a row of four, winnable with four 1m. B: a stack of four, lost.
	const (
		rowJSON   = `[{"x":0,"y":0,"z":0},{"x":2,"y":0,"z":0},{"x":4,"y":0,"z":0},{"x":6,"y":0,"z":0}]`
		faces     = `"faces":["1m","1m","1m","1m"]`
		rowSolve  = `{"slots":` + rowJSON + `,` + faces + `}`
		row2Solve = `{"slots":[{"x":0,"y":0,"z":0},{"x":2,"y":0,"z":0},{"x":4,"y":0,"z":0},{"x":8,"y":0,"z":0}],` + faces + `}`
	)
	row := &layouts.Layout{Name: "row", Slots: []layouts.Slot{{X: 0}, {X: 2}, {X: 4}, {X: 6}}}
	stack := &layouts.Layout{Name: "stack", Slots: []layouts.Slot{{}, {Z: 1}, {Z: 2}, {Z: 3}}}
	fpRow := row.Fingerprint()
	gStack, err := solitaire.Compile(stack)
	if err != nil {
		t.Fatal(err)
	}
	one := make([]solitaire.Group, 4)
	bStack, err := solitaire.NewBoard(gStack, one)
	if err != nil {
		t.Fatal(err)
	}
	if v := solver.Solve(t.Context(), bStack, solver.Options{}).Verdict; v != solver.Impossible {
		t.Fatalf("the stack is %s", v)
	}

	// The compiled inline layouts: the stack's geometry filed under the
	// row's fingerprint.
	s.inlineMu.Lock()
	s.inline[fpRow] = gStack
	s.inlineMu.Unlock()
	code, m, _ := call(t, ts, "POST", "/api/solve", rowSolve)
	if code != 200 || m["verdict"] != "winnable" {
		t.Errorf("the row, with the stack's geometry filed under its fingerprint: %d %v", code, m)
	}

	// The cache: a lost verdict of the stack stored under the row's
	// fingerprint, for the same faces. Another row (not yet cached) is
	// used, with its own fingerprint forged the same way.
	other := &layouts.Layout{Name: "row2", Slots: []layouts.Slot{{X: 0}, {X: 2}, {X: 4}, {X: 8}}}
	s.cache.put(positionKey(bStack, other.Fingerprint()), &entry{verdict: solver.Impossible, method: solver.PruneTop, minLeft: -1})
	s.cache.c.Wait()
	code, m, _ = call(t, ts, "POST", "/api/solve", row2Solve)
	if code != 200 || m["verdict"] != "winnable" || m["cached"] != false {
		t.Errorf("a row whose fingerprint the stack's cache entry carries: %d %v", code, m)
	}
}
