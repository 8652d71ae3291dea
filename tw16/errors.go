package tw16

import (
	"errors"
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/reason"
)

// Part is the part of a hand's description an [InputError] is about.
type Part uint8

// The parts.
const (
	PartNone      Part = iota // not one part: the rules, the situation of a win, several parts together
	PartConcealed             // the concealed part of the hand
	PartMelds                 // the exposed melds and concealed kongs
	PartVisible               // the tiles seen elsewhere (discards, other players' melds)
)

// InputError is bad input found by this package: a meld, a hand of the
// wrong size, a fifth copy, an impossible situation of a win, an unknown
// rule or item. Error returns "tw16: " and Msg; Msg alone is what a person
// needs (the command shows it after the flag or argument it came from, and
// Part says which one that is when the package knows).
type InputError struct {
	Part Part
	Msg  string
	err  error
}

func (e *InputError) Error() string { return "tw16: " + e.Msg }

// Reason is the message without the package prefix: Msg.
func (e *InputError) Reason() string { return e.Msg }

// Unwrap returns the error Msg wraps, if any.
func (e *InputError) Unwrap() error { return e.err }

// inputErrorf formats an InputError about no one part like fmt.Errorf (%w
// included; wrapError wraps an input error of another package).
func inputErrorf(format string, args ...any) error {
	return partErrorf(PartNone, format, args...)
}

// wrapError is an InputError about part p that wraps err: prefix, then
// err's message without the package prefix of an input error
// (reason.Of), so that the message names one package.
func wrapError(p Part, prefix string, err error) *InputError {
	return &InputError{Part: p, Msg: prefix + reason.Of(err), err: err}
}

// partErrorf formats an InputError about part p.
func partErrorf(p Part, format string, args ...any) *InputError {
	err := fmt.Errorf(format, args...)
	return &InputError{Part: p, Msg: err.Error(), err: errors.Unwrap(err)}
}

// countNoun writes n and a noun, with an s unless n is 1: the melds and
// sets an input error counts ("1 meld", "2 sets").
func countNoun(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// CopiesError is a hand that holds, with its melds and the tiles seen
// elsewhere, more than four copies of Kind.
type CopiesError struct {
	Kind  mjsolve.Kind
	Count int
}

func (e *CopiesError) Error() string { return "tw16: " + e.Reason() }

// Reason is the message without the package prefix: the copies counted.
func (e *CopiesError) Reason() string {
	return fmt.Sprintf("%d copies of %s counting the hand, melds and visible tiles (at most 4)", e.Count, e.Kind)
}
