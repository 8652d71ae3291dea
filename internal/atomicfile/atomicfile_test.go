package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// entries lists the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		names = append(names, de.Name())
	}
	return names
}

func checkFile(t *testing.T, name, content string, mode fs.FileMode) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil || string(b) != content {
		t.Errorf("%s holds %q (%v), want %q", name, b, err, content)
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode() != mode {
		t.Errorf("%s: mode %v (%v), want %v", name, fi.Mode(), err, mode)
	}
}

func TestWriteFileNew(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.png")
	if err := WriteFile(name, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkFile(t, name, "new", 0o644) // not CreateTemp's 0600
	if got := entries(t, dir); len(got) != 1 || got[0] != "a.png" {
		t.Errorf("directory holds %q, want only a.png", got)
	}
}

// An existing file is replaced whole and keeps its permissions (a 0600 or
// 0664 file stays so), whatever perm says.
func TestWriteFileReplaceKeepsMode(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []fs.FileMode{0o600, 0o640, 0o664, 0o755} {
		name := filepath.Join(dir, "f")
		if err := os.WriteFile(name, []byte("old content, longer than the new"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(name, mode); err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(name, []byte("new"), 0o644); err != nil {
			t.Fatal(err)
		}
		checkFile(t, name, "new", mode)
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("directory holds %q, want only f", got)
	}
}

// The temporary file lies in the target's directory (so that the rename
// is atomic), is hidden, and is not the target until Commit.
func TestCreateTempInSameDir(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(name, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(name, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	if filepath.Dir(f.TempName()) != dir || !strings.HasPrefix(filepath.Base(f.TempName()), ".out.jsonl.tmp") {
		t.Errorf("temporary file %s, want .out.jsonl.tmp* in %s", f.TempName(), dir)
	}
	f.WriteString("new")
	checkFile(t, name, "old", 0o644) // untouched before Commit
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	checkFile(t, name, "new", 0o644)
	if _, err := os.Stat(f.TempName()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("temporary file still there: %v", err)
	}
}

// After Commit the file stays open under the target's name: what is
// written next lands in the target (ResumeRecords goes on appending).
func TestCommitKeepsFileOpen(t *testing.T) {
	name := filepath.Join(t.TempDir(), "r.jsonl")
	f, err := Create(name, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	f.WriteString("copied\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("appended\n"); err != nil {
		t.Fatal(err)
	}
	f.Abort() // after Commit: does nothing
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	checkFile(t, name, "copied\nappended\n", 0o644)
	if err := f.Commit(); err == nil {
		t.Errorf("a second Commit succeeded")
	}
}

// Abort removes the temporary file and leaves the target alone.
func TestAbort(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "keep")
	os.WriteFile(name, []byte("old"), 0o640)
	os.Chmod(name, 0o640)
	f, err := Create(name, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("half")
	f.Abort()
	checkFile(t, name, "old", 0o640)
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("directory holds %q after Abort", got)
	}
}

// Errors name the target, never the temporary file, and leave nothing
// behind.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	for _, c := range []struct {
		name, target, want string
	}{
		{"directory", sub, "create " + sub + ": is a directory"},
		{"no directory", filepath.Join(dir, "no", "x"), "create " + filepath.Join(dir, "no", "x") + ": no such file or directory"},
	} {
		err := WriteFile(c.target, []byte("x"), 0o644)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		var pe *fs.PathError
		if !errors.As(err, &pe) || pe.Path != c.target {
			t.Errorf("%s: %#v is not a PathError naming the target", c.name, err)
		}
	}
	// A rename that fails (the target became a non-empty directory after
	// Create): the temporary file is removed, the error names the target.
	target := filepath.Join(dir, "late")
	f, err := Create(target, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("data")
	os.MkdirAll(filepath.Join(target, "inside"), 0o755)
	err = f.Commit()
	if err == nil || !strings.HasPrefix(err.Error(), "write "+target+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("failed rename: %v", err)
	}
	if _, err := os.Stat(f.TempName()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("temporary file left after a failed Commit: %v", err)
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("directory holds %q, want sub and late", got)
	}
}

// RemoveStale removes the temporary files a killed writer left, and nothing
// else.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "r.jsonl.zst")
	os.WriteFile(target, []byte("data"), 0o644)
	f, err := Create(target, 0o644) // a writer killed before Commit
	if err != nil {
		t.Fatal(err)
	}
	f.File.Close()
	keep := []string{"r.jsonl.zst", ".r.jsonl.zst.tmpx1", ".other.tmp123", "r.jsonl.zst.tmp123"}
	for _, k := range keep[1:] {
		os.WriteFile(filepath.Join(dir, k), nil, 0o644)
	}
	removed, err := RemoveStale(target)
	if err != nil || len(removed) != 1 || removed[0] != f.TempName() {
		t.Fatalf("removed %v (%v), want %s", removed, err, f.TempName())
	}
	des, _ := os.ReadDir(dir)
	var left []string
	for _, de := range des {
		left = append(left, de.Name())
	}
	slices.Sort(left)
	slices.Sort(keep)
	if !slices.Equal(left, keep) {
		t.Errorf("left %v, want %v", left, keep)
	}
}

// CheckTarget refuses a directory and a name in a directory that does not
// exist (or under a file), with messages that name neither the target nor
// a temporary file, and accepts a new or an existing file.
func TestCheckTarget(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ target, want string }{
		{dir, "is a directory"},
		{filepath.Join(dir, "no", "x"), "no directory " + filepath.Join(dir, "no")},
		{filepath.Join(file, "x"), "no directory " + file},
		{filepath.Join(file, "sub", "x"), "no directory " + filepath.Join(file, "sub")},
		{file, ""},
		{filepath.Join(dir, "new"), ""},
	} {
		err := CheckTarget(c.target)
		got := ""
		if err != nil {
			got = err.Error()
			if _, ok := errors.AsType[*TargetError](err); !ok {
				t.Errorf("CheckTarget(%s): %T, want *TargetError", c.target, err)
			}
		}
		if got != c.want {
			t.Errorf("CheckTarget(%s) = %q, want %q", c.target, got, c.want)
		}
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"f"}) {
		t.Errorf("left in the directory: %v", got)
	}
}

// TestCheckTargetThroughSymlink: a target that is a symbolic link is
// checked where Create writes, at the file it points to: a link to a name
// in a directory that does not exist is refused before any work (it
// passed, and Create failed after the work was done).
func TestCheckTargetThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ dest, want string }{
		{filepath.Join(dir, "no", "x"), "no directory " + filepath.Join(dir, "no")},
		{"missing/x", "no directory " + filepath.Join(dir, "missing")},
		{dir, "is a directory"},
		{filepath.Join(dir, "new"), ""},
	} {
		link := filepath.Join(dir, "link")
		os.Remove(link)
		if err := os.Symlink(c.dest, link); err != nil {
			t.Fatal(err)
		}
		got := ""
		if err := CheckTarget(link); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("CheckTarget(link to %s) = %q, want %q", c.dest, got, c.want)
		}
	}
}

// TestWriteThroughSymlink: a target that is a symbolic link (results kept
// on another disk, linked into the working directory) stays a link, and
// the file it points to gets the data: the temporary file is made beside
// that file and renamed over it. The rename replaced the link with a
// regular file and left the linked file as it was. A link to a file not
// made yet (or through a chain of links) is followed too, and RemoveStale
// looks beside the linked file.
func TestWriteThroughSymlink(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	real := filepath.Join(elsewhere, "r.jsonl")
	os.WriteFile(real, []byte("old\n"), 0o640)
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	chain := filepath.Join(dir, "chain.jsonl")
	os.Symlink("link.jsonl", chain) // relative, through the first link
	if err := WriteFile(chain, []byte("new\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link, chain} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v", l, err)
		}
	}
	checkFile(t, real, "new\n", 0o640)
	if names := entries(t, dir); !slices.Equal(names, []string{"chain.jsonl", "link.jsonl"}) {
		t.Errorf("files beside the links: %v", names)
	}

	later := filepath.Join(elsewhere, "later.jsonl")
	dangling := filepath.Join(dir, "dangling.jsonl")
	os.Symlink(later, dangling)
	if err := WriteFile(dangling, []byte("first\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkFile(t, later, "first\n", 0o644)

	f, err := Create(link, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.File.Close() // as a process killed before Commit leaves it
	if removed, err := RemoveStale(link); err != nil || len(removed) != 1 || filepath.Dir(removed[0]) != elsewhere {
		t.Errorf("RemoveStale(%s) = %v, %v", link, removed, err)
	}
}
