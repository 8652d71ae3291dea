package answer

import (
	"errors"
	"fmt"

	"github.com/mjsolve/mjsolve/internal/input"
	"github.com/mjsolve/mjsolve/tw16"
)

// Field is the input of a question a [FieldError] is about.
type Field uint8

// The fields of the questions.
const (
	FieldNone           Field = iota // no one field: the hand with its melds and situation as a whole
	FieldHand                        // the concealed part of the hand
	FieldMelds                       // the exposed melds
	FieldConcealedKongs              // the concealed kongs
	FieldVisible                     // the tiles seen elsewhere
	FieldFlowers                     // the flowers of a score
	FieldWin                         // the winning tile of a score
	FieldSeat                        // the seat wind
	FieldRound                       // the round wind
	FieldFirstTurn                   // the first go-round win
	FieldBase                        // the base points
	FieldPerTai                      // the points per tai
	FieldRules                       // the name of the rules
	FieldRule                        // a house value of an item, ITEM=TAI
	FieldDealerStreak                // the dealer streak, N of 連N拉N
)

// FieldError is bad input in one field of a question. Error returns the
// message of Err without a package prefix (see [mjsolve.InputError]); the
// front end shows it after its own name for Field.
type FieldError struct {
	Field Field
	Err   error
}

func (e *FieldError) Error() string { return input.Message(e.Err) }

// Unwrap returns Err.
func (e *FieldError) Unwrap() error { return e.Err }

// inputErrorf is bad input found by the package's own parsers (ParseTile,
// ParseWind, ParseItemTai): an *mjsolve.InputError of package "answer",
// formatted like fmt.Sprintf; a FieldError shows its Msg alone.
func inputErrorf(format string, args ...any) error {
	return &input.Error{Pkg: "answer", Msg: fmt.Sprintf(format, args...)}
}

// fieldError wraps err, about field f.
func fieldError(f Field, err error) error { return &FieldError{f, err} }

// settingError is an error of tw16.Setting or an analysis as a FieldError:
// the part the package names, the hand when it names none. A
// *tw16.CopiesError is about the hand, melds and visible tiles together:
// FieldVisible, as the last of them.
func settingError(err error) error {
	if _, ok := errors.AsType[*tw16.CopiesError](err); ok {
		return fieldError(FieldVisible, err)
	}
	f := FieldHand
	if ie, ok := errors.AsType[*tw16.InputError](err); ok {
		switch ie.Field {
		case tw16.FieldMelds:
			f = FieldMelds
		case tw16.FieldVisible:
			f = FieldVisible
		}
	}
	return fieldError(f, err)
}
