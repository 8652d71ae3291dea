// Package progress draws the progress line of a long job (the main job's
// boards, tw16's hands) on a terminal's standard error, with mpb: a
// description, the bar, the count, the percentage, the time left and the
// rate, cut to the terminal's width so that it never wraps. Off a
// terminal there is no line: [New] returns nil, and a nil [Bar] does
// nothing, so that a command calls it the same way everywhere. It is the
// command's: libraries report progress through callbacks and never print.
package progress
