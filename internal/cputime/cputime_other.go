//go:build !linux

package cputime

import "time"

// Thread returns the CPU time used so far by the calling OS thread; ok is
// false when the system has no such clock, as here.
func Thread() (d time.Duration, ok bool) { return 0, false }
