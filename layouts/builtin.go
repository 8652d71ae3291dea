package layouts

import (
	"embed"
	"path"
	"slices"
	"strings"
	"sync"
)

//go:embed builtin/*.txt
var builtinFS embed.FS

// builtinOrder lists the built-in layouts: the turtle first, then the small
// ones by size.
var builtinOrder = []string{
	"turtle", "tiny8", "ends10", "cross12", "twin16", "stairs20",
	"pyramid24", "fortress32", "turtle40",
}

// builtins parses the embedded layouts once. A parse failure is a bug in
// the package (the files are tested), so it is kept as an error value and
// reported by the functions that need it.
var builtins = sync.OnceValues(func() (map[string]*Layout, error) {
	m := make(map[string]*Layout, len(builtinOrder))
	for _, name := range builtinOrder {
		file := path.Join("builtin", name+".txt")
		data, err := builtinFS.ReadFile(file)
		if err != nil {
			return nil, inputErrorf("built-in %s: %w", name, err)
		}
		l, err := parseText(data, file)
		if err != nil {
			return nil, err
		}
		if l.Name != name {
			return nil, inputErrorf("built-in %s is named %q", file, l.Name)
		}
		if err := l.Validate(); err != nil {
			return nil, err
		}
		l.Source = SourceBuiltin
		m[name] = l
	}
	return m, nil
})

// BuiltinNames returns the names of the built-in layouts: "turtle" first,
// then the small layouts (8 to 40 tiles) by size.
func BuiltinNames() []string { return slices.Clone(builtinOrder) }

// Builtin returns a copy of the built-in layout called name (case does not
// matter; a "builtin/" prefix is allowed). Another name (a file, say) does
// not parse the built-ins.
func Builtin(name string) (*Layout, bool) {
	name = strings.TrimPrefix(strings.ToLower(name), SourceBuiltin+"/")
	if !slices.Contains(builtinOrder, name) {
		return nil, false
	}
	m, err := builtins()
	if err != nil {
		return nil, false
	}
	return m[name].Clone(), true // builtins has every name of builtinOrder
}
