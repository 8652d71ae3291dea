package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// fakeT records what Check reports.
type fakeT struct {
	testing.TB
	errors, fatals int
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.errors++ }
func (f *fakeT) Fatalf(string, ...any) { f.fatals++ }
func (f *fakeT) Fatal(...any)          { f.fatals++ }

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.MkdirAll(filepath.Join("testdata", "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "a", "b.golden"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, got      string
		errors, fatals int
	}{
		{"a/b", "one\ntwo\n", 0, 0},
		{"a/b", "one\nthree\n", 1, 0},
		{"a/none", "x", 0, 1},
	} {
		f := &fakeT{}
		Check(f, c.name, c.got)
		if f.errors != c.errors || f.fatals != c.fatals {
			t.Errorf("Check(%q, %q): %d errors, %d fatals; want %d, %d", c.name, c.got, f.errors, f.fatals, c.errors, c.fatals)
		}
	}
	*update = true
	defer func() { *update = false }()
	Check(&fakeT{}, "c/d", "new\n")
	if b, err := os.ReadFile(filepath.Join("testdata", "c", "d.golden")); err != nil || string(b) != "new\n" {
		t.Errorf("-update wrote %q, %v", b, err)
	}
	if firstDiff("a\nb\nc", "a\nb\nd") != 3 || firstDiff("a", "a\nb") != 2 {
		t.Error("firstDiff")
	}
}
