package solver

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time used by the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID, precise to the nanosecond): timings that do not
// count the time other processes hold the CPU. Callers lock the OS thread.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
