// Package plot draws the plots of record files with gonum/plot: the running
// unwinnable rate with its 95% Wilson band ([Rate]) and the histogram of the
// time per board, one series per method ([Time]), McDonald's difficulty of
// the winnable boards, one series per layout ([Difficulty]), and the rates
// of several layouts side by side ([LayoutRates]; [SurveyRates] takes them
// from the rows of a survey of package job, [RenderSurveyRates] draws
// them), the win rates of strategies
// playing without peeking beside the rate with peeking ([PlayRates]),
// rendered as PNG, SVG or PDF ([Render]). [Files] reads record files and
// draws the plot of a kind, as "mjsolve analysis plot" does ([FilesContext]
// stops when its context is done). [Format]
// reads a picture's format from its file name and [ParseSize] its size
// from "WxH", within the sides Render takes ([MinSide], [MaxSide]).
//
// HandStats draws the Taiwanese hand statistics of tw16/stats as a grid of
// six plots (starting shanten, tenpai and wins by draw, the waits at the
// first tenpai), rendered by RenderGrid; RenderHandStats does both.
// RunningMeans draws the running mean of each player's score in a match
// (RenderRunningMeans draws and renders it).
//
// It is kept apart from package analysis, which gathers what the plots need
// ([analysis.ReadPlotData]) in bounded memory, so that a program importing
// analysis to run or merge boards does not pull in gonum, fonts and PDF.
//
// Every plot takes a method's name and colour from one table, so that a
// method looks the same in every plot; the colours are the Okabe–Ito
// palette, readable with colour blindness. The rate plot's y axis is zoomed
// on the final interval, with the cut early curve marked; the time plot can
// put its counts on a log scale. Render draws text and lines larger on a
// larger picture.
package plot
