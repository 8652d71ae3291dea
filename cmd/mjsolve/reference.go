package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
	"github.com/spf13/pflag"
)

// The command reference: one markdown page (cli/) and one man page (man/)
// per command, generated from the command tree by cobra's doc package, so
// that it says what "mjsolve COMMAND --help" says. "go generate
// ./cmd/mjsolve" writes it into docs/ (gendocs.go); TestCommandReference
// fails when the files there are not what referenceFiles makes.

// referenceDirs are the directories of the reference under docs/, with
// the suffix of the files generated into each.
var referenceDirs = map[string]string{"cli": ".md", "man": ".1"}

// manDate matches the date field of a man page's .TH line, which cobra
// always fills (with today's date unless told another).
var manDate = regexp.MustCompile(`(?m)^(\.TH "[^"]*" "[^"]*" )"[^"]*"`)

// referenceFiles generates the reference in memory: file name under docs/
// ("cli/mjsolve_solitaire.md", "man/mjsolve-solitaire.1") → content. The
// output is the same on every machine and every day: no generation date,
// no date in the man pages' headers, and a flag whose default is the
// number of CPUs (solitaire's --workers) shows "one per CPU".
func referenceFiles() (map[string][]byte, error) {
	root := newRootCmd(&hooks{})
	root.InitDefaultCompletionCmd()
	files := map[string][]byte{}
	header := &doc.GenManHeader{Title: "MJSOLVE", Section: "1", Source: "mjsolve", Manual: "mjsolve manual"}
	var walk func(c *cobra.Command) error
	walk = func(c *cobra.Command) error {
		if !c.IsAvailableCommand() && c != root || c.IsAdditionalHelpTopicCommand() {
			return nil
		}
		c.DisableAutoGenTag = true
		machineFreeDefaults(c.LocalFlags())
		machineFreeDefaults(c.InheritedFlags())
		var md, man bytes.Buffer
		if err := doc.GenMarkdown(c, &md); err != nil {
			return err
		}
		h := *header
		h.Title = strings.ToUpper(strings.ReplaceAll(c.CommandPath(), " ", "-"))
		if err := doc.GenMan(c, &h, &man); err != nil {
			return err
		}
		files["cli/"+strings.ReplaceAll(c.CommandPath(), " ", "_")+".md"] = md.Bytes()
		files["man/"+strings.ReplaceAll(c.CommandPath(), " ", "-")+".1"] = manDate.ReplaceAll(man.Bytes(), []byte(`$1""`))
		for _, sub := range c.Commands() {
			if err := walk(sub); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root); err != nil {
		return nil, err
	}
	return files, nil
}

// machineFreeDefaults shows "one per CPU" as the default of a --workers
// flag that defaults to this machine's number of CPUs.
func machineFreeDefaults(fs *pflag.FlagSet) {
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Name == "workers" && f.DefValue == strconv.Itoa(runtime.NumCPU()) {
			f.DefValue = "one per CPU"
		}
	})
}

// writeReference writes the reference into dir (docs/): every generated
// file whose content changed, and removes the files of the reference's
// directories that are no longer generated (a command removed or renamed).
func writeReference(dir string) error {
	files, err := referenceFiles()
	if err != nil {
		return err
	}
	for sub, suffix := range referenceDirs {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
		old, err := filepath.Glob(filepath.Join(dir, sub, "*"+suffix))
		if err != nil {
			return err
		}
		for _, f := range old {
			if _, ok := files[sub+"/"+filepath.Base(f)]; !ok {
				if err := os.Remove(f); err != nil {
					return err
				}
			}
		}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return fmt.Errorf("writing the command reference: %w", err)
		}
	}
	return nil
}
