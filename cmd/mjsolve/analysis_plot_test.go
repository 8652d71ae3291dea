package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plotRecordFile runs the main job on turtle40 (real solver) into a record
// file in dir and returns its path.
func plotRecordFile(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	args = append([]string{"solitaire", "--layout", "turtle40", "--boards", "200", "--workers", "1", "--out", path}, args...)
	if code, _, errOut := runCmd(t, "", args...); code != 0 {
		t.Fatalf("solitaire: exit %d: %s", code, errOut)
	}
	return path
}

func TestAnalysisPlotPNG(t *testing.T) {
	dir := t.TempDir()
	recs := plotRecordFile(t, dir, "r.jsonl.zst")
	for _, c := range []struct {
		name string // the output file, after the flag naming it
		args []string
		w, h int
	}{
		{"rate.png", []string{"--reference", "0.0295", "--out"}, 960, 600},
		{"rate-small.png", []string{"--size", "400x250", "--png"}, 400, 250},
		{"time.png", []string{"--kind", "time", "--size", "640X480", "-o"}, 640, 480},
		{"stacked.png", []string{"--kind", "time", "--stacked", "--bins", "10", "--out"}, 960, 600},
		{"timelog.png", []string{"--kind", "time", "--log-y", "--size", "1920x1200", "--out"}, 1920, 1200},
	} {
		out := filepath.Join(dir, c.name)
		args := append(append([]string{"analysis", "plot", recs}, c.args...), out)
		code, stdout, stderr := runCmd(t, "", args...)
		if code != 0 || stderr != "" || stdout != "wrote "+out+"\n" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", c.args, code, stdout, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if s := img.Bounds().Size(); s.X != c.w || s.Y != c.h {
			t.Errorf("%v: %dx%d pixels, want %dx%d", c.args, s.X, s.Y, c.w, c.h)
		}
	}
}

func TestAnalysisPlotSVGAndPDF(t *testing.T) {
	dir := t.TempDir()
	recs := plotRecordFile(t, dir, "r.jsonl")
	for ext, magic := range map[string]string{".svg": "<?xml", ".pdf": "%PDF-"} {
		out := filepath.Join(dir, "p"+ext)
		if code, _, stderr := runCmd(t, "", "analysis", "plot", recs, "--kind", "time", "--out", out); code != 0 {
			t.Fatalf("%s: exit %d: %s", ext, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil || !bytes.HasPrefix(b, []byte(magic)) {
			t.Errorf("%s: starts %q (%v), want %q", ext, b[:min(len(b), 10)], err, magic)
		}
	}
}

func TestAnalysisPlotBadInput(t *testing.T) {
	dir := t.TempDir()
	recs := plotRecordFile(t, dir, "a.jsonl")
	other := plotRecordFile(t, dir, "b.jsonl", "--seed", "2")
	notRecords := filepath.Join(dir, "notes.txt")
	os.WriteFile(notRecords, []byte("hello\n"), 0o644)
	out := filepath.Join(dir, "out.png")
	missing := filepath.Join(dir, "missing.jsonl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", out}, "analysis plot needs one or more record FILEs written by 'mjsolve solitaire --out' (see 'mjsolve analysis plot --help')"},
		{[]string{recs}, "analysis plot needs --out FILE (.png, .svg or .pdf)"},
		{[]string{recs, "--out", out, "--kind", "bars"}, `--kind "bars": unknown (want rate, time, difficulty, play, budget)`},
		{[]string{recs, "--out", filepath.Join(dir, "out.gif")}, "--out " + filepath.Join(dir, "out.gif") + ": unknown extension .gif (want .png, .svg or .pdf)"},
		{[]string{recs, "--png", filepath.Join(dir, "out")}, "--png " + filepath.Join(dir, "out") + ": no extension (want .png, .svg or .pdf)"},
		{[]string{recs, "--out", out, "--png", out}, "give --out or --png, not both"},
		{[]string{recs, "--out", out, "--size", "big"}, `--size "big": want WxH in pixels, each 16 to 20000 (e.g. 960x600)`},
		{[]string{recs, "--out", out, "--size", "10x10"}, `--size "10x10": want WxH in pixels, each 16 to 20000 (e.g. 960x600)`},
		{[]string{recs, "--out", out, "--reference", "2.95"}, "--reference 2.95: want a rate between 0 and 1 (2.95% is 0.0295)"},
		{[]string{recs, "--out", out, "--kind", "time", "--reference", "0.03"}, "--reference is for --kind rate"},
		{[]string{recs, "--out", out, "--stacked"}, "--stacked is for --kind time"},
		{[]string{recs, "--out", out, "--log-y"}, "--log-y is for --kind time"},
		{[]string{recs, "--out", out, "--kind", "time", "--bins", "0"}, "--bins 0: want 1 to 1000 bins per power of ten"},
		{[]string{recs, "--out", out, "--bins", "40"}, "--bins is for --kind time"},
		{[]string{recs, "--out", out, "--kind", "play", "--bins", "20"}, "--bins is for --kind time"},
		{[]string{missing, "--out", out}, "analysis: open " + missing + ": no such file or directory"},
		{[]string{recs, other, "--out", out}, "analysis: cannot merge " + other + ": " + other + " was written with seed 2; " + recs + " with seed 1"},
		{[]string{recs, "--out", filepath.Join(dir, "nodir", "x.png")}, "--out " + filepath.Join(dir, "nodir", "x.png") + ": no directory " + filepath.Join(dir, "nodir")},
		{[]string{recs, "--out", dir + "/"}, "--out " + dir + "/: no extension (want .png, .svg or .pdf)"},
	} {
		code, stdout, stderr := runCmd(t, "", append([]string{"analysis", "plot"}, c.args...)...)
		if code != 2 || stdout != "" || stderr != "mjsolve: "+c.want+"\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q\nwant stderr %q", c.args, code, stdout, stderr, "mjsolve: "+c.want+"\n")
		}
	}
	// Not a record file: a one-line error naming it.
	code, _, stderr := runCmd(t, "", "analysis", "plot", notRecords, "--out", out)
	if code != 2 || !strings.HasPrefix(stderr, "mjsolve: analysis: "+notRecords) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("not records: exit %d, stderr %q", code, stderr)
	}
	// Nothing was written.
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if n := e.Name(); n != "a.jsonl" && n != "b.jsonl" && n != "notes.txt" {
			t.Errorf("left behind: %s", n)
		}
	}
}

// FuzzParseSize: any input is either refused with the one message or gives
// a size in range that formats back to the input (up to case and zeros).
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"960x600", "16X16", "20000x20000", "15x16", "x", "", "1e3x5", "+20x20", "-1x-1", "99999999999999999999x1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, err := parseSize("--size", s)
		if err != nil {
			if want := fmt.Sprintf("--size %q: want WxH in pixels, each 16 to 20000 (e.g. 960x600)", s); err.Error() != want {
				t.Fatalf("error %q, want %q", err, want)
			}
			return
		}
		if w < 16 || h < 16 || w > 20000 || h > 20000 {
			t.Fatalf("%q: size %dx%d out of range", s, w, h)
		}
		if w2, h2, err := parseSize("--size", fmt.Sprintf("%dx%d", w, h)); err != nil || w2 != w || h2 != h {
			t.Fatalf("%q: %dx%d does not parse back", s, w, h)
		}
	})
}

func FuzzPlotFormat(f *testing.F) {
	for _, s := range []string{"a.png", "a.PDF", "b.svg", "c.gif", "d", "dir/", ".png", "x.png.zst"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		format, err := plotFormat("--out", name)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "--out "+name+": ") || strings.Contains(err.Error(), "\n") && !strings.Contains(name, "\n") {
				t.Fatalf("error %q", err)
			}
			return
		}
		if format != "png" && format != "svg" && format != "pdf" || !strings.EqualFold(filepath.Ext(name), "."+format) {
			t.Fatalf("%q: format %q", name, format)
		}
	})
}

// A file cut inside its last record (a crash) still plots, with a note.
func TestAnalysisPlotTruncated(t *testing.T) {
	dir := t.TempDir()
	recs := plotRecordFile(t, dir, "r.jsonl")
	b, err := os.ReadFile(recs)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(recs, b[:len(b)-5], 0o644)
	out := filepath.Join(dir, "r.png")
	code, stdout, stderr := runCmd(t, "", "analysis", "plot", recs, "--out", out)
	if code != 0 || stdout != "wrote "+out+"\n" || stderr != "mjsolve: "+recs+" ends early, cut inside a line or zstd frame (what was cut off is missing)\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestAnalysisPlotCompleteKind(t *testing.T) {
	code, out, _ := runCmd(t, "", "__complete", "analysis", "plot", "r.jsonl", "--kind", "")
	if code != 0 || out != "rate\ntime\ndifficulty\nplay\nbudget\n:4\n" {
		t.Errorf("exit %d, completions %q", code, out)
	}
}
