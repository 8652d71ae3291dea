package mjsolve_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mjsolve/mjsolve"
)

func TestReason(t *testing.T) {
	_, in := mjsolve.ParseKinds("9z")
	if in == nil {
		t.Fatal("9z parsed")
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{in, in.(mjsolve.Reasoner).Reason()},                                 // the prefix goes
		{fmt.Errorf("wrapped: %w", in), "wrapped: " + in.Error()},            // words around it stay
		{errors.New("tw16: not an input error"), "tw16: not an input error"}, // other errors as they are
	} {
		if got := mjsolve.Reason(c.err); got != c.want {
			t.Errorf("Reason(%q) = %q, want %q", c.err, got, c.want)
		}
	}
	if r := mjsolve.Reason(in); r == in.Error() || r == "" {
		t.Errorf("Reason kept the prefix: %q", r)
	}
}
