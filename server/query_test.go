package server

import "testing"

// TestQueryStrict checks that a query the server cannot read whole is
// refused naming the parameter, rather than read in part: a pair that
// net/url drops (a ';' separator, a bad %-escape) or a parameter given
// empty would otherwise deal another game than the one asked for.
func TestQueryStrict(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, c := range []struct{ query, prefix string }{
		{"layout=tiny8;game=3", "layout: "},
		{"layout=tiny8&game=3;", "game: "},
		{"layout=tiny8&game=%zz3", "game: "},
		{"layout=tiny8&%zz=1&game=2", "%zz: "},
		{"layout=tiny8&game=", "game: empty"},
		{"layout=tiny8&game", "game: empty"},
		{"layout=tiny8&seed=", "seed: empty"},
		{"layout=tiny8&deal=", "deal: empty"},
	} {
		wantError(t, ts, "GET", "/api/deal?"+c.query, "", 400, c.prefix)
	}
	// Routes that take no parameter refuse a malformed one too.
	wantError(t, ts, "GET", "/api/stats?%zz", "", 400, "%zz: ")
	wantError(t, ts, "GET", "/api/layouts?a;b", "", 400, "a;b: ")
	wantError(t, ts, "GET", "/api/layouts/tiny8?x=%", "", 400, "x: ")
	// What the page sends is still read.
	code, m, _ := call(t, ts, "GET", "/api/deal?layout=tiny8&game=3&deal=pcg&seed=1", "")
	if code != 200 || m["layout"] != "tiny8" || m["game"] != 3.0 {
		t.Errorf("deal: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "GET", "/api/deal?layout=tiny%38&game=%33", "")
	if code != 200 || m["layout"] != "tiny8" || m["game"] != 3.0 {
		t.Errorf("escaped deal: %d %v", code, m)
	}
}
