package mjsolve

import (
	"errors"
	"fmt"
)

// InputError is bad input found by this package: a tile or a hand in
// compact notation, a kind held more than four times, a protocol tile id.
// Error returns "mjsolve: " and Msg; Msg alone is what a person needs (the
// command shows it after the flag or argument it came from).
type InputError struct {
	Msg string
	err error
}

func (e *InputError) Error() string { return "mjsolve: " + e.Msg }

// Reason is the message without the package prefix: Msg.
func (e *InputError) Reason() string { return e.Msg }

// Unwrap returns the error Msg wraps, if any.
func (e *InputError) Unwrap() error { return e.err }

// inputErrorf formats an InputError like fmt.Errorf (%w included).
func inputErrorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &InputError{Msg: err.Error(), err: errors.Unwrap(err)}
}
