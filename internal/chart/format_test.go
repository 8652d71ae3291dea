package chart

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/input"
)

func TestFormat(t *testing.T) {
	for name, want := range map[string]string{"a.png": "png", "b.SVG": "svg", "dir/c.Pdf": "pdf"} {
		if got, err := Format(name); err != nil || got != want {
			t.Errorf("Format(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	for name, want := range map[string]string{
		"a.gif":     "unknown extension .gif (want .png, .svg or .pdf)",
		"x.png.zst": "unknown extension .zst (want .png, .svg or .pdf)",
		"dir/":      "no extension (want .png, .svg or .pdf)",
		"plain":     "no extension (want .png, .svg or .pdf)",
	} {
		_, err := Format(name)
		if fe, ok := errors.AsType[*FormatError](err); !ok || input.Message(err) != want || err.Error() != "analysis: plot: "+want {
			t.Errorf("Format(%q): %v (%v), want %q", name, err, fe, want)
		}
	}
}

// FuzzFormat: a name is either a format Render draws, matching its
// extension, or a *FormatError naming the extension.
func FuzzFormat(f *testing.F) {
	for _, s := range []string{"a.png", "a.PDF", "b.svg", "c.gif", "d", "dir/", ".png", "x.png.zst"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		format, err := Format(name)
		if fe, ok := errors.AsType[*FormatError](err); ok {
			if fe.Ext != strings.ToLower(filepath.Ext(name)) {
				t.Fatalf("%q: error names %q", name, fe.Ext)
			}
			return
		}
		if err != nil || format != "png" && format != "svg" && format != "pdf" || !strings.EqualFold(filepath.Ext(name), "."+format) {
			t.Fatalf("%q: format %q, %v", name, format, err)
		}
	})
}

// FuzzParseSize: any input is either refused or gives a size in range
// that formats back to the same size.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"960x600", "16X16", "20000x20000", "15x16", "x", "", "1e3x5", "+20x20", "-1x-1", "99999999999999999999x1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, err := ParseSize(s)
		if err != nil {
			if want := fmt.Sprintf("analysis: plot: size %q: want WxH in pixels, each 16 to 20000", s); err.Error() != want {
				t.Fatalf("error %q, want %q", err, want)
			}
			return
		}
		if w < MinSide || h < MinSide || w > MaxSide || h > MaxSide {
			t.Fatalf("%q: size %dx%d out of range", s, w, h)
		}
		if w2, h2, err := ParseSize(fmt.Sprintf("%dx%d", w, h)); err != nil || w2 != w || h2 != h {
			t.Fatalf("%q: %dx%d does not parse back", s, w, h)
		}
	})
}
