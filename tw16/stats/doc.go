// Package stats gathers statistics of Taiwanese 16-tile hands over many
// random deals.
//
// It measures how far the dealt hands are from ready (shanten), and how a
// hand fares played alone from the wall.
//
// # Deals
//
// A Deal is dealt as the rules engine (tw16/game) deals a hand: the wall
// shuffled by game.Shuffle from a seed, 17 tiles to the dealer (seat 0)
// and 16 to each other seat, with the eight flowers (144 tiles) set aside
// and replaced from the back of the wall when asked for. It also lists the
// tiles each seat would draw in a four-player hand in which nobody claims
// a discard or declares a kong — the seats draw in turn, flowers drawn are
// replaced at once, and the hand ends when a draw is due with 16 tiles
// left (game.DeadWall) — which without claims does not depend on the
// discards: 13 draws for the dealer and 14 for the others without flowers.
//
// # Playing alone
//
// A Player plays one seat's hand against those draws: it discards the tile
// the advice engine ranks first (tw16.Forms.BestDiscard, the first of
// tw16.Forms.Advise, with the tiles the hand has seen as visible), wins as
// soon as the hand is complete, and never claims or declares a kong. Its
// Outcome says after how many draws the hand was first tenpai and complete
// (−1: never within its draws), and the waits at its first tenpai: the
// number of winning kinds, their copies not seen by the hand, 獨聽 and the
// wait shapes (tw16.Waits, the classification scoring uses).
//
// # Runs and reports
//
// Run plays many deals over all cores, each from its own seed
// (DealSeed(seed, i)), so that the Report does not depend on the number of
// workers; a cancelled run returns the deals played. A Report keeps
// histograms per group of hands (the dealer's, the others'), and writes
// itself for people (WriteText) and as JSON (MarshalJSON), every rate with
// its 95% Wilson interval and every mean with its
// interval and median. Package tw16/plot draws it.
package stats
