package solitaire

import "github.com/mjsolve/mjsolve/internal/input"

// InputError is bad input found by this package: a layout that cannot be
// played, a deal that does not fit its layout, a face or a move written
// wrongly, a board file that does not parse. Its Pkg is "solitaire"; Msg is
// the message without that prefix.
type InputError = input.Error

// inputErrorf formats an *InputError like fmt.Errorf (%w included).
func inputErrorf(format string, args ...any) error {
	return input.Errorf("solitaire", format, args...)
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
