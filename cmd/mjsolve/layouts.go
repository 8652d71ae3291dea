package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/spf13/cobra"
)

// layoutFinder is where the command looks layouts up: the built-ins, the
// directories of MJSOLVE_LAYOUT_PATH and the installed games (under each
// root of MJSOLVE_GAMES_ROOT, then /). The command reads the environment;
// package layouts does not.
func layoutFinder() *layouts.Finder { return layouts.FinderFromEnv(os.Getenv) }

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
	json   bool
	source string

	stdout, stderr io.Writer
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
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.stdout, opts.stderr = cmd.OutOrStdout(), cmd.ErrOrStderr()
			return runLayoutsList(opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print a JSON array instead of a table")
	f.StringVar(&opts.source, "source", "", "list only one `SOURCE`: builtin, path, xmahjongg, kmahjongg or gnome")
	cmd.RegisterFlagCompletionFunc("source", completeWords(layoutSources...))
	return cmd
}

// layoutJSON is one layout in the output of "layouts list --json".
type layoutJSON struct {
	Name          string `json:"name"`
	Source        string `json:"source"`
	Title         string `json:"title,omitempty"`
	File          string `json:"file,omitempty"`
	Tiles         int    `json:"tiles"`
	Levels        int    `json:"levels"`
	TilesPerLevel []int  `json:"tiles_per_level"`
	FreeAtStart   int    `json:"free_at_start"`
	Floating      int    `json:"floating"`
	Error         string `json:"error,omitempty"`
}

var layoutSources = []string{
	layouts.SourceBuiltin, layouts.SourcePath, layouts.SourceXmahjongg, layouts.SourceKMahjongg, layouts.SourceGnome,
}

func runLayoutsList(opts *layoutsListOptions) error {
	if opts.source != "" && !slices.Contains(layoutSources, opts.source) {
		return fmt.Errorf("--source %q: want one of %s", opts.source, strings.Join(layoutSources, ", "))
	}
	var rows []layoutJSON
	for _, e := range layoutFinder().List() {
		if opts.source != "" && e.Source != opts.source {
			continue
		}
		r := layoutJSON{Name: e.Name, Source: e.Source, File: e.File, TilesPerLevel: []int{}}
		if l := e.Layout; l != nil {
			r.Title = l.Title
			r.Tiles, r.Levels, r.TilesPerLevel = l.Len(), l.Levels(), l.TilesPerLevel()
			r.FreeAtStart, r.Floating = l.FreeAtStart(), len(l.Floating())
		}
		if e.Err != nil {
			r.Error = e.Err.Error()
		}
		rows = append(rows, r)
	}
	if opts.json {
		if rows == nil {
			rows = []layoutJSON{}
		}
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	tw := tabwriter.NewWriter(opts.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSOURCE\tTILES\tLEVELS\tFREE\tTITLE")
	for _, r := range rows {
		if r.Error != "" {
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\n", r.Name, r.Source, r.Tiles, r.Levels, r.FreeAtStart, r.Title)
	}
	if err := tw.Flush(); err != nil {
		return failure(err)
	}
	for _, r := range rows {
		if r.Error != "" {
			fmt.Fprintf(opts.stderr, "mjsolve: not listed: %s\n", strings.TrimPrefix(r.Error, "layouts: "))
		}
	}
	return nil
}

// layoutsShowOptions are the inputs of "mjsolve layouts show".
type layoutsShowOptions struct {
	name string
	png  string

	stdout io.Writer
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
and shifted so stacks are visible, tiles free at the start outlined.`,
		Example: `  mjsolve layouts show turtle
  mjsolve layouts show xmahjongg/ox --png ox.png
  mjsolve layouts show ./my-layout.txt`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("layouts show takes one layout NAME, not %d (see 'mjsolve layouts list')", len(args))
			}
			return nil
		},
		ValidArgsFunction: completeLayout,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.name = args[0]
			opts.stdout = cmd.OutOrStdout()
			return runLayoutsShow(opts)
		},
	}
	cmd.Flags().StringVar(&opts.png, "png", "", "write a picture of the whole layout to `FILE` (PNG)")
	cmd.MarkFlagFilename("png", "png")
	return cmd
}

func runLayoutsShow(opts *layoutsShowOptions) error {
	l, err := layoutFinder().Find(opts.name)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	fmt.Fprintln(&buf, layoutSummary(l))
	if opts.png != "" {
		if err := writeLayoutPNG(opts.png, l); err != nil {
			return err
		}
		fmt.Fprintf(&buf, "wrote %s\n", opts.png)
	} else {
		buf.WriteByte('\n')
		if err := layouts.WritePictures(&buf, l); err != nil {
			return failure(err)
		}
	}
	if f := l.Floating(); len(f) > 0 {
		const shown = 6
		var at []string
		for _, k := range f[:min(len(f), shown)] {
			at = append(at, fmt.Sprintf("%d (%v)", k, l.Slots[k]))
		}
		if len(f) > shown {
			at = append(at, fmt.Sprintf("and %d more", len(f)-shown))
		}
		fmt.Fprintf(&buf, "note: %d %s not rest on the level below: %s\n", len(f), pluralWord(len(f), "tile does", "tiles do"), strings.Join(at, ", "))
	}
	for _, n := range l.Notes {
		fmt.Fprintf(&buf, "note: %s\n", n)
	}
	_, err = opts.stdout.Write(buf.Bytes())
	return err
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// layoutSummary is the first line of "layouts show": name, title, source,
// size and free tiles.
func layoutSummary(l *layouts.Layout) string {
	name := l.Name
	short := name[strings.LastIndexByte(name, '/')+1:]
	if l.Title != "" && !strings.EqualFold(l.Title, short) {
		name += " (" + l.Title + ")"
	}
	per := make([]string, 0, l.Levels())
	for _, n := range l.TilesPerLevel() {
		per = append(per, fmt.Sprint(n))
	}
	return fmt.Sprintf("%s from %s: %d tiles on %d %s (%s), %d free at the start",
		name, l.Source, l.Len(), l.Levels(), pluralWord(l.Levels(), "level", "levels"), strings.Join(per, "/"), l.FreeAtStart())
}

// writeLayoutPNG writes the picture of l to name (see writeFileAtomic).
func writeLayoutPNG(name string, l *layouts.Layout) error {
	var buf bytes.Buffer
	if err := layouts.WritePNG(&buf, l); err != nil {
		return failure(err)
	}
	return writeFileAtomic("--png", name, buf.Bytes())
}
