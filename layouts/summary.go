package layouts

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Summary describes a layout as lists and programs show it: its name,
// where it comes from, its size and how many tiles are free at the start.
// Error holds why a listed layout cannot be used (the other fields are
// then what is known).
type Summary struct {
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

// Summary summarises the entry's layout.
func (e *Entry) Summary() Summary {
	s := Summary{Name: e.Name, Source: e.Source, File: e.File, TilesPerLevel: []int{}}
	if l := e.Layout; l != nil {
		s.Title = l.Title
		s.Tiles, s.Levels, s.TilesPerLevel = l.Len(), l.Levels(), l.TilesPerLevel()
		s.FreeAtStart, s.Floating = l.FreeAtStart(), len(l.Floating())
	}
	if e.Err != nil {
		s.Error = e.Err.Error()
	}
	return s
}

// WriteTable writes the usable layouts of rows (those without an Error)
// as a table for people, one per line under the heading NAME, SOURCE,
// TILES, LEVELS, FREE (free at the start) and TITLE.
func WriteTable(w io.Writer, rows []Summary) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSOURCE\tTILES\tLEVELS\tFREE\tTITLE")
	for _, r := range rows {
		if r.Error == "" {
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\n", r.Name, r.Source, r.Tiles, r.Levels, r.FreeAtStart, r.Title)
		}
	}
	return tw.Flush()
}

// Choice is a name a person can give for a layout, with a description
// ("Turtle, 144 tiles"), as shell completion offers it.
type Choice struct {
	Name, Description string
}

// Choices returns the layouts a person can choose from. It gives a Choice
// for each usable layout of entries (a list from [Finder.List]), then one
// for each bare name that [Finder.Find] resolves to a single installed
// game's layout: the name of no built-in or LayoutPath layout, and of one
// game's layout only.
func Choices(entries []Entry) []Choice {
	taken := map[string]bool{} // names that resolve without a prefix
	bare := map[string]int{}   // how many games' layouts have each bare name
	for _, e := range entries {
		switch e.Source {
		case SourceBuiltin, SourcePath:
			taken[strings.ToLower(e.Name)] = true
		default:
			bare[strings.ToLower(e.Name[strings.IndexByte(e.Name, '/')+1:])]++
		}
	}
	var out, short []Choice
	for _, e := range entries {
		if e.Err != nil || e.Layout == nil {
			continue
		}
		desc := fmt.Sprintf("%s, %d tiles", e.Layout.Title, e.Layout.Len())
		out = append(out, Choice{e.Name, desc})
		if i := strings.IndexByte(e.Name, '/'); i >= 0 && e.Source != SourcePath {
			b := e.Name[i+1:]
			if !taken[strings.ToLower(b)] && bare[strings.ToLower(b)] == 1 {
				short = append(short, Choice{b, desc + ", " + e.Name})
			}
		}
	}
	return append(out, short...)
}

// Describe is a one-line description of l: "turtle from builtin: 144
// tiles on 5 levels (87/36/16/4/1), 14 free at the start", with the title
// after the name when it says more than the name.
func (l *Layout) Describe() string {
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
		name, l.Source, l.Len(), l.Levels(), plural(l.Levels(), "level", "levels"), strings.Join(per, "/"), l.FreeAtStart())
}

// Remarks are what a reader of l should know beyond its size: the tiles
// that do not rest on the level below (the first few by slot) and the
// reader's Notes.
func (l *Layout) Remarks() []string {
	var out []string
	if f := l.Floating(); len(f) > 0 {
		const shown = 6
		var at []string
		for _, k := range f[:min(len(f), shown)] {
			at = append(at, fmt.Sprintf("%d (%v)", k, l.Slots[k]))
		}
		if len(f) > shown {
			at = append(at, fmt.Sprintf("and %d more", len(f)-shown))
		}
		out = append(out, fmt.Sprintf("%d %s not rest on the level below: %s", len(f), plural(len(f), "tile does", "tiles do"), strings.Join(at, ", ")))
	}
	return append(out, l.Notes...)
}

// Details is a layout in full for programs ("mjsolve layouts show --json").
// It holds the description, its slots as [x, y, z] in half-tile units (slot
// numbers are indexes), the slots of tiles that do not rest on the level
// below, and the reader's notes.
type Details struct {
	Name          string   `json:"name"`
	Title         string   `json:"title,omitempty"`
	Source        string   `json:"source"` // "builtin" or the file read
	Tiles         int      `json:"tiles"`
	Levels        int      `json:"levels"`
	TilesPerLevel []int    `json:"tiles_per_level"`
	FreeAtStart   int      `json:"free_at_start"`
	Slots         [][3]int `json:"slots"`
	Floating      []int    `json:"floating"`
	Notes         []string `json:"notes"`
}

// Details describes l in full.
func (l *Layout) Details() Details {
	d := Details{Name: l.Name, Title: l.Title, Source: l.Source, Tiles: l.Len(), Levels: l.Levels(),
		TilesPerLevel: l.TilesPerLevel(), FreeAtStart: l.FreeAtStart(), Slots: make([][3]int, len(l.Slots)),
		Floating: l.Floating(), Notes: l.Notes}
	for i, s := range l.Slots {
		d.Slots[i] = [3]int{s.X, s.Y, s.Z}
	}
	if d.TilesPerLevel == nil {
		d.TilesPerLevel = []int{}
	}
	if d.Floating == nil {
		d.Floating = []int{}
	}
	if d.Notes == nil {
		d.Notes = []string{}
	}
	return d
}
