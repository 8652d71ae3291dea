// Package plural writes counts of things in English, the way every report
// and answer of mjsolve prints them: "1 board", "2 boards", "0 boards".
package plural

import "strconv"

// Count is n followed by noun, with an s unless n is 1.
func Count[N ~int | ~int64 | ~uint64](n N, noun string) string {
	s := strconv.FormatInt(int64(n), 10)
	if n > 0 && uint64(n) > 1<<63-1 {
		s = strconv.FormatUint(uint64(n), 10)
	}
	if n == 1 {
		return s + " " + noun
	}
	return s + " " + noun + "s"
}
