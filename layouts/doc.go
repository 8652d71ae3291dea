// Package layouts describes where the tiles of a Mahjong Solitaire game lie.
//
// A [Layout] is a list of [Slot]s in half-tile units: the tile at (X, Y, Z)
// covers cells X..X+1 and Y..Y+1 on level Z. From that geometry alone come
// the [Relations] of every slot (which tiles cover it, which lie next to it
// on the left and right) and so the tiles that are free at the start.
// [IsFree] is the free-tile rule, the one written form that package
// solitaire uses and the solver's packed counters are tested against.
//
// Layouts come from three places:
//
//   - built-in layouts in the package's own text format ([Builtin],
//     [BuiltinNames]): the classic turtle of 144 tiles and small layouts of
//     8 to 40 tiles for tests and demonstrations;
//   - directories of layout files ([Finder.LayoutPath]);
//   - the files installed by other games: Xmahjongg ("row col lev" files
//     and the Kyodai 3.0 grid), KMahjongg (.layout v1.0 and v1.1, with the
//     name from the .desktop file beside it) and GNOME Mahjongg
//     (mahjongg.map, several maps in one file).
//
// [Finder.Find] resolves a name such as "turtle", "xmahjongg/ox",
// "kmahjongg/default" or "gnome/ziggurat", or a path to a file. The format
// of a file is detected from its content ([Read]). A [Finder] is explicit
// configuration: its LayoutPath directories and the roots under which the
// installed games are looked for. The package reads no environment:
// [FinderFromEnv] builds the Finder that MJSOLVE_LAYOUT_PATH and
// MJSOLVE_GAMES_ROOT describe (the command uses it), and the package-level
// [Find] and [List] use the built-ins and the games installed under "/".
//
// A layout can be written back in each format it is read from, compared
// with another up to a translation and the order of the slots
// ([SameGeometry]), and drawn: as text a level at a time, a tile as "[]"
// on the two rows of half-tile cells it covers, or as a picture with its
// levels shaded and shifted.
//
// A Finder also lists every layout it knows ([Finder.List]); the names a
// shell completes add the bare names that resolve to one game's layout
// ([Choices]).
//
// Layouts are checked by [Layout.Validate]: between 2 and 254 tiles, an even
// number, no two tiles overlapping on a level. Tiles that do not rest on
// the level below are reported by [Layout.Floating], not refused, because
// some real games' files have them.
package layouts
