package server

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// readmeCall finds in the page the first curl command that posts to path
// (continued lines joined) and returns its body ("@g3.json" as written)
// and the answer README shows after it as "# {...}" lines, decoded.
func readmeCall(t *testing.T, readme, path string) (string, map[string]any) {
	t.Helper()
	lines := strings.Split(strings.ReplaceAll(readme, "\\\n", " "), "\n")
	for i, l := range lines {
		cmd := strings.TrimSpace(strings.Split(l, " # ")[0])
		if !strings.HasPrefix(cmd, "curl -s -d ") || !strings.HasSuffix(cmd, " http://127.0.0.1:8080"+path) {
			continue
		}
		body := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(cmd, "curl -s -d "), " http://127.0.0.1:8080"+path))
		body = strings.TrimSuffix(strings.TrimPrefix(body, "'"), "'")
		var js strings.Builder
		for _, a := range lines[i+1:] {
			text, ok := strings.CutPrefix(a, "#")
			if !ok {
				break
			}
			js.WriteString(strings.TrimSpace(text))
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(js.String()), &m); err != nil {
			t.Fatalf("docs/server.md's answer to %s is not JSON: %v\n%s", cmd, err, js.String())
		}
		return body, m
	}
	t.Fatalf("docs/server.md posts nothing to %s", path)
	return "", nil
}

// The examples in docs/server.md of a hint, a solve and two hand analyses
// show what the server answers, but for the time taken ("ns").
func TestReadmeAnswers(t *testing.T) {
	data, err := os.ReadFile("../docs/server.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	_, ts := newTestServer(t, Config{})
	g3 := dealJSON(t, ts, "layout=turtle&game=3") // README's g3.json
	for _, path := range []string{"/api/hint", "/api/solve", "/api/tw16/waits", "/api/tw16/shanten"} {
		body, want := readmeCall(t, readme, path)
		if body == "@g3.json" {
			body = g3
		}
		_, got, _ := call(t, ts, "POST", path, body)
		delete(want, "ns")
		delete(got, "ns")
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: docs/server.md shows\n%v\nthe server answers\n%v", path, want, got)
		}
	}
}
