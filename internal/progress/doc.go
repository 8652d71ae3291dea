// Package progress draws the command's progress line on a terminal.
//
// A long job (the main job's boards, tw16's hands) shows on standard error,
// with mpb, a description, the bar, the count, the percentage, the time left
// and the rate, cut to the terminal's width so that it never wraps. Off a
// terminal there is no line: [New] returns nil, and a nil [Bar] does
// nothing, so that a command calls it the same way everywhere. It is the
// command's: libraries report progress through callbacks and never print.
package progress
