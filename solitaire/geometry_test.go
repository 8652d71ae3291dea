package solitaire

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
)

func TestCompileSmall(t *testing.T) {
	g := mustCompile(t, testLayout())
	if g.N != 6 || g.All != FirstN(6) {
		t.Fatalf("N = %d, All = %x", g.N, g.All)
	}
	checks := []struct {
		name string
		got  Set
		want Set
	}{
		{"Covers[0]", g.Covers[0], SetOf(4)},
		{"Covers[1]", g.Covers[1], SetOf(4)},
		{"Covers[2]", g.Covers[2], SetOf(5)},
		{"Covers[3]", g.Covers[3], SetOf(5)},
		{"Covers[4]", g.Covers[4], Set{}},
		{"Left[1]", g.Left[1], SetOf(0)},
		{"Right[1]", g.Right[1], SetOf(2)},
		{"Left[0]", g.Left[0], Set{}},
		{"Right[3]", g.Right[3], Set{}},
		{"Left[5]", g.Left[5], Set{}},
		{"Under[4]", g.Under[4], SetOf(0, 1)},
		{"Under[5]", g.Under[5], SetOf(2, 3)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got.AppendTo(nil), c.want.AppendTo(nil))
		}
	}
	if got := g.FreeIn(g.All); got != SetOf(4, 5) {
		t.Errorf("free at start = %v, want [4 5]", got.AppendTo(nil))
	}
	if got := g.FreeIn(SetOf(0, 1, 2, 3)); got != SetOf(0, 3) {
		t.Errorf("free without the top = %v, want [0 3]", got.AppendTo(nil))
	}
	if got := g.FreeIn(SetOf(0, 2, 3, 4)); got != SetOf(2, 3, 4) {
		t.Errorf("free in {0 2 3 4} = %v, want [2 3 4]", got.AppendTo(nil))
	}
}

func TestCompileRefuses(t *testing.T) {
	odd := &layouts.Layout{Name: "odd", Slots: []layouts.Slot{{}, {X: 2}, {X: 4}}}
	big := &layouts.Layout{Name: "big"}
	for i := range 256 {
		big.Slots = append(big.Slots, layouts.Slot{X: 2 * (i % 20), Y: 2 * (i / 20)})
	}
	for _, c := range []struct {
		l    *layouts.Layout
		want string
	}{
		{nil, "solitaire: no layout"},
		{&layouts.Layout{Name: "empty"}, "solitaire: layout empty has no tiles"},
		{odd, "solitaire: layout odd has an odd number of tiles (3)"},
		{big, "solitaire: layout big has 256 tiles, more than the 254 supported"},
	} {
		_, err := Compile(c.l)
		if err == nil || err.Error() != c.want {
			t.Errorf("Compile: %v, want %q", err, c.want)
		}
	}
}

// TestFreeRandom compares the compiled free rule with the rule computed
// from coordinates on random layouts and random sets of present tiles.
func TestFreeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for range 100 {
		l := randomLayout(r, 2+2*r.IntN(40))
		g := mustCompile(t, l)
		for range 20 {
			present := make([]bool, g.N)
			var ps Set
			for i := range present {
				if r.IntN(4) != 0 {
					present[i] = true
					ps.Add(i)
				}
			}
			free := g.FreeIn(ps)
			for i := range g.N {
				want := present[i] && freeRef(l.Slots, present, i)
				if free.Has(i) != want {
					t.Fatalf("layout %v, present %v: slot %d free = %v, want %v", l.Slots, ps.AppendTo(nil), i, free.Has(i), want)
				}
				if present[i] && g.IsFree(i, ps) != want {
					t.Fatalf("IsFree(%d) disagrees", i)
				}
			}
		}
	}
}

func TestGroups(t *testing.T) {
	want := strings.Fields("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s 5s 6s 7s 8s 9s E S W N C F P flower season")
	for g := range Group(NumGroups) {
		if g.String() != want[g] {
			t.Errorf("Group(%d) = %q, want %q", g, g, want[g])
		}
		if len(g.Short()) != 2 {
			t.Errorf("Group(%d).Short() = %q", g, g.Short())
		}
		for _, s := range []string{g.String(), strings.TrimSpace(g.Short())} {
			if p, err := ParseGroup(s); err != nil || p != g {
				t.Errorf("ParseGroup(%q) = %v, %v; want %v", s, p, err, g)
			}
		}
		if k, ok := g.Kind(); ok {
			if g < 27 && k.String() != g.String() {
				t.Errorf("kind of %v is %v", g, k)
			}
			if p, err := ParseGroup(k.String()); err != nil || p != g {
				t.Errorf("ParseGroup(%q) = %v, %v; want %v", k.String(), p, err, g)
			}
		}
	}
	if Group(27).Chinese() != "東" || Group(0).Chinese() != "一萬" || Flowers.Chinese() != "花" {
		t.Errorf("Chinese names: %s %s %s", Group(27).Chinese(), Group(0).Chinese(), Flowers.Chinese())
	}
	for _, s := range []string{"", "0m", "10m", "8z", "Flower", "x"} {
		if _, err := ParseGroup(s); err == nil {
			t.Errorf("ParseGroup(%q) succeeded", s)
		}
	}
	sizes := map[int][]int{144: {4, 4, 0}, 6: {4, 2, 0}, 8: {4, 4, 0}, 2: {2, 2, 0}}
	for n, want := range sizes {
		last := GroupsFor(n) - 1
		got := []int{GroupSize(0, n), GroupSize(Group(last), n), GroupSize(Group(last+1), n)}
		if got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Errorf("n=%d: sizes %v, want %v", n, got, want)
		}
	}
	if GroupsFor(144) != 36 || GroupsFor(6) != 2 {
		t.Errorf("GroupsFor(144) = %d, GroupsFor(6) = %d", GroupsFor(144), GroupsFor(6))
	}
}

// TestCompileReadsNoFiles compiles a layout named like an installed game's
// with a games root of many layout files: Compile must not look the layout
// up again (which would read them all); only error messages name it.
func TestCompileReadsNoFiles(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, filepath.FromSlash(layouts.XmahjonggDir))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("l%02d", i)), []byte("0 0 0\n0 2 0\n0 4 0\n0 6 0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := (&layouts.Finder{GamesRoots: []string{root}}).Find("xmahjongg/l07")
	if err != nil {
		t.Fatal(err)
	}
	// About 20 allocations for the geometry; reading 40 files takes
	// hundreds.
	if n := testing.AllocsPerRun(5, func() { mustCompile(t, l) }); n > 60 {
		t.Errorf("Compile made %.0f allocations: it reads files", n)
	}
}

// FuzzParseGroup: a face name ParseGroup accepts names a group, which
// reads back from its own name; anything else is a one-line error.
func FuzzParseGroup(f *testing.F) {
	for _, s := range []string{"7p", "E", "flower", "season", "fl", "se", "5z", "7z", "8z", "0m", "", "1m2m", "Flower", "1z "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGroup(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("ParseGroup(%q): error on several lines: %v", s, err)
			}
			return
		}
		if int(g) >= NumGroups {
			t.Fatalf("ParseGroup(%q) = group %d", s, g)
		}
		if back, err := ParseGroup(g.String()); err != nil || back != g {
			t.Fatalf("ParseGroup(%q) = %v, which reads back as %v, %v", s, g, back, err)
		}
	})
}
