package layouts

import (
	"fmt"
	"os"
	"strings"
)

// Find resolves a layout name as given to --layout: a built-in ("turtle"),
// then the directories of MJSOLVE_LAYOUT_PATH, then the installed games,
// or a path to a file. It returns a layout that passed Validate.
func Find(name string) (*Layout, error) {
	if l, ok := Builtin(name); ok {
		return l, nil
	}
	if _, err := os.Stat(name); err == nil {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("layouts: %w", err)
		}
		defer f.Close()
		l, err := ParseText(f, name)
		if err != nil {
			return nil, err
		}
		if err := l.Validate(); err != nil {
			return nil, err
		}
		return l, nil
	}
	return nil, fmt.Errorf("layouts: unknown layout %q (see 'mjsolve layouts list')", strings.TrimSpace(name))
}
