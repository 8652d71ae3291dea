package main

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/spf13/cobra"
)

// Shell completion of the values of flags and arguments. Any command with a
// layout flag or argument completes it the same way:
//
//	cmd.RegisterFlagCompletionFunc("layout", completeLayout)
//	cmd.ValidArgsFunction = completeLayout // a layout as first argument
//
// and a --deal flag with completeDealer.

// completeLayout completes a layout name: the names "layouts list" shows
// (built-ins, MJSOLVE_LAYOUT_PATH layouts, "xmahjongg/ox", …) and the bare
// name of an installed game's layout where only one game has it, each with
// its title and size as description, and the files and directories that
// start with what is typed, as --layout also takes a file (when no name
// does, the shell completes file names itself).
func completeLayout(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 { // "layouts show" takes one name
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, c := range layouts.Choices(layoutFinder().List()) {
		if strings.HasPrefix(strings.ToLower(c.Name), strings.ToLower(toComplete)) {
			out = append(out, cobra.CompletionWithDesc(c.Name, c.Description))
		}
	}
	if len(out) == 0 {
		return nil, cobra.ShellCompDirectiveDefault // the shell completes file names
	}
	return append(out, fileCompletions(toComplete)...), cobra.ShellCompDirectiveNoFileComp
}

// fileCompletions returns the files and directories (with a trailing "/")
// whose path starts with prefix, hidden ones only when prefix names them.
func fileCompletions(prefix string) (out []cobra.Completion) {
	dir, base := filepath.Split(prefix)
	entries, err := os.ReadDir(cmp.Or(dir, "."))
	if err != nil {
		return nil
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, base) || strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if e.IsDir() || e.Type()&os.ModeSymlink != 0 && isDir(dir+name) {
			out = append(out, dir+name+"/")
		} else {
			out = append(out, dir+name)
		}
	}
	return out
}

// completeDealer completes the --deal flag.
var completeDealer = completeWords(solitaire.DealerNames...)

// completeWordList returns a completion function for a comma list of
// words, or one of whole alone (such as "all"): the words that start with
// the last item typed and are not in the list yet, each after the items
// before it.
func completeWordList(words []string, whole ...string) cobra.CompletionFunc {
	first := append(slices.Clone(words), whole...) // the choices of the first item
	later := first[:len(words)]                    // of the items after a comma
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		i := strings.LastIndexByte(toComplete, ',') + 1
		done, last := strings.Split(toComplete[:i], ","), toComplete[i:]
		choices := later
		if i == 0 {
			choices = first
		}
		var out []cobra.Completion
		for _, w := range choices {
			if strings.HasPrefix(w, last) && !slices.Contains(done, w) {
				out = append(out, toComplete[:i]+w)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeWinds completes --seat and --round.
var completeWinds = completeWords("E", "S", "W", "N")

// completeWords returns a completion function offering the given words
// (and no file names).
func completeWords(words ...string) cobra.CompletionFunc {
	return cobra.FixedCompletions(slices.Clone(words), cobra.ShellCompDirectiveNoFileComp)
}
