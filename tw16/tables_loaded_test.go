package tw16

import (
	"testing"

	"github.com/mjsolve/mjsolve"
)

// TestTableSetLoaded: Loaded tells nothing until an analysis needs the
// tables, then what Info tells, and never loads them itself.
func TestTableSetLoaded(t *testing.T) {
	ts := OpenTables(TableOptions{NoCache: true})
	if _, ok := ts.Loaded(); ok {
		t.Fatal("tables loaded before any use")
	}
	if _, ok := ts.Loaded(); ok || ts.pt.Load() != nil {
		t.Fatal("Loaded loaded the tables")
	}
	c, err := mjsolve.ParseCounts("123m456p789s11z22z33z4z")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := ts.Shanten(c); err != nil || n != 1 {
		t.Fatalf("Shanten = %d, %v", n, err)
	}
	info, ok := ts.Loaded()
	if !ok || info != ts.Info() || info.FromCache || info.CacheErr != nil || info.Path != "" {
		t.Errorf("Loaded = %+v, %v; Info %+v", info, ok, ts.Info())
	}
}
