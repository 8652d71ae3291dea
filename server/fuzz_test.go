package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/tw16/answer"
)

// FuzzBoardRequest feeds any body to the decoder of /api/solve and
// /api/hint: it never panics, every refusal is an *httpError with a
// message, and an accepted board is a real position whose answer decodes
// back to the same position.
func FuzzBoardRequest(f *testing.F) {
	s, err := New(Config{Finder: &layouts.Finder{}, Workers: 1})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	b := dealt(f, "tiny8", 1)
	f.Add([]byte(boardBody("tiny8", b, "")))
	f.Add([]byte(boardBody("tiny8", b, `,"min_left":true`)))
	f.Add([]byte(strings.Replace(boardBody("tiny8", b, ""), `"removed":[]`, `"removed":[0,5]`, 1)))
	f.Add([]byte(`{"slots":[{"x":0,"y":0,"z":0},{"x":2,"y":0,"z":0}],"faces":["1m","1m"],"removed":[0,1]}`))
	f.Add([]byte(`{"file":"mjsolve board 1\nlayout tiny8\ntiles 8\nfaces 1m 1m 2m 2m 1m 1m 2m 2m\nremoved 0 1\n"}`))
	f.Add([]byte(`{"layout":"turtle","faces":["9x"],"geometry":"9cc023f09979333d","tiles":144}`))
	f.Add([]byte(`{"file":"mjsolve board 1\nlayout Tiny\ntiles 8\nfaces 1m 1m 2m 2m 1m 1m 2m 2m\n"}`))
	f.Add([]byte(`{"file":"mjsolve board 1\nlayout /etc/passwd\ntiles 8\nfaces 1m 1m 2m 2m 1m 1m 2m 2m\n"}`))
	f.Add([]byte(`{"slots":[{"x":0,"y":0,"z":0},{"x":0,"y":0,"z":1},{"x":0,"y":0,"z":2},{"x":0,"y":0,"z":3}],"faces":["1m","1m","1m","1m"]}`))
	f.Add([]byte(`{"layout":5}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var in solveRequest
		err := decodeJSONFrom(bytes.NewReader(data), int64(len(data))+1, &in)
		var p *position
		if err == nil {
			p, err = s.decodeBoard(&in.boardJSON)
		}
		if err != nil {
			var he *httpError
			if !errors.As(err, &he) || he.status != http.StatusBadRequest || he.msg == "" {
				t.Fatalf("refusal %T %v", err, err)
			}
			return
		}
		bd := p.board
		if bd.Present.AndNot(bd.Geo.All).Count() != 0 || bd.Remaining()%2 != 0 {
			t.Fatalf("position %v on %d slots", bd.Present, bd.Geo.N)
		}
		out, err := json.Marshal(encodeBoard(p))
		if err != nil {
			t.Fatal(err)
		}
		var again solveRequest
		if err := decodeJSONFrom(bytes.NewReader(out), int64(len(out))+1, &again); err != nil {
			t.Fatalf("the answer %s does not decode: %v", out, err)
		}
		p2, err := s.decodeBoard(&again.boardJSON)
		if err != nil {
			t.Fatalf("the answer %s is refused: %v", out, err)
		}
		if p.fp != bd.Geo.Layout.Fingerprint() || !bytes.Equal(positionKey(bd, p.fp), positionKey(p2.board, p2.fp)) {
			t.Fatalf("round trip changed the position: %s", out)
		}
	})
}

// FuzzHandRequest feeds any body to the decoders of the tw16 routes and
// runs the analyses on what they accept: no panic, and every refusal is a
// 400 naming a field.
func FuzzHandRequest(f *testing.F) {
	f.Add([]byte(`{"hand":"123456789p111s23m55z"}`))
	f.Add([]byte(`{"hand":"13m568p2479s1257z","claims":true,"visible":"2m 2m 7p"}`))
	f.Add([]byte(`{"hand":"111s 23m 55z 1z","melds":"123p 456p 789p","ligu":true}`))
	f.Add([]byte(`{"hand":"1111m","concealed_kongs":"EEEE"}`))
	f.Add([]byte(`{"hand":"456m 789p 234s 55s 89s","melds":"111p","win":"7s","dealer":true}`))
	f.Add([]byte(`{"hand":"11122233m456p789s55s","win":"3m","self_drawn":true,"rules":"common","flowers":"15f","dealer":true,"dealer_streak":2,"base":100,"per_tai":50}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(err error) {
			if err == nil {
				return
			}
			var he *httpError
			if !errors.As(err, &he) || he.status != http.StatusBadRequest || he.msg == "" {
				t.Fatalf("refusal %T %v", err, err)
			}
		}
		var in handRequest
		err := decodeJSONFrom(bytes.NewReader(data), int64(len(data))+1, &in)
		if err == nil {
			for _, a := range answer.Analyses {
				if _, e := analyse(a, &in, testTables()); e != nil {
					check(e)
				}
			}
		}
		check(err)
		var sin scoreRequest
		err = decodeJSONFrom(bytes.NewReader(data), int64(len(data))+1, &sin)
		if err == nil {
			_, err = score(&sin)
		}
		check(err)
	})
}

// FuzzDealQuery feeds any query string to GET /api/deal: 200 with a board
// or 400 with a JSON error, never anything else, but 422 or 503 (no such
// deal found) for a request of a winnable deal.
func FuzzDealQuery(f *testing.F) {
	s, err := New(Config{Finder: &layouts.Finder{}, Workers: 1})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	h := s.Handler()
	for _, q := range []string{"", "layout=tiny8&game=3", "layout=turtle&deal=mjsolver&game=7", "game=x", "seed=-1&deal=pcg", "layout=%2e%2e%2fx", "a=%zz",
		"layout=tiny8;game=3", "layout=tiny8&game=%zz3", "game=", "game", "deal=&seed=",
		"layout=twin16&game=5&winnable=true", "layout=twin16&difficulty=easy", "layout=tiny8&deal=gnome&seed=4",
		"deal=kmahjongg&game=2", "difficulty=bogus", "winnable=2"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		req := httptest.NewRequestWithContext(context.Background(), "GET", "/api/deal", nil)
		req.URL.RawQuery = q
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var m map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("%q: not JSON: %q", q, rec.Body.String())
		}
		switch rec.Code {
		case 200:
			if _, ok := m["faces"]; !ok {
				t.Fatalf("%q: %v", q, m)
			}
			faces := m["faces"].([]any)
			gs := make([]solitaire.Group, len(faces))
			for i, x := range faces {
				if err := gs[i].UnmarshalText([]byte(x.(string))); err != nil {
					t.Fatal(err)
				}
			}
			if err := solitaire.CheckDeal(gs, len(gs)); err != nil {
				t.Fatalf("%q: %v", q, err)
			}
		case 400:
			if msg, _ := m["error"].(string); msg == "" || len(m) != 1 {
				t.Fatalf("%q: %v", q, m)
			}
		case 422, 503:
			// No winnable deal of the kind asked in the games looked at,
			// or none found in time: only for such a request.
			msg, _ := m["error"].(string)
			if msg == "" || !(strings.Contains(q, "winnable") || strings.Contains(q, "difficulty")) {
				t.Fatalf("%q: status %d %v", q, rec.Code, m)
			}
		default:
			t.Fatalf("%q: status %d %v", q, rec.Code, m)
		}
	})
}
