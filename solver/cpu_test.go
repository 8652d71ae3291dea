package solver

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU returns the CPU time used by the calling OS thread: timings
// that do not count the time other processes hold the CPU (scratch).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var _ = runtime.LockOSThread
