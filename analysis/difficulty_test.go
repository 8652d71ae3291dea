package analysis

import (
	"math"
	"testing"
)

func TestClearFieldsParse(t *testing.T) {
	// The fast and the general parser read "clear" and "playouts" alike;
	// AppendJSON writes them together; bad combinations are refused.
	r := Record{Game: 3, Verdict: Winnable, Method: "random", NS: 5, Scans: 1, Clear: 0, Playouts: 100}
	line := r.AppendJSON(nil)
	if string(line) != `{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1,"clear":0,"playouts":100}` {
		t.Errorf("line %s", line)
	}
	var fast, slow Record
	if !fastParseRecord(line, &fast, map[string]Method{}) || parseRecord(line, &slow) != nil || fast != r || slow != r {
		t.Errorf("fast %+v, slow %+v, want %+v", fast, slow, r)
	}
	old := []byte(`{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1}`)
	if parseRecord(old, &slow) != nil || slow.Playouts != 0 {
		t.Errorf("a record without playouts: %+v", slow)
	}
	for _, bad := range []string{
		`{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1,"clear":101,"playouts":100}`,
		`{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1,"clear":1}`,
		`{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1,"playouts":10}`,
		`{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1,"clear":-1,"playouts":10}`,
	} {
		if fastParseRecord([]byte(bad), &fast, map[string]Method{}) || parseRecord([]byte(bad), &slow) == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestDifficultyStats(t *testing.T) {
	var d DifficultyStats
	for _, c := range []int64{0, 0, 1, 10, 50, 100} {
		d.Add(Record{Clear: c, Playouts: 100})
	}
	d.Add(Record{Verdict: Impossible})
	if d.Boards != 6 || d.Never != 2 || d.Clears != 161 || math.Abs(d.Mean()-1.61/6) > 1e-12 {
		t.Errorf("%+v mean %v", d, d.Mean())
	}
	if d.Bins[DifficultyBin(0.01)] != 1 || d.Bins[DifficultyBins] != 1 || DifficultyBin(1) != DifficultyBins || DifficultyBin(0.1) != 40 {
		t.Errorf("bins %v", d.Bins)
	}
	if q := d.Quantile(0.3); q != 0 {
		t.Errorf("30%% quantile %v, want 0 (never cleared)", q)
	}
	if q := d.Quantile(1); q != 1 {
		t.Errorf("max %v", q)
	}
	if lo, hi := DifficultyBinRange(40); math.Abs(lo-0.1) > 1e-12 || math.Abs(hi-math.Pow(10, -0.9)) > 1e-12 {
		t.Errorf("bin 40: %v–%v", lo, hi)
	}
	var e DifficultyStats
	e.Merge(&d)
	if e != d {
		t.Errorf("merge %+v", e)
	}
}
