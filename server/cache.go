package server

import (
	"encoding/binary"
	"sync/atomic"
	"unsafe"

	"github.com/dgraph-io/ristretto/v2"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// entry is a cached solve result for one position.
type entry struct {
	verdict solver.Verdict
	method  solver.Method
	// moves: a solution for a winnable position; for an impossible one with
	// a min-left count, a play leaving minLeft tiles (else empty).
	moves   []solitaire.Move
	minLeft int // −1 when not computed
	// minLeftTried: a hint looked for the min-left count within its budget
	// (for an impossible position; minLeft −1 means the budget ran out).
	minLeftTried bool
	stats        solver.Stats
}

// rank orders entries of one position: one that answers more questions
// replaces one that answers fewer.
func (e *entry) rank() int {
	switch {
	case e.verdict != solver.Impossible || e.minLeft >= 0:
		return 2
	case e.minLeftTried:
		return 1
	}
	return 0
}

// result is the entry as the solver's answer to what m asks: a plain solve
// of an impossible position gets neither a min-left count nor moves, even
// when the entry has them.
func (e *entry) result(m mode) solver.Result {
	r := solver.Result{Verdict: e.verdict, Method: e.method, Moves: e.moves, MinLeft: e.minLeft, Stats: e.stats}
	switch {
	case e.verdict == solver.Winnable:
		r.MinLeft = 0
	case e.verdict == solver.Impossible && m == modeSolve:
		r.Moves, r.MinLeft = nil, -1
	}
	return r
}

// cost is the memory an entry holds, in bytes (ristretto adds its own
// per-item cost; keys are kept as two 64-bit hashes).
func (e *entry) cost() int64 {
	return int64(unsafe.Sizeof(*e)) + int64(cap(e.moves))*int64(unsafe.Sizeof(solitaire.Move{}))
}

// resultCache caches solve results by position: the layout's geometry
// fingerprint and the face of every tile still on the board. Boards of
// different deals that have come to the same tiles left share an entry.
type resultCache struct {
	c              *ristretto.Cache[string, *entry]
	hits, misses   atomic.Int64
	stored, denied atomic.Int64
}

// newResultCache returns a cache of about maxBytes, or nil for maxBytes ≤ 0
// (no cache).
func newResultCache(maxBytes int64) (*resultCache, error) {
	if maxBytes <= 0 {
		return nil, nil
	}
	// An entry of a turtle position takes about 200 bytes with ristretto's
	// own share; ristretto wants ten counters per entry. Its counters take
	// some 3 bytes each, allocated at once: beyond 2^25 (a cache of about
	// 650 MB) more would cost memory up front for the admission policy
	// only, so larger caches admit by fewer counters.
	counters := min(max(1000, maxBytes/20), 1<<25)
	c, err := ristretto.NewCache(&ristretto.Config[string, *entry]{
		NumCounters:  counters,
		MaxCost:      maxBytes,
		BufferItems:  64,
		ShouldUpdate: func(cur, prev *entry) bool { return cur.rank() >= prev.rank() },
	})
	if err != nil {
		return nil, err
	}
	return &resultCache{c: c}, nil
}

// positionKey is the cache key of b's position: fp, the fingerprint of its
// geometry, then one byte per slot, the group of a tile on the board or
// 0xff, then the slots themselves (relative to the layout's corner, as
// the fingerprint takes them). The fingerprint is a 64-bit FNV-1a hash,
// which a client that posts slots inline could forge to match another
// layout's; with the slots in the key, positions of different layouts
// never share an entry (ristretto hashes the key with a seeded hash).
func positionKey(b *solitaire.Board, fp uint64) []byte {
	slots := b.Geo.Layout.Slots
	key := make([]byte, 8+b.Geo.N, 8+b.Geo.N+3*len(slots))
	binary.LittleEndian.PutUint64(key, fp)
	for i, g := range b.Groups {
		if b.Present.Has(i) {
			key[8+i] = byte(g)
		} else {
			key[8+i] = 0xff
		}
	}
	lo := corner(slots)
	for _, s := range slots {
		key = binary.AppendUvarint(key, uint64(s.X-lo.X))
		key = binary.AppendUvarint(key, uint64(s.Y-lo.Y))
		key = binary.AppendUvarint(key, uint64(s.Z-lo.Z))
	}
	return key
}

// corner is the smallest x, y and z of slots (a layout's coordinates are
// not negative).
func corner(slots []layouts.Slot) layouts.Slot {
	if len(slots) == 0 {
		return layouts.Slot{}
	}
	lo := slots[0]
	for _, s := range slots[1:] {
		lo.X, lo.Y, lo.Z = min(lo.X, s.X), min(lo.Y, s.Y), min(lo.Z, s.Z)
	}
	return lo
}

// sameSlots reports whether a and b are the same slots in the same order,
// wherever each layout lies.
func sameSlots(a, b []layouts.Slot) bool {
	if len(a) != len(b) {
		return false
	}
	la, lb := corner(a), corner(b)
	for i := range a {
		if a[i].X-la.X != b[i].X-lb.X || a[i].Y-la.Y != b[i].Y-lb.Y || a[i].Z-la.Z != b[i].Z-lb.Z {
			return false
		}
	}
	return true
}

// get returns the entry of a position, counting a hit or a miss. usable
// says whether an entry answers the question asked.
func (rc *resultCache) get(key []byte, usable func(*entry) bool) (*entry, bool) {
	if rc == nil {
		return nil, false
	}
	e, ok := rc.c.Get(unsafe.String(unsafe.SliceData(key), len(key)))
	if ok && usable(e) {
		rc.hits.Add(1)
		return e, true
	}
	rc.misses.Add(1)
	return nil, false
}

// put stores the result of a position. A winnable result is also stored
// for every position along its solution (each rest of the solution is a
// solution of the position it starts from), so that a player who follows
// the hints, or replays a solution, finds each next position cached.
func (rc *resultCache) put(key []byte, e *entry) {
	if rc == nil || e.verdict == solver.Unknown {
		return
	}
	rc.set(key, e)
	if e.verdict != solver.Winnable {
		return
	}
	k := append([]byte(nil), key...)
	for i, m := range e.moves {
		k[8+int(m.A)], k[8+int(m.B)] = 0xff, 0xff
		if i == len(e.moves)-1 {
			break // the empty board is not worth an entry
		}
		rest := *e
		rest.moves = e.moves[i+1:]
		rc.set(k, &rest)
	}
}

func (rc *resultCache) set(key []byte, e *entry) {
	// ristretto hashes the key at once and keeps only the hashes.
	if rc.c.Set(unsafe.String(unsafe.SliceData(key), len(key)), e, e.cost()) {
		rc.stored.Add(1)
	} else {
		rc.denied.Add(1)
	}
}

// cacheStats is the cache part of GET /api/stats.
type cacheStats struct {
	Enabled  bool    `json:"enabled"`
	MaxBytes int64   `json:"max_bytes"`
	Used     int64   `json:"used_bytes"`
	Hits     int64   `json:"hits"`
	Misses   int64   `json:"misses"`
	HitRate  float64 `json:"hit_rate"`
	Stored   int64   `json:"stored"`
	Dropped  int64   `json:"dropped"`
}

func (rc *resultCache) stats() cacheStats {
	if rc == nil {
		return cacheStats{}
	}
	s := cacheStats{
		Enabled:  true,
		MaxBytes: rc.c.MaxCost(),
		Used:     rc.c.MaxCost() - rc.c.RemainingCost(),
		Hits:     rc.hits.Load(),
		Misses:   rc.misses.Load(),
		Stored:   rc.stored.Load(),
		Dropped:  rc.denied.Load(),
	}
	if n := s.Hits + s.Misses; n > 0 {
		s.HitRate = float64(s.Hits) / float64(n)
	}
	return s
}

func (rc *resultCache) close() {
	if rc != nil {
		rc.c.Close()
	}
}
