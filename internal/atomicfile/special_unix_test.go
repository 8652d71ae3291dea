//go:build unix

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestSpecialTarget: a target that is a named pipe (as a device such as
// /dev/null would be) is refused by CheckTarget and Create, directly and
// through a symbolic link, and stays what it was; the rename used to put
// a regular file in its place (run as root, "--out /dev/full" replaced
// the device).
func TestSpecialTarget(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("pipe", link); err != nil {
		t.Fatal(err)
	}
	const msg = "not a regular file (a device, pipe or socket); give a file name"
	for _, target := range []string{fifo, link} {
		err := CheckTarget(target)
		if te, ok := errors.AsType[*TargetError](err); !ok || te.Msg != msg {
			t.Errorf("CheckTarget(%s) = %v, want a *TargetError %q", target, err, msg)
		}
		err = WriteFile(target, []byte("x"), 0o644)
		var pe *fs.PathError
		if !errors.As(err, &pe) || pe.Path != target || err.Error() != "create "+target+": "+msg {
			t.Errorf("WriteFile(%s) = %v, want %q", target, err, "create "+target+": "+msg)
		}
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode().Type() != fs.ModeNamedPipe {
		t.Errorf("the pipe is now %v (%v)", fi.Mode(), err)
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("directory holds %q, want the pipe and the link", got)
	}
}
