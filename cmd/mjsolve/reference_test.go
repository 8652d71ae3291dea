package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// The command reference in docs/cli and docs/man is what the command tree
// generates today: one markdown page and one man page per command that
// help lists, no others, and none stale. A help text changed without
// "go generate ./cmd/mjsolve" fails here (and in .ci/run's git diff).
func TestCommandReference(t *testing.T) {
	files, err := referenceFiles()
	if err != nil {
		t.Fatal(err)
	}
	root := newRootCmd(&hooks{})
	root.InitDefaultCompletionCmd()
	commands := 0
	var count func(c *cobra.Command)
	count = func(c *cobra.Command) {
		commands++
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() && !sub.IsAdditionalHelpTopicCommand() {
				count(sub)
			}
		}
	}
	count(root)
	if len(files) != 2*commands || commands < 30 {
		t.Errorf("%d files generated for %d commands, want one page and one man page each", len(files), commands)
	}
	for _, name := range []string{"cli/mjsolve_solitaire_play.md", "man/mjsolve-solitaire-play.1", "man/mjsolve-tw16-referee.1"} {
		if _, ok := files[name]; !ok {
			t.Errorf("no %s generated", name)
		}
	}
	const regenerate = "run go generate ./cmd/mjsolve"
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("../../docs", filepath.FromSlash(name)))
		switch {
		case err != nil:
			t.Errorf("docs/%s: %v: %s", name, err, regenerate)
		case !bytes.Equal(got, want):
			t.Errorf("docs/%s is not what the command tree generates: %s", name, regenerate)
		}
	}
	for sub, suffix := range referenceDirs {
		present, _ := filepath.Glob(filepath.Join("../../docs", sub, "*"+suffix))
		for _, p := range present {
			if _, ok := files[sub+"/"+filepath.Base(p)]; !ok {
				t.Errorf("docs/%s/%s is no command's page: %s", sub, filepath.Base(p), regenerate)
			}
		}
	}
	for name, b := range files {
		if strings.Contains(string(b), "Auto generated") || strings.HasSuffix(name, ".1") && !bytes.Contains(b, []byte(`"1" "" "mjsolve"`)) {
			t.Errorf("%s carries a generation date", name)
		}
	}
}
