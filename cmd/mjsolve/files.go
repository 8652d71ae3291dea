package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mjsolve/mjsolve/internal/atomicfile"
)

// writeFileAtomic writes data to the file name, which the flag (such as
// "--png") gave, through atomicfile: a failure leaves neither a
// half-written file nor the temporary one, and an existing file is replaced
// (keeping its permissions) only when the new one is complete. A name that
// is a directory, or in a directory that does not exist or cannot be
// written, is bad input (exit 2); a failure while writing exits 1. Errors
// name the flag and the file, never the temporary file.
func writeFileAtomic(flag, name string, data []byte) error {
	if fi, err := os.Stat(name); err == nil && fi.IsDir() {
		return fmt.Errorf("%s %s: is a directory", flag, name)
	}
	dir := filepath.Dir(name)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		if err == nil || errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s %s: no directory %s", flag, name, dir)
		}
		return fmt.Errorf("%s %s: %w", flag, name, atomicfile.Cause(err))
	}
	f, err := atomicfile.Create(name, 0o644) // a new file: -rw-r--r--
	if err != nil {
		return fmt.Errorf("%s %s: cannot create a file in %s: %w", flag, name, dir, atomicfile.Cause(err))
	}
	defer f.Abort()
	_, err = f.Write(data)
	if err == nil {
		err = f.Commit()
	}
	if err == nil {
		err = f.Close()
	}
	if err != nil {
		return failure(fmt.Errorf("%s %s: %w", flag, name, atomicfile.Cause(err)))
	}
	return nil
}

// checkNewFile checks, before any work, that the file name a flag gave can
// be written: not empty, not a directory, in a directory that exists, and
// not an existing file unless force (the hint names --force, as --out's
// names --resume).
func checkNewFile(flag, name string, force bool) error {
	if name == "" {
		return fmt.Errorf("%s: give a file name", flag)
	}
	if fi, err := os.Stat(name); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("%s %s: is a directory", flag, name)
		}
		if !force {
			return fmt.Errorf("%s %s already exists: add --force to replace it, or remove it", flag, name)
		}
	}
	if dir := filepath.Dir(name); !isDir(dir) {
		return fmt.Errorf("%s %s: no directory %s", flag, name, dir)
	}
	return nil
}

// isDir reports whether name is a directory.
func isDir(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}
