package tw16

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/input"
)

// The fields of a hand an [InputError] can name (its Field): the part
// of the hand's description at fault, when the package knows it.
const (
	FieldHand    = "hand"    // the concealed part of the hand
	FieldMelds   = "melds"   // the exposed melds and concealed kongs
	FieldVisible = "visible" // the tiles seen elsewhere (discards, other players' melds)
)

// InputError is bad input found by this package: a meld, a hand of the
// wrong size, a fifth copy, an impossible situation of a win, an unknown
// rule or item. Its Pkg is "tw16"; Field is FieldHand, FieldMelds,
// FieldVisible or "" (the rules, the situation of a win, several parts
// together); Msg is the message without either.
type InputError = input.Error

// inputErrorf formats an *InputError about no one part like fmt.Errorf
// (%w included; wrapError wraps an input error of another package).
func inputErrorf(format string, args ...any) error {
	return fieldErrorf("", format, args...)
}

// wrapError is an *InputError about field f that wraps err: prefix, then
// err's message without the package prefix of an input error
// (input.Message), so that the message names one package.
func wrapError(f, prefix string, err error) *InputError {
	return &InputError{Pkg: "tw16", Field: f, Msg: prefix + input.Message(err), Err: err}
}

// fieldErrorf formats an *InputError about field f.
func fieldErrorf(f, format string, args ...any) *InputError {
	e := input.Errorf("tw16", format, args...)
	e.Field = f
	return e
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
// elsewhere, more than four copies of Kind: the cause of an *[InputError]
// about no one field.
type CopiesError struct {
	Kind  mjsolve.Kind
	Count int
}

func (e *CopiesError) Error() string {
	return fmt.Sprintf("%d copies of %s counting the hand, melds and visible tiles (at most 4)", e.Count, e.Kind)
}

// copiesError is the *InputError whose cause is a *CopiesError.
func copiesError(k mjsolve.Kind, n int) error {
	return input.Wrap("tw16", "", &CopiesError{Kind: k, Count: n})
}
