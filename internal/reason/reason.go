// Package reason gives the message of an input error as a person reads it:
// without the package prefix ("tw16: ", "layouts: ", …) that its Error
// starts with, since the command and the server show it after the flag,
// argument, field or file it came from.
//
// A library says how by giving its input errors a Reason method (the
// message alone). This package is where that is read, so that the
// libraries, the tile package first, know nothing of how errors are shown.
package reason

import "errors"

// Error is an input error that can give its message without its package
// prefix.
type Error interface {
	error
	Reason() string
}

// Of is err's message for a person.
//
// It is the Reason of the Error that err is or wraps when that is the
// whole of err (its message is err's), else err's whole message, so that
// words a caller wrapped around an input error are never dropped.
func Of(err error) string {
	if r, ok := errors.AsType[Error](err); ok && r.Error() == err.Error() {
		return r.Reason()
	}
	return err.Error()
}
