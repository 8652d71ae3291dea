package mjsolve

import "github.com/mjsolve/mjsolve/internal/input"

// InputError is bad input found by this package: a tile or a hand in
// compact notation, a kind held more than four times, a protocol tile id.
// Its Pkg is "mjsolve"; Msg is the message without that prefix.
type InputError = input.Error

// inputErrorf formats an *InputError like fmt.Errorf (%w included).
func inputErrorf(format string, args ...any) error {
	return input.Errorf("mjsolve", format, args...)
}
