package analysis

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRecordCPUTime: the CPU time of a record is written as "cpu_ns" after "ns", read back by both
// parsers, and counted by the summary and the time plot's data instead of the
// wall time; a record without it (an older file) counts its wall time and is
// counted in NoCPU.
func TestRecordCPUTime(t *testing.T) {
	recs := []Record{{Game: 1, Verdict: Winnable, Method: "random", NS: 9_000_000, CPUNS: 1000, Scans: 3},
		{Game: 2, Verdict: Impossible, Method: "prune", NS: 2000, Scans: 1}}
	data := encode(t, false, testHeader(1, 2), recs)
	if want := `{"game":1,"verdict":"winnable","method":"random","ns":9000000,"cpu_ns":1000,"scans":3}` + "\n" +
		`{"game":2,"verdict":"impossible","method":"prune","ns":2000,"scans":1}` + "\n"; !strings.HasSuffix(string(data), want) {
		t.Errorf("file:\n%s", data)
	}
	var slow Record
	if err := parseRecord(recs[0].AppendJSON(nil), &slow); err != nil || slow != recs[0] {
		t.Errorf("json parser: %+v, %v", slow, err)
	}
	_, got, _, err := decode(data)
	if err != nil || !slices.Equal(got, recs) {
		t.Fatalf("read back: %v, %+v", err, got)
	}
	var s Summary
	for _, r := range got {
		s.Add(r)
	}
	if s.Time.Max != 2000 || s.Time.MaxGame != 2 || s.WallTime.Max != 9_000_000 || s.NoCPU != 1 || s.MethodNS["random"] != 1000 {
		t.Errorf("summary: CPU max %d (game %d), wall max %d, no CPU %d", s.Time.Max, s.Time.MaxGame, s.WallTime.Max, s.NoCPU)
	}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	os.WriteFile(path, data, 0o644)
	pd, err := ReadPlotData(context.Background(), []string{path}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range pd.Methods {
		if m.Method == "random" && m.Time.Max != 1000 {
			t.Errorf("plot data: random boards' time %d, want their CPU time", m.Time.Max)
		}
	}
}
