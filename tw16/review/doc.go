// Package review rates a player's decisions in played Taiwanese 16-tile
// hands.
//
// As a bot author reviews a tournament, it takes hands in event form
// (tw16/handlog) and weighs every decision of a player against the search
// strategy's evaluator (tw16/bot.Evaluator): for each decision the action
// taken, the engine's choice and the estimated cost of the difference in
// points.
//
// A decision is rated when the seat's program made it (not the dummy
// that plays a failed program's seat) among two or more legal actions:
// every discard with a choice and every claim offered.
//
// The engine plays the advice engine's choice (bot.Advice) unless the
// search strategy's evaluator (bot.Evaluator) finds another action clearly
// better: every legal action is played out in up to Options.Samples
// positions sampled from what the seat saw (the same positions for every
// action; an action trailing the leader by two paired standard errors,
// from eight positions on, is no longer played); the leader replaces the
// advice only when it leads it by two paired standard errors again in
// Options.Samples/2 positions of their own (the best of many noisy
// estimates passes for better too easily on the positions that chose it).
// A win is always the engine's choice.
//
// When the engine's choice is not the action taken, the two are played in
// Options.Samples/2 new positions each, and the difference of their mean
// points is the decision's cost: measured on positions nothing was chosen
// by, it is an unbiased estimate, below zero when the action taken did
// better there, and the costs add up to the points a player lost (or won)
// against the engine's choices, the noise of single decisions averaging
// out. A decision's samples depend only on Options.Seed, the hand's number
// and the decision's move number, so a review is the same for the same
// samples and seed, whatever the order or number of workers.
//
// Reviewer.Hand reviews the chosen seats of one hand; Report sums up
// hands by player name, with the decisions of the highest cost.
package review
