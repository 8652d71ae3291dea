package main

import (
	"testing"
	"time"
)

// TestProcessStart: the process started before its packages were
// initialised (and not a minute before), and asking again later gives
// the same time, to the kernel's clock tick.
func TestProcessStart(t *testing.T) {
	start := processStart()
	if start.After(initTime) || initTime.Sub(start) > time.Minute {
		t.Errorf("process start %s, the packages initialised at %s", start, initTime)
	}
	time.Sleep(50 * time.Millisecond)
	if again := processStart(); again.Sub(start).Abs() > 30*time.Millisecond {
		t.Errorf("process start %s, then %s", start, again)
	}
}
