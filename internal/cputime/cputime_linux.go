package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is CLOCK_THREAD_CPUTIME_ID. The call does not block,
// so it goes without the runtime's syscall bookkeeping (RawSyscall).
const clockThreadCPUTime = 3

// Thread returns the CPU time used so far by the calling OS thread; ok is
// false when the system has no such clock.
func Thread() (d time.Duration, ok bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
