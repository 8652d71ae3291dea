// Package plot draws the Solitaire statistics of record files and surveys.
//
// From record files it draws the running unwinnable rate with its 95% Wilson
// band, the time per board by method, McDonald's difficulty of the winnable
// boards and the win rates of strategies playing without peeking; from a
// survey, the rates of several layouts side by side, beside de Bondt's where
// he published one. It draws with gonum/plot, which is why it is a package
// of its own: importing analysis stays light.
//
// It sits above the packages whose results it draws (analysis,
// analysis/runs, solitaire/nopeek), and nothing but programs imports it,
// so that a program importing analysis to run or merge boards does not pull
// in gonum, fonts and PDF. Rendering, picture sizes and the palette are
// shared with the tw16 plots through the internal package chart.
//
// Every plot takes a method's name and colour from one table, so that a
// method looks the same in every plot. The rate plot's y axis is zoomed on
// the final interval, with the cut early curve marked; the time plot can
// put its counts on a log scale.
package plot
