package runs

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// Shard is part I of N (1 ≤ I ≤ N) of a range of games, for running one
// experiment on several machines; the zero value means the whole range.
type Shard struct {
	I, N uint64
}

// errShard is the error of ParseShard.
var errShard = errors.New(errPrefix + "bad shard: want i/n with 1 <= i <= n")

// ParseShard reads "i/n" with 1 ≤ i ≤ n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, errShard
	}
	i, err := strconv.ParseUint(a, 10, 64)
	if err != nil {
		return Shard{}, errShard
	}
	n, err := strconv.ParseUint(b, 10, 64)
	if err != nil || i < 1 || i > n {
		return Shard{}, errShard
	}
	return Shard{i, n}, nil
}

// String returns "i/n", or "" for the whole range.
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return strconv.FormatUint(s.I, 10) + "/" + strconv.FormatUint(s.N, 10)
}

// Range returns the games of part s of first..first+boards−1.
//
// The N parts are contiguous, cover the range exactly in order, and their sizes
// differ by at most one. The zero Shard returns the whole range. s must satisfy
// 1 ≤ I ≤ N (as ParseShard gives).
func (s Shard) Range(first, boards uint64) (uint64, uint64) {
	if s.N == 0 {
		return first, boards
	}
	at := func(k uint64) uint64 {
		hi, lo := bits.Mul64(boards, k)
		q, _ := bits.Div64(hi, lo, s.N)
		return q
	}
	lo, hi := at(s.I-1), at(s.I)
	return first + lo, hi - lo
}
