package main

import (
	"os"
	"strings"
	"testing"
)

// README's install section gives the way that works today, from a clone,
// and the version flag; the remote "go install …@latest" (which no module
// proxy serves yet) is not the command to copy (issue 9 item 14).
func TestReadmeInstall(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(data), "\n## Install\n")
	if !ok {
		t.Fatal("README has no Install section")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, block, ok := strings.Cut(sec, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	if !ok || !strings.Contains(block, "go install ./cmd/mjsolve") || !strings.Contains(block, "mjsolve --version") {
		t.Errorf("the install commands do not install from the clone and show the version:\n%s", block)
	}
	if strings.Contains(block, "@latest") {
		t.Errorf("the install commands offer go install …@latest, which no proxy serves:\n%s", block)
	}
}
