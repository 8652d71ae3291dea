package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/interval"
)

// withPlay adds a play without peeking to records of a layout of tiles
// tiles, deterministic in the game: winnable boards are won two times in
// three, the rest lost with tiles left.
func withPlay(rs []Record, tiles int) []Record {
	out := slices.Clone(rs)
	for i := range out {
		r := &out[i]
		h := splitmix64(r.Game ^ 0x5eed)
		r.Played = true
		r.PlayNS = int64(h>>32)%1000 + 1
		if r.Verdict == Winnable && h%3 != 0 {
			r.Won, r.Moves, r.Left = true, tiles/2, 0
			continue
		}
		r.Moves = int(h>>8) % (tiles / 2)
		r.Left = tiles - 2*r.Moves
	}
	return out
}

func playHeader(first, boards uint64, strategy string) Header {
	h := testHeader(first, boards)
	h.Strategy = strategy
	return h
}

func TestPlayFieldsParse(t *testing.T) {
	// AppendJSON writes the play after everything else, "won" always
	// (false told from absent); both parsers read it alike.
	for _, c := range []struct {
		r    Record
		line string
	}{
		{Record{Game: 3, Verdict: Winnable, Method: "random", NS: 5, Scans: 1, Played: true, Won: true, Moves: 4, PlayNS: 77},
			`{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1,"won":true,"moves":4,"left":0,"play_ns":77}`},
		{Record{Game: 4, Verdict: Winnable, Method: "search", NS: 5, Scans: 1, Played: true, Moves: 1, Left: 6},
			`{"game":4,"verdict":"winnable","method":"search","ns":5,"scans":1,"won":false,"moves":1,"left":6}`},
		{Record{Game: 5, Verdict: Impossible, Method: "prune", NS: 5, Scans: 1, MinLeft: 2, Clear: 1, Playouts: 2, Played: true, Left: 8, PlayNS: 1},
			`{"game":5,"verdict":"impossible","method":"prune","ns":5,"scans":1,"min_left":2,"clear":1,"playouts":2,"won":false,"moves":0,"left":8,"play_ns":1}`},
	} {
		line := c.r.AppendJSON(nil)
		if string(line) != c.line {
			t.Errorf("AppendJSON\n%s\nwant\n%s", line, c.line)
		}
		var fast, slow Record
		if !fastParseRecord(line, &fast, map[string]Method{}) || parseRecord(line, &slow) != nil || fast != c.r || slow != c.r {
			t.Errorf("%s: fast %+v, slow %+v, want %+v", line, fast, slow, c.r)
		}
	}
	// A record of the main job has no play: "won" absent, Played false.
	var slow Record
	if err := parseRecord([]byte(`{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1}`), &slow); err != nil || slow.Played {
		t.Errorf("a record without a play: %+v, %v", slow, err)
	}
	base := `{"game":3,"verdict":"winnable","method":"random","ns":5,"scans":1`
	for _, bad := range []string{
		`,"won":true,"moves":4,"left":2}`,        // won with tiles left
		`,"won":false,"moves":4,"left":0}`,       // lost with none
		`,"won":true,"moves":4}`,                 // no left
		`,"moves":4,"left":0}`,                   // no won
		`,"won":true,"left":0}`,                  // no moves
		`,"play_ns":5}`,                          // a time without a play
		`,"won":false,"moves":-1,"left":10}`,     // negative
		`,"won":false,"moves":1,"left":1048577}`, // too many tiles
		`,"won":1,"moves":4,"left":0}`,           // not a boolean
		`,"won":"true","moves":4,"left":0}`,
	} {
		var fast Record
		if fastParseRecord([]byte(base+bad), &fast, map[string]Method{}) || parseRecord([]byte(base+bad), &slow) == nil {
			t.Errorf("accepted %s", base+bad)
		}
	}
}

func TestPlayRecordFile(t *testing.T) {
	recs := withPlay(withNS(expected(1, 300)), 8)
	for _, zst := range []bool{false, true} {
		h := playHeader(1, 300, "greedy")
		gh, got, trunc, err := decode(encode(t, zst, h, recs))
		h.Format, h.Version = Format, FormatVersion
		if err != nil || trunc || gh != h || !slices.Equal(got, recs) {
			t.Fatalf("zst %v: round trip: %v, header %+v", zst, err, gh)
		}
	}
	// The header names the strategy.
	data := encode(t, false, playHeader(1, 1, "lookahead"), nil)
	if !bytes.Contains(data, []byte(`"timeout_ns":0,"strategy":"lookahead"}`)) {
		t.Errorf("header %s", data)
	}
	if bytes.Contains(encode(t, false, testHeader(1, 1), nil), []byte("strategy")) {
		t.Errorf("a main-job header names a strategy")
	}
	// Records that do not fit the header are damage, named by line.
	for _, c := range []struct {
		name     string
		strategy string
		r        Record
		want     string
	}{
		{"no play", "greedy", Record{Game: 1, Verdict: Winnable, Method: "random"}, "test line 2: game 1: no play without peeking"},
		{"play in a main-job file", "", Record{Game: 1, Verdict: Winnable, Method: "random", Played: true, Won: true, Moves: 4},
			"test line 2: game 1: a play without peeking in a file that names no strategy"},
		{"tiles", "greedy", Record{Game: 1, Verdict: Winnable, Method: "random", Played: true, Moves: 1, Left: 4},
			"test line 2: game 1: 1 moves and 4 tiles left do not make the layout's 8 tiles"},
	} {
		_, _, _, err := decode(encode(t, false, playHeader(1, 5, c.strategy), []Record{c.r}))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.name, err, c.want)
		}
	}
}

func TestPlayStrategyMismatch(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, h Header, recs []Record) string {
		p := filepath.Join(dir, name)
		writeRecords(t, p, h, recs)
		return p
	}
	g := write("g.jsonl", playHeader(1, 10, "greedy"), withPlay(expected(1, 10), 8))
	r := write("r.jsonl", playHeader(11, 10, "random"), withPlay(expected(11, 10), 8))
	m := write("m.jsonl", testHeader(11, 10), expected(11, 10))
	if _, err := MergeFiles(context.Background(), []string{g, r}); err == nil || !strings.Contains(err.Error(), "cannot merge "+r+": "+r+" was written with strategy random; "+g+" with strategy greedy") {
		t.Errorf("merge of two strategies: %v", err)
	}
	if _, err := MergeFiles(context.Background(), []string{g, m}); err == nil || !strings.Contains(err.Error(), m+" was written with strategy none (no play without peeking); "+g+" with strategy greedy") {
		t.Errorf("merge of a play and a main-job file: %v", err)
	}
	before, _ := os.ReadFile(g)
	if _, err := ResumeRecords(g, playHeader(1, 10, "lookahead")); err == nil || !strings.Contains(err.Error(), "cannot resume "+g+": "+g+" was written with strategy greedy; this run has strategy lookahead") {
		t.Errorf("resume with another strategy: %v", err)
	}
	if after, _ := os.ReadFile(g); !bytes.Equal(before, after) {
		t.Error("refused resume changed the file")
	}

	// Another version of the same strategy neither merges nor resumes;
	// nor does a file that recorded no version.
	versioned := func(first uint64, version string) Header {
		h := playHeader(first, 10, "greedy")
		h.StrategyVersion = version
		return h
	}
	g1 := write("g1.jsonl", versioned(1, "1"), withPlay(expected(1, 10), 8))
	g2 := write("g2.jsonl", versioned(11, "2"), withPlay(expected(11, 10), 8))
	if _, err := MergeFiles(context.Background(), []string{g1, g2}); err == nil || err.Error() != "analysis: cannot merge "+g2+": "+g2+" was written with strategy version 2; "+g1+" with strategy version 1" {
		t.Errorf("merge of two versions: %v", err)
	}
	if _, err := MergeStrategies(context.Background(), []string{g1, g2}); err == nil || !strings.Contains(err.Error(), "strategy version 2; "+g1+" with strategy version 1") {
		t.Errorf("merge by strategy of two versions: %v", err)
	}
	if _, err := MergeFiles(context.Background(), []string{g1, g}); err == nil || !strings.Contains(err.Error(), g+" was written with strategy version unknown (not recorded); "+g1+" with strategy version 1") {
		t.Errorf("merge of an unversioned file: %v", err)
	}
	for _, c := range []struct {
		path string
		h    Header
		want string
	}{
		{g1, versioned(1, "2"), "was written with strategy version 1; this run has strategy version 2"},
		{g, versioned(1, "1"), "was written with strategy version unknown (not recorded); this run has strategy version 1"},
	} {
		before, _ := os.ReadFile(c.path)
		if _, err := ResumeRecords(c.path, c.h); err == nil || err.Error() != "analysis: cannot resume "+c.path+": "+c.path+" "+c.want {
			t.Errorf("resume of %s with version %s: %v", c.path, c.h.StrategyVersion, err)
		}
		if after, _ := os.ReadFile(c.path); !bytes.Equal(before, after) {
			t.Errorf("refused resume changed %s", c.path)
		}
	}
	if m, err := MergeFiles(context.Background(), []string{g1, write("g3.jsonl", versioned(11, "1"), withPlay(expected(11, 10), 8))}); err != nil || m.Header.StrategyVersion != "1" {
		t.Errorf("merge of one version: %v", err)
	}
}

func TestMergePlayShardsEqualsOneFile(t *testing.T) {
	// Shards of a play merged with MergeRecords give the file of one run,
	// byte for byte (won, moves, left and play_ns included).
	dir := t.TempDir()
	recs := withPlay(withNS(expected(1, 900)), 8)
	var paths []string
	for i, cut := range [][2]int{{0, 300}, {300, 600}, {600, 900}} {
		p := filepath.Join(dir, "s"+string(rune('a'+i))+".jsonl.zst")
		h := playHeader(uint64(cut[0]+1), uint64(cut[1]-cut[0]), "greedy")
		if err := os.WriteFile(p, encode(t, true, h, recs[cut[0]:cut[1]]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	var merged bytes.Buffer
	m, err := MergeRecords(context.Background(), paths, &merged, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := encode(t, false, playHeader(1, 900, "greedy"), recs); !bytes.Equal(merged.Bytes(), want) {
		t.Error("merged shards differ from the one file")
	}
	var whole Summary
	for _, r := range recs {
		whole.Add(r)
	}
	if m.Summary.Play != whole.Play || m.Summary.Play.Boards != 900 {
		t.Errorf("merged play stats %+v, want %+v", m.Summary.Play, whole.Play)
	}
}

func TestPlayStatsValues(t *testing.T) {
	// Ten hand-made boards: 8 winnable (5 won, 3 lost leaving 4, 10, 16
	// tiles), 2 impossible (lost, leaving 2 and 8), plus one board of the
	// main job without a play, which does not count.
	var s Summary
	add := func(v Verdict, won bool, left int, ns int64) {
		s.Add(Record{Game: uint64(s.Boards + 1), Verdict: v, Method: "random", Played: true, Won: won, Moves: (144 - left) / 2, Left: left, PlayNS: ns})
	}
	for range 5 {
		add(Winnable, true, 0, 100)
	}
	add(Winnable, false, 4, 200)
	add(Winnable, false, 10, 200)
	add(Winnable, false, 16, 200)
	add(Impossible, false, 2, 400)
	add(Impossible, false, 8, 0)
	s.Add(Record{Game: 99, Verdict: Winnable, Method: "random"})
	p := &s.Play
	if p.Boards != 10 || p.Won != 5 || p.Lost() != 5 || p.Winnable != 8 || p.Impossible != 2 || p.WinnableLost != 3 || p.WonImpossible != 0 || p.NoTime != 1 {
		t.Fatalf("counts %+v", p)
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %.12g, want %.12g", what, got, want)
		}
	}
	rate, lo, hi := p.WinRate()
	near("win rate", rate, 0.5)
	wlo, whi := interval.Wilson(5, 10, interval.Z95)
	near("win lo", lo, wlo)
	near("win hi", hi, whi)
	// Wilson's 95% interval of 5/10: 0.2366 to 0.7634 (a textbook value).
	near("win lo (published)", math.Round(lo*1e4)/1e4, 0.2366)
	rate, lo, hi = p.Price()
	near("price", rate, 3.0/8)
	plo, phi := interval.Wilson(3, 8, interval.Z95)
	near("price lo", lo, plo)
	near("price hi", hi, phi)
	rate, _, _ = p.PeekRate()
	near("peek rate", rate, 0.8)
	near("mean left on lost boards", p.MeanLeftLost(), (4+10+16+2+8)/5.0)
	if p.Time.Count != 9 || p.Time.Mean() != 1500/9 || p.Time.Max != 400 {
		t.Errorf("play time: %d plays, mean %d, max %d", p.Time.Count, p.Time.Mean(), p.Time.Max)
	}
	// A won impossible board is counted apart (a bug somewhere).
	s.Add(Record{Game: 100, Verdict: Impossible, Method: "prune", Played: true, Won: true, Moves: 72})
	if p.WonImpossible != 1 {
		t.Errorf("won impossible: %d", p.WonImpossible)
	}
	// No boards: the rate 0 in [0, 1].
	var empty PlayStats
	if r, lo, hi := empty.Price(); r != 0 || lo != 0 || hi != 1 || empty.MeanLeftLost() != 0 {
		t.Errorf("empty: price %g in %g..%g", r, lo, hi)
	}
}

func TestPlayStatsMergeEqualsAdd(t *testing.T) {
	recs := withPlay(withNS(expected(1, 2000)), 144)
	var whole, a, b Summary
	for i, r := range recs {
		whole.Add(r)
		if i%3 == 0 {
			a.Add(r)
		} else {
			b.Add(r)
		}
	}
	a.Merge(&b)
	if a.Play != whole.Play || whole.Play.Boards != 2000 || whole.Play.Won == 0 || whole.Play.WinnableLost == 0 {
		t.Errorf("merged %+v, want %+v", a.Play, whole.Play)
	}
}

func TestMergeStrategies(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, h Header, recs []Record) string {
		p := filepath.Join(dir, name)
		writeRecords(t, p, h, recs)
		return p
	}
	recs := withPlay(expected(1, 20), 8)
	g1 := write("g1.jsonl", playHeader(1, 10, "greedy"), recs[:10])
	r := write("r.jsonl", playHeader(1, 20, "random"), recs)
	g2 := write("g2.jsonl", playHeader(11, 10, "greedy"), recs[10:])
	ms, err := MergeStrategies(context.Background(), []string{g1, r, g2})
	if err != nil || len(ms) != 2 {
		t.Fatalf("%v, %v", ms, err)
	}
	if ms[0].Header.Strategy != "greedy" || ms[0].Files != 2 || ms[0].Summary.Play.Boards != 20 ||
		ms[1].Header.Strategy != "random" || ms[1].Files != 1 || ms[1].Summary.Play != ms[0].Summary.Play {
		t.Errorf("groups %+v %+v", ms[0], ms[1])
	}
	m := write("m.jsonl", testHeader(1, 20), expected(1, 20))
	if _, err := MergeStrategies(context.Background(), []string{g1, m}); !errors.Is(err, ErrNoPlay) || !strings.Contains(err.Error(), m+": records of the main job") {
		t.Errorf("a main-job file: %v", err)
	}
}

// TestMergeStrategiesRefusesOtherExperiments checks that the strategies
// compared in one plot played the same experiment: a file of another
// layout or seed is refused, naming both files and what differs, rather
// than drawn beside the others as if it played the same boards.
func TestMergeStrategiesRefusesOtherExperiments(t *testing.T) {
	dir := t.TempDir()
	recs := withPlay(expected(1, 10), 8)
	g := filepath.Join(dir, "g.jsonl")
	writeRecords(t, g, playHeader(1, 10, "greedy"), recs)
	for _, c := range []struct {
		what string
		edit func(*Header)
	}{
		{"seed 2", func(h *Header) { h.Seed = 2 }},
		{"layout other", func(h *Header) { h.Layout = "other" }},
	} {
		h := playHeader(1, 10, "random")
		c.edit(&h)
		r := filepath.Join(dir, "r.jsonl")
		writeRecords(t, r, h, recs)
		_, err := MergeStrategies(context.Background(), []string{g, r})
		if err == nil || !strings.Contains(err.Error(), c.what) || !strings.Contains(err.Error(), g) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want a one-line error naming %s and %q", c.what, err, g, c.what)
		}
		os.Remove(r)
	}
}

func TestRecordEncodingJSON(t *testing.T) {
	// encoding/json writes a record as AppendJSON does and reads it back
	// as the record readers do: a board not played has no "won" (which
	// would read as a loss), and a play survives the round trip.
	for _, r := range []Record{
		{Game: 1, Verdict: Winnable, Method: "random", NS: 5, Scans: 1},
		{Game: 2, Verdict: Impossible, Method: "prune", NS: 5, Scans: 1, Played: true, Moves: 3, Left: 8, PlayNS: 7},
		{Game: 3, Verdict: Winnable, Method: "search", NS: 5, Played: true, Won: true, Moves: 7},
	} {
		b, err := json.Marshal(r)
		if err != nil || string(b) != string(r.AppendJSON(nil)) {
			t.Errorf("game %d: %s, %v; want %s", r.Game, b, err, r.AppendJSON(nil))
		}
		var back Record
		if err := json.Unmarshal(b, &back); err != nil || back != r {
			t.Errorf("game %d: read back %+v, %v", r.Game, back, err)
		}
	}
	var r Record
	if err := json.Unmarshal([]byte(`{"game":1,"verdict":"winnable","method":"x","ns":1,"scans":0,"won":true,"moves":3,"left":2}`), &r); err == nil {
		t.Errorf("a won board with tiles left read as %+v", r)
	}
}

// The Context variants of MergeStrategies and ReadPlotData stop with an
// error wrapping ctx.Err() when ctx is done; a merge stopped after the
// first strategy's files returns no partial result either.
func TestMergeStrategiesAndPlotDataCancel(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "g.jsonl")
	writeRecords(t, g, playHeader(1, 20, "greedy"), withPlay(expected(1, 20), 8))
	r := filepath.Join(dir, "r.jsonl")
	writeRecords(t, r, playHeader(1, 20, "random"), withPlay(expected(1, 20), 8))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if ms, err := MergeStrategies(ctx, []string{g, r}); !errors.Is(err, context.Canceled) || ms != nil {
		t.Errorf("MergeStrategies, cancelled: %v, %v", ms, err)
	}
	// The greedy file is read with one look at the context; the random one
	// is not.
	if ms, err := MergeStrategies(&cancelledAfter{context.Background(), 1}, []string{g, r}); !errors.Is(err, context.Canceled) || ms != nil {
		t.Errorf("MergeStrategies, cancelled after one file: %v, %v", ms, err)
	}
	if d, err := ReadPlotData(ctx, []string{g}, 10); !errors.Is(err, context.Canceled) || d != nil {
		t.Errorf("ReadPlotData, cancelled: %v, %v", d, err)
	}
	if d, err := ReadPlotData(context.Background(), []string{g}, 10); err != nil || d.Merge.Summary.Boards != 20 {
		t.Errorf("ReadPlotData, not cancelled: %v", err)
	}
}
