package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTW16TablesNotCachedWarns: when the tables cache cannot be written (here a
// cache directory under a file), the commands that look the tables up build
// them in memory on every run, and say so on standard error in one line, once,
// with stdout and the exit code as with a cache. A hand refused before the
// tables are needed has no warning.
func TestTW16TablesNotCachedWarns(t *testing.T) {
	type result struct {
		code     int
		out, err string
	}
	cases := []struct {
		stdin string
		args  []string
	}{
		{"", []string{"tw16", "shanten", "123m456p789s11z22z33z4z"}},
		{"123m456p789s11z22z33z4z\n1111m2222p33334444s\n", []string{"tw16", "shanten", "-"}},
		{"", []string{"tw16", "advise", "12399m568p24799s1257z", "--json"}},
		{"", []string{"tw16", "stats", "--deals", "2", "--workers", "1"}},
	}
	var cached []result
	for _, c := range cases { // with the tests' cache
		code, out, errOut := runCmd(t, c.stdin, c.args...)
		cached = append(cached, result{code, out, errOut})
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(cacheDirEnv, filepath.Join(file, "cache"))
	want := "mjsolve: warning: tw16 tables not cached (tw16: tables cache: mkdir " + file + ": not a directory); built in memory for this run\n"
	for i, c := range cases {
		code, out, errOut := runCmd(t, c.stdin, c.args...)
		if code != cached[i].code || out != cached[i].out || errOut != cached[i].err+want {
			t.Errorf("%s: exit %d, stderr %q, stdout as with a cache %v; want exit %d, stderr %q", strings.Join(c.args, " "),
				code, errOut, out == cached[i].out, cached[i].code, cached[i].err+want)
		}
	}
	if code, out, errOut := runCmd(t, "", "tw16", "shanten", "123m"); code != exitBadInput || out != "" || strings.Contains(errOut, "warning") {
		t.Errorf("bad hand: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
