//go:build !linux

package main

import "time"

// processStart returns when the process started: here, where the system
// does not tell, when the program's packages were initialised.
func processStart() time.Time { return initTime }
