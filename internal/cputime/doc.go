// Package cputime reads the CPU time of the calling OS thread.
//
// It is the time per board of the statistics: it does not count the time
// other processes hold the CPU, so that the load of a shared machine does
// not become the statistic.
//
// On Linux [Thread] reads CLOCK_THREAD_CPUTIME_ID (precise to the
// nanosecond); elsewhere it reports that it has no such clock, and callers
// fall back to the wall clock. A caller measuring a piece of work locks its
// goroutine to its OS thread (runtime.LockOSThread) for the duration.
package cputime
