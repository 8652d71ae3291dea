package tw16

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mjsolve/mjsolve"
)

// TestCacheRoundTrip builds the tables into an empty cache directory, then
// loads them back, and checks that a corrupt or truncated file is rebuilt.
func TestCacheRoundTrip(t *testing.T) {
	dir := t.TempDir()
	o := TableOptions{CacheDir: dir}
	path, err := o.CachePath()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, cacheName); path != want {
		t.Fatalf("CachePath() = %q, want %q", path, want)
	}

	built := LoadTables(o)
	info := built.Info()
	if info.FromCache || info.CacheErr != nil || info.Size == 0 || info.BuildTime <= 0 || info.Path != path {
		t.Fatalf("first load: %+v", info)
	}
	st, err := os.Stat(path)
	if err != nil || st.Size() != info.Size {
		t.Fatalf("cache file: %v, size %v, info says %d", err, st, info.Size)
	}
	loaded := LoadTables(o)
	info2 := loaded.Info()
	if !info2.FromCache || info2.CacheErr != nil || info2.BuildTime != info.BuildTime || !info2.Built.Equal(info.Built) {
		t.Fatalf("second load: %+v (first %+v)", info2, info)
	}
	if diff := tablesDiff(built.loaded(), loaded.loaded()); diff != "" {
		t.Fatalf("after the round trip: %s", diff)
	}
	if _, err := VerifyTables(o); err != nil {
		t.Fatalf("VerifyTables: %v", err)
	}
	rebuilt := LoadTables(TableOptions{CacheDir: dir, Rebuild: true}).Info()
	if rebuilt.FromCache || rebuilt.CacheErr != nil || rebuilt.Built.Equal(info.Built) {
		t.Fatalf("rebuild: %+v (first %+v)", rebuilt, info)
	}

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, want string
		data       []byte
	}{
		{"truncated", "corrupt", data[:len(data)/2]},
		{"flipped byte", "", flip(data, len(data)-100)},
		{"short header", "short header", data[:10]},
		{"bad magic", "not a tables cache", flip(data, 0)},
		{"other version", "format version", flip(data, 8)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := VerifyTables(o); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("VerifyTables on a %s file: %v, want an error with %q", c.name, err, c.want)
			}
			info := LoadTables(o).Info()
			if info.FromCache || info.CacheErr == nil {
				t.Errorf("load of a %s file: %+v, want a rebuild with the reason", c.name, info)
			}
			if _, err := VerifyTables(o); err != nil {
				t.Errorf("after the rebuild: %v", err)
			}
		})
	}
}

func flip(data []byte, i int) []byte {
	out := append([]byte(nil), data...)
	out[i] ^= 0x55
	return out
}

// TestCacheUnwritable checks that the tables work when the cache directory
// cannot be written, and say why.
func TestCacheUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	ts := LoadTables(TableOptions{CacheDir: filepath.Join(file, "sub")}) // a directory under a file
	if info := ts.Info(); info.CacheErr == nil || ts.loaded().nSuit != 187 {
		t.Fatalf("got %+v, want built tables and a cache error", info)
	}
	if got, err := ts.Shanten(mjsolve.MustParseCounts("1111222233334444z")); err != nil || got != 4 {
		t.Fatalf("Shanten with tables built in memory: %d, %v; want 4", got, err)
	}
}

// TestNoCache checks that NoCache builds the tables without touching a file.
func TestNoCache(t *testing.T) {
	dir := t.TempDir()
	ts := LoadTables(TableOptions{CacheDir: dir, NoCache: true})
	if info := ts.Info(); info.FromCache || info.Path != "" || info.CacheErr != nil || info.BuildTime <= 0 {
		t.Fatalf("NoCache: %+v", info)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Fatalf("NoCache wrote into the cache directory: %v, %v", entries, err)
	}
	h := mjsolve.MustParseCounts("1122m3344p5566s777z1s")
	if got, err := ts.Shanten(h); err != nil || got != 3 {
		t.Errorf("Shanten: %d, %v; want 3", got, err)
	}
	if got, err := (Forms{Ligu: true, Tables: ts}).Shanten(h); err != nil || got != 0 {
		t.Errorf("Forms{Ligu, Tables}.Shanten: %d, %v; want 0", got, err)
	}
}

// tablesDiff describes the first difference between two sets of tables,
// entry by entry and in the pair tables; "" when they are the same.
func tablesDiff(a, b *partTables) string {
	for idx := range suitVectors {
		if a.suit(idx) != b.suit(idx) {
			return fmt.Sprintf("suit vector %d: %#x and %#x", idx, a.suit(idx), b.suit(idx))
		}
	}
	for idx := range honorVectors {
		if a.honor(idx) != b.honor(idx) {
			return fmt.Sprintf("honor vector %d: %#x and %#x", idx, a.honor(idx), b.honor(idx))
		}
	}
	if !a.pairs.equal(&b.pairs) {
		return "the pair tables differ"
	}
	return ""
}

// TestCacheCorruptPayload checks that a payload whose checksum holds but
// whose contents do not fit is refused: row counts and row numbers.
func TestCacheCorruptPayload(t *testing.T) {
	good := encodePayload(tables())
	if _, err := decodePayload(good); err != nil {
		t.Fatalf("the payload of the tables: %v", err)
	}
	for _, c := range []struct {
		name, want string
		edit       func([]byte) []byte
	}{
		{"no suit rows", "payload of", func(p []byte) []byte { binary.LittleEndian.PutUint32(p, 0); return p }},
		{"300 honor rows", "payload of", func(p []byte) []byte { binary.LittleEndian.PutUint32(p[4:], 300); return p }},
		{"short", "payload of", func(p []byte) []byte { return p[:len(p)-1] }},
		{"suit row number out of range", "suit row number 200 of 187", func(p []byte) []byte {
			p[len(p)-numbersSize+12345] = 200
			return p
		}},
		{"X class out of range", "X class 65535 of 275", func(p []byte) []byte {
			at := payloadHeader + 8*(187+83) + 8
			p[at], p[at+1] = 0xff, 0xff
			return p
		}},
		{"replacement number out of range", "replacement number 200", func(p []byte) []byte {
			p[len(p)-numbersSize-1] = 200
			return p
		}},
		{"honor row number out of range", "honor row number 99 of 83", func(p []byte) []byte {
			p[len(p)-1] = 99
			return p
		}},
	} {
		p := c.edit(append([]byte(nil), good...))
		if _, err := decodePayload(p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// OpenTables loads nothing until an analysis's input passes its checks:
// every analysis refuses a part of the wrong size, or a fifth copy, with the
// cache directory still empty; then goroutines analysing at once load the
// tables once and agree with LoadTables's.
func TestOpenTablesLoadsOnFirstGoodHand(t *testing.T) {
	dir := t.TempDir()
	ts := OpenTables(TableOptions{CacheDir: dir})
	bad := []func() error{
		func() error { _, err := ts.Shanten(mjsolve.MustParseCounts("123m")); return err },
		func() error { _, err := ts.Shanten(mjsolve.MustParseCounts("123456789m123456789p")); return err },
		func() error { _, err := ts.Shanten(mjsolve.Counts{5}); return err },
		func() error { _, err := ts.Waits(mjsolve.MustParseCounts("12m"), nil); return err },
		func() error { _, err := ts.Effective(mjsolve.MustParseCounts("12m"), nil, nil); return err },
		func() error { _, err := ts.Advise(mjsolve.MustParseCounts("1m"), nil, nil); return err },
		func() error {
			_, err := (Forms{Ligu: true, Tables: ts}).Shanten(mjsolve.MustParseCounts("12m3p"))
			return err
		},
	}
	for i, f := range bad {
		if err := f(); err == nil {
			t.Errorf("bad input %d: no error", i)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("bad input %d loaded the tables (%s)", i, ents[0].Name())
		}
	}
	hand := mjsolve.MustParseCounts("1122m3344p5566s777z1s")
	want, err := LoadTables(TableOptions{NoCache: true}).Shanten(hand)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]int, 4)
	for i := range got {
		wg.Go(func() { got[i], _ = ts.Shanten(hand) })
	}
	wg.Wait()
	for i, g := range got {
		if g != want {
			t.Errorf("goroutine %d: shanten %d, want %d", i, g, want)
		}
	}
	if info := ts.Info(); info.Path != filepath.Join(dir, cacheName) || info.FromCache || info.CacheErr != nil {
		t.Errorf("info %+v: want built and cached in %s", info, dir)
	}
}

// TestShantenDefaultTablesCheckFirst: Shanten with the default tables
// refuses a part of the wrong size before loading them, as Waits,
// Effective and Advise do and as a TableSet of OpenTables does, rather
// than build and cache the default tables (about half a second) only to
// say the size is wrong. It runs again in a process of its own, where nothing
// has loaded the default tables yet.
func TestShantenDefaultTablesCheckFirst(t *testing.T) {
	if os.Getenv("TW16_FRESH_DEFAULTS") == "1" {
		_, err := Shanten(mjsolve.MustParseCounts("123m"))
		ents, _ := os.ReadDir(defaults.opts.CacheDir)
		if err == nil || len(ents) != 0 || defaults.loaded.Load() != nil {
			t.Fatalf("Shanten(123m) = %v, with %d files in the cache, default tables loaded %v",
				err, len(ents), defaults.loaded.Load() != nil)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestShantenDefaultTablesCheckFirst$", "-test.count=1")
	cmd.Env = append(os.Environ(), "TW16_FRESH_DEFAULTS=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
