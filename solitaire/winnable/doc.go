// Package winnable gives games what players ask of them: deals proved
// winnable, of a chosen difficulty, and reshuffles that leave a position
// winnable.
//
// # Winnable deals
//
// [Deals] deals games of a dealer one after another, decides each exactly
// with the solver and keeps the winnable ones: rejection, so the deals
// kept are uniform among the dealer's winnable deals (for the pcg dealer,
// uniform among all winnable deals of the layout). A layout with no
// winnable deal (Xmahjongg's Hourglass and Papillon) ends with
// [ErrNoneFound] after a bounded number of games.
//
// # Difficulty
//
// The difficulty of a winnable deal is McDonald's measure: the share of
// uniformly random playouts (a random legal match until none is left; no
// cleaning, no peeking) that clear it ([Measure]). A deal that random play
// often clears forgives a player's mistakes; one that it almost never
// clears has few ways through, all of which a player must find without
// seeing the tiles underneath. It is cheap (about 1.5 µs a playout on the
// turtle), exact in law, and the same numbers as the main job's
// --difficulty records (the same playouts for the same game and seed).
// The bands easy, medium and hard are the thirds by rank of a layout's
// uniformly random winnable deals ([Calibrate]: the first 300 winnable
// games of the pcg dealer with seed 1, 1,000 playouts each), so that on
// every layout a third of its winnable deals is of each band.
package winnable
