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
	opts TableOptions
	once sync.Once
	pt   atomic.Pointer[partTables] // nil until loaded
	info TablesInfo                 // set with pt
}

// LoadTables loads the tables from the cache file o names, or builds them
// and writes the cache when it is missing, corrupt or o.Rebuild is set.
// It does not fail: when the cache cannot be read or written the tables are
// built in memory, and Info tells why (TablesInfo.CacheErr).
func LoadTables(o TableOptions) *TableSet {
	ts := OpenTables(o)
	ts.loaded()
	return ts
}

// OpenTables returns the tables o names without loading them. They are
// loaded as by LoadTables on first use, by the first analysis whose input
// passes its checks (so that a bad hand is refused at once, without
// building the tables on a fresh machine) or by Info.
func OpenTables(o TableOptions) *TableSet { return &TableSet{opts: o} }

// loaded returns the tables, loading them on first use.
func (ts *TableSet) loaded() *partTables {
	if pt := ts.pt.Load(); pt != nil {
		return pt
	}
	ts.once.Do(func() {
		var pt *partTables
		if ts.opts.NoCache {
			var took time.Duration
			pt, took = buildTables()
			ts.info = TablesInfo{Built: time.Now(), BuildTime: took, LoadTime: took}
		} else {
			pt, ts.info = loadOrBuild(ts.opts, ts.opts.Rebuild)
		}
		ts.pt.Store(pt)
	})
	return ts.pt.Load()
}

// Info describes the tables and how they were loaded, loading them if they
// are not loaded yet.
func (ts *TableSet) Info() TablesInfo {
	ts.loaded()
	return ts.info
}

// Loaded describes the tables as Info does if they are loaded, without
// loading them: ok is false when nothing has needed them yet (as when every
// hand of a command was refused before its analysis).
func (ts *TableSet) Loaded() (info TablesInfo, ok bool) {
	if ts.pt.Load() == nil {
		return TablesInfo{}, false
	}
	return ts.info, true
}

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

// SetDefaultTableOptions sets the options the default tables are loaded
// with. The default tables are those of Shanten, Waits, Effective, Advise
// and of Forms without Tables, loaded on first use; without a call they are
// TableOptions{}, the user cache directory. A program calls it once at
// start, if at all (the mjsolve command does not: it passes the tables it
// loads to every call); if the default tables were loaded with other
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
	return loadDefault()
}

// loadDefault loads the default tables unless another goroutine has.
func loadDefault() *TableSet {
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
		return f.Tables.loaded()
	}
	return DefaultTables().loaded()
}
