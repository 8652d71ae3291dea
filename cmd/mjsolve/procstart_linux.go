package main

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// processStart returns when the process started: the kernel's start time
// of the process (in clock ticks since boot, /proc/self/stat) against the
// time since boot (/proc/uptime), so that the time a loaded machine took
// to run the program before main counts too; when they cannot be read,
// when the program's packages were initialised.
func processStart() time.Time {
	now := time.Now()
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return initTime
	}
	up, err := os.ReadFile("/proc/uptime")
	if err != nil {
		return initTime
	}
	// The command's name may hold spaces: the fields follow its last ')'.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return initTime
	}
	fields := bytes.Fields(stat[i+1:])
	// Field 22 of the line is the start time; fields[0] is field 3.
	if len(fields) < 20 {
		return initTime
	}
	ticks, err := strconv.ParseUint(string(fields[19]), 10, 64)
	if err != nil {
		return initTime
	}
	upFields := bytes.Fields(up)
	if len(upFields) == 0 {
		return initTime
	}
	uptime, err := strconv.ParseFloat(string(upFields[0]), 64)
	if err != nil {
		return initTime
	}
	// Linux reports the start time in USER_HZ, 100 ticks a second on
	// every architecture Go supports. What ran before the packages were
	// initialised: the time since the start less the time since then.
	before := time.Duration((uptime-float64(ticks)/100)*float64(time.Second)) - now.Sub(initTime)
	if before <= 0 || before > time.Minute {
		return initTime // the clocks' resolution, or nonsense
	}
	return initTime.Add(-before)
}
