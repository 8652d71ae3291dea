package layouts

// Sources of layouts, as reported in Entry.Source and used as name
// prefixes ("xmahjongg/ox").
const (
	SourceBuiltin   = "builtin"
	SourceXmahjongg = "xmahjongg"
	SourceKMahjongg = "kmahjongg"
	SourceGnome     = "gnome"
	SourcePath      = "path" // a directory of MJSOLVE_LAYOUT_PATH
	SourceFile      = "file" // a file named on the command line
)

// Sources are the sources of the layouts a Finder lists, in the order
// [Finder.List] gives them.
var Sources = []string{SourceBuiltin, SourcePath, SourceXmahjongg, SourceKMahjongg, SourceGnome}
