package tw16

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mjsolve/mjsolve"
)

// partTables holds the replacement tables of the two kinds of parts: entry
// idx of suit is the packed row of the numbered-suit vector with index idx
// (see buildPart), and likewise honor for the honors.
type partTables struct {
	suit  []uint64
	honor []uint64
	// pairs serve hands of five sets and a pair when set (see pairTables);
	// LoadTables sets them.
	pairs *pairTables
}

// TablesInfo describes the replacement tables and their cache file.
type TablesInfo struct {
	// Path is the cache file ("" without a cache). It may not exist when
	// CacheErr is set.
	Path string
	// Size is the size of the cache file in bytes.
	Size int64
	// Built is when the tables in the cache were built, and BuildTime how
	// long building them took.
	Built     time.Time
	BuildTime time.Duration
	// FromCache tells whether the tables were loaded from the cache (rather
	// than built), and LoadTime how long loading or building took.
	FromCache bool
	LoadTime  time.Duration
	// CacheErr is why the cache could not be read or written, if it could
	// not; the tables are then built in memory and work all the same.
	CacheErr error
}

// TableOptions say where the replacement tables are cached. The zero value
// caches them in mjsolve/ under the user cache directory.
type TableOptions struct {
	// CacheDir is the directory of the cache file; "" means mjsolve/ under
	// the user cache directory (os.UserCacheDir).
	CacheDir string
	// NoCache builds the tables in memory and reads and writes no file.
	NoCache bool
	// Rebuild builds the tables afresh and rewrites the cache file whatever
	// it holds.
	Rebuild bool
}

// CachePath returns the path of the cache file: cacheName in o.CacheDir, or
// in mjsolve/ under the user cache directory when o.CacheDir is "".
func (o TableOptions) CachePath() (string, error) {
	if o.CacheDir != "" {
		return filepath.Join(o.CacheDir, cacheName), nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("tw16: tables cache: %w", err)
	}
	return filepath.Join(dir, "mjsolve", cacheName), nil
}

// TableSet holds the replacement tables that shanten, waits, effective
// tiles and discard advice look up. It is immutable once loaded and safe
// for concurrent use. Its methods analyse with the standard form; set
// Forms.Tables to use it with other forms.
type TableSet struct {
	pt   partTables
	info TablesInfo
}

// LoadTables loads the tables from the cache file o names, or builds them
// and writes the cache when it is missing, corrupt or o.Rebuild is set.
// It does not fail: when the cache cannot be read or written the tables are
// built in memory, and Info tells why (TablesInfo.CacheErr).
func LoadTables(o TableOptions) *TableSet {
	ts := &TableSet{}
	var pt *partTables
	if o.NoCache {
		var took time.Duration
		pt, took = buildTables()
		ts.info = TablesInfo{Built: time.Now(), BuildTime: took, LoadTime: took}
	} else {
		pt, ts.info = loadOrBuild(o, o.Rebuild)
	}
	start := time.Now()
	pt.pairs = derivePairs(pt)
	ts.info.LoadTime += time.Since(start)
	ts.pt = *pt
	return ts
}

// Info describes the tables and how they were loaded.
func (ts *TableSet) Info() TablesInfo { return ts.info }

// Shanten is Shanten with these tables.
func (ts *TableSet) Shanten(concealed mjsolve.Counts) (int, error) {
	return Forms{Tables: ts}.shanten(&concealed)
}

// Waits is Waits with these tables.
func (ts *TableSet) Waits(concealed mjsolve.Counts, visible *mjsolve.Counts) (WaitInfo, error) {
	return Forms{Tables: ts}.Waits(concealed, visible)
}

// Effective is Effective with these tables.
func (ts *TableSet) Effective(concealed mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) (EffectiveInfo, error) {
	return Forms{Tables: ts}.Effective(concealed, visible, claims)
}

// Advise is Advise with these tables.
func (ts *TableSet) Advise(concealed mjsolve.Counts, visible *mjsolve.Counts, claims *ClaimWeights) (Advice, error) {
	return Forms{Tables: ts}.Advise(concealed, visible, claims)
}

// defaults holds the default tables: those of the package-level functions
// and of Forms without Tables, loaded on first use with opts.
var defaults struct {
	mu     sync.Mutex
	opts   TableOptions
	loaded atomic.Pointer[TableSet] // nil until loaded with opts
}

// SetDefaultTableOptions sets the options that the default tables (those of
// Shanten, Waits, Effective, Advise, Score and of Forms without Tables) are
// loaded with on first use; without a call they are TableOptions{}, the user
// cache directory. A program calls it once at start (the mjsolve command
// passes $MJSOLVE_CACHE_DIR); if the default tables were loaded with other
// options, they are loaded again with these on next use.
func SetDefaultTableOptions(o TableOptions) {
	defaults.mu.Lock()
	defer defaults.mu.Unlock()
	if o != defaults.opts {
		defaults.opts = o
		defaults.loaded.Store(nil)
	}
}

// DefaultTables returns the default tables, loading them on first use (see
// SetDefaultTableOptions).
func DefaultTables() *TableSet {
	if ts := defaults.loaded.Load(); ts != nil {
		return ts
	}
	defaults.mu.Lock()
	defer defaults.mu.Unlock()
	ts := defaults.loaded.Load()
	if ts == nil {
		ts = LoadTables(defaults.opts)
		defaults.loaded.Store(ts)
	}
	return ts
}

// Tables loads the default tables if they are not loaded yet and describes
// them: DefaultTables().Info().
func Tables() TablesInfo { return DefaultTables().Info() }

// tables returns the tables of f: f.Tables, or the default ones.
func (f Forms) tables() *partTables {
	if f.Tables != nil {
		return &f.Tables.pt
	}
	return &DefaultTables().pt
}

// buildTables generates both tables and reports how long it took.
func buildTables() (*partTables, time.Duration) {
	start := time.Now()
	var t partTables
	var wg sync.WaitGroup
	wg.Go(func() { t.honor = buildPart(honorKinds, false) })
	t.suit = buildPart(suitKinds, true)
	wg.Wait()
	return &t, time.Since(start)
}

// pairTables serve the replacement number of five sets and a pair (every
// 16- or 17-tile hand without melds) with two lookups and no merge. They
// are derived from the part tables when those are loaded.
//
// The 5^9 suit vectors have only 187 distinct table entries (rows) and the
// 5^7 honor vectors 83, so each vector is first mapped to the number of its
// row (a byte), and the min-plus merges of two parts are tabled for every
// pair of rows: the honors with a suit, and a suit with a suit. A hand then
// takes the merge of its honors with its first suit (rows X) and of its
// other two suits (rows Y), and the least X_i + Y_{5−i} with the pair in
// exactly one of the two.
type pairTables struct {
	suitRow, honorRow []uint8 // the row number of each vector
	suitRows          int     // number of distinct suit rows
	// honorSuit[h·suitRows + a] is the merge of honor row h with suit row
	// a; suitSuit[a·suitRows + b] that of suit rows a and b, reversed.
	honorSuit, suitSuit []pairRow
}

// pairRow holds the merge of two parts, a value per byte: byte i of lo is
// the value of i sets without the pair and byte i of hi with it; a
// reversed row holds the values of 5 − i sets in byte i instead. Bytes 6
// and 7 hold pairFiller. Every value is at most 15 + 15 = 30.
type pairRow struct{ lo, hi uint64 }

// pairFiller fills the bytes past the sixth of a pairRow: the sum of two is
// more than any sum of two values (at most 60) and less than 128, as
// minBytes requires.
const pairFiller = 0x3f

// replacement5 returns the fewest tiles to exchange to make five sets and a
// pair of a hand whose parts have the table indexes m, p, s (suits) and z
// (honors).
func (pt *pairTables) replacement5(m, p, s, z int) int {
	x := &pt.honorSuit[int(pt.honorRow[z])*pt.suitRows+int(pt.suitRow[m])]
	y := &pt.suitSuit[int(pt.suitRow[p])*pt.suitRows+int(pt.suitRow[s])]
	// Byte i: X_i without the pair + Y_{5−i} with it, and the other way.
	v := minBytes(x.lo+y.hi, x.hi+y.lo)
	v = minBytes(v, v>>32) // bytes 0..3 hold the least of bytes i and i+4
	v = minBytes(v, v>>16)
	v = minBytes(v, v>>8)
	return int(v & 0xff)
}

// minBytes returns the bytewise minimum of a and b, whose bytes are each
// less than 128.
func minBytes(a, b uint64) uint64 {
	const highs = 0x8080808080808080
	ge := ((a | highs) - b) & highs // 0x80 in the bytes where a ≥ b (no borrows)
	mask := ge - ge>>7              // 0x7f there
	return a ^ (a^b)&mask
}

// derivePairs computes the pair tables of t. It returns nil when a part has
// more than 256 distinct rows (it has not; the fast path then stays off).
func derivePairs(t *partTables) *pairTables {
	suitRows, suitRow := rowNumbers(t.suit)
	honorRows, honorRow := rowNumbers(t.honor)
	if suitRow == nil || honorRow == nil {
		return nil
	}
	n := len(suitRows)
	pt := &pairTables{
		suitRow: suitRow, honorRow: honorRow, suitRows: n,
		honorSuit: make([]pairRow, len(honorRows)*n),
		suitSuit:  make([]pairRow, n*n),
	}
	for h, x := range honorRows {
		for a, y := range suitRows {
			pt.honorSuit[h*n+a] = packPair(mergePair(x, y), false)
		}
	}
	for a, x := range suitRows {
		for b, y := range suitRows {
			pt.suitSuit[a*n+b] = packPair(mergePair(x, y), true)
		}
	}
	return pt
}

// rowNumbers numbers the distinct entries of table in order of first
// appearance: it returns them and the number of each entry, or nil numbers
// when there are more than 256.
func rowNumbers(table []uint64) (rows []uint64, num []uint8) {
	seen := make(map[uint64]uint8)
	num = make([]uint8, len(table))
	last, lastNum := table[0], uint8(0)
	seen[last] = 0
	rows = append(rows, last)
	for i, x := range table {
		if x != last {
			n, ok := seen[x]
			if !ok {
				if len(rows) == 256 {
					return nil, nil
				}
				n = uint8(len(rows))
				seen[x] = n
				rows = append(rows, x)
			}
			last, lastNum = x, n
		}
		num[i] = lastNum
	}
	return rows, num
}

// mergePair returns the min-plus merge of two parts with packed table
// entries x and y: for m = 0..5 sets and p = 0, 1 pairs, the least
// x(i, q) + y(m − i, p − q).
func mergePair(x, y uint64) (out [maxMelds + 1][2]int) {
	for m := range out {
		out[m] = [2]int{2 * valueCap, 2 * valueCap}
		for i := 0; i <= m; i++ {
			x0, x1 := int(value(x, 2*i)), int(value(x, 2*i+1))
			y0, y1 := int(value(y, 2*(m-i))), int(value(y, 2*(m-i)+1))
			out[m][0] = min(out[m][0], x0+y0)
			out[m][1] = min(out[m][1], x0+y1, x1+y0)
		}
	}
	return out
}

// packPair packs merged values into a pairRow, reversed (byte i for
// 5 − i sets) when rev is set.
func packPair(v [maxMelds + 1][2]int, rev bool) pairRow {
	const filler = pairFiller<<48 | pairFiller<<56
	r := pairRow{filler, filler}
	for m := range v {
		at := m
		if rev {
			at = maxMelds - m
		}
		r.lo |= uint64(v[m][0]) << (8 * at)
		r.hi |= uint64(v[m][1]) << (8 * at)
	}
	return r
}
