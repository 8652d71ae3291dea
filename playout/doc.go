// Package playout plays Mahjong Solitaire boards with uniformly random
// matches, as Ken McDonald measured the difficulty of a winnable board:
// the fraction of uniformly random match sequences (no cleaning, no
// peeking, no look-ahead) that clear it (de Bondt, "Solitaire Mahjong: a
// look at peeking", section 3.3).
//
// A [Random] is made once per layout geometry and reused board after
// board; [Random.Clears] plays k playouts of one deal and counts those that
// clear it. A playout allocates nothing: the free tiles and the number of
// free tiles of each group are kept up to date move by move (a removed
// tile can free only the tiles it covered and its side neighbours), so a
// move costs a few neighbour checks and a walk over the 36 groups to pick
// the match.
package playout
