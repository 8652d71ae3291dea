package solitaire

import (
	"iter"
	"math/bits"
	"strconv"
	"strings"
)

// MaxSlots is the largest number of slots a Set can hold. Layouts are limited
// further to MaxTiles.
const MaxSlots = 256

// Set is a set of slot indices 0..MaxSlots-1, one bit per slot: slot i is
// bit i%64 of word i/64. The zero value is the empty set. Set is a value
// type: the methods with a value receiver return new sets.
type Set [4]uint64

// Has reports whether slot i is in s.
func (s Set) Has(i int) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }

// Add puts slot i into s.
func (s *Set) Add(i int) { s[i>>6] |= 1 << (uint(i) & 63) }

// Remove takes slot i out of s.
func (s *Set) Remove(i int) { s[i>>6] &^= 1 << (uint(i) & 63) }

// Count returns the number of slots in s.
func (s Set) Count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// IsEmpty reports whether s has no slot.
func (s Set) IsEmpty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }

// Intersects reports whether s and t have a slot in common.
func (s Set) Intersects(t Set) bool { return s[0]&t[0]|s[1]&t[1]|s[2]&t[2]|s[3]&t[3] != 0 }

// And returns the slots in both s and t.
func (s Set) And(t Set) Set { return Set{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]} }

// Or returns the slots in s or t.
func (s Set) Or(t Set) Set { return Set{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]} }

// AndNot returns the slots in s but not in t.
func (s Set) AndNot(t Set) Set { return Set{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]} }

// First returns the smallest slot in s, or -1 when s is empty.
func (s Set) First() int {
	for w, x := range s {
		if x != 0 {
			return w<<6 | bits.TrailingZeros64(x)
		}
	}
	return -1
}

// All iterates over the slots of s in increasing order.
func (s Set) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for w, x := range s {
			for x != 0 {
				if !yield(w<<6 | bits.TrailingZeros64(x)) {
					return
				}
				x &= x - 1
			}
		}
	}
}

// AppendTo appends the slots of s in increasing order to dst.
func (s Set) AppendTo(dst []int) []int {
	for w, x := range s {
		for x != 0 {
			dst = append(dst, w<<6|bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
	return dst
}

// SetOf returns the set of the given slots.
func SetOf(slots ...int) Set {
	var s Set
	for _, i := range slots {
		s.Add(i)
	}
	return s
}

// FirstN returns the set of slots 0..n-1.
func FirstN(n int) Set {
	var s Set
	for w := range s {
		switch k := n - 64*w; {
		case k >= 64:
			s[w] = ^uint64(0)
		case k > 0:
			s[w] = 1<<uint(k) - 1
		}
	}
	return s
}

// String writes s as its slots in braces, e.g. "{3 17 40}".
func (s Set) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for k, i := range s.AppendTo(make([]int, 0, 64)) {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteByte('}')
	return b.String()
}
