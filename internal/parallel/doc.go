// Package parallel runs the numbered, independent tasks of a job on several
// goroutines.
//
// Each worker has state of its own (a player, a scratch board, the counts it
// gathers), merged when the worker stops. The result of a job whose tasks
// depend only on their number does not depend on the number of workers.
package parallel
