package server

import (
	"context"
	"fmt"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/answer"
)

// TestFairHint: /api/fairhint answers the command's fair hint
// (answer.FairHint) for a deal and for a game in progress, the same for
// positions differing only in hidden faces, and refuses bad requests.
func TestFairHint(t *testing.T) {
	_, ts := newTestServer(t, Config{Workers: 2})
	b := dealt(t, "turtle", 3)
	for k := range 3 {
		want, err := answer.FairHint(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		code, m, _ := call(t, ts, "POST", "/api/fairhint", boardBody("turtle", b, ""))
		h, _ := m["hint"].([]any)
		if code != 200 || len(h) != 2 || m["fair"] != true || m["strategy"] != "hindsight" || m["tiles"] != float64(b.Remaining()) {
			t.Fatalf("position %d: %d %v", k, code, m)
		}
		got := solitaire.Move{A: uint8(h[0].(float64)), B: uint8(h[1].(float64))}
		if got != want.Move || m["reason"] != want.Reason.String() || m["samples"] != float64(want.Samples) ||
			m["winnable_samples"] != float64(want.Winnable) || m["kept_samples"] != float64(want.Kept) || m["hidden"] != float64(answer.Hidden(b)) {
			t.Fatalf("position %d: %v, the command says %+v", k, m, want)
		}
		// The faces under other tiles do not change the answer.
		other := b.Clone()
		var covered []int
		for i := range b.Present.All() {
			if b.Geo.Covers[i].Intersects(b.Present) {
				covered = append(covered, i)
			}
		}
		for i := 0; i+1 < len(covered); i += 2 {
			x, y := covered[i], covered[i+1]
			other.Groups[x], other.Groups[y] = other.Groups[y], other.Groups[x]
		}
		_, m2, _ := call(t, ts, "POST", "/api/fairhint", boardBody("turtle", other, ""))
		delete(m, "ns")
		delete(m2, "ns")
		if fmt.Sprint(m2) != fmt.Sprint(m) { // fmt prints maps sorted by key
			t.Fatalf("position %d: %v, with other hidden faces %v", k, m, m2)
		}
		b.Play(got)
		for range 10 {
			b.Play(b.Matches(nil)[0])
		}
	}
	wantError(t, ts, "POST", "/api/fairhint?x=1", boardBody("turtle", b, ""), 400, "x: unknown parameter")
	wantError(t, ts, "POST", "/api/fairhint", `{"layout":"tiny8","faces":["1m"]}`, 400, "faces: ")
	wantError(t, ts, "GET", "/api/fairhint", "", 405, "method GET not allowed")
}
