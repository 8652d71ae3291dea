package mjsolve_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/mjsolve/mjsolve"

// listedPackage is what go list says of one package of the module.
type listedPackage struct {
	ImportPath   string
	Imports      []string // direct imports of the package's own files
	Deps         []string // everything the package needs, transitively
	TestImports  []string
	XTestImports []string
}

// half says which half of mjsolve a package of the module belongs to:
// "solitaire", "tw16", or "" for the shared tile package, the internal
// helpers and the programs above both halves (server, cmd).
func half(path string) string {
	rel, ok := strings.CutPrefix(path, module+"/")
	if !ok {
		return ""
	}
	top, _, _ := strings.Cut(rel, "/")
	switch top {
	case "layouts", "solitaire", "solver", "analysis":
		return "solitaire"
	case "tw16":
		return "tw16"
	}
	return ""
}

// plotting says whether a package draws pictures: gonum's plotting and
// its fonts, and the module's plot packages.
func plotting(path string) bool {
	for _, p := range []string{"gonum.org/", "github.com/go-fonts/", "github.com/go-pdf/", "github.com/go-latex/",
		"golang.org/x/image/", module + "/internal/chart"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return strings.HasSuffix(path, "/plot") && strings.HasPrefix(path, module+"/")
}

// importRules are the edges the module's layering forbids: from a package
// whose path satisfies from, to a package (imported directly or through
// others) whose path satisfies to. Each says why.
var importRules = []struct {
	why      string
	from, to func(string) bool
}{
	{"the tw16 packages never lean on the Solitaire half",
		func(p string) bool { return half(p) == "tw16" },
		func(p string) bool { return half(p) == "solitaire" }},
	{"the Solitaire packages never lean on the tw16 half",
		func(p string) bool { return half(p) == "solitaire" },
		func(p string) bool { return half(p) == "tw16" }},
	{"the internal helpers are neutral ground: they import neither half",
		func(p string) bool { return strings.HasPrefix(p, module+"/internal/") },
		func(p string) bool { return half(p) != "" }},
	{"a library never imports the command or the server",
		func(p string) bool { return !strings.HasPrefix(p, module+"/cmd/") && p != module+"/server" },
		func(p string) bool { return strings.HasPrefix(p, module+"/cmd/") || p == module+"/server" }},
	{"only programs draw: no library but a plot package imports plotting, so importing analysis or tw16/stats stays light",
		func(p string) bool { return !strings.HasPrefix(p, module+"/cmd/") && !plotting(p) },
		plotting},
}

// TestImportLayering checks every package of the module, its own files
// and its tests, against importRules, and names the chain of imports that
// brings a forbidden package in.
func TestImportLayering(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages")
	}
	readSources(t)
	out, err := exec.Command(goCmd, "list", "-json=ImportPath,Imports,Deps,TestImports,XTestImports", "./...").Output()
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		t.Fatalf("go list: %v\n%s", err, ee.Stderr)
	} else if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]*listedPackage{}
	var order []string
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		p := new(listedPackage)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs[p.ImportPath] = p
		order = append(order, p.ImportPath)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages of the module; the listing is wrong", len(pkgs))
	}
	for _, r := range importRules {
		for _, path := range order {
			p := pkgs[path]
			if !r.from(path) {
				continue
			}
			var bad []string
			for _, dep := range p.Deps {
				if r.to(dep) {
					bad = append(bad, dep)
				}
			}
			if len(bad) > 0 {
				// Name the forbidden package nearest to this one, by
				// the chain of imports that brings it in.
				best := ""
				for _, dep := range bad {
					if c := chain(pkgs, path, dep); c != "" && (best == "" || strings.Count(c, "→") < strings.Count(best, "→")) {
						best = c
					}
				}
				if best == "" {
					best = short(path) + " → … → " + short(bad[0])
				}
				more := ""
				switch len(bad) {
				case 1:
				case 2:
					more = " (and 1 more forbidden package)"
				default:
					more = fmt.Sprintf(" (and %d more forbidden packages)", len(bad)-1)
				}
				t.Errorf("%s%s: %s", best, more, r.why)
			}
			for _, imp := range slices.Concat(p.TestImports, p.XTestImports) {
				if r.to(imp) && imp != path {
					t.Errorf("the tests of %s import %s: %s", short(path), short(imp), r.why)
				}
			}
		}
	}
}

// chain is a shortest chain of direct imports from one package of the
// module to another package ("a → b → c"), or "" when the chain passes
// through packages outside the module.
func chain(pkgs map[string]*listedPackage, from, to string) string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == to {
			var path []string
			for q := to; q != ""; q = prev[q] {
				path = append(path, short(q))
			}
			slices.Reverse(path)
			return strings.Join(path, " → ")
		}
		lp := pkgs[p]
		if lp == nil {
			continue
		}
		for _, imp := range lp.Imports {
			if _, seen := prev[imp]; !seen {
				prev[imp] = p
				queue = append(queue, imp)
			}
		}
	}
	return ""
}

// short is a package path without the module's prefix.
func short(path string) string {
	if path == module {
		return "mjsolve"
	}
	return strings.TrimPrefix(path, module+"/")
}

// readSources reads every directory and Go file of the module. The test
// learns the imports from go list, a process of its own whose reads go
// test does not see; reading the sources here too is what makes go test
// run the test again, rather than reuse a cached pass, once a file or a
// package is added or changed.
func readSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") || name == "go.mod" {
			_, err = os.ReadFile(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
