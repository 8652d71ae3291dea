package tw16

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// goodCache is a cache file of the tables, written once.
var goodCache = sync.OnceValue(func() []byte {
	dir, err := os.MkdirTemp("", "tw16cache")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, cacheName)
	if _, err := writeCache(path, tables(), cacheHeader{built: time.Unix(1e9, 0), buildTime: time.Second}); err != nil {
		panic(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return data
})

// FuzzReadCache: the tables cache reader on any file: refused with one line
// naming the cache, or read as the tables.
func FuzzReadCache(f *testing.F) {
	good := goodCache()
	f.Add(good)
	f.Add(good[:headerSize+100])
	f.Add(good[:headerSize])
	f.Add([]byte(cacheMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), cacheName)
		os.WriteFile(path, data, 0o644)
		pt, _, size, err := readCache(path)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "tw16: tables cache") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q", msg)
			}
			return
		}
		if size != int64(len(data)) {
			t.Fatalf("size %d of %d bytes", size, len(data))
		}
		if diff := tablesDiff(pt, tables()); diff != "" {
			t.Fatalf("read tables that differ: %s", diff)
		}
	})
}

// FuzzDecodePayload: a payload whose checksum holds (so the reader gets to its
// contents) but with bytes changed, or cut, is refused or gives tables whose
// row numbers all name rows.
func FuzzDecodePayload(f *testing.F) {
	good := encodePayload(tables())
	f.Add([]byte{}, uint32(0))
	f.Add([]byte{0, 0, 0, 0, 0}, uint32(0))
	f.Add([]byte{4, 0, 0, 0, 255}, uint32(0))
	f.Add([]byte{0xff, 0xff, 0x1f, 0, 200}, uint32(1))
	f.Fuzz(func(t *testing.T, edits []byte, cut uint32) {
		p := append([]byte(nil), good...)
		for ; len(edits) >= 5; edits = edits[5:] {
			p[int(binary.LittleEndian.Uint32(edits))%len(p)] = edits[4]
		}
		p = p[:len(p)-int(cut%64)]
		pt, err := decodePayload(p)
		if err != nil {
			return
		}
		for i := range suitVectors {
			if uint64(pt.suitRow[i]) >= uint64(pt.nSuit) {
				t.Fatalf("suit vector %d: row %d of %d", i, pt.suitRow[i], pt.nSuit)
			}
		}
		for i := range honorVectors {
			if uint64(pt.honorRow[i]) >= uint64(pt.nHonor) {
				t.Fatalf("honor vector %d: row %d of %d", i, pt.honorRow[i], pt.nHonor)
			}
		}
	})
}
