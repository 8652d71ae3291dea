package tw16

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCacheRoundTrip builds the tables into an empty cache directory, then
// loads them back, and checks that a corrupt or truncated file is rebuilt.
func TestCacheRoundTrip(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(CacheDirEnv, dir)
	path, err := CachePath()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, cacheName); path != want {
		t.Fatalf("CachePath() = %q, want %q", path, want)
	}

	built, info := loadOrBuild(false)
	if info.FromCache || info.CacheErr != nil || info.Size == 0 || info.BuildTime <= 0 {
		t.Fatalf("first load: %+v", info)
	}
	st, err := os.Stat(path)
	if err != nil || st.Size() != info.Size {
		t.Fatalf("cache file: %v, size %v, info says %d", err, st, info.Size)
	}
	loaded, info2 := loadOrBuild(false)
	if !info2.FromCache || info2.CacheErr != nil || info2.BuildTime != info.BuildTime || !info2.Built.Equal(info.Built) {
		t.Fatalf("second load: %+v (first %+v)", info2, info)
	}
	if i, ok := firstDiff(built.suit, loaded.suit); !ok {
		t.Fatalf("suit row %d differs after the round trip", i)
	}
	if i, ok := firstDiff(built.honor, loaded.honor); !ok {
		t.Fatalf("honor row %d differs after the round trip", i)
	}
	if _, err := VerifyTables(); err != nil {
		t.Fatalf("VerifyTables: %v", err)
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
			if _, err := VerifyTables(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("VerifyTables on a %s file: %v, want an error with %q", c.name, err, c.want)
			}
			_, info := loadOrBuild(false)
			if info.FromCache || info.CacheErr == nil {
				t.Errorf("load of a %s file: %+v, want a rebuild with the reason", c.name, info)
			}
			if _, err := VerifyTables(); err != nil {
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
	t.Setenv(CacheDirEnv, filepath.Join(file, "sub")) // a directory under a file
	tb, info := loadOrBuild(false)
	if info.CacheErr == nil || len(tb.suit) != suitVectors {
		t.Fatalf("got %+v, want built tables and a cache error", info)
	}
}
