package analysis

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/mjsolve/mjsolve/internal/interval"
)

// Summary accumulates the records of a run. Its size does not depend on the
// number of boards: counts, a map of methods (a handful of names), two
// fixed-size [TimeStats] and the few hardest boards. The zero value is
// ready to use.
//
// Time per board is CPU time ([Record.CPU]): the time the solving thread
// ran, which the load of a shared machine does not inflate. Records
// without one (older files, systems without a thread clock) count with
// their wall time there (NoCPU says how many). WallTime keeps the wall time
// per board as a second figure.
type Summary struct {
	Boards     int64 // records added
	Winnable   int64
	Impossible int64
	Unknown    int64
	Methods    map[Method]int64 // boards per method
	MethodNS   map[Method]int64 // CPU time per method, in ns: where the time goes (at most MaxInt64: sums saturate)
	Time       TimeStats        // CPU time per board
	WallTime   TimeStats        // wall time per board
	NoCPU      int64            // boards counted in Time with their wall time, having no CPU time
	Difficulty DifficultyStats  // McDonald's difficulty of the boards with playouts
	Play       PlayStats        // the boards played without peeking (records with a play)

	// Solved and Wall describe the boards solved in this process and the
	// wall time they took (set by [Run]); a resumed run or a merge counts
	// only its own work here. Both are zero for a summary read from files.
	Solved int64
	Wall   time.Duration

	hardest  [HardestKept]Record // by scans, most first (see Hardest)
	nHardest int
}

// HardestKept is the number of hardest boards a [Summary] keeps.
const HardestKept = 5

// Add counts one record.
func (s *Summary) Add(r Record) {
	s.Boards++
	switch r.Verdict {
	case Winnable:
		s.Winnable++
	case Impossible:
		s.Impossible++
	default:
		s.Unknown++
	}
	if s.Methods == nil {
		s.Methods = make(map[Method]int64)
		s.MethodNS = make(map[Method]int64)
	}
	cpu := r.CPU()
	s.Methods[r.Method]++
	s.MethodNS[r.Method] = satAdd(s.MethodNS[r.Method], max(cpu, 0))
	s.Time.Add(cpu, r.Game)
	s.WallTime.Add(r.NS, r.Game)
	if r.CPUNS <= 0 {
		s.NoCPU++
	}
	s.addHard(r)
	if r.Playouts > 0 {
		s.Difficulty.Add(r)
	}
	if r.Played {
		s.Play.Add(r)
	}
}

// harder orders the hardest boards: more scans, then more nodes, then
// the smaller game number.
func harder(a, b *Record) bool {
	if a.Scans != b.Scans {
		return a.Scans > b.Scans
	}
	if a.Nodes != b.Nodes {
		return a.Nodes > b.Nodes
	}
	return a.Game < b.Game
}

// addHard keeps r if it is among the HardestKept hardest boards.
func (s *Summary) addHard(r Record) {
	i := s.nHardest
	if i == HardestKept {
		if !harder(&r, &s.hardest[i-1]) {
			return
		}
		i--
	} else {
		s.nHardest++
	}
	for ; i > 0 && harder(&r, &s.hardest[i-1]); i-- {
		s.hardest[i] = s.hardest[i-1]
	}
	s.hardest[i] = r
}

// Hardest returns the hardest boards added (at most [HardestKept]), by
// the solver's load-free measure of work: most prune scans first, then
// most search nodes, then by game number.
func (s *Summary) Hardest() []Record { return s.hardest[:s.nHardest] }

// Merge adds the counts of o to s, as if every record of o had been added
// to s. Solved and Wall are added too.
func (s *Summary) Merge(o *Summary) {
	s.Boards += o.Boards
	s.Winnable += o.Winnable
	s.Impossible += o.Impossible
	s.Unknown += o.Unknown
	for m, n := range o.Methods {
		if s.Methods == nil {
			s.Methods = make(map[Method]int64)
			s.MethodNS = make(map[Method]int64)
		}
		s.Methods[m] += n
		s.MethodNS[m] = satAdd(s.MethodNS[m], o.MethodNS[m])
	}
	s.Time.Merge(&o.Time)
	s.WallTime.Merge(&o.WallTime)
	s.NoCPU += o.NoCPU
	s.Difficulty.Merge(&o.Difficulty)
	s.Play.Merge(&o.Play)
	for _, r := range o.Hardest() {
		s.addHard(r)
	}
	s.Solved += o.Solved
	s.Wall += o.Wall
}

// Decided is the number of boards that are winnable or impossible.
func (s *Summary) Decided() int64 { return s.Winnable + s.Impossible }

// Rate is the fraction of decided boards that are impossible (0 when no
// board was decided). Unknown boards are left out of both counts.
func (s *Summary) Rate() float64 {
	if s.Decided() == 0 {
		return 0
	}
	return float64(s.Impossible) / float64(s.Decided())
}

// CI95 is the 95% Wilson interval of [Summary.Rate].
func (s *Summary) CI95() (lo, hi float64) {
	return interval.Wilson(s.Impossible, s.Decided(), interval.Z95)
}

// MethodCount is one line of [Summary.MethodCounts].
type MethodCount struct {
	Method Method
	Boards int64
	NS     int64 // time spent on those boards
}

// MethodCounts lists the methods by decreasing count, ties by name.
func (s *Summary) MethodCounts() []MethodCount {
	out := make([]MethodCount, 0, len(s.Methods))
	for m, n := range s.Methods {
		out = append(out, MethodCount{m, n, s.MethodNS[m]})
	}
	slices.SortFunc(out, func(a, b MethodCount) int {
		// Most boards first, then by name.
		return cmp.Or(cmp.Compare(b.Boards, a.Boards), cmp.Compare(a.Method, b.Method))
	})
	return out
}

// Histogram resolution: each power of two is split into 2^subBits buckets,
// so a bucket's width is at most 1/64 of its lower edge and the midpoint is
// within 0.8% of any value in it.
const (
	subBits    = 6
	subBuckets = 1 << subBits
	numBuckets = 64 * subBuckets
)

// TimeStats keeps the statistics of the time per board. It keeps the count,
// total, minimum and maximum (with the game that took it) exactly, and the
// distribution in a fixed log-scale histogram (4096 buckets, about 1.6%
// wide) for quantiles. Its size is fixed: ten million boards take no more
// memory than ten.
type TimeStats struct {
	Count   int64
	Total   int64 // ns; saturates at MaxInt64 (292 years of board time)
	Min     int64 // ns
	Max     int64 // ns
	MaxGame uint64
	hist    [numBuckets]int64
	// sumHi, sumLo is the exact total, 128 bits wide, for the mean.
	sumHi, sumLo uint64
}

// satAdd is a + b for a, b ≥ 0, or MaxInt64 when that overflows.
func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// addSum adds hi:lo to t's exact total.
func (t *TimeStats) addSum(hi, lo uint64) {
	var carry uint64
	t.sumLo, carry = bits.Add64(t.sumLo, lo, 0)
	t.sumHi += hi + carry
}

func bucketOf(ns int64) int {
	if ns <= 0 {
		return 0
	}
	v := uint64(ns)
	e := bits.Len64(v) - 1
	var sub uint64
	if e >= subBits {
		sub = (v >> (e - subBits)) & (subBuckets - 1)
	} else {
		sub = (v << (subBits - e)) & (subBuckets - 1)
	}
	return e*subBuckets + int(sub)
}

// bucketRange is the range [lo, hi) of the times in fine bucket i, or
// lo == hi for the buckets below 64 ns, which hold one value each.
func bucketRange(i int) (lo, hi float64) {
	e, sub := i/subBuckets, i%subBuckets
	lo = math.Ldexp(float64(subBuckets+sub), e-subBits)
	if e < subBits {
		return lo, lo
	}
	return lo, lo + math.Ldexp(1, e-subBits)
}

// bucketMid returns the midpoint of bucket i (for the exact small buckets,
// their only value).
func bucketMid(i int) float64 {
	lo, hi := bucketRange(i)
	return (lo + hi) / 2
}

// Add records one board of ns nanoseconds, game being its number.
func (t *TimeStats) Add(ns int64, game uint64) {
	if ns < 0 {
		ns = 0
	}
	if t.Count == 0 || ns < t.Min {
		t.Min = ns
	}
	if t.Count == 0 || ns > t.Max || (ns == t.Max && game < t.MaxGame) {
		t.Max, t.MaxGame = ns, game
	}
	t.Count++
	t.Total = satAdd(t.Total, ns)
	t.addSum(0, uint64(ns))
	t.hist[bucketOf(ns)]++
}

// Merge adds the boards of o to t.
func (t *TimeStats) Merge(o *TimeStats) {
	if o.Count == 0 {
		return
	}
	if t.Count == 0 || o.Min < t.Min {
		t.Min = o.Min
	}
	if t.Count == 0 || o.Max > t.Max || (o.Max == t.Max && o.MaxGame < t.MaxGame) {
		t.Max, t.MaxGame = o.Max, o.MaxGame
	}
	t.Count += o.Count
	t.Total = satAdd(t.Total, o.Total)
	t.addSum(o.sumHi, o.sumLo)
	for i := range t.hist {
		t.hist[i] += o.hist[i]
	}
}

// Mean is the mean time per board, exact whatever the total (it does not
// overflow as Total saturates).
func (t *TimeStats) Mean() time.Duration {
	if t.Count == 0 {
		return 0
	}
	// Every time is at most MaxInt64, so the exact total is less than
	// Count·2^63 and the quotient fits.
	q, _ := bits.Div64(t.sumHi, t.sumLo, uint64(t.Count))
	return time.Duration(q)
}

// Quantile returns the q-quantile (0 ≤ q ≤ 1) of the time per board. It is
// read from the histogram by the nearest-rank rule: the midpoint of the
// bucket holding it (within 0.8%), or the exact minimum or maximum when
// that bucket holds one of them (within one bucket, 1.6%); q = 1 gives the
// maximum.
func (t *TimeStats) Quantile(q float64) time.Duration {
	if t.Count == 0 {
		return 0
	}
	rank := int64(math.Ceil(q * float64(t.Count)))
	rank = min(max(rank, 1), t.Count)
	if rank == t.Count {
		return time.Duration(t.Max)
	}
	var cum int64
	for i, c := range t.hist {
		cum += c
		if cum >= rank {
			if i == bucketOf(t.Min) {
				return time.Duration(t.Min)
			}
			if i == bucketOf(t.Max) {
				return time.Duration(t.Max)
			}
			v := int64(math.Round(bucketMid(i)))
			return time.Duration(min(max(v, t.Min), t.Max))
		}
	}
	return time.Duration(t.Max)
}
