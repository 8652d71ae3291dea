package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// File is a temporary file that replaces its target on [File.Commit].
// Write to it through the embedded *os.File.
type File struct {
	*os.File
	name      string // the target as given, for errors
	target    string // the file renamed over: name with its symbolic links followed
	perm      fs.FileMode
	committed bool
}

// Create starts writing target: it creates a temporary file in the
// target's directory. A target that is a directory, or exists and is not
// a regular file (a device, a pipe, a socket), is an error. A target
// that is a symbolic link stays one: the file it points to (made if
// missing) is the one replaced, its temporary file beside it. Call
// [File.Abort] (deferred) to remove the temporary file if Commit is never
// reached.
func Create(target string, perm fs.FileMode) (*File, error) {
	real := FollowLinks(target)
	if fi, err := os.Stat(real); err == nil {
		if fi.IsDir() {
			return nil, &fs.PathError{Op: "create", Path: target, Err: errors.New("is a directory")}
		}
		if !fi.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "create", Path: target, Err: errNotRegular}
		}
		perm = fi.Mode().Perm() // a replaced file keeps its permissions
	}
	tmp, err := os.CreateTemp(filepath.Dir(real), tempPrefix(real)+"*")
	if err != nil {
		return nil, &fs.PathError{Op: "create", Path: target, Err: Cause(err)}
	}
	return &File{File: tmp, name: target, target: real, perm: perm.Perm()}, nil
}

// FollowLinks returns target with its symbolic links followed, up to the
// file they point to, which need not exist yet; target itself when it is
// no link (or a link that cannot be read, or a loop). A file created with
// O_EXCL must be created there: through a link to a missing file, O_EXCL
// fails with "file exists".
func FollowLinks(target string) string {
	p := target
	for range 40 {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return target
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
	return target
}

// tempPrefix is how the names of target's temporary files start; Create
// adds a random decimal number.
func tempPrefix(target string) string { return "." + filepath.Base(target) + ".tmp" }

// RemoveStale removes the temporary files of target that a process killed
// between Create and Commit (or Abort) left behind, and returns their
// paths. Only one writer of target may run at a time: RemoveStale takes
// any such file for stale.
func RemoveStale(target string) ([]string, error) {
	target = FollowLinks(target)
	dir := filepath.Dir(target)
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	prefix := tempPrefix(target)
	var removed []string
	for _, de := range des {
		name := de.Name()
		if !de.Type().IsRegular() || !strings.HasPrefix(name, prefix) || !allDigits(name[len(prefix):]) {
			continue
		}
		p := filepath.Join(dir, name)
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, p)
	}
	return removed, nil
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// TempName is the name of the temporary file (for tests and messages
// about a crash; errors never use it).
func (f *File) TempName() string { return f.File.Name() }

// Commit gives the temporary file the target's permissions, syncs it to
// disk, renames it over the target and syncs the directory. The file stays
// open, now under the target's name: a caller may go on appending to it
// (and closes it). On failure the temporary file is closed and removed and
// the target is untouched.
func (f *File) Commit() error {
	if f.committed {
		return &fs.PathError{Op: "commit", Path: f.name, Err: errors.New("already committed")}
	}
	err := f.File.Chmod(f.perm)
	if err == nil {
		err = f.File.Sync()
	}
	if err == nil {
		err = os.Rename(f.File.Name(), f.target)
	}
	if err != nil {
		f.Abort()
		return &fs.PathError{Op: "write", Path: f.name, Err: Cause(err)}
	}
	f.committed = true
	syncDir(filepath.Dir(f.target))
	return nil
}

// Abort closes and removes the temporary file unless Commit succeeded; it
// does nothing after a Commit, so it can be deferred right after Create.
func (f *File) Abort() {
	if f.committed {
		return
	}
	f.File.Close()
	os.Remove(f.File.Name())
}

// WriteFile writes data to target atomically: a new file gets perm, an
// existing one keeps its permissions.
func WriteFile(target string, data []byte, perm fs.FileMode) error {
	f, err := Create(target, perm)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return &fs.PathError{Op: "write", Path: target, Err: Cause(err)}
	}
	if err := f.Commit(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return &fs.PathError{Op: "write", Path: target, Err: Cause(err)}
	}
	return nil
}

// syncDir makes a rename in dir durable. It is best effort: some systems
// cannot sync a directory, and the rename itself has already happened.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Cause returns the cause inside a *fs.PathError or *os.LinkError, without
// their operation and path (which may name a temporary file), or err itself.
// Callers name the file the user gave in their own message.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// errNotRegular refuses a target that exists and is neither a regular
// file nor a directory: a device (/dev/null, /dev/stdout's terminal), a
// named pipe or a socket. Renaming the temporary file over it would put a
// regular file in its place (in /dev, for a user who may write there).
var errNotRegular = errors.New("not a regular file (a device, pipe or socket); give a file name")

// TargetError says why a file cannot be written at the name given: the
// name is a directory, or its directory does not exist. Its message names
// neither the target nor a temporary file: callers put the name the user
// gave in front.
type TargetError struct {
	Msg string // "is a directory", "not a regular file …", "no directory DIR", or the cause of a failed look
	Err error  // the error of the look that failed, if any
}

func (e *TargetError) Error() string { return e.Msg }

// Unwrap returns the error of the look that failed, if any.
func (e *TargetError) Unwrap() error { return e.Err }

// CheckTarget reports, before any work, whether target can be written:
// it is not a directory, nor a device, pipe or socket, and its directory
// exists (for a symbolic link, those of the file it points to, which
// [Create] writes). The error is a *TargetError.
func CheckTarget(target string) error {
	target = FollowLinks(target)
	if fi, err := os.Stat(target); err == nil && fi.IsDir() {
		return &TargetError{Msg: "is a directory"}
	} else if err == nil && !fi.Mode().IsRegular() {
		return &TargetError{Msg: errNotRegular.Error()}
	}
	dir := filepath.Dir(target)
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir(), errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		return &TargetError{Msg: "no directory " + dir, Err: err}
	case err != nil:
		return &TargetError{Msg: Cause(err).Error(), Err: err}
	}
	return nil
}
