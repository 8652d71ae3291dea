package server

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

// TestBoardFileLayoutIndexOnly checks that a board file posted to the
// server finds its layout among the server's layouts only, as every other
// request does: by a title too (which the index accepts), and with nothing
// read from disk at request time (the layout file the server listed at
// start has gone; a name the index knows must not lead to a file of that
// name in the server's working directory either).
func TestBoardFileLayoutIndexOnly(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.txt")
	const mine = "mjsolve-layout 1\nname mine\ntitle My row\nlevel 0\n[][][][]\n[][][][]\n"
	if err := os.WriteFile(file, []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, Config{Finder: &layouts.Finder{LayoutPath: []string{dir}}})
	// Slots 0 and the last are free on both layouts, and 1m.
	body := func(layout string, tiles int, faces string) string {
		return fmt.Sprintf(`{"file":"mjsolve board 1\nlayout %s\ntiles %d\nfaces %s\nremoved 0 %d\n"}`, layout, tiles, faces, tiles-1)
	}
	for _, c := range []struct {
		layout, want string
		tiles        int
		faces        string
	}{
		{"Tiny", "tiny8", 8, "1m 2m 2m 2m 2m 1m 1m 1m"}, // a built-in by its title
		{"mine", "mine", 4, "1m 1m 1m 1m"},
		{"my ROW", "mine", 4, "1m 1m 1m 1m"}, // a layout of the path by its title
	} {
		code, m, _ := call(t, ts, "POST", "/api/board", body(c.layout, c.tiles, c.faces))
		if code != 200 || m["layout"] != c.want || m["tiles"] != float64(c.tiles) || len(m["removed"].([]any)) != 2 {
			t.Errorf("layout %s: %d %v", c.layout, code, m)
		}
	}
	// The file is gone: the server answers from what it listed at start.
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	code, m, _ := call(t, ts, "POST", "/api/board", body("mine", 4, "1m 1m 1m 1m"))
	if code != 200 || m["layout"] != "mine" {
		t.Errorf("after the file went: %d %v", code, m)
	}
	// A name the index does not know is refused before anything is read.
	wantError(t, ts, "POST", "/api/board", body(file, 4, "1m 1m 1m 1m"), 400, "file:2: layout: no layout")
}

// TestLayoutErrorReason checks that a layout the server lists but cannot
// play says why without the layouts package's prefix, in the list and in
// the layout's own answer, as every other error of the API.
func TestLayoutErrorReason(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.txt"), []byte("mjsolve-layout 1\nname bad\nlevel 0\n[][]x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, Config{Finder: &layouts.Finder{LayoutPath: []string{dir}}})
	_, m, _ := call(t, ts, "GET", "/api/layouts", "")
	var msg string
	for _, l := range m["layouts"].([]any) {
		if e := l.(map[string]any); e["name"] == "bad" {
			msg, _ = e["error"].(string)
		}
	}
	if msg == "" || strings.HasPrefix(msg, "layouts: ") {
		t.Errorf("the list says of the bad layout %q", msg)
	}
	wantError(t, ts, "GET", "/api/layouts/bad", "", 404, "layout bad cannot be read: ")
}

// TestBoardFileLayoutHash checks that a board file's layout line is read
// as the board file reader reads it: a '#' inside the name (FILE#NAME, as
// --save writes one map of a GNOME map file) is part of it, not a comment.
func TestBoardFileLayoutHash(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	body := func(layout string) string {
		return fmt.Sprintf(`{"file":"mjsolve board 1\nlayout %s\ntiles 8\nfaces 1m 1m 1m 1m 2m 2m 2m 2m\n"}`, layout)
	}
	wantError(t, ts, "POST", "/api/board", body("/home/me/maps.map#two"), 400, `file:2: layout: no layout "/home/me/maps.map#two"`)
	wantError(t, ts, "POST", "/api/board", body("tiny8#two"), 400, `file:2: layout: no layout "tiny8#two"`)
	// A comment after a blank is still one.
	if code, m, _ := call(t, ts, "POST", "/api/board", body("tiny8 # saved by hand")); code != 200 || m["layout"] != "tiny8" {
		t.Errorf("a comment after the name: %d %v", code, m)
	}
}
