// Package nopeek plays Mahjong Solitaire as a person does: without peeking
// under the tiles. A [Player] plays one strategy on boards of one
// geometry and reports whether it cleared the board, how many matches it
// played and how many tiles it left ([Result]); package solver says
// whether the same board could be cleared by a player who sees every
// face, so the two together give the price of not peeking.
//
// # What the player sees
//
// The layout; the faces of the tiles on the board that no tile on the
// board covers (a tile under another tile shows nothing, even at its
// edges); and the faces of the tiles removed. A strategy chooses its
// move from that view alone: the game keeps the deal apart and shows a
// face only when the last tile covering it leaves the board. So two deals
// that differ only in faces the player has not seen are played alike,
// move for move, with the same random numbers (the tests check this).
//
// # Strategies
//
// random: a uniformly random legal match, until none is left: Ken
// McDonald's playout (de Bondt, section 3.3), played by [playout.Random].
//
// greedy: de Bondt's optimal rule for layouts of isolated stacks of
// heights one and two (section 2, after theorem 5: pick any group with a
// match and remove the match of that group with the most tiles not on
// the ground), generalised to any layout. Each move is the first of:
//
//  1. A cleaning move (section 3): the pair of the highest score of the
//     lowest group whose tiles on the board are all free (so all four go
//     in two moves when all four are free); else, of the lowest group with
//     three free tiles (and four on the board) one of which blocks nothing
//     (covers no tile and has none beside it), the pair of the highest
//     score that leaves such a tile out. Neither can spoil a game: the
//     tiles played hold back nothing that waiting would free.
//  2. The match of the highest score, ties drawn uniformly at random.
//
// The score of a match is 16 for each tile it frees, 32 more for each
// match such a tile makes when its face already shows (an uncovered tile
// held on both sides, of the group of a free tile or of another tile the
// match frees), 1 for each tile it uncovers (it
// removes the last tile on top of it, so that its face shows), and 1 for
// each tile lying under its two tiles (under them, under those, and so
// on). On isolated stacks a tile not on the ground covers one tile, which
// the match frees but whose face does not show yet, so a match scores 18 for each
// of its tiles not on the ground, the cleaning moves are matches of the
// highest score in their group, and greedy is one of the optimal players
// of theorem 5; the tests check that its probability of clearing the board
// equals the best any player can do (a search over every move and every
// face the moves show) on small layouts of such stacks. Freeing tiles
// comes first, uncovering them after: on the turtle, the other order wins
// a third as often.
//
// lookahead: a one-move search over the view that treats covered tiles as
// unknown (determinisation). It plays greedy's cleaning moves and forced
// moves at once; otherwise it deals the faces the player has not seen at
// random over the covered tiles (every deal consistent with the view
// equally likely), plays each legal match in that world followed by
// greedy to the end, and repeats with fresh deals until it has spent its
// budget ([Options].Rollouts playouts, [DefaultRollouts] by default). It
// plays the match whose playouts cleared the most tiles, a cleared board
// counting 144 tiles more. Every candidate meets the same deals and the
// same random numbers, so the comparison is between moves, not luck. As
// the playouts follow greedy, this is a rollout improvement of greedy (a
// step of policy iteration): with exact averages it never does worse than
// greedy by that measure.
//
// hindsight: hindsight optimisation with the exact solver. It plays
// cleaning and forced moves at once; otherwise it deals the faces the
// player has not seen at random ([Options].Samples deals at most,
// [DefaultSamples] by default), decides exactly in each deal which legal
// matches keep the position winnable, and plays the match that does so in
// the most deals, save that a match within one standard deviation of the
// leader (of the deals the two split) counts as tied with it: among tied
// matches the one that uncovers the most tiles is played, then the one
// with the most deals, then greedy's score. Candidates clearly behind the
// leader are dropped every 16 deals. [Options].Workers shares each batch of deals out among
// several goroutines without changing any move: the deals are dealt in
// order from the one source first.
//
// # Versions
//
// Each strategy has a version ([Version], [Player.Version]), which a
// record of its games carries (mjsolve solitaire play writes it in its
// record files' header, and refuses to continue or merge files of another
// version). Any change that changes a game played from the same deal and
// source state (the strategy's rules or tie-breaks, the lookahead's
// default budget, the random numbers a strategy or package playout draws)
// must bump that strategy's version; a change that plays every game alike
// (speed, allocations) must not. A test holds a digest of games of each
// strategy and fails when they change while the version stays.
//
// # Use
//
// Make one Player per goroutine ([NewPlayer]) and call [Player.Play] for
// each deal; it allocates nothing. Random numbers come from the caller's
// [rand.PCG], so a game is the same for the same deal and source state.
// [Player.Trace] also returns the moves, which replay on a
// solitaire.Board.
package nopeek
