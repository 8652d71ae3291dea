// Package bot holds strategies that play Taiwanese 16-tile Mahjong, both
// in-process through tw16/game (game.Strategy) and as a program speaking
// the ICGA/TCGA protocol on standard input and output (Serve, which stops
// when its context is done):
//
//   - search: every action decided by simulation (Search): the tiles it
//     cannot see are sampled consistently with its view and an opponent
//     model (how near ready each opponent's play says it is, the waits its
//     passes rule out), each candidate action is played in the same
//     sampled positions and the rest of each hand by a fast policy (its
//     own seat once attacking, once folding when far from ready and an
//     opponent looks ready), and the action with the most points on
//     average under the competition scoring is taken. Its budget is a time or a number of playouts per
//     decision. Evaluator exposes the estimates, for rating any decision.
//   - advice: the advice engine's play (Advice): wins when it can; discards
//     for the fewest shanten and the most effective tiles left given every
//     visible tile; claims when that lowers the shanten; defends when an
//     opponent looks ready, by rules of thumb (tiles that player discarded,
//     suji, tiles whose copies are all visible, its exposed melds) or, as
//     an option, by Monte-Carlo sampling of its hand from the unseen tiles.
//   - random: a uniformly random choice among the legal actions (Random).
//   - draw-discard: discards the tile it drew and claims nothing, not even a
//     win: the referee's stand-in for a failed program (DrawDiscard).
//
// Every strategy is deterministic for the seed given to Begin at the start
// of each hand. The advice strategy and SelfPlay's games look up the
// shanten tables of Options.Tables (nil: tw16's default set).
package bot
