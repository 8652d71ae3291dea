package input_test

import (
	"errors"
	"io/fs"
	"testing"

	"github.com/mjsolve/mjsolve/internal/input"
	"github.com/mjsolve/mjsolve/internal/reason"
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
	if got := reason.Of(err); got != err.Msg {
		t.Errorf("reason.Of = %q, want Msg %q", got, err.Msg)
	}
	if plain := input.Errorf("mjsolve", "bad tile %q", "9z"); plain.Err != nil {
		t.Errorf("no %%w, yet a cause: %v", plain.Err)
	}
}
