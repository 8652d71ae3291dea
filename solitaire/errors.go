package solitaire

import (
	"errors"
	"fmt"
)

// InputError is bad input found by this package: a layout that cannot be
// played, a deal that does not fit its layout, a face or a move written
// wrongly, a board file that does not parse. Error returns "solitaire: "
// and Msg; Msg alone is what a person needs (a front end shows it after
// the field or file it came from).
type InputError struct {
	Msg string
	err error
}

func (e *InputError) Error() string { return "solitaire: " + e.Msg }

// Reason is the message without the package prefix: Msg.
func (e *InputError) Reason() string { return e.Msg }

// Unwrap returns the error Msg wraps, if any.
func (e *InputError) Unwrap() error { return e.err }

// inputErrorf formats an *InputError like fmt.Errorf (%w included).
func inputErrorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &InputError{Msg: err.Error(), err: errors.Unwrap(err)}
}

// FieldError is a wrong field of a request about a Solitaire board or run
// (a spec of package analysis/runs, a board choice of solitaire/answer):
// Field names it in lower case ("layout", "boards", "deal", "seed", …), Msg
// says what is wrong without the package prefix, for a caller that names
// its own flag or field instead.
type FieldError struct {
	Field, Msg string
	Err        error // the cause, if any
}

func (e *FieldError) Error() string { return "solitaire: " + e.Field + ": " + e.Msg }

// Unwrap returns the cause.
func (e *FieldError) Unwrap() error { return e.Err }
