package main

import (
	"bytes"
	"strings"
	"testing"
)

// runCmd runs the command line and returns its exit code, stdout and stderr.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestVersion(t *testing.T) {
	code, out, errOut := runCmd(t, "", "version")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.HasPrefix(out, "mjsolve ") || !strings.Contains(out, "go1.") || strings.Count(out, "\n") != 1 {
		t.Errorf("version output %q", out)
	}
}

func TestUnknownCommandAndFlagAreBadInput(t *testing.T) {
	for _, args := range [][]string{{"frobnicate"}, {"version", "--nope"}, {"version", "extra"}} {
		code, out, errOut := runCmd(t, "", args...)
		if code != exitBadInput {
			t.Errorf("%v: exit %d, want %d", args, code, exitBadInput)
		}
		if out != "" {
			t.Errorf("%v: stdout %q, want nothing", args, out)
		}
		if !strings.HasPrefix(errOut, "mjsolve: ") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: stderr %q, want one line starting with mjsolve:", args, errOut)
		}
	}
}

func TestCompletion(t *testing.T) {
	code, out, _ := runCmd(t, "", "completion", "bash")
	if code != 0 || !strings.Contains(out, "__start_mjsolve") {
		t.Errorf("completion bash: exit %d, output starts %q", code, out[:min(len(out), 80)])
	}
}
