package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mjsolve/mjsolve/internal/input"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/spf13/cobra"
)

// layoutFinder is where the command looks layouts up: the built-ins, the
// directories of MJSOLVE_LAYOUT_PATH and the installed games (under each
// root of MJSOLVE_GAMES_ROOT, then /). The command reads the environment;
// package layouts does not.
func layoutFinder() *layouts.Finder { return layouts.FinderFromEnv(os.Getenv) }

// warnLayoutPath warns on w about each directory of MJSOLVE_LAYOUT_PATH
// that does not exist or is not a directory: its layouts would silently
// be missing.
func warnLayoutPath(w io.Writer) {
	for _, err := range layoutFinder().CheckLayoutPath() {
		fmt.Fprintf(w, "mjsolve: warning: %s names %s\n", layouts.EnvLayoutPath, input.Message(err))
	}
}

// newLayoutsCmd is the "layouts" command group: list and show layouts.
func newLayoutsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "layouts",
		Short: "List and show Mahjong Solitaire layouts (built-in and installed games')",
		Long: `Layouts are where the tiles of a Mahjong Solitaire game lie. mjsolve has
built-in layouts (the classic turtle and small ones for tests), reads the
directories in MJSOLVE_LAYOUT_PATH, and reads the layouts installed by
Xmahjongg, KMahjongg and GNOME Mahjongg (looked for under each directory of
MJSOLVE_GAMES_ROOT, then under /).

Names: "turtle" (built-in), "xmahjongg/ox", "kmahjongg/default",
"gnome/ziggurat", a bare name when only one source has it, or a path to a
layout file in any of the supported formats.`,
	}
	cmd.AddCommand(newLayoutsListCmd(), newLayoutsShowCmd())
	return cmd
}

// layoutsListOptions are the inputs of "mjsolve layouts list".
type layoutsListOptions struct {
	call
	json   bool
	source string
}

func newLayoutsListCmd() *cobra.Command {
	opts := &layoutsListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the layouts: name, source, tiles, levels, free tiles at the start",
		Long: `List every layout mjsolve can find: the built-ins, those of the directories in
MJSOLVE_LAYOUT_PATH, and the installed games' (Xmahjongg, KMahjongg, GNOME
Mahjongg). FREE is the number of tiles that can be played at the start.

Layouts that cannot be used (more than 144 tiles, or a bad file) are not in
the table; a line on standard error names each. With --json they are in the
output with an "error" field.`,
		Example: `  mjsolve layouts list
  mjsolve layouts list --source builtin
  mjsolve layouts list --json`,
		Args: cobra.NoArgs,
		RunE: runE(&opts.call, opts.run),
	}
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print a JSON array instead of a table")
	f.StringVar(&opts.source, "source", "", "list only one `SOURCE`: builtin, path, xmahjongg, kmahjongg or gnome")
	cmd.RegisterFlagCompletionFunc("source", completeWords(layouts.Sources...))
	return cmd
}

func (opts *layoutsListOptions) run() error {
	if opts.source != "" && !slices.Contains(layouts.Sources, opts.source) {
		return fmt.Errorf("--source %q: want one of %s", opts.source, strings.Join(layouts.Sources, ", "))
	}
	rows := []layouts.Summary{}
	var unusable []error
	for _, e := range layoutFinder().List() {
		if opts.source == "" || e.Source == opts.source {
			rows = append(rows, e.Summary())
			if e.Err != nil {
				unusable = append(unusable, e.Err)
			}
		}
	}
	if opts.json {
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	if err := layouts.WriteTable(opts.stdout, rows); err != nil {
		return failure(err)
	}
	for _, err := range unusable {
		fmt.Fprintf(opts.stderr, "mjsolve: not listed: %s\n", input.Message(err))
	}
	return nil
}

// layoutsShowOptions are the inputs of "mjsolve layouts show".
type layoutsShowOptions struct {
	call
	png   string
	force bool
	json  bool
}

func newLayoutsShowCmd() *cobra.Command {
	opts := &layoutsShowOptions{}
	cmd := &cobra.Command{
		Use:   "show NAME",
		Short: "Show a layout level by level, or as a PNG picture",
		Long: `Show a layout: its size, then a picture of each level, a tile drawn as "[]"
on the two rows of half-tile cells it covers. Tiles that do not rest on the
level below and anything else the layout's file does differently from its
game are noted at the end.

With --png FILE, write a picture of the whole layout instead, levels shaded
and shifted so stacks are visible, tiles free at the start outlined. FILE
must end in .png; an existing FILE is kept unless --force is given.

With --json, print the layout for programs instead: name, source, size,
every slot as [x, y, z] in half-tile units (slot numbers are the indexes),
the floating slots and the notes.`,
		Example: `  mjsolve layouts show turtle
  mjsolve layouts show xmahjongg/ox --png ox.png
  mjsolve layouts show ./my-layout.txt
  mjsolve layouts show turtle --json`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("layouts show takes one layout NAME, not %d (see 'mjsolve layouts list')", len(args))
			}
			return nil
		},
		ValidArgsFunction: completeLayout,
		RunE:              runE(&opts.call, opts.run),
	}
	f := cmd.Flags()
	f.StringVar(&opts.png, "png", "", "write a picture of the whole layout to `FILE` (PNG, name ending in .png)")
	f.BoolVar(&opts.force, "force", false, "with --png, replace FILE if it exists")
	f.BoolVar(&opts.json, "json", false, "print the layout as JSON (slots, levels, notes)")
	cmd.MarkFlagFilename("png", "png")
	return cmd
}

func (opts *layoutsShowOptions) run() error {
	if opts.cmd.Flags().Changed("png") && opts.png == "" {
		return errors.New("--png: give a file name")
	}
	if opts.force && opts.png == "" {
		return errors.New("--force is for --png")
	}
	if opts.png != "" {
		if opts.json {
			return errors.New("--png and --json: give one")
		}
		if err := checkNewFile("--png", opts.png, opts.force); err != nil {
			return err
		}
		if !strings.EqualFold(filepath.Ext(opts.png), ".png") {
			return fmt.Errorf("--png %s: the picture is a PNG; give a name ending in .png", opts.png)
		}
	}
	l, err := layoutFinder().Find(opts.args[0])
	if err != nil {
		return err
	}
	if opts.json {
		return writeJSON(opts.stdout, l.Details())
	}
	var buf bytes.Buffer
	fmt.Fprintln(&buf, l.Describe())
	if opts.png != "" {
		var png bytes.Buffer
		err := layouts.WritePNG(&png, l)
		if err := writePicture("--png", opts.png, png.Bytes(), err); err != nil {
			return err
		}
		fmt.Fprintf(&buf, "wrote %s\n", opts.png)
	} else {
		buf.WriteByte('\n')
		if err := layouts.WritePictures(&buf, l); err != nil {
			return failure(err)
		}
	}
	for _, r := range l.Remarks() {
		fmt.Fprintf(&buf, "note: %s\n", r)
	}
	_, err = opts.stdout.Write(buf.Bytes())
	return err
}
