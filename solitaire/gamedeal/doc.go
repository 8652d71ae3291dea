// Package gamedeal deals as the Mahjong games' own "solvable game"
// generators do.
//
// It deals as KMahjongg, GNOME Mahjongg and xmahjongg do, so that their
// deals can be studied. All three build a deal by pairs on positions that
// play could clear in reverse, which makes the deal winnable when the
// algorithm is complete, but from no known distribution. The code follows
// the published descriptions of the algorithms (their source, read for the
// method only); the random numbers are this package's own PCG, seeded with
// (seed, game), so the deals are those of the algorithms, not the games' bit
// for bit.
//
// # KMahjongg (GameData::generateSolvableGame)
//
// It fills the layout one tile at a time, from the table up, keeping a set
// of positions it may fill next. At the start it marks on the table, by
// random picks and then one pass in its order (level, row, column), at
// most one position of each row, a row being the chain of left and right
// neighbours. A position becomes fillable when every position under it is
// filled and either nothing in its row is fillable or filled yet, or all
// its neighbours on one side are filled. Each tile's position is drawn at
// random among the fillable ones twice, the higher of the two kept; the
// second tile of a pair may not lie on or beside the first. The faces come
// from a deck laid out as 72 pairs and shuffled by 200 swaps of pairs; past
// 144 tiles a newly shuffled deck gives the next faces (so a group has 4,
// 6 or 8 tiles). On a layout of fewer than 144 tiles KMahjongg takes the
// first n faces of its shuffled deck, leaving some groups a single pair or
// none; here the deck is the layout's own faces (the first n/4 groups, as
// every deal of package solitaire has them), shuffled as pairs the same
// way. A draw that finds no position after n² tries fails the
// attempt and the generator starts again (KMahjongg gives up after 64).
//
// # GNOME Mahjongg (Game.generate)
//
// It plays the game forwards on blank tiles: every pair of free tiles is a
// possible match; it takes a random one, then the next in its list after a
// dead end, depth first, until the board is empty, and gives the pairs
// played the faces of a shuffled list of pair numbers (pairs 2m and 2m+1
// are group m). Should the whole search fail it pairs tiles without
// looking at which are free; here also after 10⁶ nodes. One deck only.
//
// # xmahjongg (SolvableMaker::assign, solvable.cc)
//
// It builds the deal backwards, two positions at a time, each drawn
// uniformly among the empty positions it may fill: nothing empty under
// them, and not barred by the row rule. Filling a position bars every empty
// position of its row both ways; the positions right beside a filled one
// are let through again when, on each of their sides, the next position
// is filled or no filled position can be reached (so a row grows as one
// run from where it started), and a position that starts a row lets its
// neighbours through at once. The pairs get their faces from a shuffled
// list. When no position can be filled the attempt starts again. One deck
// only.
package gamedeal
