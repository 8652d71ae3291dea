package chart

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mjsolve/mjsolve/internal/input"
)

// MinSide and MaxSide bound each side of a picture, in pixels, that
// [Render] draws.
const MinSide, MaxSide = 16, 20000

// FormatError is a file name whose extension names no format [Render]
// draws; Ext is the extension ("" for none). It is the cause of the
// input error that [Format] returns.
type FormatError struct{ Ext string }

func (e *FormatError) Error() string {
	if e.Ext == "" {
		return "no extension (want .png, .svg or .pdf)"
	}
	return "unknown extension " + e.Ext + " (want .png, .svg or .pdf)"
}

// Format is the format of [Render] that the file name asks for by its
// extension, in any case: "png", "svg" or "pdf". Another extension, or
// none, is an input error (its messages start "analysis: plot: ", as all
// of this package's do) whose cause is a *FormatError.
func Format(name string) (string, error) {
	ext := strings.ToLower(filepath.Ext(name))
	switch ext {
	case ".png", ".svg", ".pdf":
		return ext[1:], nil
	}
	return "", input.Wrap("analysis: plot", "", &FormatError{Ext: ext})
}

// ParseSize reads a picture size "WxH" in pixels (the x in either case),
// each side MinSide to MaxSide, as [Render] takes it.
func ParseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(ws)
		if err == nil {
			h, err = strconv.Atoi(hs)
		}
	}
	if !ok || err != nil || w < MinSide || h < MinSide || w > MaxSide || h > MaxSide {
		return 0, 0, fmt.Errorf("analysis: plot: size %q: want WxH in pixels, each %d to %d", s, MinSide, MaxSide)
	}
	return w, h, nil
}
