// Package golden keeps the long expected outputs of tests in files.
//
// As go/printer's tests do, a test compares what it got with a file under
// testdata/, and "go test -update" writes the files from what the tests get,
// for a change that means to change the output (the diff then shows it).
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "write the golden files under testdata/ from the outputs")

// Check compares got with the golden file testdata/name.golden of the
// test's package, or with -update writes got to it.
func Check(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(name)+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
			return
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
		return
	}
	if got != string(want) {
		t.Errorf("output differs from %s at line %d (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", path, firstDiff(got, string(want)), got, want)
	}
}

// firstDiff is the number of the first line where a and b differ.
func firstDiff(a, b string) int {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return i + 1
		}
	}
	return min(len(al), len(bl)) + 1
}
