package cputime

import (
	"runtime"
	"testing"
	"time"
)

// The thread clock counts work and not sleep: 50ms of sleep add less than
// 5ms, a busy loop as much CPU time as wall time, within a factor.
func TestThread(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, ok := Thread()
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("no thread CPU clock on Linux")
		}
		t.Skip("no thread CPU clock here")
	}
	time.Sleep(50 * time.Millisecond)
	c1, _ := Thread()
	if c1 < c0 || c1-c0 > 5*time.Millisecond {
		t.Errorf("50ms of sleep took %v of CPU", c1-c0)
	}
	// Spin until the thread has used 20ms of CPU: the clock moves with work.
	w0 := time.Now()
	x := 0
	for {
		for i := range 100000 {
			x += i
		}
		if c, _ := Thread(); c-c1 >= 20*time.Millisecond {
			break
		}
		if time.Since(w0) > 20*time.Second {
			t.Fatalf("20ms of CPU not reached in 20s of spinning (%d)", x)
		}
	}
	if wall := time.Since(w0); wall < 20*time.Millisecond {
		t.Errorf("20ms of CPU in %v of wall time", wall)
	}
}
