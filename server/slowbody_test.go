package server

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/layouts"
)

// TestSlowBody checks the answer to a client whose body stops coming
// before the server's read limit: 408 with a one-line error about the
// body, not a 400 that shows the server's socket addresses.
func TestSlowBody(t *testing.T) {
	s, err := New(Config{Finder: &layouts.Finder{}, Tables: testTables()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ts := httptest.NewUnstartedServer(s.Handler())
	ts.Config.ReadTimeout = time.Second // short, but not so short that a loaded machine misses it
	ts.Start()
	defer ts.Close()
	for _, path := range []string{"/api/solve", "/api/tw16/shanten"} {
		conn, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		// 100 bytes announced, 10 sent.
		if _, err := io.WriteString(conn, "POST "+path+" HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"layout\":"); err != nil {
			t.Fatal(err)
		}
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: not JSON: %q", path, data)
		}
		msg := m["error"]
		if resp.StatusCode != http.StatusRequestTimeout || !strings.HasPrefix(msg, "body: ") || strings.Contains(msg, "127.0.0.1") || strings.Contains(msg, "tcp") {
			t.Errorf("%s: %d %q; want 408 with an error about the body", path, resp.StatusCode, msg)
		}
	}
}
