package input_test

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/mjsolve/mjsolve/internal/input"
)

func TestErrorf(t *testing.T) {
	err := input.Errorf("layouts", "%s: %w", "dir", fs.ErrNotExist)
	if got, want := err.Error(), "layouts: dir: file does not exist"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if err.Msg != "dir: file does not exist" || err.Pkg != "layouts" {
		t.Errorf("Pkg, Msg = %q, %q", err.Pkg, err.Msg)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Error("the %w cause is not unwrapped")
	}
	if plain := input.Errorf("mjsolve", "bad tile %q", "9z"); plain.Err != nil {
		t.Errorf("no %%w, yet a cause: %v", plain.Err)
	}
}

func TestField(t *testing.T) {
	err := &input.Error{Pkg: "solitaire", Field: "deal", Msg: `unknown dealer "x"`}
	if got, want := err.Error(), `solitaire: deal: unknown dealer "x"`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got := input.Message(err); got != err.Msg {
		t.Errorf("Message = %q, want Msg %q", got, err.Msg)
	}
}

func TestWrap(t *testing.T) {
	cause := &fs.PathError{Op: "open", Path: "x", Err: fs.ErrNotExist}
	err := input.Wrap("layouts", "", cause)
	if err.Error() != "layouts: open x: file does not exist" || err.Msg != cause.Error() {
		t.Errorf("Error() = %q, Msg = %q", err.Error(), err.Msg)
	}
	if pe, ok := errors.AsType[*fs.PathError](err); !ok || pe != cause {
		t.Error("the cause is not unwrapped")
	}
}

func TestMessage(t *testing.T) {
	in := input.Errorf("mjsolve", "bad tile %q", "9z")
	for _, c := range []struct {
		err  error
		want string
	}{
		{in, `bad tile "9z"`},                                                // the prefix goes
		{fmt.Errorf("%w", in), `bad tile "9z"`},                              // a bare wrapping too
		{fmt.Errorf("wrapped: %w", in), `wrapped: mjsolve: bad tile "9z"`},   // words around it stay
		{errors.New("tw16: not an input error"), "tw16: not an input error"}, // other errors as they are
	} {
		if got := input.Message(c.err); got != c.want {
			t.Errorf("Message(%q) = %q, want %q", c.err, got, c.want)
		}
	}
}
