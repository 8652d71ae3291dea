package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFileBadTargets gives --png and --save a directory and a file in
// a directory that does not exist: one line naming the flag and the file
// (never the temporary file), exit code 2, and nothing left behind.
func TestWriteFileBadTargets(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "such", "x.out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"layouts", "show", "tiny8", "--png", dir}, "mjsolve: --png " + dir + ": is a directory\n"},
		{[]string{"solitaire", "show", "--layout", "tiny8", "--save", dir}, "mjsolve: --save " + dir + ": is a directory\n"},
		{[]string{"layouts", "show", "tiny8", "--png", missing}, "mjsolve: --png " + missing + ": no directory " + filepath.Dir(missing) + "\n"},
		{[]string{"solitaire", "show", "--layout", "tiny8", "--save", missing}, "mjsolve: --save " + missing + ": no directory " + filepath.Dir(missing) + "\n"},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", c.args, code, out, errOut, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("%d files left in %s", len(entries), dir)
	}
}

// TestWriteFileModes checks that a new file is readable by all (not the
// 0600 of a temporary file) and that a replaced file keeps its mode.
func TestWriteFileModes(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "new.board")
	if err := writeFileAtomic("--save", name, []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("new file: %v, %v; want mode 0644", fi.Mode(), err)
	}
	old := filepath.Join(dir, "old.board")
	os.WriteFile(old, []byte("before\n"), 0o600)
	os.Chmod(old, 0o640)
	if err := writeFileAtomic("--save", old, []byte("after\n")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(old)
	if fi, err := os.Stat(old); err != nil || fi.Mode().Perm() != 0o640 || string(data) != "after\n" {
		t.Errorf("replaced file: mode %v, %v, content %q; want 0640, \"after\\n\"", fi.Mode(), err, data)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "new.board old.board" {
		t.Errorf("files in the directory: %s", got)
	}
}
