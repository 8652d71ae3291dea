// Package chart is what every plot of mjsolve shares.
//
// Whichever half a plot is of, it is rendered here (a gonum plot, or a grid
// of them, as PNG, SVG or PDF at a size in pixels), its format and size are
// read as a command line names them, and its colours come from one palette.
//
// The plots themselves live beside the statistics they draw: analysis/plot
// for Solitaire record files, tw16/plot for hand statistics and matches.
// Both import this package; it imports nothing of mjsolve, so the two
// halves stay apart, and a program that imports analysis or tw16/stats
// does not pull in gonum, fonts or PDF.
//
// Text and lines grow with the picture, as if drawn at a higher resolution,
// so that a large picture reads like a small one scaled up. The colours are
// the Okabe–Ito palette, which stays readable with the common forms of
// colour blindness.
package chart
