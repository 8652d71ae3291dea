// Package input is the error the libraries of mjsolve return for bad
// input: a tile, a layout, a board or a hand that cannot be read or used.
//
// The tile package, solitaire and layouts export it as their InputError,
// an alias: one type under three names, so that a library user tells bad
// input from a failure with errors.As and any of the names finds the bad
// input of every package that returns it (tw16/answer's parsers too); Pkg
// says which package found it. Package tw16 keeps an InputError of its own,
// which also says which part of a hand is wrong.
//
// Msg is the message for a person without the package prefix: the command
// and the server show it after the flag, argument, field or file it came
// from (package reason reads it).
package input

import (
	"errors"
	"fmt"
)

// Error is bad input found by package Pkg.
//
// Error returns Pkg, a colon and Msg ("layouts: unknown layout "x""), as
// every error of a package starts with its name.
type Error struct {
	Pkg string // the package that found it: "mjsolve", "layouts", "solitaire", "answer"
	Msg string // what is wrong, without the package prefix
	Err error  // the cause, if any
}

func (e *Error) Error() string { return e.Pkg + ": " + e.Msg }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Reason is the message without the package prefix: Msg.
func (e *Error) Reason() string { return e.Msg }

// Errorf is the *Error of package pkg whose Msg is formatted like
// fmt.Errorf; the error a %w verb names is its cause.
func Errorf(pkg, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{Pkg: pkg, Msg: err.Error(), Err: errors.Unwrap(err)}
}
