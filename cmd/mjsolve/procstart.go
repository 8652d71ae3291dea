package main

import "time"

// initTime is when the program's packages were initialised, the
// earliest time it can read without the system's help (see processStart).
var initTime = time.Now()
