//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteFileSpecialTarget gives the commands that write a file a named
// pipe (as "--out /dev/null" or "--png /dev/stdout" give a device): one
// line naming the flag and the file, exit code 2, and the pipe stays a
// pipe. analysis merge -o used to rename a regular file over it (run as
// root, over /dev/full itself), and hang a reader of the pipe.
func TestWriteFileSpecialTarget(t *testing.T) {
	dir := t.TempDir()
	recs := filepath.Join(dir, "a.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "5", "--out", recs); code != 0 {
		t.Fatalf("solitaire --out: exit %d, %s", code, errOut)
	}
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	const why = ": not a regular file (a device, pipe or socket); give a file name\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"analysis", "merge", recs, "-o", pipe}, "mjsolve: -o " + pipe + why},
		{[]string{"analysis", "plot", recs, "--out", pipe + ".png"}, ""}, // a plain file beside it: fine
		{[]string{"layouts", "show", "tiny8", "--png", pipe, "--force"}, "mjsolve: --png " + pipe + why},
		{[]string{"solitaire", "show", "--layout", "tiny8", "--save", pipe, "--force"}, "mjsolve: --save " + pipe + why},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if c.want == "" {
			if code != 0 {
				t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
			}
			continue
		}
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", c.args, code, out, errOut, c.want)
		}
	}
	if fi, err := os.Lstat(pipe); err != nil || fi.Mode().Type() != fs.ModeNamedPipe {
		t.Errorf("the pipe is now %v (%v)", fi.Mode(), err)
	}
}
