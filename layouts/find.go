package layouts

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Where the installed games keep their layouts, relative to a games root
// ("/" on a normal system).
const (
	XmahjonggDir = "usr/share/games/xmahjongg/layouts"
	KMahjonggDir = "usr/share/kmahjongg/layouts"
	GnomeMapFile = "usr/share/gnome-mahjongg/maps/mahjongg.map"
)

// Environment variables that describe a Finder ([FinderFromEnv]).
const (
	// EnvLayoutPath lists directories of layout files (separated like
	// PATH), searched after the built-ins and before the installed games.
	EnvLayoutPath = "MJSOLVE_LAYOUT_PATH"
	// EnvGamesRoot lists directories (separated by ':') under which the
	// installed games' files are looked for before "/".
	EnvGamesRoot = "MJSOLVE_GAMES_ROOT"
)

// Entry is one layout known to a Finder.
type Entry struct {
	Name   string  // the name Find accepts: "turtle", "xmahjongg/ox", "gnome/ziggurat", or a bare name for a LayoutPath layout
	Source string  // SourceBuiltin, SourcePath, SourceXmahjongg, SourceKMahjongg or SourceGnome
	File   string  // the file it was read from ("" for built-ins)
	Layout *Layout // nil when the file could not be read
	Err    error   // the file could not be read, or Layout is not valid (e.g. more than 254 tiles)
}

// Finder resolves layout names. The zero Finder knows the built-ins only;
// a nil *Finder is the default of [Find] and [List] (the built-ins and the
// games installed under "/"), which the packages that take a Finder use
// for nil.
type Finder struct {
	// LayoutPath lists directories of layout files, searched in order
	// after the built-ins. Their layouts have bare names (the file name
	// without extension, or a GNOME map's scorename).
	LayoutPath []string
	// GamesRoots lists the roots under which each installed game's files
	// are looked for; for each game the first root that has them is used.
	GamesRoots []string
}

// FinderFromEnv returns the Finder an environment describes. It reads the
// environment through getenv (os.Getenv for the process's own): LayoutPath
// from MJSOLVE_LAYOUT_PATH, GamesRoots from MJSOLVE_GAMES_ROOT followed by
// "/". The package reads no environment itself; the command calls this.
func FinderFromEnv(getenv func(string) string) *Finder {
	f := &Finder{}
	for _, d := range filepath.SplitList(getenv(EnvLayoutPath)) {
		if d != "" {
			f.LayoutPath = append(f.LayoutPath, d)
		}
	}
	for _, d := range strings.Split(getenv(EnvGamesRoot), ":") {
		if d != "" {
			f.GamesRoots = append(f.GamesRoots, d)
		}
	}
	f.GamesRoots = append(f.GamesRoots, "/")
	return f
}

// systemFinder is the Finder of Find and List: the built-ins and the
// installed games' layouts where the games install them.
var systemFinder = Finder{GamesRoots: []string{"/"}}

// Find resolves name among the built-ins and the layouts of the games
// installed under "/" (no LayoutPath; see [FinderFromEnv] for a Finder
// that follows the environment).
func Find(name string) (*Layout, error) { return systemFinder.Find(name) }

// List lists the layouts Find knows.
func List() []Entry { return systemFinder.List() }

// game describes one installed game's layouts.
type game struct {
	source, title, rel string
	dir                bool // rel is a directory of files (else one file)
}

var games = []game{
	{SourceXmahjongg, "Xmahjongg", XmahjonggDir, true},
	{SourceKMahjongg, "KMahjongg", KMahjonggDir, true},
	{SourceGnome, "GNOME Mahjongg", GnomeMapFile, false},
}

// locate returns where g's files are: under the first root that has them,
// or "" and the paths looked at.
func (f *Finder) locate(g game) (string, []string) {
	var tried []string
	for _, root := range f.GamesRoots {
		p := filepath.Join(root, filepath.FromSlash(g.rel))
		tried = append(tried, p)
		if st, err := os.Stat(p); err == nil && st.IsDir() == g.dir {
			return p, tried
		}
	}
	return "", tried
}

// CheckLayoutPath returns an *InputError for each directory of
// f.LayoutPath that does not exist or is not a directory ("DIR: no such
// directory"): its layouts would silently be missing.
func (f *Finder) CheckLayoutPath() []error {
	if f == nil {
		f = &systemFinder
	}
	var errs []error
	for _, d := range f.LayoutPath {
		if fi, err := os.Stat(d); err != nil {
			errs = append(errs, &InputError{Pkg: "layouts", Msg: d + ": no such directory", Err: err})
		} else if !fi.IsDir() {
			errs = append(errs, &InputError{Pkg: "layouts", Msg: d + ": not a directory"})
		}
	}
	return errs
}

// List returns every layout f knows: the built-ins, then those of
// LayoutPath, then the installed games' (Xmahjongg, KMahjongg, GNOME
// Mahjongg). Layouts that cannot be used (a bad file, more than 254 tiles)
// are listed with Err set.
func (f *Finder) List() []Entry {
	if f == nil {
		f = &systemFinder
	}
	var out []Entry
	for _, name := range builtinOrder {
		l, ok := Builtin(name)
		e := Entry{Name: name, Source: SourceBuiltin, Layout: l}
		if !ok {
			_, e.Err = builtins()
		}
		out = append(out, e)
	}
	for _, dir := range f.LayoutPath {
		out = append(out, f.dirEntries(dir, SourcePath, "")...)
	}
	for _, g := range games {
		out = append(out, f.gameEntries(g)...)
	}
	return out
}

func (f *Finder) gameEntries(g game) []Entry {
	p, _ := f.locate(g)
	switch {
	case p == "":
		return nil
	case g.dir:
		return f.dirEntries(p, g.source, g.source+"/")
	}
	return fileEntries(p, g.source, g.source+"/")
}

// dirEntries reads the layout files of dir (not its subdirectories, hidden
// files or KMahjongg .desktop files), sorted by file name.
func (f *Finder) dirEntries(dir, source, prefix string) []Entry {
	des, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return []Entry{{Name: prefix + filepath.Base(dir), Source: source, File: dir, Err: inputErrorf("%w", err)}}
	}
	var out []Entry
	for _, de := range des {
		name := de.Name()
		if strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".desktop") || de.IsDir() {
			continue
		}
		out = append(out, fileEntries(filepath.Join(dir, name), source, prefix)...)
	}
	return out
}

// fileEntries reads the layouts of one file, naming them prefix + the
// layout's name and validating them.
func fileEntries(file, source, prefix string) []Entry {
	ls, err := ReadFile(file)
	if err != nil {
		return []Entry{{Name: prefix + baseName(file), Source: source, File: file, Err: err}}
	}
	out := make([]Entry, 0, len(ls))
	for _, l := range ls {
		l.Name = prefix + l.Name
		if l.Title == "" {
			l.Title = l.Name
		}
		e := Entry{Name: l.Name, Source: source, File: file, Layout: l}
		if err := l.Validate(); err != nil {
			e.Err = err
		}
		out = append(out, e)
	}
	return out
}

// matches reports whether e answers to the bare name (its name without
// the source prefix, or its title), ignoring case.
func (e Entry) matches(bare string) bool {
	short := e.Name
	if i := strings.LastIndexByte(short, '/'); i >= 0 && e.Source != SourcePath {
		short = short[i+1:]
	}
	if strings.EqualFold(short, bare) {
		return true
	}
	return e.Layout != nil && strings.EqualFold(e.Layout.Title, bare)
}

// result returns e's layout or its error.
func (e Entry) result() (*Layout, error) {
	if e.Err != nil {
		return nil, e.Err
	}
	return e.Layout, nil
}

// Find resolves a layout name as given to --layout:
//
//  1. a built-in layout ("turtle", "tiny8"; also "builtin/turtle");
//  2. "xmahjongg/NAME", "kmahjongg/NAME" or "gnome/NAME": that game's
//     layout (a GNOME map by its scorename or its name);
//  3. a bare name: the first layout of that name in the LayoutPath
//     directories, else the installed game that has it; a name that more
//     than one game has is an error listing the candidates;
//  4. a path to a layout file in any supported format ("FILE#NAME" picks
//     one map of a GNOME map file).
//
// Names are matched without regard to case. The layout returned passed
// Validate (layouts of more than 254 tiles are refused), and its Name finds
// it again (with the same Finder): "turtle", "xmahjongg/ox", the bare name
// of a LayoutPath layout, or the path (with "#NAME") of a file.
func (f *Finder) Find(name string) (*Layout, error) {
	if f == nil {
		f = &systemFinder
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, inputErrorf("no layout name given (see 'mjsolve layouts list')")
	}
	if l, ok := Builtin(name); ok {
		return l, nil
	}
	if src, bare, ok := strings.Cut(name, "/"); ok {
		for _, g := range games {
			if !strings.EqualFold(src, g.source) {
				continue
			}
			for _, e := range f.gameEntries(g) {
				if e.matches(bare) {
					return e.result()
				}
			}
			if isFile(name) {
				return readOne(name)
			}
			p, tried := f.locate(g)
			if p == "" {
				return nil, inputErrorf("%s layouts are not installed (looked for %s; set %s to a root that has them)",
					g.title, strings.Join(tried, ", "), EnvGamesRoot)
			}
			return nil, inputErrorf("no layout %q among the %s layouts in %s (see 'mjsolve layouts list')", bare, g.title, p)
		}
		if strings.EqualFold(src, SourceBuiltin) {
			return nil, inputErrorf("no built-in layout %q (the built-ins are %s)", bare, strings.Join(builtinOrder, ", "))
		}
	}
	if !strings.ContainsAny(name, `/\#`) {
		for _, dir := range f.LayoutPath {
			for _, e := range f.dirEntries(dir, SourcePath, "") {
				if e.matches(name) {
					return e.result()
				}
			}
		}
		var found []Entry
		for _, g := range games {
			for _, e := range f.gameEntries(g) {
				if e.matches(name) {
					found = append(found, e)
				}
			}
		}
		switch len(found) {
		case 1:
			return found[0].result()
		case 0:
		default:
			names := make([]string, len(found))
			for i, e := range found {
				names[i] = e.Name
			}
			return nil, inputErrorf("%q is ambiguous: say %s", name, orList(names))
		}
	}
	if isFile(name) {
		return readOne(name)
	}
	if file, sub, ok := cutLast(name, "#"); ok && isFile(file) {
		ls, err := ReadFile(file)
		if err != nil {
			return nil, err
		}
		for _, l := range ls {
			if strings.EqualFold(l.Name, sub) || strings.EqualFold(l.Title, sub) {
				return named(l, file+"#"+l.Name)
			}
		}
		return nil, inputErrorf("no layout %q in %s", sub, file)
	}
	if strings.ContainsAny(name, `/\`) {
		if _, err := os.Stat(name); err != nil {
			return nil, inputErrorf("unknown layout %q: %w (see 'mjsolve layouts list')", name, errors.Unwrap(err))
		}
		return nil, inputErrorf("unknown layout %q: not a file (see 'mjsolve layouts list')", name)
	}
	return nil, inputErrorf("unknown layout %q (see 'mjsolve layouts list')", name)
}

// readOne reads the layout file at path; a file of several layouts (a
// GNOME map file) needs "FILE#NAME".
// Its name is path, so that Find(l.Name) finds it again.
func readOne(path string) (*Layout, error) {
	ls, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(ls) == 1 {
		return named(ls[0], path)
	}
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = path + "#" + l.Name
	}
	return nil, inputErrorf("%s holds %d layouts: say %s", path, len(ls), orList(names))
}

// named names l (keeping its name as title if it has none) and validates
// it.
func named(l *Layout, name string) (*Layout, error) {
	if l.Title == "" {
		l.Title = l.Name
	}
	l.Name = name
	if err := l.Validate(); err != nil {
		return nil, err
	}
	return l, nil
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	names = slices.Clone(names)
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
