package solitaire

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSetOps(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var s, u Set
		in := map[int]bool{}
		for range r.IntN(60) {
			i := r.IntN(MaxSlots)
			s.Add(i)
			in[i] = true
		}
		for range r.IntN(20) {
			i := r.IntN(MaxSlots)
			s.Remove(i)
			delete(in, i)
		}
		for i := range MaxSlots {
			if s.Has(i) != in[i] {
				t.Fatalf("Has(%d) = %v, want %v", i, s.Has(i), in[i])
			}
		}
		if s.Count() != len(in) {
			t.Fatalf("Count = %d, want %d", s.Count(), len(in))
		}
		var want []int
		for i := range MaxSlots {
			if in[i] {
				want = append(want, i)
			}
		}
		if got := s.AppendTo(nil); !slices.Equal(got, want) {
			t.Fatalf("AppendTo = %v, want %v", got, want)
		}
		if got := slices.Collect(s.All()); !slices.Equal(got, want) {
			t.Fatalf("All = %v, want %v", got, want)
		}
		if SetOf(want...) != s {
			t.Fatalf("SetOf(%v) != s", want)
		}
		first := -1
		if len(want) > 0 {
			first = want[0]
		}
		if s.First() != first || s.IsEmpty() != (len(want) == 0) {
			t.Fatalf("First = %d, IsEmpty = %v for %v", s.First(), s.IsEmpty(), want)
		}
		u.Add(r.IntN(MaxSlots))
		u.Add(r.IntN(MaxSlots))
		for i := range MaxSlots {
			if s.And(u).Has(i) != (s.Has(i) && u.Has(i)) ||
				s.Or(u).Has(i) != (s.Has(i) || u.Has(i)) ||
				s.AndNot(u).Has(i) != (s.Has(i) && !u.Has(i)) {
				t.Fatalf("And/Or/AndNot wrong at %d", i)
			}
		}
		if s.Intersects(u) != !s.And(u).IsEmpty() {
			t.Fatal("Intersects disagrees with And")
		}
	}
}

func TestFirstN(t *testing.T) {
	for n := 0; n <= MaxSlots; n++ {
		s := FirstN(n)
		if s.Count() != n || (n > 0 && !s.Has(n-1)) || (n < MaxSlots && s.Has(n)) {
			t.Fatalf("FirstN(%d) = %x", n, s)
		}
	}
}
