package layouts

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Format is a layout file format.
type Format int

// The formats Read understands.
const (
	FormatUnknown   Format = iota
	FormatText             // the project's own text format ("mjsolve-layout 1")
	FormatXmahjongg        // Xmahjongg "row col lev" lines
	FormatKyodai           // Kyodai 3.0 grid
	FormatKMahjongg        // KMahjongg .layout v1.0 or v1.1
	FormatGnome            // GNOME Mahjongg mahjongg.map
)

var formatNames = [...]string{"unknown", "mjsolve", "xmahjongg", "kyodai", "kmahjongg", "gnome"}

// String returns the name of the format, e.g. "kmahjongg".
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formatNames[f]
}

// Detect tells the format of a layout file from its content. It reads the
// first line for the own text format, Kyodai and KMahjongg, a '<' for GNOME
// maps, and otherwise Xmahjongg's "row col lev" lines (which start with a
// digit or a '#' comment).
func Detect(data []byte) Format {
	trimmed := bytes.TrimLeft(stripBOM(data), " \t\r\n")
	first, _, _ := bytes.Cut(trimmed, []byte("\n"))
	first = bytes.TrimSpace(first)
	switch {
	case bytes.HasPrefix(first, []byte("mjsolve-layout")):
		return FormatText
	case bytes.HasPrefix(first, []byte("Kyodai")):
		return FormatKyodai
	case bytes.HasPrefix(first, []byte("kmahjongg-layout")):
		return FormatKMahjongg
	case bytes.HasPrefix(first, []byte("<")):
		return FormatGnome
	case len(first) > 0 && (first[0] == '#' || first[0] >= '0' && first[0] <= '9' || first[0] == '-'):
		return FormatXmahjongg
	}
	return FormatUnknown
}

// Read reads the layouts of a file of any supported format, detected from
// the content. file names the input in errors and gives single-layout files
// their default name (the base name without extension). GNOME map files
// hold several layouts; the others one. The layouts are not validated
// beyond overlaps: see Layout.Validate.
func Read(r io.Reader, file string) ([]*Layout, error) {
	return parseReader(r, file, parse)
}

func parse(data []byte, file string) ([]*Layout, error) {
	var l *Layout
	var err error
	switch Detect(data) {
	case FormatText:
		l, err = parseText(data, file)
	case FormatXmahjongg:
		l, err = parseXmahjongg(data, file)
	case FormatKyodai:
		l, err = parseKyodai(data, file)
	case FormatKMahjongg:
		l, err = parseKMahjongg(data, file)
	case FormatGnome:
		return parseGnome(data, file)
	default:
		// Name the first line that is not blank: the one Detect looked at.
		body := stripBOM(data)
		rest := bytes.TrimLeft(body, " \t\r\n")
		if len(rest) == 0 {
			return nil, errorf(file, 0, "empty file, not a layout")
		}
		line := 1 + bytes.Count(body[:len(body)-len(rest)], []byte("\n"))
		return nil, errorf(file, line, "unknown layout format (not mjsolve, Xmahjongg, Kyodai, KMahjongg or GNOME Mahjongg)")
	}
	if err != nil {
		return nil, err
	}
	return []*Layout{l}, nil
}

// ReadFile reads the layouts of the file at path (see Read). For a
// KMahjongg .layout file the title is the Name of the .desktop file beside
// it, when there is one.
//
// A file larger than a layout can be is refused by its size before it is
// read: it is never read whole.
func ReadFile(path string) ([]*Layout, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, inputErrorf("%w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > maxFileSize {
		return nil, errorf(path, 0, "file larger than %d bytes, not a layout", maxFileSize)
	}
	// A file that is not regular, or grew since, is read up to the limit.
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, inputErrorf("%w", err)
	}
	if len(data) > maxFileSize {
		return nil, errorf(path, 0, "file larger than %d bytes, not a layout", maxFileSize)
	}
	ls, err := parse(data, path)
	if err != nil {
		return nil, err
	}
	if len(ls) == 1 && Detect(data) == FormatKMahjongg {
		desktop := strings.TrimSuffix(path, filepath.Ext(path)) + ".desktop"
		if f, err := os.Open(desktop); err == nil {
			if name := ReadDesktopName(io.LimitReader(f, maxFileSize)); name != "" {
				ls[0].Title = name
			}
			f.Close()
		}
	}
	return ls, nil
}

// baseName is the base name of file without its extension.
func baseName(file string) string {
	b := filepath.Base(file)
	if ext := filepath.Ext(b); ext != "" && ext != b {
		b = strings.TrimSuffix(b, ext)
	}
	return b
}
