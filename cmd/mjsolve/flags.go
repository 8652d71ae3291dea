package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// minAnnotation is the annotation of an unsigned number flag whose
// smallest value is above 0 (--boards: 1): plainFlagError reads it to say
// what the flag takes.
const minAnnotation = "mjsolve_min"

// setMinimum records that the unsigned number flag name takes lo or more
// (the check itself is the library's or the command's).
func setMinimum(f *pflag.FlagSet, name string, lo uint64) {
	if err := f.SetAnnotation(name, minAnnotation, []string{strconv.FormatUint(lo, 10)}); err != nil {
		panic(err) // a programming error: no such flag
	}
}

// minimum is the smallest value of an unsigned number flag: its
// setMinimum, else 0.
func minimum(f *pflag.Flag) string {
	if lo := f.Annotations[minAnnotation]; len(lo) == 1 {
		return lo[0]
	}
	return "0"
}

// atLeast checks that the number flag's value v is at least lo.
func atLeast(flag string, v, lo int) error {
	switch {
	case v >= lo:
		return nil
	case lo == 0:
		return fmt.Errorf("%s %d: must not be negative", flag, v)
	}
	return fmt.Errorf("%s %d: must be at least %d", flag, v, lo)
}

// maxWorkers bounds --workers: each worker is a goroutine with its own
// state, and beyond a few per core more only cost memory.
const maxWorkers = 4096

// checkWorkers checks --workers: 0 (one per CPU, as every library that
// takes a number of workers reads it) to maxWorkers.
func checkWorkers(v int) error { return inRange("--workers", v, 0, maxWorkers) }

// inRange checks that the number flag's value v is lo to hi.
func inRange(flag string, v, lo, hi int) error {
	if v > hi {
		return fmt.Errorf("%s %d: must be at most %d", flag, v, hi)
	}
	return atLeast(flag, v, lo)
}

// plotFlags are --plot FILE and, where the picture's size is chosen,
// --plot-size WxH: a picture drawn at the end of a run, its format, size
// and file checked before it.
type plotFlags struct {
	file, size string
	format     string // png, svg or pdf, by the file's extension
	w, h       int
	cmd        *cobra.Command // whose flags they are
}

// add adds the flags to cmd; usage describes --plot; size is the default
// of --plot-size and sizeUsage its help (no --plot-size when size is "").
func (f *plotFlags) add(cmd *cobra.Command, usage, size, sizeUsage string) {
	f.cmd = cmd
	cmd.Flags().StringVar(&f.file, "plot", "", usage)
	if size != "" {
		cmd.Flags().StringVar(&f.size, "plot-size", size, sizeUsage)
	}
	cmd.MarkFlagFilename("plot", "png", "svg", "pdf")
}

// check reads the size (a bad one is an error even without --plot) and,
// when a file is given, its format, and checks that the file can be
// written (found out now, not after a long run); an empty name given is an
// error, not a run that draws nothing.
func (f *plotFlags) check() (err error) {
	if f.size != "" {
		if f.w, f.h, err = parseSize("--plot-size", f.size); err != nil {
			return err
		}
	}
	if f.file == "" && f.cmd != nil && f.cmd.Flags().Changed("plot") {
		return errors.New("--plot: give a file name (or leave --plot out to draw nothing)")
	}
	if f.file == "" {
		return nil
	}
	if f.format, err = plotFormat("--plot", f.file); err != nil {
		return err
	}
	return checkNewFile("--plot", f.file, true)
}

// write writes data, the picture rendered with err, to the file: an error
// rendering it exits 1, one writing it is writeFileAtomic's.
func (f *plotFlags) write(data []byte, err error) error {
	return writePicture("--plot", f.file, data, err)
}
