package layouts

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Xmahjongg layout files list one tile per line as "row col lev": row (y)
// and column (x) in half-tile units, level from 0. Lines starting with '#'
// and blank lines are ignored. Slots keep the order of the lines, which is
// the order Xmahjongg and de Bondt's solver deal tiles in.

// ParseXmahjongg reads an Xmahjongg "row col lev" layout. file names the
// input in errors and gives the layout its default name.
func ParseXmahjongg(r io.Reader, file string) (*Layout, error) {
	return parseReader(r, file, parseXmahjongg)
}

func parseXmahjongg(data []byte, file string) (*Layout, error) {
	l := &Layout{Name: baseName(file), Source: file}
	var slotLines []int
	for n, line := range splitLines(data) {
		lineNo := n + 1
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 {
			return nil, errorf(file, lineNo, "want three numbers \"row col lev\", got %q", clip(strings.TrimSpace(line)))
		}
		var v [3]int
		for k, s := range f {
			x, err := strconv.Atoi(s)
			if err != nil {
				return nil, errorf(file, lineNo, "bad number %q in \"row col lev\"", clip(s))
			}
			v[k] = x
		}
		if len(l.Slots) == maxReadTiles {
			return nil, tooMany(file, lineNo)
		}
		l.Slots = append(l.Slots, Slot{X: v[1], Y: v[0], Z: v[2]})
		slotLines = append(slotLines, lineNo)
	}
	if len(l.Slots) == 0 {
		return nil, errorf(file, 0, "no tiles (want lines of \"row col lev\")")
	}
	if err := checkWithLines(l.Slots, slotLines, file, rowColLev); err != nil {
		return nil, err
	}
	l.Title = l.Name
	return l, nil
}

// rowColLev describes a slot in Xmahjongg's terms.
func rowColLev(s Slot) string { return fmt.Sprintf("row %d col %d lev %d", s.Y, s.X, s.Z) }

// WriteXmahjongg writes l as an Xmahjongg "row col lev" file, slots in
// order.
func WriteXmahjongg(w io.Writer, l *Layout) error {
	if err := checkSlots(l.Slots); err != nil {
		return inputErrorf("%s: %w", l.label(), err)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n# row\tcol\tlev\n", oneLine(l.label()))
	for _, s := range l.Slots {
		fmt.Fprintf(bw, "%d\t%d\t%d\n", s.Y, s.X, s.Z)
	}
	return bw.Flush()
}

// Kyodai 3.0 files, which Xmahjongg also reads, have the line "Kyodai 3.0",
// a title line, and then 5 levels × 20 rows × 34 columns of '0' (empty) or
// '1' (the top-left cell of a tile) in half-tile units; white space between
// the cells is ignored.
const (
	kyodaiLevels = 5
	kyodaiRows   = 20
	kyodaiCols   = 34
	kyodaiCells  = kyodaiLevels * kyodaiRows * kyodaiCols
)

// ParseKyodai reads a Kyodai 3.0 layout.
func ParseKyodai(r io.Reader, file string) (*Layout, error) {
	return parseReader(r, file, parseKyodai)
}

func parseKyodai(data []byte, file string) (*Layout, error) {
	lines := splitLines(data)
	if len(lines) == 0 || !isKyodaiMagic(lines[0]) {
		return nil, errorf(file, 1, "not a Kyodai layout (the first line must be \"Kyodai 3.0\")")
	}
	l := &Layout{Name: baseName(file), Source: file}
	if len(lines) > 1 {
		l.Title = strings.TrimSpace(lines[1])
	}
	var slotLines []int
	cell := 0
	for n := 2; n < len(lines); n++ {
		lineNo := n + 1
		for k, ch := range []byte(lines[n]) {
			switch ch {
			case ' ', '\t', '\r', '\v', '\f':
				continue
			case '0', '1':
			default:
				return nil, errorf(file, lineNo, "column %d: unexpected character %q (want '0' or '1')", k+1, ch)
			}
			if cell == kyodaiCells {
				return nil, errorf(file, lineNo, "column %d: more than %d cells (5 levels of 20 rows of 34)", k+1, kyodaiCells)
			}
			if ch == '1' {
				z, rest := cell/(kyodaiRows*kyodaiCols), cell%(kyodaiRows*kyodaiCols)
				if len(l.Slots) == maxReadTiles {
					return nil, tooMany(file, lineNo)
				}
				l.Slots = append(l.Slots, Slot{X: rest % kyodaiCols, Y: rest / kyodaiCols, Z: z})
				slotLines = append(slotLines, lineNo)
			}
			cell++
		}
	}
	if cell < kyodaiCells {
		return nil, errorf(file, len(lines), "only %d cells; a Kyodai layout has %d (5 levels of 20 rows of 34)", cell, kyodaiCells)
	}
	if err := checkWithLines(l.Slots, slotLines, file, rowColLev); err != nil {
		return nil, err
	}
	if l.Title == "" {
		l.Title = l.Name
	}
	return l, nil
}

func isKyodaiMagic(line string) bool {
	line = strings.TrimSpace(line)
	return line == "Kyodai 3.0" || line == "Kyodai 6.0"
}

// WriteKyodai writes l as a Kyodai 3.0 file. The layout must fit the
// Kyodai grid (x < 34, y < 20, z < 5); the slots come back in reading
// order.
func WriteKyodai(w io.Writer, l *Layout) error {
	if err := checkSlots(l.Slots); err != nil {
		return inputErrorf("%s: %w", l.label(), err)
	}
	grid := make([]byte, kyodaiCells)
	for i := range grid {
		grid[i] = '0'
	}
	for _, s := range l.Slots {
		if s.X >= kyodaiCols || s.Y >= kyodaiRows || s.Z >= kyodaiLevels {
			return inputErrorf("%s: tile at %v does not fit a Kyodai grid (34 × 20 × 5)", l.label(), s)
		}
		grid[(s.Z*kyodaiRows+s.Y)*kyodaiCols+s.X] = '1'
	}
	title := oneLine(l.Title)
	if title == "" {
		title = oneLine(l.label())
	}
	_, err := fmt.Fprintf(w, "Kyodai 3.0\r\n%s\r\n%s\r\n", title, grid)
	return err
}
