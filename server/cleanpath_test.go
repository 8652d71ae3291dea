package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestUncleanPathIsAJSON404: a path with "//", "." or ".." (curl --path-as-is),
// or a subtree's root without its slash, gets a JSON 404 naming the clean path,
// as every answer is JSON; it got ServeMux's 307 or 301 redirect with an HTML
// body.
func TestUncleanPathIsAJSON404(t *testing.T) {
	s, _ := newTestServer(t, Config{Finder: testFinder()})
	for _, c := range []struct{ method, path, clean string }{
		{"GET", "/api/layouts//x", "/api/layouts/x"},
		{"GET", "/api/layouts/../layouts", "/api/layouts"},
		{"GET", "/./api/layouts", "/api/layouts"},
		{"GET", "//api/layouts", "/api/layouts"},
		{"POST", "/api/tw16/../solve", "/api/solve"},
		{"HEAD", "/api//stats", "/api/stats"},
		{"GET", "/api/layouts/%2F/..", "/api/layouts"},
	} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest(c.method, c.path, strings.NewReader("{}")))
		var body struct{ Error string }
		err := json.Unmarshal(rec.Body.Bytes(), &body)
		want := "no such page: " + c.path + " (the clean path is " + c.clean + ")"
		if c.method == "HEAD" {
			err, body.Error = nil, want // no body
		}
		if rec.Code != http.StatusNotFound || rec.Header().Get("Location") != "" ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || err != nil || body.Error != want {
			t.Errorf("%s %s: %d %v, body %q; want a JSON 404 %q", c.method, c.path, rec.Code, rec.Header(), rec.Body, want)
		}
	}
	// The assets' root without its slash is no page either (it was a
	// redirect to /assets/).
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/assets", nil))
	if rec.Code != http.StatusNotFound || rec.Header().Get("Location") != "" || rec.Body.String() != `{"error":"no such page: /assets"}`+"\n" {
		t.Errorf("GET /assets: %d %v, body %q", rec.Code, rec.Header(), rec.Body)
	}
	// Clean paths are answered as before.
	for _, p := range []string{"/api/layouts", "/api/layouts/turtle", "/", "/healthz"} {
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: %d", p, rec.Code)
		}
	}
}
