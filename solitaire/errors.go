package solitaire

import "github.com/mjsolve/mjsolve/internal/input"

// InputError is bad input found by this package. It is a layout that cannot
// be played, a deal that does not fit its layout, a face or a move written
// wrongly, a board file that does not parse, a field of a request. Its Pkg
// is "solitaire"; Field names the field of a request at fault ("layout",
// "boards", "deal", …) when there is one, for a caller that names its own
// flag or form field instead; Msg is the message without either.
//
// Package analysis/runs and solitaire/answer return the same errors for
// the fields of their requests, with Pkg "solitaire".
type InputError = input.Error

// inputErrorf formats an *InputError like fmt.Errorf (%w included).
func inputErrorf(format string, args ...any) error {
	return input.Errorf("solitaire", format, args...)
}
