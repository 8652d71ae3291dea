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

// Cache file layout (format version 3), little-endian:
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
//	  nX, nY         uint32 each: the numbers of X and Y classes (1..512)
//	  honorSuit      the X class of honor row h and suit row a at h×nSuit+a, uint16 each
//	  suitSuit       the Y class of suit rows a and b at a×nSuit+b, uint16 each
//	  final          the replacement number of k sets for classes x and y at
//	                 (k×nX+x)×nY+y, k = 0..5, a byte each
//	  numbers        5^9 suit row numbers, then 5^7 honor row numbers, a byte each
//
// Version 1 held the packed row of every vector (16 MB uncompressed);
// version 2 did not hold the pair tables, which every program then derived
// when it loaded the tables (two thirds of the load's time, and most of the
// start of a "mjsolve tw16 bot" process).
const (
	cacheMagic    = "mjsolvT\x16"
	cacheVersion  = 3
	cacheName     = "tw16-tables-v3.zst"
	headerSize    = 8 + 4 + 8 + 8 + 8 + 4
	numbersSize   = suitVectors + honorVectors
	maxClasses    = 1 << classBits
	maxPayload    = 8 + 8*2*maxRows + 8 + 2*2*maxRows*maxRows + (maxMelds+1)*maxClasses*maxClasses + numbersSize
	minPayload    = 8 + 8*2 + 8 + 2*2 + (maxMelds + 1) + numbersSize
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
	if len(payload) < payloadHeader {
		return nil, fmt.Errorf("payload of %d bytes", len(payload))
	}
	nSuit := uint64(binary.LittleEndian.Uint32(payload[0:]))
	nHonor := uint64(binary.LittleEndian.Uint32(payload[4:]))
	if nSuit == 0 || nSuit > maxRows || nHonor == 0 || nHonor > maxRows {
		return nil, fmt.Errorf("payload of %d bytes for %d suit and %d honor rows, want 1..%d of each", len(payload), nSuit, nHonor, maxRows)
	}
	at := payloadHeader + 8*(nSuit+nHonor) // nX, nY
	if uint64(len(payload)) < at+8+numbersSize {
		return nil, fmt.Errorf("payload of %d bytes for %d suit and %d honor rows, too short", len(payload), nSuit, nHonor)
	}
	nX := uint64(binary.LittleEndian.Uint32(payload[at:]))
	nY := uint64(binary.LittleEndian.Uint32(payload[at+4:]))
	if nX == 0 || nX > maxClasses || nY == 0 || nY > maxClasses {
		return nil, fmt.Errorf("payload of %d bytes for %d X and %d Y classes, want 1..%d of each", len(payload), nX, nY, maxClasses)
	}
	hsAt := at + 8
	ssAt := hsAt + 2*nHonor*nSuit
	finalAt := ssAt + 2*nSuit*nSuit
	numAt := finalAt + (maxMelds+1)*nX*nY
	if want := numAt + numbersSize; uint64(len(payload)) != want {
		return nil, fmt.Errorf("payload of %d bytes for %d suit and %d honor rows and %d and %d classes, want %d", len(payload), nSuit, nHonor, nX, nY, want)
	}
	rows := make([]uint64, nSuit+nHonor)
	for i := range rows {
		rows[i] = binary.LittleEndian.Uint64(payload[payloadHeader+8*i:])
	}
	numbers := payload[numAt:]
	t, err := assemblePartTables(rows[:nSuit], rows[nSuit:], numbers[:suitVectors], numbers[suitVectors:])
	if err != nil {
		return nil, err
	}
	if err := t.pairs.load(t, int(nX), int(nY), payload[hsAt:ssAt], payload[ssAt:finalAt], payload[finalAt:numAt]); err != nil {
		return nil, err
	}
	return t, nil
}

// encodePayload lays out the tables as the uncompressed payload.
func encodePayload(t *partTables) []byte {
	pt := &t.pairs
	payload := make([]byte, 0, payloadHeader+8*(t.nSuit+t.nHonor)+8+2*(t.nHonor+t.nSuit)*t.nSuit+(maxMelds+1)*pt.nX*pt.nY+numbersSize)
	payload = binary.LittleEndian.AppendUint32(payload, uint32(t.nSuit))
	payload = binary.LittleEndian.AppendUint32(payload, uint32(t.nHonor))
	for _, x := range t.suitRows[:t.nSuit] {
		payload = binary.LittleEndian.AppendUint64(payload, x)
	}
	for _, x := range t.honorRows[:t.nHonor] {
		payload = binary.LittleEndian.AppendUint64(payload, x)
	}
	payload = binary.LittleEndian.AppendUint32(payload, uint32(pt.nX))
	payload = binary.LittleEndian.AppendUint32(payload, uint32(pt.nY))
	for h := range t.nHonor {
		for a := range t.nSuit {
			payload = binary.LittleEndian.AppendUint16(payload, uint16(pt.honorSuit[h<<8|a]>>classBits))
		}
	}
	for a := range t.nSuit {
		for b := range t.nSuit {
			payload = binary.LittleEndian.AppendUint16(payload, pt.suitSuit[a<<8|b])
		}
	}
	for k := range maxMelds + 1 {
		for x := range pt.nX {
			payload = append(payload, pt.final[k<<18|x<<classBits:][:pt.nY]...)
		}
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
	if !cached.pairs.equal(&fresh.pairs) {
		return info, fmt.Errorf("tw16: tables cache %s: the pair tables differ from a fresh build", path)
	}
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
