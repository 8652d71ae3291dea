package layouts

import (
	"slices"
	"strings"
	"testing"
)

func TestTurtle(t *testing.T) {
	l, ok := Builtin("turtle")
	if !ok {
		t.Fatal("no built-in turtle")
	}
	if got := l.Len(); got != 144 {
		t.Errorf("turtle has %d tiles, want 144", got)
	}
	if got, want := l.TilesPerLevel(), []int{87, 36, 16, 4, 1}; !slices.Equal(got, want) {
		t.Errorf("turtle tiles per level = %v, want %v", got, want)
	}
	if got := l.FreeAtStart(); got != 35 {
		t.Errorf("turtle has %d free tiles at the start, want 35", got)
	}
	if f := l.Floating(); len(f) != 0 {
		t.Errorf("turtle has floating tiles %v", f)
	}
	if err := l.Validate(); err != nil {
		t.Error(err)
	}
}

func TestBuiltins(t *testing.T) {
	names := BuiltinNames()
	if names[0] != "turtle" {
		t.Errorf("BuiltinNames()[0] = %q, want turtle", names[0])
	}
	for _, name := range names {
		l, ok := Builtin(name)
		if !ok {
			t.Errorf("Builtin(%q) not found", name)
			continue
		}
		if err := l.Validate(); err != nil {
			t.Error(err)
		}
		if f := l.Floating(); len(f) != 0 {
			t.Errorf("%s: floating tiles %v", name, f)
		}
		if l.Source != SourceBuiltin || l.Name != name || l.Title == "" {
			t.Errorf("%s: name %q title %q source %q", name, l.Name, l.Title, l.Source)
		}
		if name == "turtle" {
			continue
		}
		if n := l.Len(); n < 8 || n > 40 {
			t.Errorf("%s has %d tiles, want 8 to 40", name, n)
		}
		// Small layouts must constrain play: something covered, and a tile
		// blocked on both sides or covered.
		r := l.Relations()
		covered := 0
		for i := range l.Slots {
			if len(r.Covers[i]) > 0 {
				covered++
			}
		}
		if covered == 0 || l.FreeAtStart() == l.Len() || l.Levels() < 2 {
			t.Errorf("%s: %d covered, %d free of %d, %d levels: too easy", name, covered, l.FreeAtStart(), l.Len(), l.Levels())
		}
	}
	if _, ok := Builtin("TURTLE"); !ok {
		t.Error(`Builtin("TURTLE") not found`)
	}
	if _, ok := Builtin("builtin/tiny8"); !ok {
		t.Error(`Builtin("builtin/tiny8") not found`)
	}
	if _, ok := Builtin("nosuch"); ok {
		t.Error(`Builtin("nosuch") found`)
	}
	if _, ok := Builtin("BuiltIn/Turtle"); !ok {
		t.Error(`Builtin("BuiltIn/Turtle") not found`)
	}
	if _, ok := Builtin("builtin/turtle.txt"); ok {
		t.Error(`Builtin("builtin/turtle.txt") found`)
	}
	// Builtin returns copies.
	a, _ := Builtin("tiny8")
	a.Slots[0].X = 99
	if b, _ := Builtin("tiny8"); b.Slots[0].X == 99 {
		t.Error("Builtin returns a shared layout")
	}
}

// TestBuiltinSizes pins the tile counts of the small layouts the solver's
// tests rely on.
func TestBuiltinSizes(t *testing.T) {
	want := map[string]int{"tiny8": 8, "ends10": 10, "cross12": 12, "twin16": 16, "stairs20": 20,
		"pyramid24": 24, "fortress32": 32, "turtle40": 40}
	for name, n := range want {
		l, _ := Builtin(name)
		if l == nil || l.Len() != n {
			t.Errorf("%s: want %d tiles, got %v", name, n, l)
		}
	}
}

func TestRelationsTiny8(t *testing.T) {
	l, _ := Builtin("tiny8")
	// Reading order: level 0 x = 0, 2, 4, 6, 8, 10 (slots 0-5), level 1
	// x = 3 and 7 (slots 6, 7).
	r := l.Relations()
	wantCovers := [][]int{nil, {6}, {6}, {7}, {7}, nil, nil, nil}
	wantLeft := [][]int{nil, {0}, {1}, {2}, {3}, {4}, nil, nil}
	wantRight := [][]int{{1}, {2}, {3}, {4}, {5}, nil, nil, nil}
	for i := range l.Slots {
		if !slices.Equal(r.Covers[i], wantCovers[i]) || !slices.Equal(r.Left[i], wantLeft[i]) || !slices.Equal(r.Right[i], wantRight[i]) {
			t.Errorf("slot %d (%v): covers %v left %v right %v, want %v %v %v", i, l.Slots[i],
				r.Covers[i], r.Left[i], r.Right[i], wantCovers[i], wantLeft[i], wantRight[i])
		}
	}
	if got := l.FreeAtStart(); got != 4 {
		t.Errorf("tiny8 free at start = %d, want 4", got)
	}
}

// TestRelationsBruteForce checks Relations against the free rule evaluated
// cell by cell: a tile is covered when a cell of a higher level inside its
// 2x2 footprint is occupied, blocked on the left when a cell just left of
// it on its level is occupied.
func TestRelationsBruteForce(t *testing.T) {
	for _, name := range BuiltinNames() {
		l, _ := Builtin(name)
		occ := map[Slot]int{} // cell → slot index
		for i, s := range l.Slots {
			for dx := range 2 {
				for dy := range 2 {
					occ[Slot{s.X + dx, s.Y + dy, s.Z}] = i
				}
			}
		}
		r := l.Relations()
		for i, s := range l.Slots {
			var covers, left, right []int
			for z := s.Z + 1; z < l.Levels(); z++ {
				for dx := range 2 {
					for dy := range 2 {
						if j, ok := occ[Slot{s.X + dx, s.Y + dy, z}]; ok && !slices.Contains(covers, j) {
							covers = append(covers, j)
						}
					}
				}
			}
			for dy := range 2 {
				if j, ok := occ[Slot{s.X - 1, s.Y + dy, s.Z}]; ok && !slices.Contains(left, j) {
					left = append(left, j)
				}
				if j, ok := occ[Slot{s.X + 2, s.Y + dy, s.Z}]; ok && !slices.Contains(right, j) {
					right = append(right, j)
				}
			}
			slices.Sort(covers)
			slices.Sort(left)
			slices.Sort(right)
			if !slices.Equal(covers, r.Covers[i]) || !slices.Equal(left, r.Left[i]) || !slices.Equal(right, r.Right[i]) {
				t.Errorf("%s slot %d: relations %v %v %v, cells say %v %v %v", name, i,
					r.Covers[i], r.Left[i], r.Right[i], covers, left, right)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	mk := func(slots ...Slot) *Layout { return &Layout{Name: "t", Slots: slots} }
	tests := []struct {
		l    *Layout
		want string // "" for valid
	}{
		{mk(Slot{0, 0, 0}, Slot{2, 0, 0}), ""},
		{mk(), "no tiles"},
		{mk(Slot{0, 0, 0}), "odd number"},
		{mk(Slot{0, 0, 0}, Slot{1, 1, 0}), "tile 1 (x=1 y=1 z=0) overlaps tile 0 (x=0 y=0 z=0)"},
		{mk(Slot{0, 0, 0}, Slot{1, 1, 1}), ""}, // different levels
		{mk(Slot{0, 0, 0}, Slot{-2, 0, 0}), "negative"},
		{mk(Slot{0, 0, 0}, Slot{0, 0, MaxLevel + 1}), "too high"},
		{&Layout{Name: "big", Slots: make([]Slot, 256)}, "big has 256 tiles; at most 254"},
	}
	for _, tt := range tests {
		err := tt.l.Validate()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v: %v", tt.l.Slots, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%v: error %v, want one containing %q", tt.l.Slots, err, tt.want)
		}
	}
}

func TestFloating(t *testing.T) {
	l := &Layout{Slots: []Slot{{0, 0, 0}, {2, 0, 0}, {1, 1, 1}, {6, 0, 1}, {6, 0, 2}}}
	if got, want := l.Floating(), []int{3}; !slices.Equal(got, want) {
		t.Errorf("Floating() = %v, want %v", got, want)
	}
}

func TestNormalizeSameGeometry(t *testing.T) {
	a := &Layout{Slots: []Slot{{4, 3, 1}, {2, 3, 1}, {3, 3, 2}}}
	b := &Layout{Slots: []Slot{{1, 0, 1}, {0, 0, 0}, {2, 0, 0}}}
	n := a.Normalize()
	if want := []Slot{{0, 0, 0}, {2, 0, 0}, {1, 0, 1}}; !slices.Equal(n.Slots, want) {
		t.Errorf("Normalize = %v, want %v", n.Slots, want)
	}
	if a.Slots[0] != (Slot{4, 3, 1}) {
		t.Error("Normalize changed its receiver")
	}
	if !SameGeometry(a, b) {
		t.Error("SameGeometry(a, b) = false")
	}
	c := &Layout{Slots: []Slot{{1, 0, 1}, {0, 0, 0}, {3, 0, 0}}}
	if SameGeometry(a, c) || SameGeometry(a, &Layout{Slots: b.Slots[:2]}) {
		t.Error("SameGeometry of different layouts = true")
	}
}

// The free-tile rule: covered tiles are never free; an uncovered tile is
// free unless tiles lie on both its sides.
func TestIsFree(t *testing.T) {
	for _, c := range []struct{ covered, left, right, want bool }{
		{false, false, false, true},
		{false, true, false, true},
		{false, false, true, true},
		{false, true, true, false},
		{true, false, false, false},
		{true, true, false, false},
		{true, false, true, false},
		{true, true, true, false},
	} {
		if got := IsFree(c.covered, c.left, c.right); got != c.want {
			t.Errorf("IsFree(covered %v, left %v, right %v) = %v", c.covered, c.left, c.right, got)
		}
	}
}
