// Package solver decides exactly whether a Solitaire board with every tile
// known can be cleared.
//
// It follows the algorithm of Michiel de Bondt for play with peeking (a
// relaxed prune scan, random games with cleaning, a search over group
// pairings guided by critical groups), with several exact speed-ups.
//
// # Why pairings
//
// Fix for every group of four tiles a pairing: which two tiles go together
// (three pairings per group). Removing tiles never makes another tile less
// free, so with all pairings fixed the order of play does not matter: greedy
// play clears the board exactly when some play with those pairings does.
// The search is therefore over pairings, not over move orders. A relaxed
// greedy play, in which a group without a pairing may take any two of its
// free tiles first and its other tiles one by one, removes at least as much
// as any play with any completion of the pairings: when it cannot clear the
// board, no completion can (the prune scan). Both plays are closures of
// monotone rules, so their end state does not depend on the order in which
// tiles are taken, and a finished scan may be continued after a rule is made
// less strict instead of being run again. The search's scans from the
// position hold the next groups back; such a scan first holds the groups
// after those back too and keeps that state, from which the scan two steps
// further down continues once the groups in between have their pairings;
// likewise the branching's scans, from one critical group to the one before.
// The look-ahead (a group paired, the next one relaxed) first gives the
// next group the pairing it will be given first (the best random game's),
// and relaxes it only when that fails: a pass is then also the next step's
// first scan, which is counted but not run again (likewise the branching's
// look-ahead at the child's first group).
//
// # How a board is decided
//
//  1. A group with an odd number of tiles left, or a failing prune scan with
//     no pairing chosen, proves the board impossible at once (method
//     PruneTop; every Hourglass and Papillon deal ends here).
//  2. Random games with cleaning (a group whose tiles left are all free is
//     played out; of three free tiles where one blocks nothing, the other two
//     are played; no first match may leave two tiles of which one covers the
//     other; other matches are drawn with weights that favour tiles holding
//     many others back): a game that clears the board proves it winnable
//     (Random).
//     The games' opening cleaning moves draw no random numbers, so every
//     game after the first starts from where the first stood after them.
//  3. The pairing search (Search): walk down an order of the groups giving
//     each a pairing that keeps the scan passing (all three are tried from
//     one scan that holds the group back); at a group none of whose pairings
//     passes, find the groups needed for that (unpairing them one at a time
//     and continuing the ended scans of its pairings, skipping those in
//     which the unpaired group can take nothing off), and branch on their
//     other pairings. Pairing 1 of a group is the pair the best random game
//     played first (else the pair the last relaxed scan took together
//     first); the next tried, in the descent and when branching, is the
//     pairing with the pair the last relaxed scan took together first.
//     The first attempt puts first the groups with the most pairings no
//     play can carry out (a pair of which one tile covers the other), ties
//     by how often the random games left them on the board. Attempts with
//     growing scan budgets (1,250, 5,000 and 20,000 scans) restart with a
//     new order (random, then the groups found wiped out most often so far
//     first, ties as in the first attempt); at the first restart each
//     pairing is tested alone and those failing are ruled out. The last
//     attempt is unbounded, so the answer is exact.
//
// # The scan's state
//
// Each tile carries packed counters: the tiles still on the board that
// cover it, and those on its left and on its right. In a position reached
// by play (every tile below one on the board is on the board) only the
// lowest of the tiles over a tile are counted, since they go last; other
// positions count them all. Taking a tile off
// drops the counters of the tiles it covers (on any level below) and of
// its neighbours on the side that still has tiles (it is free, so one
// side is empty; a tile has at most two neighbours a side); a tile whose
// counter drop frees it goes on a worklist. A scan is run from the
// position's counters, or continued from a saved state after a rule was
// made less strict. The solver's state is grouped by job (position,
// pairing search, the play in progress, random games, min-left search,
// budget, choices of method): see core.go.
//
// Verdicts are exact: Winnable comes with moves that replay under
// solitaire.Verify, Impossible means a complete search found no solution,
// and Unknown is given only when a budget (Options.MaxScans,
// Options.Timeout, the context) ran out. Randomness (search order,
// rotations, random games) is seeded from a hash of the board and
// Options.Seed and changes only the speed, never the verdict.
//
// A Solver is reused board after board (one per worker) and allocates
// nothing per board.
package solver
