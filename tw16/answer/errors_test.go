package answer

import (
	"errors"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/input"
)

// TestParseErrorsPrefixed: the exported parsers' own errors start with the
// package's name, as every library error does, and a FieldError about them
// still shows the message alone (input.Message).
func TestParseErrorsPrefixed(t *testing.T) {
	parse := map[string]func() error{
		"ParseTile(\"\")":       func() error { _, err := ParseTile(""); return err },
		"ParseTile(\"1m2m\")":   func() error { _, err := ParseTile("1m2m"); return err },
		"ParseWind(\"Q\")":      func() error { _, err := ParseWind("Q"); return err },
		"ParseWind(\"5z\")":     func() error { _, err := ParseWind("5z"); return err },
		"ParseItemTai(\"x\")":   func() error { _, _, err := ParseItemTai("x"); return err },
		"ParseItemTai(dealer=)": func() error { _, _, err := ParseItemTai("dealer=-1"); return err },
	}
	for name, f := range parse {
		err := f()
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "answer: ") {
			t.Errorf("%s = %q, want it to start with \"answer: \"", name, err)
		}
		msg := input.Message(err)
		if "answer: "+msg != err.Error() {
			t.Errorf("%s: Message %q, want the message without its prefix", name, msg)
		}
		if fe := (&FieldError{FieldWin, err}); fe.Error() != msg {
			t.Errorf("%s: FieldError says %q, want %q", name, fe.Error(), msg)
		}
		if ie, ok := errors.AsType[*input.Error](err); !ok || ie.Pkg != "answer" {
			t.Errorf("%s: %v is no input error of package answer", name, err)
		}
	}
}
