package solitaire

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/layouts"
)

// boardMagic is the first line of a board file.
const boardMagic = "mjsolve board 1"

// facesPerLine is how many faces WriteTo puts on one "faces" line.
const facesPerLine = 12

// WriteTo writes b as a board file (the format is described in the package
// documentation), naming its layout by [LayoutRef] with the default finder.
// It implements io.WriterTo.
func (b *Board) WriteTo(w io.Writer) (int64, error) { return WriteBoard(w, b, nil) }

// WriteBoard writes b as a board file. It names its layout by [LayoutRef]
// with finder f (nil: the default of [layouts.Find]); a layout file, or one
// map of a GNOME map file (FILE#NAME), is named by the file's absolute
// path, so that the board file reads from any directory. A name that a
// board file cannot hold (a '#' after a blank starts a comment, a newline a
// statement; the words of the layout line are joined by one blank) is an
// *InputError, and nothing is written.
func WriteBoard(w io.Writer, b *Board, f *layouts.Finder) (int64, error) {
	ref := LayoutRef(b.Geo.Layout, f)
	// A layout file, or one map of a GNOME map file ("FILE#NAME"), given
	// by a relative path: name the file by its absolute path.
	if src := b.Geo.Layout.Source; src != "" && !filepath.IsAbs(src) &&
		(ref == src || strings.HasPrefix(ref, src+"#")) {
		if abs, err := filepath.Abs(src); err == nil {
			ref = abs + ref[len(src):]
		}
	}
	// The reader takes the layout line's words, joined by one blank, after
	// cutting off a comment: a name that does not come back so (a '#'
	// after a blank, a newline, a tab or a run of blanks) would read as
	// another layout, or none.
	if strings.Join(strings.Fields(stripComment(ref)), " ") != ref {
		return 0, inputErrorf("a board file cannot name the layout %q (a '#' after a blank, a newline, a tab or two blanks in a row); move or rename it", ref)
	}
	var sb strings.Builder
	sb.WriteString(boardMagic + "\n")
	fmt.Fprintf(&sb, "layout %s\n", ref)
	fmt.Fprintf(&sb, "tiles %d\n", b.Geo.N)
	fmt.Fprintf(&sb, "geometry %016x\n", b.Geo.Layout.Fingerprint())
	for i := 0; i < len(b.Groups); i += facesPerLine {
		sb.WriteString("faces")
		for _, g := range b.Groups[i:min(i+facesPerLine, len(b.Groups))] {
			sb.WriteByte(' ')
			sb.WriteString(g.String())
		}
		sb.WriteByte('\n')
	}
	removed := b.Geo.All.AndNot(b.Present).AppendTo(nil)
	for i := 0; i < len(removed); i += 2 * facesPerLine {
		sb.WriteString("removed")
		for _, s := range removed[i:min(i+2*facesPerLine, len(removed))] {
			sb.WriteByte(' ')
			sb.WriteString(strconv.Itoa(s))
		}
		sb.WriteByte('\n')
	}
	n, err := io.WriteString(w, sb.String())
	if err != nil {
		err = fmt.Errorf("solitaire: writing board: %w", err)
	}
	return int64(n), err
}

// LayoutRef returns the name a board file uses for l. It is l's Name when
// finder f (nil: the default of [layouts.Find], which reads no environment)
// resolves that name to the same geometry, as it does for built-in and
// installed layouts; else the file it was read from.
func LayoutRef(l *layouts.Layout, f *layouts.Finder) string {
	if l.Name != "" {
		if m, err := f.Find(l.Name); err == nil && slices.Equal(m.Slots, l.Slots) {
			return l.Name
		}
	}
	if l.Source != "" && l.Source != layouts.SourceBuiltin {
		return l.Source
	}
	return l.Name
}

// ReadBoard reads a board file; name is the file's name for error
// messages. The layout is looked up with finder f (nil: [layouts.Find], the
// built-ins and the games installed under "/") and must have the number of
// tiles the file states. Errors name the file and the line.
func ReadBoard(r io.Reader, name string, f *layouts.Finder) (*Board, error) {
	return readBoard(r, name, f.Find)
}

// ReadBoardWith reads a board file, looking its layout up with find. It
// reads as [ReadBoard] does but with find rather than a Finder (which may
// read the file a name points to): a server gives a find that knows its own
// layouts only.
func ReadBoardWith(r io.Reader, name string, find func(layout string) (*layouts.Layout, error)) (*Board, error) {
	return readBoard(r, name, find)
}

// ReadBoardFile reads the board file name as [ReadBoard] does. A file
// that cannot be opened, or a directory, is an *fs.PathError with Path
// name.
func ReadBoardFile(name string, f *layouts.Finder) (*Board, error) {
	file, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if fi, err := file.Stat(); err == nil && fi.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
	}
	return ReadBoard(file, name, f)
}

// WriteBoardFile writes b to the board file name, whole or not at all. It
// writes as [WriteBoard] does, after a first line "# comment" (none when
// comment is empty; a comment of several lines gives a "# " line for each),
// whole or not at all: a temporary file renamed over name, which keeps the
// permissions of a file it replaces (a new one is -rw-r--r--). A failure to
// create or write the file is an *fs.PathError with Path name.
func WriteBoardFile(name string, b *Board, comment string, f *layouts.Finder) error {
	var buf bytes.Buffer
	if comment != "" {
		// One "# " line per line of comment: a newline in it (a file name
		// that holds one) must not start a line the reader takes for a
		// statement.
		for line := range strings.SplitSeq(comment, "\n") {
			fmt.Fprintf(&buf, "# %s\n", line)
		}
	}
	if _, err := WriteBoard(&buf, b, f); err != nil {
		return err
	}
	return atomicfile.WriteFile(name, buf.Bytes(), 0o644)
}

// boardFile is the parsed content of a board file before its layout is
// looked up.
type boardFile struct {
	layout       string
	layoutLine   int
	tiles        int
	tilesLine    int
	geometry     uint64
	geometryLine int // 0: the file has no geometry line
	faces        []Group
	facesLine    int // first faces line
	removed      []int
	removedAt    []int // line of each removed slot
}

// stripComment cuts a comment off a line of a board file: from a "#" at
// the start of the line or after a blank. A "#" inside a word is kept, so
// that a layout named FILE#NAME (one map of a GNOME map file) reads.
func stripComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return line[:i]
		}
	}
	return line
}

// maxLine bounds the length of one line of a board file.
const maxLine = 64 << 10

func parseBoardFile(r io.Reader, file string) (*boardFile, error) {
	bad := func(line int, format string, args ...any) error {
		return inputErrorf("%s:%d: %s", file, line, fmt.Sprintf(format, args...))
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	bf := &boardFile{tiles: -1}
	line := 0
	seenMagic := false
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // a byte order mark some editors write
		}
		text = stripComment(text)
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if !seenMagic {
			if strings.Join(fields, " ") != boardMagic {
				return nil, bad(line, "not a board file (want %q first)", boardMagic)
			}
			seenMagic = true
			continue
		}
		key, args := fields[0], fields[1:]
		switch key {
		case "layout":
			if bf.layoutLine > 0 {
				return nil, bad(line, "second layout line (first on line %d)", bf.layoutLine)
			}
			if len(args) == 0 {
				return nil, bad(line, "layout needs a name")
			}
			bf.layout, bf.layoutLine = strings.Join(args, " "), line
		case "tiles":
			if bf.tilesLine > 0 {
				return nil, bad(line, "second tiles line (first on line %d)", bf.tilesLine)
			}
			if len(args) != 1 {
				return nil, bad(line, "tiles needs one number")
			}
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 2 || n > MaxTiles || n%2 != 0 {
				return nil, bad(line, "bad tile count %q (want an even number from 2 to %d)", args[0], MaxTiles)
			}
			bf.tiles, bf.tilesLine = n, line
		case "geometry":
			if bf.geometryLine > 0 {
				return nil, bad(line, "second geometry line (first on line %d)", bf.geometryLine)
			}
			h, err := strconv.ParseUint(strings.Join(args, " "), 16, 64)
			if err != nil {
				return nil, bad(line, "bad geometry %q (want 16 hexadecimal digits)", strings.Join(args, " "))
			}
			bf.geometry, bf.geometryLine = h, line
		case "faces":
			if bf.facesLine == 0 {
				bf.facesLine = line
			}
			for _, a := range args {
				g, err := ParseGroup(a)
				if err != nil {
					return nil, bad(line, "unknown face %q", a)
				}
				if len(bf.faces) == MaxTiles {
					return nil, bad(line, "more than %d faces", MaxTiles)
				}
				bf.faces = append(bf.faces, g)
			}
		case "removed":
			for _, a := range args {
				s, err := strconv.Atoi(a)
				if err != nil || s < 0 || s >= MaxTiles {
					return nil, bad(line, "bad slot %q", a)
				}
				if len(bf.removed) == MaxTiles {
					return nil, bad(line, "more than %d removed tiles", MaxTiles)
				}
				bf.removed = append(bf.removed, s)
				bf.removedAt = append(bf.removedAt, line)
			}
		default:
			return nil, bad(line, "unknown keyword %q (want layout, tiles, geometry, faces or removed)", key)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, bad(line+1, "line longer than %d bytes", maxLine)
		}
		return nil, fmt.Errorf("solitaire: %s: %w", file, err)
	}
	switch {
	case !seenMagic:
		return nil, inputErrorf("%s: empty board file", file)
	case bf.layoutLine == 0:
		return nil, bad(line, "no layout line")
	case bf.tilesLine == 0:
		return nil, bad(line, "no tiles line")
	case len(bf.faces) != bf.tiles:
		return nil, bad(max(bf.facesLine, bf.tilesLine), "%d faces for %d tiles", len(bf.faces), bf.tiles)
	}
	if err := CheckDeal(bf.faces, bf.tiles); err != nil {
		return nil, bad(bf.facesLine, "%s", err.(*InputError).Msg)
	}
	if err := bf.removedError(file, checkRemoved(bf.faces, bf.removed)); err != nil {
		return nil, err
	}
	return bf, nil
}

// removedError places a *RemovedError of the file's removed slots on the
// line of the slot at fault (the last removed line for the whole list's).
func (bf *boardFile) removedError(file string, err error) error {
	re, ok := errors.AsType[*RemovedError](err)
	if !ok {
		return err
	}
	line := bf.removedAt[len(bf.removedAt)-1]
	if re.Index >= 0 {
		line = bf.removedAt[re.Index]
	}
	return inputErrorf("%s:%d: %s", file, line, re.Msg)
}

func readBoard(r io.Reader, file string, find func(string) (*layouts.Layout, error)) (*Board, error) {
	bf, err := parseBoardFile(r, file)
	if err != nil {
		return nil, err
	}
	l, err := find(bf.layout)
	if err != nil && !filepath.IsAbs(bf.layout) && file != "" {
		// A layout file named relative to the board file (as an older
		// mjsolve wrote it, or as one writes by hand): look beside it.
		if beside, e := find(filepath.Join(filepath.Dir(file), bf.layout)); e == nil {
			l, err = beside, nil
		}
	}
	if err != nil {
		return nil, inputErrorf("%s:%d: %w", file, bf.layoutLine, err)
	}
	if len(l.Slots) != bf.tiles {
		return nil, inputErrorf("%s:%d: layout %s has %d tiles, the board %d", file, bf.tilesLine, bf.layout, len(l.Slots), bf.tiles)
	}
	if h := l.Fingerprint(); bf.geometryLine > 0 && h != bf.geometry {
		return nil, inputErrorf("%s:%d: layout %s is not the one the board was saved on (its geometry is %016x, the file's %016x)",
			file, bf.geometryLine, bf.layout, h, bf.geometry)
	}
	g, err := Compile(l)
	if err != nil {
		return nil, inputErrorf("%s:%d: %w", file, bf.layoutLine, err)
	}
	b, err := NewBoard(g, bf.faces)
	if err != nil { // checked by parseBoardFile
		return nil, inputErrorf("%s:%d: %w", file, bf.facesLine, err)
	}
	if err := bf.removedError(file, b.RemoveTiles(bf.removed)); err != nil {
		return nil, err
	}
	return b, nil
}
