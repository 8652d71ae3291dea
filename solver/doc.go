// Package solver decides exactly whether a Mahjong Solitaire board can be
// cleared when every tile is known ("peeking"), by the algorithm of Michiel
// de Bondt: a relaxed prune scan, random games with cleaning, and a search
// over group pairings guided by critical groups.
//
// Fix for every group of four tiles a pairing (which two tiles go together).
// Removing tiles never makes another tile less free, so with all pairings
// fixed the order of play does not matter: greedy play clears the board
// exactly when some play with those pairings does. The search is therefore
// over pairings (three per group), not over move orders. A relaxed greedy
// play, where a group without a pairing may take any two of its free tiles
// first and its other tiles one by one, bounds every completion: when it
// cannot clear the board, no completion can (the prune scan).
//
// Verdicts are exact: Winnable comes with moves that replay under
// solitaire.Verify, Impossible means the search finished without a
// solution, and Unknown is given only when a budget ran out. Randomness
// (search order, rotations, random games) is seeded from the board and
// Options.Seed and changes only the speed, never the verdict.
package solver
