package server

import (
	"strings"
	"testing"
)

// TestBoardAbout checks the "board" line of a solve answer: a board posted
// back from /api/deal is named by its game, and one whose "game" and
// "deal" do not deal its faces is not (they are answers a request may
// carry, not facts the server takes on trust).
func TestBoardAbout(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	g3 := dealJSON(t, ts, "layout=tiny8&game=3")
	g4 := dealJSON(t, ts, "layout=tiny8&game=4")
	mj := dealJSON(t, ts, "layout=tiny8&game=7&deal=mjsolver")
	for _, c := range []struct{ name, body, want string }{
		{"game 3 posted back", g3, "game 3, deal pcg seed 1"},
		{"mjsolver game 7 posted back", mj, "game 7, deal mjsolver"},
		{"game 3's faces claimed as game 4", strings.Replace(g3, `"game":3`, `"game":4`, 1), "from the request"},
		{"game 4 claimed as seed 2", strings.Replace(g4, `"seed":1`, `"seed":2`, 1), "from the request"},
		{"game 3 with an unknown deal", strings.Replace(g3, `"deal":"pcg"`, `"deal":"x<script>"`, 1), "from the request"},
		{"mjsolver game 7 claimed as pcg", strings.Replace(mj, `"deal":"mjsolver"`, `"deal":"pcg"`, 1), "from the request"},
	} {
		code, m, _ := call(t, ts, "POST", "/api/solve", c.body)
		if code != 200 || m["board"] != c.want {
			t.Errorf("%s: %d board %q, want %q", c.name, code, m["board"], c.want)
		}
	}
}
