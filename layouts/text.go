package layouts

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// textMagic is the first line of a file in the project's own text format.
const textMagic = "mjsolve-layout 1"

// The project's own text format draws each level as a grid of half-tile
// cells, one text line per row of cells and one character per column:
//
//	mjsolve-layout 1
//	name tiny8
//	title A row of six with two on top
//	# comments start with '#'
//	level 0
//	[][][][][][]
//	[][][][][][]
//	level 1
//	...[]..[]...
//	...[]..[]...
//
// A tile is drawn as "[]" on the two rows it covers. Reading a level from
// the top left, a '[' that is not the lower half of a tile above starts a
// new tile there. '.' and ' ' are empty cells. Levels come in increasing
// order; a level without tiles may be left out. Slots are numbered in
// reading order: level by level, row by row, left to right.

// ParseText reads a layout in the project's own text format. file names
// the input in errors.
func ParseText(r io.Reader, file string) (*Layout, error) {
	return parseReader(r, file, parseText)
}

func parseText(data []byte, file string) (*Layout, error) {
	lines := splitLines(data)
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != textMagic {
		return nil, errorf(file, 1, "not an mjsolve layout (the first line must be %q)", textMagic)
	}
	l := &Layout{Source: file}
	var slotLines []int
	level := -1 // current level, -1 before the first "level" line
	row := 0    // row within the current level
	// pending holds the columns where the previous row started a tile, so
	// this row must draw its lower half there; next collects this row's.
	var pending, next []int
	for n := 1; n < len(lines); n++ {
		line, lineNo := lines[n], n+1
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		if key, val, ok := headerField(trimmed); ok {
			switch key {
			case "name", "title":
				if level >= 0 {
					return nil, errorf(file, lineNo, "%q must come before the first level", key)
				}
				if key == "name" {
					l.Name = val
				} else {
					l.Title = val
				}
				continue
			case "level":
				z, err := strconv.Atoi(val)
				if err != nil || z < 0 || z > MaxLevel {
					return nil, errorf(file, lineNo, "bad level %q (want 0 to %d)", val, MaxLevel)
				}
				if z <= level {
					return nil, errorf(file, lineNo, "level %d after level %d (levels must increase)", z, level)
				}
				if len(pending) > 0 {
					return nil, errorf(file, lineNo, "level %d ends before the lower half of the tile in column %d", level, pending[0]+1)
				}
				level, row = z, 0
				continue
			}
		}
		if level < 0 {
			if trimmed == "" {
				continue
			}
			return nil, errorf(file, lineNo, "unexpected %q before the first \"level\" line", clip(trimmed))
		}
		if row > MaxY+1 {
			return nil, errorf(file, lineNo, "level %d has more than %d rows", level, MaxY+2)
		}
		line = strings.TrimRight(line, " \t\r")
		if len(line) > MaxX+2 {
			return nil, errorf(file, lineNo, "row longer than %d cells", MaxX+2)
		}
		next = next[:0]
		for c := 0; c < len(line); c++ {
			switch ch := line[c]; ch {
			case '.', ' ':
				if len(pending) > 0 && pending[0] == c {
					return nil, errorf(file, lineNo, "column %d: the tile above needs its lower half \"[]\" here", c+1)
				}
			case '[':
				if c+1 >= len(line) || line[c+1] != ']' {
					return nil, errorf(file, lineNo, "column %d: '[' without ']' after it", c+1)
				}
				switch {
				case len(pending) > 0 && pending[0] == c:
					pending = pending[1:] // the lower half of the tile above
				case len(pending) > 0 && pending[0] == c+1:
					return nil, errorf(file, lineNo, "column %d: the tile above needs its lower half \"[]\" here", c+2)
				default:
					if len(l.Slots) == maxReadTiles {
						return nil, tooMany(file, lineNo)
					}
					l.Slots = append(l.Slots, Slot{X: c, Y: row, Z: level})
					slotLines = append(slotLines, lineNo)
					next = append(next, c)
				}
				c++ // the ']'
			case ']':
				return nil, errorf(file, lineNo, "column %d: ']' without '[' before it", c+1)
			default:
				return nil, errorf(file, lineNo, "column %d: unexpected character %q (want '[', ']', '.' or ' ')", c+1, ch)
			}
		}
		if len(pending) > 0 {
			return nil, errorf(file, lineNo, "column %d: the tile above needs its lower half \"[]\" here", pending[0]+1)
		}
		pending, next = next, pending
		row++
	}
	if len(pending) > 0 {
		return nil, errorf(file, len(lines), "level %d ends before the lower half of the tile in column %d", level, pending[0]+1)
	}
	if err := checkWithLines(l.Slots, slotLines, file, halfTiles); err != nil {
		return nil, err
	}
	if l.Name == "" {
		l.Name = baseName(file)
	}
	return l, nil
}

// headerField splits "key value" for the keys of the text format.
func headerField(line string) (key, val string, ok bool) {
	key, val, _ = strings.Cut(line, " ")
	switch key {
	case "name", "title", "level":
		return key, strings.TrimSpace(val), true
	}
	return "", "", false
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// WriteText writes l in the project's own text format. Levels are drawn
// over the whole layout's width and height so they line up. Reading the
// result gives l's slots in reading order (level, row, column).
func WriteText(w io.Writer, l *Layout) error {
	if err := checkSlots(l.Slots); err != nil {
		return inputErrorf("%s: %w", l.label(), err)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, textMagic)
	if name := oneLine(l.Name); name != "" {
		fmt.Fprintf(bw, "name %s\n", name)
	}
	if title := oneLine(l.Title); title != "" {
		fmt.Fprintf(bw, "title %s\n", title)
	}
	width, height := extent(l)
	for z, rows := range levelGrids(l, width, height, '.') {
		if rows == nil {
			continue
		}
		fmt.Fprintf(bw, "level %d\n", z)
		for _, r := range rows {
			bw.Write(r)
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// oneLine keeps a header value on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// extent returns the width and height in cells of the box from (0, 0) that
// holds every tile of l.
func extent(l *Layout) (width, height int) {
	for _, s := range l.Slots {
		width, height = max(width, s.X+2), max(height, s.Y+2)
	}
	return width, height
}

// levelGrids draws each level of l as rows of cells (width × height), with
// empty cells set to blank and tiles drawn as "[]" on both their rows. A
// level without tiles is nil. l must not have overlapping tiles.
func levelGrids(l *Layout, width, height int, blank byte) [][][]byte {
	grids := make([][][]byte, l.Levels())
	for _, s := range l.Slots {
		if grids[s.Z] == nil {
			rows := make([][]byte, height)
			for y := range rows {
				rows[y] = slices.Repeat([]byte{blank}, width)
			}
			grids[s.Z] = rows
		}
		for dy := range 2 {
			grids[s.Z][s.Y+dy][s.X] = '['
			grids[s.Z][s.Y+dy][s.X+1] = ']'
		}
	}
	return grids
}
