// Package input is the one error type of mjsolve for bad input: a tile, a
// hand, a layout, a board or a request that cannot be read or used.
//
// The tile package, layouts, solitaire and tw16 export it as their
// InputError (aliases of one type), so a caller tells bad input from a
// failure with a single errors.As, whichever package found it. Pkg names
// that package and starts the message, as every error of a package does;
// Field names the part of the input at fault when the package knows it
// ("deal", "melds"), so that a front end can name its own flag or form
// field instead; Msg says what is wrong without either.
//
// Details a program may want (the file and line of a layout, the dealer's
// last game, the slot at fault) are typed causes under Err, reached with
// errors.As; their own messages carry no package prefix.
//
// A library never presents errors: [Message] is how the command and the
// server turn one into the words a person reads after their own flag,
// argument or field name.
package input

import (
	"errors"
	"fmt"
)

// Error is bad input found by package Pkg.
//
// Error returns Pkg, Field and Msg joined by ": " ("solitaire: deal:
// unknown dealer "x" (…)"; without Field when it is empty).
type Error struct {
	Pkg   string // the package that found it: "mjsolve", "layouts", "solitaire", "tw16", "answer"
	Field string // the part of the input at fault when the package knows it, else ""
	Msg   string // what is wrong, without the package prefix and the field
	Err   error  // the cause, if any
}

func (e *Error) Error() string {
	if e.Field == "" {
		return e.Pkg + ": " + e.Msg
	}
	return e.Pkg + ": " + e.Field + ": " + e.Msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf is the *Error of package pkg whose Msg is formatted like
// fmt.Errorf; the error a %w verb names is its cause.
func Errorf(pkg, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{Pkg: pkg, Msg: err.Error(), Err: errors.Unwrap(err)}
}

// Wrap is the *Error of package pkg about field whose Msg is cause's
// message and whose cause is cause: a typed error with the details (a
// file and line, a dealer's games) shown as bad input.
func Wrap(pkg, field string, cause error) *Error {
	return &Error{Pkg: pkg, Field: field, Msg: cause.Error(), Err: cause}
}

// Message is err's message for a person who knows where the input came
// from. It is the Msg of the *Error that err is or wraps when that is the
// whole of err (its message is err's), else err's whole message, so that
// words a caller wrapped around an input error are never dropped.
func Message(err error) string {
	if e, ok := errors.AsType[*Error](err); ok && e.Error() == err.Error() {
		return e.Msg
	}
	return err.Error()
}
