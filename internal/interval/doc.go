// Package interval gives the confidence intervals of mjsolve's statistics.
//
// Both halves use it: the Wilson score interval of a share (the unwinnable
// rate of a Solitaire layout, the win rate of a tw16 player) and the normal
// quantile of a 95% interval.
//
// It is neutral ground: it imports nothing of mjsolve, so that the
// Solitaire packages (analysis) and the tw16 packages (tw16/stats) share it
// without importing each other.
package interval
