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

// Cache file layout (format version 2), little-endian:
//
//	magic     [8]byte  "mjsolvT\x16"
//	version   uint32   cacheVersion
//	built     int64    Unix nanoseconds when the tables were built
//	buildTime int64    nanoseconds the build took
//	length    uint64   bytes of the uncompressed payload
//	crc       uint32   CRC-32C of the uncompressed payload
//	payload            zstd stream of:
//	  nSuit, nHonor  uint32 each: the numbers of distinct rows (1..256)
//	  rows           nSuit suit rows, then nHonor honor rows, uint64 each
//	  numbers        5^9 suit row numbers, then 5^7 honor row numbers, a byte each
//
// Version 1 held the packed row of every vector (16 MB uncompressed).
const (
	cacheMagic    = "mjsolvT\x16"
	cacheVersion  = 2
	cacheName     = "tw16-tables-v2.zst"
	headerSize    = 8 + 4 + 8 + 8 + 8 + 4
	numbersSize   = suitVectors + honorVectors
	maxPayload    = 8 + 8*2*maxRows + numbersSize
	minPayload    = 8 + 8*2 + numbersSize
	payloadHeader = 8
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
	if length < minPayload || length > maxPayload {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: payload of %d bytes, want %d to %d", path, length, minPayload, maxPayload)
	}
	dec, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(4*maxPayload))
	if err != nil {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: %w", path, err)
	}
	defer dec.Close()
	payload := make([]byte, length)
	if _, err := io.ReadFull(dec, payload); err != nil {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: corrupt: %w", path, err)
	}
	if n, _ := dec.Read(make([]byte, 1)); n != 0 {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: corrupt: trailing data", path)
	}
	if crc32.Checksum(payload, castagnoli) != sum {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: checksum mismatch", path)
	}
	t, err := decodePayload(payload)
	if err != nil {
		return nil, hdr, 0, fmt.Errorf("tw16: tables cache %s: corrupt: %w", path, err)
	}
	return t, hdr, st.Size(), nil
}

// decodePayload reads the tables from an uncompressed payload.
func decodePayload(payload []byte) (*partTables, error) {
	nSuit := uint64(binary.LittleEndian.Uint32(payload[0:]))
	nHonor := uint64(binary.LittleEndian.Uint32(payload[4:]))
	if want := payloadHeader + 8*(nSuit+nHonor) + numbersSize; uint64(len(payload)) != want {
		return nil, fmt.Errorf("payload of %d bytes for %d suit and %d honor rows, want %d", len(payload), nSuit, nHonor, want)
	}
	rows := make([]uint64, nSuit+nHonor)
	for i := range rows {
		rows[i] = binary.LittleEndian.Uint64(payload[payloadHeader+8*i:])
	}
	numbers := payload[payloadHeader+8*len(rows):]
	return newPartTables(rows[:nSuit], rows[nSuit:], numbers[:suitVectors], numbers[suitVectors:])
}

// encodePayload lays out the tables as the uncompressed payload.
func encodePayload(t *partTables) []byte {
	payload := make([]byte, 0, payloadHeader+8*(t.nSuit+t.nHonor)+numbersSize)
	payload = binary.LittleEndian.AppendUint32(payload, uint32(t.nSuit))
	payload = binary.LittleEndian.AppendUint32(payload, uint32(t.nHonor))
	for _, x := range t.suitRows[:t.nSuit] {
		payload = binary.LittleEndian.AppendUint64(payload, x)
	}
	for _, x := range t.honorRows[:t.nHonor] {
		payload = binary.LittleEndian.AppendUint64(payload, x)
	}
	payload = append(payload, t.suitRow[:suitVectors]...)
	return append(payload, t.honorRow[:honorVectors]...)
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
	enc, err := zstd.NewWriter(&buf, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<21))
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
	for idx := range suitVectors {
		if cached.suit(idx) != fresh.suit(idx) {
			return info, fmt.Errorf("tw16: tables cache %s: suit vector %d differs from a fresh build", path, idx)
		}
	}
	for idx := range honorVectors {
		if cached.honor(idx) != fresh.honor(idx) {
			return info, fmt.Errorf("tw16: tables cache %s: honor vector %d differs from a fresh build", path, idx)
		}
	}
	return info, nil
}
