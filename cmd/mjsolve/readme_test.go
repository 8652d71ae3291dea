package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// README's install section gives the way that works today, from a clone, and
// the version flag; the remote "go install …@latest" (which no module proxy
// serves yet) is not the command to copy.
func TestReadmeInstall(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(data), "\n## Install\n")
	if !ok {
		t.Fatal("README has no Install section")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, block, ok := strings.Cut(sec, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	if !ok || !strings.Contains(block, "go install ./cmd/mjsolve") || !strings.Contains(block, "mjsolve --version") {
		t.Errorf("the install commands do not install from the clone and show the version:\n%s", block)
	}
	if strings.Contains(block, "@latest") {
		t.Errorf("the install commands offer go install …@latest, which no proxy serves:\n%s", block)
	}
}

// moduleFuncs lists the exported package-level functions of the module's
// packages by package name (two packages of one name pooled): name →
// function → {parameters, variadic}.
func moduleFuncs(t *testing.T) map[string]map[string][2]int {
	t.Helper()
	params := map[string]map[string][2]int{}
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "../.." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		af, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		pkg := af.Name.Name
		if pkg == "main" {
			return nil
		}
		if params[pkg] == nil {
			params[pkg] = map[string][2]int{}
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() {
				continue
			}
			n, variadic := 0, 0
			for _, p := range fd.Type.Params.List {
				n += max(len(p.Names), 1)
				if _, ok := p.Type.(*ast.Ellipsis); ok {
					variadic = 1
				}
			}
			params[pkg][fd.Name.Name] = [2]int{n, variadic}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return params
}

// Every call of a package-level function of the module in the Go blocks
// of README.md and docs/, and in their inline code that reads as Go,
// names a function that exists and passes as many arguments as it takes,
// so that the snippets a reader copies compile as far as the calls go
// (they are fragments: their variables are not declared).
func TestReadmeGoCalls(t *testing.T) {
	params := moduleFuncs(t)
	calls, blocks := 0, 0
	check := func(where, src string) bool {
		af, err := parser.ParseFile(token.NewFileSet(), "doc.go", "package p\nfunc _() {\n"+src+"\n}\n", 0)
		if err != nil {
			return false
		}
		ast.Inspect(af, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := c.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok || params[id.Name] == nil {
				return true
			}
			calls++
			p, ok := params[id.Name][sel.Sel.Name]
			switch {
			case !ok:
				t.Errorf("%s calls %s.%s, which package %s does not have", where, id.Name, sel.Sel.Name, id.Name)
			case p[1] == 0 && len(c.Args) != p[0] || p[1] == 1 && len(c.Args) < p[0]-1:
				t.Errorf("%s calls %s.%s with %d arguments; it takes %d", where, id.Name, sel.Sel.Name, len(c.Args), p[0])
			}
			return true
		})
		return true
	}
	for _, f := range docFiles(t) {
		for i, b := range strings.Split(f.text, "```go\n")[1:] {
			blocks++
			b, _, _ = strings.Cut(b, "```")
			if !check(fmt.Sprintf("%s: Go block %d", f.name, i+1), b) {
				_, err := parser.ParseFile(token.NewFileSet(), "doc.go", "package p\nfunc _() {\n"+b+"\n}\n", 0)
				t.Errorf("%s: Go block %d does not parse: %v\n%s", f.name, i+1, err, b)
			}
		}
		prose := strings.Join(outsideCodeRaw(f.text), "\n")
		for _, m := range inlineCode.FindAllString(prose, -1) {
			if span := strings.Trim(m, "`"); strings.Contains(span, "(") {
				check(fmt.Sprintf("%s: %s", f.name, strings.Join(strings.Fields(m), " ")), span)
			}
		}
	}
	if blocks == 0 {
		t.Fatal("the documentation has no Go blocks")
	}
	if calls < 15 {
		t.Errorf("only %d calls of the module's functions found in the documentation", calls)
	}
}

// The documentation's example of solve's output is what solve prints for the board it
// names, up to the "..." that stands for the other moves.
func TestReadmeSolveExample(t *testing.T) {
	_, sec, ok := strings.Cut(readDocs(t), "A solution is printed as numbered moves")
	_, block, ok2 := strings.Cut(sec, "```\n")
	block, _, _ = strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("README has no example of solve's output")
	}
	want, _, _ := strings.Cut(block, " ...\n")
	code, out, errOut := runCmd(t, "", "solitaire", "solve", "--layout", "turtle", "--game", "3")
	if code != 0 || !strings.HasPrefix(want, "turtle (144 tiles), game 3,") || !strings.HasPrefix(out, want) {
		t.Errorf("README shows\n%sbut solve --layout turtle --game 3 prints (exit %d, %s)\n%s", want, code, errOut, out[:min(len(out), len(want)+80)])
	}
}

// The package table of docs/development.md has a row for every package of the module (a
// directory with Go files other than tests), so that a reader finds each
// one there.
func TestReadmePackageTable(t *testing.T) {
	data, err := os.ReadFile("../../docs/development.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	root := "../.."
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		files, _ := filepath.Glob(filepath.Join(path, "*.go"))
		code := false
		for _, f := range files {
			code = code || !strings.HasSuffix(f, "_test.go")
		}
		if !code {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		row := "| `" + filepath.ToSlash(rel) + "` |"
		if rel == "." {
			row = "| `mjsolve` (root) |"
		}
		if !strings.Contains(readme, "\n"+row) {
			t.Errorf("README's package table has no row %s", row)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Every runs.Spec that the documentation builds deals what the command deals by
// default: the fields First, Seed and Deal that a literal leaves out (their
// zero value) or sets are the defaults of solitaire's --first, --seed and
// --deal, so that the snippet's numbers are the command's.
func TestReadmeSpecsDealAsCommand(t *testing.T) {
	data := readDocs(t)
	cmd := newSolitaireCmd(&hooks{})
	fields := map[string]struct{ flag, zero string }{"First": {"first", "0"}, "Seed": {"seed", "0"}, "Deal": {"deal", "pcg"}}
	found := 0
	for rest := data; ; {
		_, after, ok := strings.Cut(rest, "runs.Spec{")
		if !ok {
			break
		}
		rest = after
		depth, end := 1, 0
		for end = 0; end < len(after) && depth > 0; end++ {
			switch after[end] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		src := "runs.Spec{" + after[:end]
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Errorf("README's %s does not parse: %v", src, err)
			continue
		}
		found++
		set := map[string]string{}
		for _, el := range e.(*ast.CompositeLit).Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if lit, ok := kv.Value.(*ast.BasicLit); ok {
					set[kv.Key.(*ast.Ident).Name] = strings.Trim(lit.Value, `"`)
				} else {
					set[kv.Key.(*ast.Ident).Name] = "?"
				}
			}
		}
		for name, f := range fields {
			v, ok := set[name]
			if !ok {
				v = f.zero
			}
			if want := cmd.Flags().Lookup(f.flag).DefValue; v != want {
				t.Errorf("README's %s has %s %s, but the command's --%s is %s by default", src, name, v, f.flag, want)
			}
		}
	}
	if found < 2 {
		t.Errorf("found %d runs.Spec literals in README, want at least 2", found)
	}
}
