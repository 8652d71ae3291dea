package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/mjsolve/mjsolve/tw16/bot"
	"github.com/mjsolve/mjsolve/tw16/referee"
)

// transcript plays one hand of four draw-discard scripts under the
// referee and returns its transcript's bytes.
func transcript(t testing.TB) []byte {
	t.Helper()
	dir := t.TempDir()
	o := referee.Options{Hands: 1, Seed: 3, LogDir: dir, MoveTime: time.Minute, Tables: testTables()}
	for p := range o.Players {
		o.Players[p] = referee.Player{Name: fmt.Sprintf("dd%d", p+1), Command: "../tw16/referee/testdata/draw-discard.sh"}
	}
	if _, err := referee.Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "hand-0001.txt.zst"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// plain decompresses zstd data.
func plain(t testing.TB, data []byte) []byte {
	t.Helper()
	d, _ := zstd.NewReader(nil)
	defer d.Close()
	out, err := d.DecodeAll(data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestHandUpload sends hands in the request body: a transcript, the event
// form, compressed or not, each answered with the hand in event form; a
// damaged one is a 400 that says what is wrong, never a 500.
func TestHandUpload(t *testing.T) {
	_, ts := newTestServer(t, Config{MaxUpload: 64 << 10})
	tr := transcript(t)
	logs := selfPlayLogs(t, 1)
	ev, err := os.ReadFile(filepath.Join(logs, bot.LogName(1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		body   []byte
		source string
	}{
		{"a transcript", tr, "referee"}, {"a transcript, plain", plain(t, tr), "referee"},
		{"the event form", ev, "selfplay"}, {"the event form, plain", plain(t, ev), "selfplay"},
	} {
		code, m, _ := call(t, ts, "POST", "/api/tw16/hand", string(c.body))
		if code != 200 {
			t.Fatalf("%s: %d %v", c.name, code, m)
		}
		h, _ := m["header"].(map[string]any)
		evs, _ := m["events"].([]any)
		if h == nil || h["source"] != c.source || h["schema"] != "mjsolve-tw16-hand" || len(evs) < 70 {
			t.Errorf("%s: header %v, %d events", c.name, h, len(evs))
		}
		last, _ := evs[len(evs)-1].(map[string]any)
		if last["type"] != "end" || len(last["points"].([]any)) != 4 {
			t.Errorf("%s: the last event %v", c.name, last)
		}
	}
	text := string(plain(t, ev))
	lines := strings.SplitAfter(text, "\n")
	for _, c := range []struct{ body, prefix string }{
		{"", "body: empty; send a hand's file"},
		{"hello", "file: not a hand: neither a transcript"},
		{"mjsolve tw16 transcript 1\nhand x\n", "file: transcript line 2: "},
		{string(tr[:len(tr)/2]), "file: the hand is cut short or damaged"},
		{string(ev[:len(ev)-9]), "file: the hand is cut short or damaged"},
		{strings.Join(lines[:len(lines)/2], ""), "file: the hand ends at line "},
		{strings.Replace(text, `"version":1`, `"version":2`, 1), "file: line 1: version 2 is newer than this reader's 1"},
		{strings.Replace(text, `"type":"discard","seat":1,`, `"type":"discard","seat":2,`, 1), "file: event "},
		{strings.Replace(text, `"wall_left":71}`, `"wall_left":70}`, 1), "file: event 1: want "},
		{"{\"schema\":\"mjsolve-tw16-hand\",\"version\":1,\"type\":\"hand\"}\n{\"n\":1,\"type\":\"end\",\"points\":[0,0,0,0]}\n", "file: the dealer 0 is not a seat 1-4"},
	} {
		wantError(t, ts, "POST", "/api/tw16/hand", c.body, 400, c.prefix)
	}
	big := strings.Repeat("x", 65<<10)
	wantError(t, ts, "POST", "/api/tw16/hand", big, 413, "body: larger than 65536 bytes")
	wantError(t, ts, "POST", "/api/tw16/hand?x=1", string(ev), 400, "x: unknown parameter")
	wantError(t, ts, "GET", "/api/tw16/hand", "", 405, "method GET not allowed")
	// Its review: seat 2's decisions.
	code, m, _ := call(t, ts, "POST", "/api/tw16/hand/review?seat=2", string(ev))
	if code != 200 || m["samples"] != 16.0 || m["hand"] != 1.0 {
		t.Fatalf("review: %d %v", code, m)
	}
	seats, _ := m["seats"].([]any)
	decisions, _ := m["decisions"].([]any)
	if len(seats) != 1 || seats[0].(map[string]any)["seat"] != 2.0 || len(decisions) == 0 {
		t.Errorf("review: seats %v, %d decisions", seats, len(decisions))
	}
	for _, d := range decisions {
		if d.(map[string]any)["seat"] != 2.0 {
			t.Errorf("review of seat 2: a decision %v", d)
		}
	}
	for _, c := range []struct{ path, prefix string }{
		{"/api/tw16/hand/review", "seat: missing"}, {"/api/tw16/hand/review?seat=5", `seat: "5" is not a seat 1 to 4`},
		{"/api/tw16/hand/review?seat=x", `seat: "x" is not a seat`}, {"/api/tw16/hand/review?seat=1&n=2", "n: unknown parameter"},
	} {
		wantError(t, ts, "POST", c.path, string(ev), 400, c.prefix)
	}
	wantError(t, ts, "POST", "/api/tw16/hand/review?seat=1", "garbage", 400, "file: not a hand")
}

// TestHandLogs lists and opens the hands of the logs directory, and
// nothing else: not a file outside it, by name, path or symbolic link.
func TestHandLogs(t *testing.T) {
	_, none := newTestServer(t, Config{})
	wantError(t, none, "GET", "/api/tw16/logs", "", 404, "the server shows no logs (start it with --logs DIR)")
	wantError(t, none, "GET", "/api/tw16/logs/hand-0001.jsonl.zst", "", 404, "the server shows no logs")

	logs := selfPlayLogs(t, 2)
	secret := filepath.Join(t.TempDir(), "secret.jsonl")
	os.WriteFile(secret, []byte("secret"), 0o644)
	os.Symlink(secret, filepath.Join(logs, "link.jsonl"))
	os.WriteFile(filepath.Join(logs, ".hidden.jsonl"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(logs, "notes.md"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(logs, "broken.jsonl"), []byte("{}\n"), 0o644)
	os.Mkdir(filepath.Join(logs, "sub.jsonl"), 0o755)
	_, ts := newTestServer(t, Config{Logs: logs})
	code, m, _ := call(t, ts, "GET", "/api/tw16/logs", "")
	got, _ := json.Marshal(m)
	if code != 200 || !strings.HasPrefix(string(got), `{"hands":[{"bytes":3,"name":"broken.jsonl"},{"bytes":`) ||
		strings.Count(string(got), `"name"`) != 3 || !strings.Contains(string(got), `"name":"hand-0002.jsonl.zst"`) {
		t.Errorf("logs: %d %s", code, got)
	}
	code, m, _ = call(t, ts, "GET", "/api/tw16/logs/hand-0002.jsonl.zst", "")
	if h, _ := m["header"].(map[string]any); code != 200 || h["hand"] != 2.0 {
		t.Errorf("hand 2: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "GET", "/api/tw16/logs/hand-0002.jsonl.zst/review?seat=1", "")
	if code != 200 || m["hand"] != 2.0 {
		t.Errorf("review of hand 2: %d %v", code, m)
	}
	for _, name := range []string{"link.jsonl", ".hidden.jsonl", "notes.md", "sub.jsonl", "nothing.jsonl", "..%2Fsecret.jsonl", "%2E%2E"} {
		wantError(t, ts, "GET", "/api/tw16/logs/"+name, "", 404, "")
	}
	wantError(t, ts, "GET", "/api/tw16/logs/broken.jsonl", "", 400, "broken.jsonl: line 1: not a hand in event form")
	wantError(t, ts, "GET", "/api/tw16/logs/../../etc/passwd", "", 404, "no such page")
	wantError(t, ts, "GET", "/api/tw16/logs/hand-0001.jsonl.zst?x=1", "", 400, "x: unknown parameter")
	if _, err := New(Config{Logs: filepath.Join(logs, "missing")}); err == nil {
		t.Error("a logs directory that does not exist is accepted")
	}
}

// rawPost sends a request with the given headers and the first part of
// its body, and reads the answer without sending the rest.
func rawPost(t *testing.T, addr, path, headers, body string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST "+path+" HTTP/1.1\r\nHost: x\r\n"+headers+"\r\n"+body); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// TestOversizedBodies: a body over the limit is a 413, also when its
// Content-Length says so before a byte of it is sent (50 MB of garbage
// announced to /api/solve), and when it comes chunked.
func TestOversizedBodies(t *testing.T) {
	_, ts := newTestServer(t, Config{MaxUpload: 1 << 20})
	addr := ts.Listener.Addr().String()
	for _, path := range []string{"/api/solve", "/api/board", "/api/tw16/shanten", "/api/tw16/hand", "/api/tw16/hand/review?seat=1"} {
		start := time.Now()
		code, body := rawPost(t, addr, path, "Content-Length: 52428800\r\n", "garbage")
		if code != 413 || !strings.Contains(body, `"error":"body: larger than `) {
			t.Errorf("%s, 50 MB announced: %d %s", path, code, body)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: the 413 took %v", path, d)
		}
		// Chunked: no length announced, and more than the limit sent.
		chunk := strings.Repeat("x", 1<<20+1)
		code, body = rawPost(t, addr, path, "Transfer-Encoding: chunked\r\n", fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(chunk), chunk))
		if code != 413 {
			t.Errorf("%s, chunked over the limit: %d %s", path, code, body)
		}
	}
	// Under the limit, garbage is a 400.
	code, body := rawPost(t, addr, "/api/solve", "Content-Length: 7\r\n", "garbage")
	if code != 400 {
		t.Errorf("7 bytes of garbage: %d %s", code, body)
	}
}

// FuzzHandUpload posts damaged hands to the upload route: every answer is
// a 200 with the hand or a 400 with an error, never a 500 nor a panic. (The
// review route reads its body the same way, then reviews: too slow a
// target for a fuzzer; TestHandUpload gives it damaged bodies.)
func FuzzHandUpload(f *testing.F) {
	s, err := New(Config{Finder: testFinder(), Tables: testTables(), MaxUpload: 256 << 10})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	tr := transcript(f)
	ev, err := os.ReadFile(filepath.Join(selfPlayLogs(f, 1), bot.LogName(1)))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(plain(f, tr))
	f.Add(plain(f, ev))
	f.Add(ev)
	f.Add([]byte("mjsolve tw16 transcript 1\n"))
	f.Add([]byte(`{"schema":"mjsolve-tw16-hand","version":1,"type":"hand"}` + "\n"))
	f.Add([]byte{0x28, 0xb5, 0x2f, 0xfd, 0, 0})
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, path := range []string{"/api/tw16/hand"} {
			rec := httptest.NewRecorder()
			req, _ := http.NewRequest("POST", path, bytes.NewReader(body))
			s.Handler().ServeHTTP(rec, req)
			if rec.Code != 200 && rec.Code != 400 && rec.Code != 413 {
				t.Fatalf("%s: %d %s", path, rec.Code, rec.Body.String())
			}
			var m map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
				t.Fatalf("%s: not JSON: %q", path, rec.Body.String())
			}
			if rec.Code != 200 && m["error"] == nil {
				t.Fatalf("%s: %d without an error", path, rec.Code)
			}
		}
	})
}
