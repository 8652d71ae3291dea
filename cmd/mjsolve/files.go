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
// (keeping its permissions) only when the new one is complete.
func writeFileAtomic(flag, name string, data []byte) error {
	err := atomicfile.CheckTarget(name)
	if err == nil {
		err = atomicfile.WriteFile(name, data, 0o644) // a new file: -rw-r--r--
	}
	return fileError(flag, name, err)
}

// writePicture writes data, a picture drawn for the file name that flag
// gave, as writeFileAtomic does; err from drawing it is a failure (exit 1)
// instead, named by the flag and the file.
func writePicture(flag, name string, data []byte, err error) error {
	if err != nil {
		return failure(fmt.Errorf("%s %s: %w", flag, name, err))
	}
	return writeFileAtomic(flag, name, data)
}

// fileError is the command's error for err from writing the file name that
// flag gave, or from reading it: a name that is a directory, or in a
// directory that does not exist or cannot be written, or a file that
// cannot be read, is bad input (exit 2); a failure while writing exits 1.
// The message names the flag and the file, never the temporary file. Any
// other error (about the input read) is err.
func fileError(flag, name string, err error) error {
	if err == nil {
		return nil
	}
	if te, ok := errors.AsType[*atomicfile.TargetError](err); ok {
		return fmt.Errorf("%s %s: %w", flag, name, te)
	}
	pe, ok := errors.AsType[*fs.PathError](err)
	switch {
	case ok && pe.Path == name && pe.Op == "create":
		return fmt.Errorf("%s %s: cannot create a file in %s: %w", flag, name, filepath.Dir(name), pe.Err)
	case ok && pe.Path == name && pe.Op == "write":
		return failure(fmt.Errorf("%s %s: %w", flag, name, pe.Err))
	case ok && pe.Path == name: // a file read
		return fmt.Errorf("%s %s: %w", flag, name, pe.Err)
	}
	return err
}

// checkNewFile checks, before any work, that the file name a flag gave can
// be written: not empty, not a directory, in a directory that exists, and
// not an existing file unless force (the hint names --force, as --out's
// names --resume).
func checkNewFile(flag, name string, force bool) error {
	if name == "" {
		return fmt.Errorf("%s: give a file name", flag)
	}
	if fi, err := os.Stat(name); err == nil && !fi.IsDir() && !force {
		return fmt.Errorf("%s %s already exists: add --force to replace it, or remove it", flag, name)
	}
	return fileError(flag, name, atomicfile.CheckTarget(name))
}

// isDir reports whether name is a directory.
func isDir(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}
