// Package plot draws Taiwanese 16-tile statistics.
//
// It draws, with gonum/plot, the hand statistics of package tw16/stats as a
// grid of six plots (starting shanten, tenpai and wins by draw, the waits at
// the first tenpai) and the running mean of each player's score over a
// match.
//
// It is kept apart from tw16/stats, so that a program that deals or plays
// hands does not pull in gonum, fonts and PDF. Rendering and colours are
// those of every mjsolve plot (the internal package chart), so a tw16 plot
// looks like a Solitaire one.
package plot
