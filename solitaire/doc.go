// Package solitaire plays Mahjong Solitaire on a compiled layout.
//
// A layout is compiled once into bitsets of slots; a board is a deal of the
// 36 groups of matching tiles on it, with the tiles still present, its free
// tiles and legal matches, play and undo. Boards are written to and read
// from board files, drawn as pictures, and claimed solutions are checked
// against them.
//
// # Geometry
//
// Slots are the tiles of a layout in its order (file order for Xmahjongg
// files), numbered from 0, at half-tile coordinates (x, y, z). A tile is
// covered when a tile on a higher level overlaps it (|dx| ≤ 1 and
// |dy| ≤ 1), blocked on the left (right) by a tile on its level at dx = −2
// (+2) with |dy| ≤ 1, and free when it is not covered and not blocked on
// both sides (the rule is written once, as layouts.IsFree). Compile turns the relations of a layout into per-slot
// bitsets once; the hot operations (Free, Matches, Play, Undo) then work on
// a Set of present tiles without allocating.
//
// # Groups and deals
//
// A full deck has 36 groups of four matching tiles: the 34 kinds in the
// order of package mjsolve (1m..9m, 1p..9p, 1s..9s, E S W N, C F P), the
// flowers (34) and the seasons (35); any two tiles of a group match. A
// layout of n tiles uses groups 0..⌈n/4⌉−1; when n is 2 mod 4 the last one
// is a pair. A layout of more than one deck (DeckTiles, 144; KMahjongg has
// layouts of up to 228 tiles) is dealt as KMahjongg deals it: a full deck,
// and its faces past the 144th from a second deck, in pairs, so that each
// group has 4, 6 or 8 tiles. A deal gives each slot a group. Two dealers
// are built in:
//
//   - PCG ("pcg", the default): a uniform shuffle drawn from math/rand/v2's
//     PCG seeded with (seed, game number). Game k is the same board however
//     many workers deal, and in whatever order.
//   - MJSolver ("mjsolver"): the boards Michiel de Bondt's solver deals for
//     game k, from glibc's srand(k) and rand(). On an Xmahjongg layout file
//     (slots in file order) these are exactly his boards, so results can be
//     compared game by game.
//
// # Board files
//
// A board file is text, one statement per line; "#" at the start of a line
// or after a blank starts a comment (one inside a word, as in a layout named
// FILE#NAME, does not), and blank lines are ignored. The first statement is
// the format line, then a layout, a tile count, the layout's fingerprint,
// the faces and the removed tiles:
//
//	# turtle (144 tiles), game 7, deal pcg seed 1
//	mjsolve board 1
//	layout turtle
//	tiles 144
//	geometry 9cc023f09979333d
//	faces 6p 2s 9m E 3m flower 7s 5s P 1p 4p season
//	faces …
//	removed 12 40 87 93
//
// The statements:
//
//   - "mjsolve board 1": the format and its version.
//   - "layout NAME": the layout, a name as given to --layout (resolved by
//     the layouts.Finder given to ReadBoard: a built-in, an installed
//     game's layout such as xmahjongg/ox, or a file path; ReadBoardWith
//     takes a lookup function instead). Once.
//   - "tiles N": the number of tiles of the layout, checked against it so
//     a board is never read onto the wrong layout. Once.
//   - "geometry H": a fingerprint of the layout's slots in order (16
//     hexadecimal digits; where the layout lies does not count), checked
//     against the layout found, so that a board is never read onto another
//     layout of the same size, as when a layout file was edited after the
//     board was saved. Optional (WriteTo writes it); once.
//   - "faces F…": the face of each slot in slot order, over as many faces
//     lines as wanted (WriteTo writes twelve a line). Faces are group names
//     as Group.String writes them (1m, 9p, 5s, E S W N C F P, flower,
//     season); 1z..7z, fl and se are read too. There must be N faces, each
//     group used four times (the pair group twice).
//   - "removed S…": slots whose tiles have been taken off, for a game in
//     progress; optional, any number of lines. Each group must have an even
//     number of removed tiles, since tiles go in pairs.
//
// ReadBoard also refuses removed tiles that were never free (a tile still
// on the board covers them, or lies on both sides of them): tiles leave the
// board only when free, and never come back.
//
// ReadBoard reports a malformed file in one line naming the file and the
// line: "solitaire: g7.board:5: unknown face "9x"", an *[InputError]
// whose Msg is the message without "solitaire: ", as for every error of
// the package about its input (a layout that cannot be played, a deal that
// does not fit, a face or a move written wrongly, a dealer's missing game,
// whose cause is a *[GameRangeError]). [ReadBoardFile] reads a
// board file by name; [WriteBoardFile] writes one whole or not at all, with
// a comment line naming the board.
package solitaire
