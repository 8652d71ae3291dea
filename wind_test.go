package mjsolve

import "testing"

func TestWind(t *testing.T) {
	for w, want := range []struct {
		kind Kind
		name string
	}{{East, "east"}, {South, "south"}, {West, "west"}, {North, "north"}} {
		if got := Wind(w).Kind(); got != want.kind {
			t.Errorf("Wind(%d).Kind() = %v, want %v", w, got, want.kind)
		}
		if got := Wind(w).String(); got != want.name {
			t.Errorf("Wind(%d).String() = %q, want %q", w, got, want.name)
		}
	}
}
