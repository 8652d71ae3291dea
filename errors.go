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

// Reasoner is an input error that can give its message without the
// package prefix its Error starts with ("tw16: ", "layouts: ", …): what a
// person needs after the flag, argument or field it came from. The input
// errors of mjsolve, tw16, layouts and solitaire are Reasoners.
type Reasoner interface {
	error
	Reason() string
}

// Reason is err's message for a person: the Reason of the Reasoner that
// err is or wraps when it is the whole of err (its message is err's),
// else err's whole message, so that words a caller wrapped around an
// input error are never dropped.
func Reason(err error) string {
	if r, ok := errors.AsType[Reasoner](err); ok && r.Error() == err.Error() {
		return r.Reason()
	}
	return err.Error()
}

// inputErrorf formats an InputError like fmt.Errorf (%w included).
func inputErrorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &InputError{Msg: err.Error(), err: errors.Unwrap(err)}
}
