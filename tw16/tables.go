package tw16

import (
	"sync"
	"time"
)

// partTables holds the replacement tables of the two kinds of parts: entry
// idx of suit is the packed row of the numbered-suit vector with index idx
// (see buildPart), and likewise honor for the honors.
type partTables struct {
	suit  []uint64
	honor []uint64
}

// TablesInfo describes the replacement tables and their cache file.
type TablesInfo struct {
	// Path is the cache file. It may not exist when CacheErr is set.
	Path string
	// Size is the size of the cache file in bytes.
	Size int64
	// Built is when the tables in the cache were built, and BuildTime how
	// long building them took.
	Built     time.Time
	BuildTime time.Duration
	// FromCache tells whether this process loaded the tables from the cache
	// (rather than building them), and LoadTime how long loading or building
	// took in this process.
	FromCache bool
	LoadTime  time.Duration
	// CacheErr is why the cache could not be read or written, if it could
	// not; the tables are then built in memory and work all the same.
	CacheErr error
}

type loaded struct {
	t    *partTables
	info TablesInfo
}

// tablesOnce loads the tables from the cache, or builds and caches them, the
// first time any analysis needs them.
var tablesOnce = sync.OnceValue(func() *loaded {
	t, info := loadOrBuild(false)
	return &loaded{t, info}
})

// tables returns the replacement tables, loading them on first use.
func tables() *partTables { return tablesOnce().t }

// Tables loads the replacement tables if they are not loaded yet (from the
// cache, or by building and caching them) and describes them.
func Tables() TablesInfo { return tablesOnce().info }

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
