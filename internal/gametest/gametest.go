// Package gametest helps tests that read the layout files installed by
// other games (Xmahjongg, KMahjongg, GNOME Mahjongg). Where the files are
// absent such a test skips with a message, except when the environment
// variable MJSOLVE_REQUIRE_GAMES is set to a true value such as 1 (CI sets
// it, after installing the files): then a missing file is a failure, so CI
// cannot pass by skipping.
package gametest

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// EnvRequire is the environment variable that turns skips into failures.
const EnvRequire = "MJSOLVE_REQUIRE_GAMES"

// Required reports whether EnvRequire asks for the installed files: it is
// set to anything but "", "0" or "false".
func Required() bool {
	v := os.Getenv(EnvRequire)
	return v != "" && v != "0" && !strings.EqualFold(v, "false")
}

// Missing reports that installed files the test needs are absent: it skips
// the test, or fails it when EnvRequire is set.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if Required() {
		t.Fatalf("%s (%s is set, so installed layout files are required)", msg, EnvRequire)
		return
	}
	t.Skip(msg)
}
