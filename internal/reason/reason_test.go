package reason_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/reason"
)

func TestOf(t *testing.T) {
	_, in := mjsolve.ParseKinds("9z")
	if in == nil {
		t.Fatal("9z parsed")
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{in, in.(reason.Error).Reason()},                                     // the prefix goes
		{fmt.Errorf("wrapped: %w", in), "wrapped: " + in.Error()},            // words around it stay
		{errors.New("tw16: not an input error"), "tw16: not an input error"}, // other errors as they are
	} {
		if got := reason.Of(c.err); got != c.want {
			t.Errorf("Of(%q) = %q, want %q", c.err, got, c.want)
		}
	}
	if r := reason.Of(in); r == in.Error() || r == "" {
		t.Errorf("Of kept the prefix: %q", r)
	}
}
