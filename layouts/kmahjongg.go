package layouts

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// KMahjongg .layout files start with "kmahjongg-layout-v1.0" or
// "kmahjongg-layout-v1.1". Version 1.1 gives the grid size in lines "wN",
// "hN" and "dN" (width and height in cells, depth in levels); version 1.0
// always has 32 × 16 cells and 5 levels. Lines starting with '#' are
// comments. All other lines, joined, are the cells level by level and row
// by row; a cell is a quarter of a tile (half its width and half its
// height, so the half-tile units of this package). A tile is drawn as "12"
// over "43": '1' marks its top-left cell, '.' an empty cell. KMahjongg
// places tiles by their '1' alone; this reader does too, and notes cells
// where the other three marks are not as expected.

const (
	kmagic10 = "kmahjongg-layout-v1.0"
	kmagic11 = "kmahjongg-layout-v1.1"
)

// ParseKMahjongg reads a KMahjongg .layout file (v1.0 or v1.1). The title
// comes from the .desktop file beside it when read through ReadFile or
// Find; here it is the file's base name.
func ParseKMahjongg(r io.Reader, file string) (*Layout, error) {
	return parseReader(r, file, parseKMahjongg)
}

func parseKMahjongg(data []byte, file string) (*Layout, error) {
	lines := splitLines(data)
	var v11 bool
	switch magic := ""; {
	case len(lines) > 0:
		magic = strings.TrimSpace(lines[0])
		if magic == kmagic11 {
			v11 = true
		} else if magic != kmagic10 {
			return nil, errorf(file, 1, "not a KMahjongg layout (the first line must be %q or %q)", kmagic10, kmagic11)
		}
	default:
		return nil, errorf(file, 1, "empty file, not a KMahjongg layout")
	}
	w, h, d := 32, 16, 5
	if v11 {
		w, h, d = 0, 0, 0
	}
	// cells[i] is one cell; cellLine[i] the line it is on.
	var cells []byte
	var cellLine []int
	for n := 1; n < len(lines); n++ {
		line, lineNo := strings.TrimRight(lines[n], "\r"), n+1
		if strings.HasPrefix(line, "#") {
			continue
		}
		if v11 && line != "" && strings.ContainsRune("whd", rune(line[0])) {
			if len(cells) > 0 {
				return nil, errorf(file, lineNo, "%q after the first row of cells", clip(line))
			}
			x, err := strconv.Atoi(strings.TrimSpace(line[1:]))
			limit := map[byte]int{'w': MaxX + 2, 'h': MaxY + 2, 'd': MaxLevel + 1}[line[0]]
			if err != nil || x <= 0 || x > limit {
				return nil, errorf(file, lineNo, "bad size %q (want %c1 to %c%d)", clip(line), line[0], line[0], limit)
			}
			switch line[0] {
			case 'w':
				w = x
			case 'h':
				h = x
			case 'd':
				d = x
			}
			continue
		}
		if v11 && (w == 0 || h == 0 || d == 0) {
			return nil, errorf(file, lineNo, "row of cells before the sizes \"w\", \"h\" and \"d\"")
		}
		for k := 0; k < len(line); k++ {
			switch ch := line[k]; ch {
			case '.', '1', '2', '3', '4':
			default:
				return nil, errorf(file, lineNo, "column %d: unexpected character %q (want '.', '1', '2', '3' or '4')", k+1, ch)
			}
			if len(cells) == w*h*d {
				return nil, errorf(file, lineNo, "more than the %d × %d × %d cells of the board", w, h, d)
			}
			cells = append(cells, line[k])
			cellLine = append(cellLine, lineNo)
		}
	}
	if v11 && (w == 0 || h == 0 || d == 0) {
		return nil, errorf(file, len(lines), "missing board size (lines \"w\", \"h\" and \"d\")")
	}
	if len(cells) != w*h*d {
		return nil, errorf(file, len(lines), "%d cells; the board has %d × %d × %d = %d", len(cells), w, h, d, w*h*d)
	}
	l := &Layout{Name: baseName(file), Source: file}
	var slotLines []int
	at := func(x, y, z int) byte {
		if x >= w || y >= h {
			return 0
		}
		return cells[(z*h+y)*w+x]
	}
	for i, c := range cells {
		if c != '1' {
			continue
		}
		z, y, x := i/(w*h), i/w%h, i%w
		if len(l.Slots) == maxReadTiles {
			return nil, tooMany(file, cellLine[i])
		}
		l.Slots = append(l.Slots, Slot{X: x, Y: y, Z: z})
		slotLines = append(slotLines, cellLine[i])
		if a, b, c := at(x+1, y, z), at(x+1, y+1, z), at(x, y+1, z); a != '2' || b != '3' || c != '4' {
			l.Notes = append(l.Notes, fmt.Sprintf("%s line %d: the tile at row %d column %d of level %d is drawn %q over %q instead of \"12\" over \"43\"",
				file, cellLine[i], y, x, z, []byte{'1', orDot(a)}, []byte{orDot(c), orDot(b)}))
		}
	}
	if err := checkWithLines(l.Slots, slotLines, file, halfTiles); err != nil {
		return nil, err
	}
	l.Title = l.Name
	return l, nil
}

func orDot(c byte) byte {
	if c == 0 {
		return ' '
	}
	return c
}

// WriteKMahjongg writes l as a KMahjongg v1.1 .layout file. Reading it
// back gives l's slots in reading order.
func WriteKMahjongg(w io.Writer, l *Layout) error {
	if err := checkSlots(l.Slots); err != nil {
		return inputErrorf("%s: %w", l.label(), err)
	}
	width, height := extent(l)
	depth := l.Levels()
	cells := []byte(strings.Repeat(".", width*height*depth))
	for _, s := range l.Slots {
		i := (s.Z*height+s.Y)*width + s.X
		cells[i], cells[i+1], cells[i+width+1], cells[i+width] = '1', '2', '3', '4'
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\n# %s\nw%d\nh%d\nd%d\n", kmagic11, oneLine(l.label()), width, height, depth)
	for z := range depth {
		fmt.Fprintf(bw, "# level %d\n", z)
		for y := range height {
			i := (z*height + y) * width
			bw.Write(cells[i : i+width])
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// ReadDesktopName returns the untranslated Name= of the [KMahjonggLayout]
// group of a KMahjongg .desktop file, or "".
func ReadDesktopName(r io.Reader) string {
	sc := bufio.NewScanner(r)
	group := ""
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			group = line
			continue
		}
		if group != "[KMahjonggLayout]" {
			continue
		}
		if v, ok := strings.CutPrefix(line, "Name="); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
