package layouts

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mjsolve/mjsolve/internal/input"
)

// ParseError is a problem in a layout file, with the file name and the
// line (1-based; 0 when the problem is not on one line). The readers return
// it as the cause of an [InputError]; its own message, "FILE line N: what",
// has no package prefix.
type ParseError struct {
	File string
	Line int
	Err  error
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s line %d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// InputError is bad input found by this package: a layout file that does
// not parse (its cause a *[ParseError]), a layout name, a layout that
// cannot be used, a directory that cannot be read. Its Pkg is "layouts";
// Msg is the message without that prefix.
type InputError = input.Error

// inputErrorf formats an *InputError like fmt.Errorf (%w included).
func inputErrorf(format string, args ...any) error {
	return input.Errorf("layouts", format, args...)
}

// errorf returns an *InputError whose cause is a *ParseError for file and
// line.
func errorf(file string, line int, format string, args ...any) error {
	return parseError(file, line, fmt.Errorf(format, args...))
}

// parseError returns an *InputError whose cause is a *ParseError.
func parseError(file string, line int, err error) error {
	return input.Wrap("layouts", "", &ParseError{File: file, Line: line, Err: err})
}

// maxReadTiles bounds the tiles a reader accepts in one layout: four decks,
// more than any real layout (the largest KMahjongg one has 228), so that a
// bad file cannot make the quadratic checks crawl.
const maxReadTiles = 4 * MaxTiles

// tooMany is the error for a layout with more than maxReadTiles tiles.
func tooMany(file string, line int) error {
	return errorf(file, line, "more than %d tiles, not a layout", maxReadTiles)
}

// maxFileSize bounds what a reader accepts; real layout files are a few
// kilobytes.
const maxFileSize = 4 << 20

// readAll reads r up to maxFileSize bytes.
func readAll(r io.Reader, file string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileSize+1))
	if err != nil {
		return nil, inputErrorf("%s: %w", file, err)
	}
	if len(data) > maxFileSize {
		return nil, errorf(file, 0, "file larger than %d bytes, not a layout", maxFileSize)
	}
	return data, nil
}

// parseReader reads r (see readAll) and parses the data with parse; file
// names the input in errors.
func parseReader[T any](r io.Reader, file string, parse func([]byte, string) (T, error)) (T, error) {
	data, err := readAll(r, file)
	if err != nil {
		var zero T
		return zero, err
	}
	return parse(data, file)
}

// splitLines splits data into lines without their line ends ("\n",
// "\r\n"); a final line end does not start another line.
func splitLines(data []byte) []string {
	s := string(stripBOM(data))
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// stripBOM drops a UTF-8 byte order mark, which some editors write.
func stripBOM(data []byte) []byte { return bytes.TrimPrefix(data, []byte("\ufeff")) }

// checkWithLines runs checkSlots and turns a problem into a *ParseError
// naming the line of the slot at fault (lines[i] is the line of slot i).
func checkWithLines(slots []Slot, lines []int, file string, describe func(Slot) string) error {
	err := checkSlots(slots)
	if err == nil {
		return nil
	}
	var se *slotError
	if !errors.As(err, &se) {
		return parseError(file, 0, err)
	}
	s := slots[se.i]
	if se.j < 0 {
		return errorf(file, lines[se.i], "tile at %s %s", describe(s), checkBounds(s))
	}
	return errorf(file, lines[se.i], "tile at %s overlaps the tile at %s (line %d)",
		describe(s), describe(slots[se.j]), lines[se.j])
}

// halfTiles describes a slot in the half-tile units of this package.
func halfTiles(s Slot) string { return s.String() }
