// Package playout plays Solitaire boards with uniformly random matches.
//
// This is how Ken McDonald measured the difficulty of a winnable board: the
// fraction of uniformly random match sequences (no cleaning, no peeking, no
// look-ahead) that clear it (de Bondt, "Solitaire Mahjong: a look at
// peeking", section 3.3).
//
// A [Random] is made once per layout geometry and reused board after
// board; [Random.Clears] plays k playouts of one deal and counts those that
// clear it, [Random.Playout] plays one to its end. A playout allocates
// nothing and keeps its state in small arrays copied from the start of the
// deal:
//
//   - the legal matches as an explicit list with the place of each match
//     in it, so that a match is drawn in O(1) (one random number, exact
//     by Lemire's multiply-shift with rejection, 32 bits of a PCG output
//     per move) and taken out by swapping in the last one;
//   - for every slot, counters of the tiles on the board that cover it
//     and that lie on its left and right, counted down when a tile goes
//     (a tile over another that is itself over a third counts for the
//     second only), so that freeing a tile costs a few decrements and one
//     table lookup;
//   - the matches a freed tile makes are appended without a branch.
//
// [Random.Clears] stops a playout as soon as it cannot clear the board: when
// the first match of a group leaves its other two tiles one above the
// other. That changes no count: such a playout would not have cleared.
package playout
