package runs

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/interval"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
	"github.com/mjsolve/mjsolve/solver"
)

// untimed is records without their times, which differ between runs.
func untimed(rs []analysis.Record) []analysis.Record {
	out := slices.Clone(rs)
	for i := range out {
		out[i].NS, out[i].CPUNS, out[i].PlayNS = 0, 0, 0
	}
	return out
}

func TestPlayRecords(t *testing.T) {
	// Every record of a play holds the strategy's game, which is the game
	// a player of the strategy plays on the dealt board with a PCG seeded
	// from (seed, strategy) and the game: the same whatever the workers.
	l := builtin(t, "turtle40")
	geo, _ := solitaire.Compile(l)
	dealer, _ := solitaire.DealerByName("pcg", 7)
	for _, st := range nopeek.Strategies() {
		out := filepath.Join(t.TempDir(), st+".jsonl")
		j, err := Prepare(Spec{Layout: l, Seed: 7, First: 11, Boards: 40, Workers: 2, Strategy: st, Out: out})
		if err != nil {
			t.Fatal(err)
		}
		if h := j.Header(); h.Strategy != st {
			t.Errorf("header strategy %q", h.Strategy)
		}
		res, err := j.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		recs, h := readAll(t, out)
		if h.Strategy != st || len(recs) != 40 || res.Summary.Play.Boards != 40 {
			t.Fatalf("%s: header %+v, %d records, %d played", st, h, len(recs), res.Summary.Play.Boards)
		}
		p, _ := nopeek.NewPlayer(geo, st)
		won := 0
		for _, r := range recs {
			want := p.Play(dealer.Deal(r.Game, geo.N, nil), rand.NewPCG(playSeed(7, st), r.Game))
			if !r.Played || r.Won != want.Won || r.Moves != want.Moves || r.Left != want.Left || 2*r.Moves+r.Left != 40 {
				t.Errorf("%s game %d: won %v moves %d left %d, want %+v", st, r.Game, r.Won, r.Moves, r.Left, want)
			}
			if r.Won && r.Verdict != solver.Winnable {
				t.Errorf("%s game %d: won without peeking, %s with peeking", st, r.Game, r.Verdict)
			}
			if r.Won {
				won++
			}
		}
		if int64(won) != res.Summary.Play.Won {
			t.Errorf("%s: summary won %d, records %d", st, res.Summary.Play.Won, won)
		}
	}
	// The streams differ by strategy and seed.
	if playSeed(1, "greedy") == playSeed(1, "random") || playSeed(1, "greedy") == playSeed(2, "greedy") {
		t.Error("play seeds collide")
	}
}

// runPlayFile runs one strategy over games first..first+boards−1 of
// turtle40 (or a shard of them) into out and returns its records.
func runPlayFile(t *testing.T, st, out string, boards uint64, shard Shard, workers int) []analysis.Record {
	t.Helper()
	res, err := Play(context.Background(), PlaySpec{Spec: Spec{Layout: builtin(t, "turtle40"), Seed: 3, First: 1, Boards: boards,
		Shard: shard, Workers: workers}, Strategies: []string{st}, Out: out})
	if err != nil || res.Interrupted {
		t.Fatalf("%s: %v", st, err)
	}
	recs, _ := readAll(t, out)
	return recs
}

func TestPlayShardsMergeToOneRun(t *testing.T) {
	// Three shards on two workers, merged, give the records of one run on
	// one worker, won, moves and left included.
	dir := t.TempDir()
	for _, st := range nopeek.Strategies() {
		one := runPlayFile(t, st, filepath.Join(dir, st+"-one.jsonl.zst"), 45, Shard{}, 1)
		var parts []string
		for i := uint64(1); i <= 3; i++ {
			p := filepath.Join(dir, st+"-part"+string(rune('0'+i))+".jsonl.zst")
			runPlayFile(t, st, p, 45, Shard{I: i, N: 3}, 2)
			parts = append(parts, p)
		}
		merged := filepath.Join(dir, st+"-merged.jsonl")
		f, _ := os.Create(merged)
		m, err := analysis.MergeRecords(context.Background(), parts, f, false)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		got, h := readAll(t, merged)
		if h.Strategy != st || h.First != 1 || h.Boards != 45 || !slices.Equal(untimed(got), untimed(one)) {
			t.Errorf("%s: merged shards differ from one run (header %+v)", st, h)
		}
		var whole analysis.Summary
		for _, r := range one {
			whole.Add(r)
		}
		mp, wp := m.Summary.Play, whole.Play
		if mp.Boards != 45 || mp.Won != wp.Won || mp.WinnableLost != wp.WinnableLost || mp.LeftLost != wp.LeftLost {
			t.Errorf("%s: merged summary %+v, one run %+v", st, mp, wp)
		}
	}
}

// cancelAfter wraps the solver's workers so that ctx is cancelled once n
// boards were solved.
func cancelAfter(n int64, cancel context.CancelFunc) WorkerFactory {
	var done atomic.Int64
	return func(geo *solitaire.Geometry, dealer solitaire.Dealer, opt solver.Options) func() analysis.Worker {
		mk := Workers(geo, dealer, opt)
		return func() analysis.Worker {
			w := mk()
			return func(ctx context.Context, game uint64) analysis.Record {
				r := w(ctx, game)
				if done.Add(1) == n {
					cancel()
				}
				return r
			}
		}
	}
}

func TestPlayResume(t *testing.T) {
	// A play interrupted by Ctrl-C, resumed, and one cut in a line,
	// resumed, both end as the uninterrupted run, record for record.
	dir := t.TempDir()
	l := builtin(t, "turtle40")
	whole := runPlayFile(t, "greedy", filepath.Join(dir, "whole.jsonl"), 60, Shard{}, 2)

	out := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	spec := Spec{Layout: l, Seed: 3, First: 1, Boards: 60, Workers: 2, NewWorkers: cancelAfter(20, cancel)}
	res, err := Play(ctx, PlaySpec{Spec: spec, Strategies: []string{"greedy"}, Out: out})
	if err != nil || !res.Interrupted || !res.Rows[0].Report.Interrupted {
		t.Fatalf("interrupted play: %+v, %v", res, err)
	}
	kept, _ := readAll(t, out)
	if n := len(kept); n < 20 || n >= 60 || int64(n) != res.Rows[0].Report.Play.Boards {
		t.Fatalf("kept %d records, report %d", n, res.Rows[0].Report.Play.Boards)
	}
	spec.NewWorkers = nil
	res, err = Play(context.Background(), PlaySpec{Spec: spec, Strategies: []string{"greedy"}, Out: out, Resume: true})
	if err != nil || res.Interrupted || res.Rows[0].Report.FromFile != int64(len(kept)) || res.Rows[0].Report.Play.Boards != 60 {
		t.Fatalf("resumed: %+v, %v", res.Rows[0].Report, err)
	}
	if got, _ := readAll(t, out); !slices.Equal(untimed(got), untimed(whole)) {
		t.Error("resumed play differs from the whole run")
	}

	// Cut inside a line, then resumed.
	data, _ := os.ReadFile(filepath.Join(dir, "whole.jsonl"))
	cut := filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, data[:len(data)*2/3], 0o644)
	if _, err := Play(context.Background(), PlaySpec{Spec: spec, Strategies: []string{"greedy"}, Out: cut, Resume: true}); err != nil {
		t.Fatal(err)
	}
	if got, _ := readAll(t, cut); !slices.Equal(untimed(got), untimed(whole)) {
		t.Error("resumed cut play differs from the whole run")
	}

	// Another strategy does not continue the file, which stays as it was.
	before, _ := os.ReadFile(out)
	_, err = Play(context.Background(), PlaySpec{Spec: spec, Strategies: []string{"random"}, Out: out, Resume: true})
	if err == nil || !strings.Contains(err.Error(), "was written with strategy greedy; this run has strategy random") {
		t.Errorf("resume with another strategy: %v", err)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Error("refused resume changed the file")
	}
	// Nor does the main job (no strategy).
	if _, err := Prepare(Spec{Layout: l, Seed: 3, First: 1, Boards: 60, Out: out, Resume: true}); err == nil ||
		!strings.Contains(err.Error(), "strategy greedy; this run has strategy none") {
		t.Errorf("main job resuming a play: %v", err)
	}
}

func TestPlayStrategyVersion(t *testing.T) {
	// A play's header names the strategy's version; a file of another
	// version, or of none recorded (written before versions were), is
	// neither resumed nor merged, and stays as it was.
	dir := t.TempDir()
	out := filepath.Join(dir, "g.jsonl")
	runPlayFile(t, "greedy", out, 30, Shard{}, 2)
	_, h := readAll(t, out)
	v, _ := nopeek.Version("greedy", nopeek.Options{})
	if h.Strategy != "greedy" || h.StrategyVersion != v || v == "" {
		t.Fatalf("header strategy %q version %q, want greedy %q", h.Strategy, h.StrategyVersion, v)
	}
	data, _ := os.ReadFile(out)
	field := `,"strategy_version":"` + v + `"`
	if !bytes.Contains(data, []byte(field)) {
		t.Fatalf("no %s in %s", field, data)
	}
	l := builtin(t, "turtle40")
	spec := Spec{Layout: l, Seed: 3, First: 1, Boards: 40}
	for _, c := range []struct{ name, field, want string }{
		{"other.jsonl", `,"strategy_version":"0"`, "was written with strategy version 0; this run has strategy version " + v},
		{"old.jsonl", ``, "was written with strategy version unknown (not recorded); this run has strategy version " + v},
	} {
		path := filepath.Join(dir, c.name)
		old := bytes.Replace(data, []byte(field), []byte(c.field), 1)
		os.WriteFile(path, old, 0o644)
		_, err := Play(context.Background(), PlaySpec{Spec: spec, Strategies: []string{"greedy"}, Out: path, Resume: true})
		if err == nil || !strings.Contains(err.Error(), "cannot resume "+path+": "+path+" "+c.want) {
			t.Errorf("%s: resume: %v", c.name, err)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, old) {
			t.Errorf("%s: refused resume changed the file", c.name)
		}
		if _, err := analysis.MergeFiles(context.Background(), []string{out, path}); err == nil || !strings.Contains(err.Error(), "cannot merge "+path) {
			t.Errorf("%s: merge: %v", c.name, err)
		}
	}
	// The same version resumes.
	if _, err := Play(context.Background(), PlaySpec{Spec: spec, Strategies: []string{"greedy"}, Out: out, Resume: true}); err != nil {
		t.Errorf("resume of the same version: %v", err)
	}
	if recs, h := readAll(t, out); len(recs) != 40 || h.StrategyVersion != v {
		t.Errorf("resumed: %d records, version %q", len(recs), h.StrategyVersion)
	}
}

func TestPlaySeveralStrategies(t *testing.T) {
	// Several strategies: one record file each in the directory, the same
	// boards (the same verdicts), one report each; a second run without
	// resume refuses before running anything.
	dir := filepath.Join(t.TempDir(), "plays")
	sts, err := SelectStrategies("all")
	if err != nil || !slices.Equal(sts, nopeek.Strategies()) {
		t.Fatalf("all: %v, %v", sts, err)
	}
	var progress []PlayProgress
	ps := PlaySpec{Spec: Spec{Layout: builtin(t, "turtle40"), Seed: 1, First: 1, Boards: 30, Workers: 2}, Strategies: sts, Out: dir,
		OnProgress: func(p PlayProgress) { progress = append(progress, p) }}
	res, err := Play(context.Background(), ps)
	if err != nil || res.Interrupted || len(res.Rows) != len(sts) {
		t.Fatalf("%+v, %v", res, err)
	}
	for i, r := range res.Rows {
		want := filepath.Join(dir, "turtle40-"+sts[i]+".jsonl.zst")
		if r.Strategy != sts[i] || r.File != want || r.Report.Play == nil || r.Report.Play.Strategy != sts[i] || r.Report.Play.Boards != 30 {
			t.Errorf("row %d: %+v", i, r)
		}
		if r.Report.Winnable != res.Rows[0].Report.Winnable || r.Report.Play.PeekRate != res.Rows[0].Report.Play.PeekRate {
			t.Errorf("row %d: other boards (%d winnable)", i, r.Report.Winnable)
		}
		if _, h := readAll(t, want); h.Strategy != sts[i] {
			t.Errorf("%s: header strategy %q", want, h.Strategy)
		}
	}
	if n := len(sts); progress[len(progress)-1] != (PlayProgress{Done: uint64(30 * n), Total: uint64(30 * n), Strategy: sts[n-1], Index: n, Of: n}) {
		t.Errorf("last progress %+v", progress[len(progress)-1])
	}
	before, _ := os.ReadDir(dir)
	_, err = Play(context.Background(), ps)
	var ex *ExistsError
	if !errors.As(err, &ex) || ex.File != filepath.Join(dir, "turtle40-random.jsonl.zst") || !strings.Contains(err.Error(), "solitaire: out: "+ex.File+" already exists (continue it with resume, or remove it)") {
		t.Errorf("second run: %v", err)
	}
	if after, _ := os.ReadDir(dir); len(after) != len(before) {
		t.Errorf("files %d, then %d", len(before), len(after))
	}
	ps.Resume = true
	again, err := Play(context.Background(), ps)
	if err != nil || again.Rows[2].Report.FromFile != 30 || again.Rows[2].Report.Solved != 0 {
		t.Errorf("resumed finished play: %+v, %v", again, err)
	}
}

func TestPlayBadSpec(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.jsonl")
	os.WriteFile(file, nil, 0o644)
	l := builtin(t, "turtle40")
	good := func() PlaySpec {
		return PlaySpec{Spec: Spec{Layout: l, First: 1, Boards: 10, Workers: 1}, Strategies: []string{"greedy"}}
	}
	for _, c := range []struct {
		edit  func(*PlaySpec)
		field string
		msg   string
	}{
		{func(p *PlaySpec) { p.Strategies = []string{"peek"} }, "strategy", `unknown strategy "peek"`},
		{func(p *PlaySpec) { p.Strategies = nil }, "strategy", "no strategy"},
		{func(p *PlaySpec) { p.Spec.Boards = 0 }, "boards", "must be at least 1"},
		{func(p *PlaySpec) { p.Spec.First = 1 << 63; p.Spec.Boards = 1 << 63 }, "boards", "is too large"},
		{func(p *PlaySpec) { p.Spec.Workers = -1 }, "workers", "must not be negative"},
		{func(p *PlaySpec) { p.Spec.Shard = Shard{I: 3, N: 2} }, "shard", "want i/n"},
		{func(p *PlaySpec) { p.Spec.Shard = Shard{I: 1, N: 11} }, "shard", "more shards than the 10 boards"},
		{func(p *PlaySpec) { p.Resume = true }, "resume", "needs a record file"},
		{func(p *PlaySpec) { p.Out = dir }, "out", "is a directory; with one strategy give a record file name"},
		{func(p *PlaySpec) { p.Out = file; p.Strategies = []string{"random", "greedy"} }, "out", "is a file; with several strategies give a directory"},
		{func(p *PlaySpec) { p.Out = filepath.Join(dir, "no", "x.jsonl") }, "out", "no directory"},
		{func(p *PlaySpec) { p.Spec.Deal = "nodeal" }, "deal", `unknown dealer "nodeal"`},
		{func(p *PlaySpec) { p.Spec.Deal = "mjsolver"; p.Spec.First = 1 << 32 }, "boards", "last game (first + boards - 1) 4294967305: the mjsolver dealer has games 0 to 4294967295"},
	} {
		ps := good()
		c.edit(&ps)
		_, err := Play(context.Background(), ps)
		var fe *solitaire.InputError
		if !errors.As(err, &fe) || fe.Field != c.field || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%s: err %v, want field %s: %s", c.field, err, c.field, c.msg)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a refused play wrote files: %d entries", len(entries))
	}
	// An unknown strategy names the known ones and wraps nopeek's error.
	_, err := SelectStrategies("greedy,peek")
	var se *nopeek.StrategyError
	if !errors.As(err, &se) || se.Name != "peek" || !strings.Contains(err.Error(), "want random, greedy, lookahead, hindsight or all") {
		t.Errorf("SelectStrategies: %v", err)
	}
	if sts, err := SelectStrategies(" lookahead, random,lookahead "); err != nil || !slices.Equal(sts, []string{"lookahead", "random"}) {
		t.Errorf("list: %v, %v", sts, err)
	}
	for _, bad := range []string{"", ",", "greedy,", "all,greedy"} {
		if _, err := SelectStrategies(bad); err == nil {
			t.Errorf("SelectStrategies(%q) accepted", bad)
		}
	}
	if _, err := Prepare(Spec{Layout: l, First: 1, Boards: 1, Strategy: "peek"}); !errors.As(err, &se) {
		t.Errorf("Prepare with an unknown strategy: %v", err)
	}
}

func TestPlayInterruptedBeforeLaterStrategies(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Play(ctx, PlaySpec{Spec: Spec{Layout: builtin(t, "turtle40"), First: 1, Boards: 100, Workers: 1}, Strategies: []string{"random", "greedy"}})
	if err != nil || !res.Interrupted || res.Rows[0].Report == nil || !res.Rows[0].Report.Interrupted || res.Rows[1].Report != nil {
		t.Fatalf("%+v, %v", res, err)
	}
	var buf bytes.Buffer
	if err := WritePlayText(&buf, res.Rows); err != nil || !strings.Contains(buf.String(), "\ngreedy  ") || !strings.Contains(buf.String(), "not run (interrupted)") {
		t.Errorf("table:\n%s", buf.String())
	}
}

// handMade is a report of records made by hand: 10 boards of 144 tiles
// played by strategy: 8 winnable (5 won; 3 lost, leaving 4, 10, 16), 2
// impossible (lost, leaving 2 and 8), each play taking 1 ms, each board
// 3 ms.
func handMade(strategy string) *Report {
	var s analysis.Summary
	add := func(v analysis.Verdict, won bool, left int) {
		g := uint64(s.Boards + 1)
		s.Add(analysis.Record{Game: g, Verdict: v, Method: "random", NS: 3e6, CPUNS: 3e6, Scans: 1,
			Played: true, Won: won, Moves: (144 - left) / 2, Left: left, PlayNS: 1e6})
	}
	for range 5 {
		add(analysis.Winnable, true, 0)
	}
	for _, left := range []int{4, 10, 16} {
		add(analysis.Winnable, false, left)
	}
	add(analysis.Impossible, false, 2)
	add(analysis.Impossible, false, 8)
	h := analysis.Header{Layout: "turtle", Tiles: 144, Deal: "pcg", Seed: 1, First: 1, Boards: 10, Strategy: strategy}
	return NewReport(h, &s, 2, 0, false)
}

// greedyPlayTable is the play table of the hand-made greedy report and a
// lookahead strategy not reached.
const greedyPlayTable = `turtle (144 tiles), deal pcg, seed 1, games 1..10
strategy   boards  won (no peeking)  95% CI         winnable (peeking)  95% CI         price of not peeking  95% CI         left on lost  play CPU/board  CPU/board
greedy     10      50.00%            23.66%–76.34%  80.00%              49.02%–94.33%  37.50%                13.68%–69.43%  8.0           1.00ms          3.00ms
lookahead  not run (interrupted)
`

func TestPlayReportValues(t *testing.T) {
	p := handMade("greedy").Play
	lo, hi := interval.Wilson(3, 8, interval.Z95)
	if p.Strategy != "greedy" || p.Boards != 10 || p.Won != 5 || p.WinRate != 0.5 || p.Winnable != 8 || p.Impossible != 2 ||
		p.PeekRate != 0.8 || p.WinnableLost != 3 || p.Price != 0.375 || p.PriceCI95 != [2]float64{lo, hi} ||
		p.MeanLeftLost != 8 || p.Time.MeanNS != 1e6 {
		t.Errorf("%+v", p)
	}
	var buf bytes.Buffer
	if err := WritePlayText(&buf, []PlayRow{{Strategy: "greedy", Report: handMade("greedy")}, {Strategy: "lookahead"}}); err != nil {
		t.Fatal(err)
	}
	if want := greedyPlayTable; buf.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", buf.String(), want)
	}
	// The report of merged play files says the same in its lines.
	buf.Reset()
	handMade("greedy").WriteText(&buf)
	for _, line := range []string{
		"strategy    greedy, playing without peeking (sees only the uncovered tiles)\n",
		"won         5 of 10: 50.00% (95% CI 23.66%–76.34%)\n",
		"peeking     8 of 10 decided winnable: 80.00% (95% CI 49.02%–94.33%)\n",
		"price       3 of 8 winnable boards lost without peeking: 37.50% (95% CI 13.68%–69.43%)\n",
		"left        8.0 tiles on average on the 5 lost boards\n",
		"play/board  mean 1.00ms, p99 1.00ms, max 1.00ms (game 1) of CPU time\n",
	} {
		if !strings.Contains(buf.String(), line) {
			t.Errorf("report lacks %q:\n%s", line, buf.String())
		}
	}
	// A main-job report has no play.
	if r := NewReport(analysis.Header{Layout: "turtle", Boards: 1}, &analysis.Summary{}, 1, 0, false); r.Play != nil {
		t.Errorf("main-job report with a play: %+v", r.Play)
	}
}

func TestPlayResumeRefusesAnUnfitFileBeforeRunning(t *testing.T) {
	// With several strategies, a later strategy's file that cannot be
	// continued (another seed) is refused before the first strategy runs:
	// nothing is played or written, rather than the first strategy run
	// to its end and its table lost to the error.
	dir := t.TempDir()
	l := builtin(t, "turtle40")
	if _, err := Play(context.Background(), PlaySpec{Spec: Spec{Layout: l, Seed: 1, First: 1, Boards: 10}, Strategies: []string{"random", "greedy"}, Out: dir}); err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, PlayFileName("turtle40", "random"))
	if err := os.Remove(first); err != nil {
		t.Fatal(err)
	}
	greedy := filepath.Join(dir, PlayFileName("turtle40", "greedy"))
	old, err := os.ReadFile(greedy)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Play(context.Background(), PlaySpec{Spec: Spec{Layout: l, Seed: 2, First: 1, Boards: 10}, Strategies: []string{"random", "greedy"}, Out: dir, Resume: true})
	if err == nil || !strings.Contains(err.Error(), "strategy greedy") || !strings.Contains(err.Error(), "seed 1") || strings.Contains(err.Error(), "\n") {
		t.Errorf("resume with another seed: %v", err)
	}
	if _, ok := errors.AsType[*RunError](err); ok {
		t.Errorf("a bad --resume is the input's fault, not a run failure: %v", err)
	}
	if _, err := os.Stat(first); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the first strategy ran before the refusal: %v", err)
	}
	if now, _ := os.ReadFile(greedy); !bytes.Equal(now, old) {
		t.Errorf("%s changed", greedy)
	}
}

// TestPlayFileIn: a play of a layout given by a path names its strategies'
// files as RecordFileName does, without a leading '.' or '-'; resuming a
// directory that holds only an earlier run's name continues that file.
func TestPlayFileIn(t *testing.T) {
	dir := t.TempDir()
	if got, want := playFileIn(dir, "./mine", "random", true), filepath.Join(dir, "mine-random.jsonl.zst"); got != want {
		t.Errorf("empty directory: %s, want %s", got, want)
	}
	old := filepath.Join(dir, ".-mine-random.jsonl.zst")
	if err := os.WriteFile(old, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := playFileIn(dir, "./mine", "random", true); got != old {
		t.Errorf("resuming beside the old name: %s, want %s", got, old)
	}
	if got, want := playFileIn(dir, "./mine", "random", false), filepath.Join(dir, "mine-random.jsonl.zst"); got != want {
		t.Errorf("not resuming: %s, want %s", got, want)
	}
	if got, want := playFileIn(dir, "./mine", "greedy", true), filepath.Join(dir, "mine-greedy.jsonl.zst"); got != want {
		t.Errorf("another strategy: %s, want %s", got, want)
	}
}
