//go:build !linux

package solver

import "time"

// threadCPU has no per-thread clock outside Linux here: it returns the wall
// clock, so the distribution test reports wall time twice.
func threadCPU() time.Duration { return time.Duration(time.Now().UnixNano()) }
