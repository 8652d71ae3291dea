package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/golden"
	"github.com/mjsolve/mjsolve/layouts"
)

// fakeGames makes a games root with small layout files of each installed
// game (written for these tests) and an empty MJSOLVE_LAYOUT_PATH
// directory, and points the environment at them.
func fakeGames(t *testing.T) (root, userDir string) {
	t.Helper()
	root = t.TempDir()
	userDir = t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("usr/share/games/xmahjongg/layouts/ox", "# row col lev\n0 0 0\n0 2 0\n0 4 0\n0 1 1\n")
	write("usr/share/games/xmahjongg/layouts/default", "0 0 0\n0 2 0\n")
	write("usr/share/kmahjongg/layouts/default.layout", "kmahjongg-layout-v1.1\nw6\nh4\nd2\n1212..\n4343..\n1212..\n4343..\n.12.12\n.43.43\n......\n......\n")
	write("usr/share/kmahjongg/layouts/default.desktop", "[KMahjonggLayout]\nName[de]=Standard\nName=Default\n")
	// 256 tiles: 16 by 16 on one level.
	var big strings.Builder
	big.WriteString("kmahjongg-layout-v1.1\nw32\nh32\nd1\n")
	for range 16 {
		big.WriteString(strings.Repeat("12", 16) + "\n" + strings.Repeat("43", 16) + "\n")
	}
	write("usr/share/kmahjongg/layouts/big.layout", big.String())
	write("usr/share/gnome-mahjongg/maps/mahjongg.map", `<mahjongg>
  <map name="Little Ziggurat" scorename="ziggurat">
    <row y="0" left="0" right="2"/>
    <tile z="1" x="0.5" y="0"/>
  </map>
</mahjongg>
`)
	t.Setenv("MJSOLVE_GAMES_ROOT", root)
	t.Setenv("MJSOLVE_LAYOUT_PATH", userDir)
	return root, userDir
}

func TestLayoutsListBuiltin(t *testing.T) {
	code, out, errOut := runCmd(t, "", "layouts", "list", "--source", "builtin")
	if code != 0 || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	golden.Check(t, "layouts-list-builtin", out)
}

func TestLayoutsListAll(t *testing.T) {
	root, user := fakeGames(t)
	if err := os.WriteFile(filepath.Join(user, "mine.txt"), []byte("mjsolve-layout 1\ntitle Mine\nlevel 0\n[][]\n[][]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "layouts", "list")
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	golden.Check(t, "layouts-list", out)
	wantErr := "mjsolve: not listed: kmahjongg/big has 256 tiles; at most 254 are supported\n"
	if errOut != wantErr {
		t.Errorf("stderr %q, want %q", errOut, wantErr)
	}

	code, out, errOut = runCmd(t, "", "layouts", "list", "--json", "--source", "kmahjongg")
	if code != 0 || errOut != "" {
		t.Fatalf("--json: exit %d, stderr %q", code, errOut)
	}
	var got []layouts.Summary
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	kdir := filepath.Join(root, "usr/share/kmahjongg/layouts")
	wantJSON := []layouts.Summary{
		{Name: "kmahjongg/big", Source: "kmahjongg", Title: "big", File: filepath.Join(kdir, "big.layout"), Tiles: 256, Levels: 1,
			TilesPerLevel: []int{256}, FreeAtStart: 32, Error: "layouts: kmahjongg/big has 256 tiles; at most 254 are supported"},
		{Name: "kmahjongg/default", Source: "kmahjongg", Title: "Default", File: filepath.Join(kdir, "default.layout"), Tiles: 6, Levels: 2,
			TilesPerLevel: []int{4, 2}, FreeAtStart: 4, Floating: 1},
	}
	if fmt.Sprint(got) != fmt.Sprint(wantJSON) {
		t.Errorf("--json:\n got %+v\nwant %+v", got, wantJSON)
	}

	code, out, errOut = runCmd(t, "", "layouts", "list", "--source", "nope")
	if code != exitBadInput || out != "" || errOut != "mjsolve: --source \"nope\": want one of builtin, path, xmahjongg, kmahjongg, gnome\n" {
		t.Errorf("bad --source: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestLayoutsShow(t *testing.T) {
	code, out, errOut := runCmd(t, "", "layouts", "show", "cross12")
	if code != 0 || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	golden.Check(t, "layouts-show-cross12", out)
}

func TestLayoutsShowInstalledAndNotes(t *testing.T) {
	root, _ := fakeGames(t)
	code, out, errOut := runCmd(t, "", "layouts", "show", "KMAHJONGG/Default")
	file := filepath.Join(root, "usr/share/kmahjongg/layouts/default.layout")
	want := `kmahjongg/default from ` + file + `: 6 tiles on 2 levels (4/2), 4 free at the start

level 0: 4 tiles
[][]
[][]
[][]
[][]
level 1: 2 tiles
 [] []
 [] []


note: 1 tile does not rest on the level below: 5 (x=4 y=0 z=1)
`
	if code != 0 || out != want || errOut != "" {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errOut, out, want)
	}
}

func TestLayoutsShowErrors(t *testing.T) {
	root, user := fakeGames(t)
	bad := filepath.Join(user, "bad.txt")
	if err := os.WriteFile(bad, []byte("0 0 0\n0 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	kdir := filepath.Join(root, "usr/share/kmahjongg/layouts")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"nosuch"}, `mjsolve: layouts: unknown layout "nosuch" (see 'mjsolve layouts list')`},
		{[]string{"default"}, `mjsolve: layouts: "default" is ambiguous: say xmahjongg/default or kmahjongg/default`},
		{[]string{"kmahjongg/big"}, `mjsolve: layouts: kmahjongg/big has 256 tiles; at most 254 are supported`},
		{[]string{"kmahjongg/nope"}, `mjsolve: layouts: no layout "nope" among the KMahjongg layouts in ` + kdir + ` (see 'mjsolve layouts list')`},
		{[]string{bad}, `mjsolve: layouts: ` + bad + ` line 2: want three numbers "row col lev", got "0 2"`},
		{[]string{"bad"}, `mjsolve: layouts: ` + bad + ` line 2: want three numbers "row col lev", got "0 2"`},
		{[]string{}, `mjsolve: layouts show takes one layout NAME, not 0 (see 'mjsolve layouts list')`},
		{[]string{"ox", "turtle"}, `mjsolve: layouts show takes one layout NAME, not 2 (see 'mjsolve layouts list')`},
		{[]string{"turtle", "--force"}, `mjsolve: --force is for --png`},
		{[]string{"turtle", "--json", "--force"}, `mjsolve: --force is for --png`},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"layouts", "show"}, tt.args...)...)
		if code != exitBadInput || out != "" || errOut != tt.want+"\n" {
			t.Errorf("show %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tt.args, code, out, errOut, tt.want)
		}
	}
}

func TestLayoutsShowPNG(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "turtle.png")
	code, out, errOut := runCmd(t, "", "layouts", "show", "turtle", "--png", file)
	want := "turtle from builtin: 144 tiles on 5 levels (87/36/16/4/1), 35 free at the start\nwrote " + file + "\n"
	if code != 0 || out != want || errOut != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 400 || b.Dy() < 250 {
		t.Errorf("picture only %v", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the directory, want only the picture", len(entries))
	}
	// A directory that does not exist: an error, and nothing written.
	code, _, errOut = runCmd(t, "", "layouts", "show", "tiny8", "--png", filepath.Join(dir, "no", "x.png"))
	if want := "mjsolve: --png " + filepath.Join(dir, "no", "x.png") + ": no directory " + filepath.Join(dir, "no") + "\n"; code != exitBadInput || errOut != want {
		t.Errorf("--png into a missing directory: exit %d, stderr %q", code, errOut)
	}
}
