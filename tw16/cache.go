package tw16

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/mjsolve/mjsolve/internal/atomicfile"
)

// Cache file layout (format version 1), little-endian:
//
//	magic     [8]byte  "mjsolvT\x16"
//	version   uint32   cacheVersion
//	built     int64    Unix nanoseconds when the tables were built
//	buildTime int64    nanoseconds the build took
//	length    uint64   bytes of the uncompressed payload
//	crc       uint32   CRC-32C of the uncompressed payload
//	payload            zstd stream: the suit rows, then the honor rows, uint64 each
const (
	cacheMagic   = "mjsolvT\x16"
	cacheVersion = 1
	cacheName    = "tw16-tables-v1.zst"
	headerSize   = 8 + 4 + 8 + 8 + 8 + 4
	payloadSize  = 8 * (suitVectors + honorVectors)
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// loadOrBuild returns the tables from the cache o names, or builds them and
// writes the cache when it is missing or corrupt (always when rebuild is set).
func loadOrBuild(o TableOptions, rebuild bool) (*partTables, TablesInfo) {
	start := time.Now()
	var info TablesInfo
	path, err := o.CachePath()
	if err != nil {
		t, took := buildTables()
		info.Built, info.BuildTime, info.LoadTime, info.CacheErr = start, took, took, err
		return t, info
	}
	info.Path = path
	if !rebuild {
		t, hdr, size, err := readCache(path)
		if err == nil {
			info.FromCache, info.Size = true, size
			info.Built, info.BuildTime = hdr.built, hdr.buildTime
			info.LoadTime = time.Since(start)
			return t, info
		}
		if !errors.Is(err, os.ErrNotExist) {
			info.CacheErr = err // corrupt or unreadable: rebuilt below
		}
	}
	t, took := buildTables()
	info.Built, info.BuildTime = start, took
	size, err := writeCache(path, t, cacheHeader{built: start, buildTime: took})
	if err != nil {
		info.CacheErr = errors.Join(info.CacheErr, err)
	} else {
		info.Size = size
	}
	info.LoadTime = time.Since(start)
	return t, info
}

type cacheHeader struct {
	built     time.Time
	buildTime time.Duration
}

// readCache reads and checks the cache file; it returns the tables, the
// header and the file size.
func readCache(path string) (*partTables, cacheHeader, int64, error) {
	var hdr cacheHeader
	f, err := os.Open(path)
	if err != nil {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache: %w", err)
	}
	var head [headerSize]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: short header: %w", path, err)
	}
	if string(head[:8]) != cacheMagic {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: not a tables cache", path)
	}
	if v := binary.LittleEndian.Uint32(head[8:]); v != cacheVersion {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: format version %d, want %d", path, v, cacheVersion)
	}
	hdr.built = time.Unix(0, int64(binary.LittleEndian.Uint64(head[12:])))
	hdr.buildTime = time.Duration(binary.LittleEndian.Uint64(head[20:]))
	length := binary.LittleEndian.Uint64(head[28:])
	sum := binary.LittleEndian.Uint32(head[36:])
	if length != payloadSize {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: payload of %d bytes, want %d", path, length, payloadSize)
	}
	dec, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(2*payloadSize))
	if err != nil {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: %w", path, err)
	}
	defer dec.Close()
	payload := make([]byte, payloadSize)
	if _, err := io.ReadFull(dec, payload); err != nil {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: corrupt: %w", path, err)
	}
	if n, _ := dec.Read(make([]byte, 1)); n != 0 {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: corrupt: trailing data", path)
	}
	if crc32.Checksum(payload, castagnoli) != sum {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: checksum mismatch", path)
	}
	t := &partTables{suit: make([]uint64, suitVectors), honor: make([]uint64, honorVectors)}
	for i := range t.suit {
		t.suit[i] = binary.LittleEndian.Uint64(payload[8*i:])
	}
	rest := payload[8*suitVectors:]
	for i := range t.honor {
		t.honor[i] = binary.LittleEndian.Uint64(rest[8*i:])
	}
	return t, hdr, st.Size(), nil
}

// encodePayload lays out the tables as the uncompressed payload.
func encodePayload(t *partTables) []byte {
	payload := make([]byte, 0, payloadSize)
	for _, x := range t.suit {
		payload = binary.LittleEndian.AppendUint64(payload, x)
	}
	for _, x := range t.honor {
		payload = binary.LittleEndian.AppendUint64(payload, x)
	}
	return payload
}

// writeCache writes the cache file atomically (atomicfile: a temporary file
// in the same directory, synced, then renamed) and returns its size.
func writeCache(path string, t *partTables, hdr cacheHeader) (int64, error) {
	payload := encodePayload(t)
	var buf bytes.Buffer
	var head [headerSize]byte
	copy(head[:], cacheMagic)
	binary.LittleEndian.PutUint32(head[8:], cacheVersion)
	binary.LittleEndian.PutUint64(head[12:], uint64(hdr.built.UnixNano()))
	binary.LittleEndian.PutUint64(head[20:], uint64(hdr.buildTime))
	binary.LittleEndian.PutUint64(head[28:], uint64(len(payload)))
	binary.LittleEndian.PutUint32(head[36:], crc32.Checksum(payload, castagnoli))
	buf.Write(head[:])
	enc, err := zstd.NewWriter(&buf, zstd.WithEncoderConcurrency(1))
	if err != nil {
		return 0, fmt.Errorf("tw16: tables cache: %w", err)
	}
	if _, err := enc.Write(payload); err != nil {
		return 0, fmt.Errorf("tw16: tables cache: %w", err)
	}
	if err := enc.Close(); err != nil {
		return 0, fmt.Errorf("tw16: tables cache: %w", err)
	}

	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("tw16: tables cache: %w", err)
	}
	if err := atomicfile.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return 0, fmt.Errorf("tw16: tables cache: %w", err)
	}
	return int64(buf.Len()), nil
}

// VerifyTables checks the cache file o names: that it reads back intact
// (format, length, checksum) and that its tables equal tables built afresh.
func VerifyTables(o TableOptions) (TablesInfo, error) {
	var info TablesInfo
	path, err := o.CachePath()
	if err != nil {
		return info, err
	}
	info.Path = path
	start := time.Now()
	cached, hdr, size, err := readCache(path)
	if err != nil {
		return info, err
	}
	info.FromCache, info.Size, info.Built, info.BuildTime = true, size, hdr.built, hdr.buildTime
	info.LoadTime = time.Since(start)
	fresh, _ := buildTables()
	if i, ok := firstDiff(cached.suit, fresh.suit); !ok {
		return info, fmt.Errorf("tw16: tables cache %s: suit row %d differs from a fresh build", path, i)
	}
	if i, ok := firstDiff(cached.honor, fresh.honor); !ok {
		return info, fmt.Errorf("tw16: tables cache %s: honor row %d differs from a fresh build", path, i)
	}
	return info, nil
}

func firstDiff(a, b []uint64) (int, bool) {
	for i := range a {
		if a[i] != b[i] {
			return i, false
		}
	}
	return 0, len(a) == len(b)
}
