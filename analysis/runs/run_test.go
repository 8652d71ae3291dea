package runs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
	"github.com/mjsolve/mjsolve/solver"
)

func builtin(t testing.TB, name string) *layouts.Layout {
	t.Helper()
	l, ok := layouts.Builtin(name)
	if !ok {
		t.Fatalf("no built-in layout %s", name)
	}
	return l
}

func TestShardRange(t *testing.T) {
	// The shards of a range are contiguous, cover it exactly, and differ in
	// size by at most one.
	for _, n := range []uint64{1, 2, 3, 7, 10} {
		next := uint64(5)
		for i := uint64(1); i <= n; i++ {
			first, boards := Shard{I: i, N: n}.Range(5, 10)
			if first != next || boards < 10/n || boards > 10/n+1 {
				t.Fatalf("shard %d/%d of 5..14: %d+%d", i, n, first, boards)
			}
			next += boards
		}
		if next != 15 {
			t.Fatalf("shards of %d end at %d", n, next)
		}
	}
	if f, b := (Shard{I: 3, N: 4}).Range(1, 1<<62); f != 1+(1<<62)/2 || b != 1<<60 {
		t.Errorf("large range: %d+%d", f, b)
	}
	if f, b := (Shard{}).Range(7, 9); f != 7 || b != 9 {
		t.Errorf("zero shard: %d+%d, want the whole range 7+9", f, b)
	}
}

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
	}{{"1/1", Shard{1, 1}}, {"2/4", Shard{2, 4}}, {"4/4", Shard{4, 4}}, {"18446744073709551615/18446744073709551615", Shard{1<<64 - 1, 1<<64 - 1}}} {
		got, err := ParseShard(c.in)
		if err != nil || got != c.want || got.String() != c.in {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "1", "0/3", "4/3", "x/3", "1/x", "1/", "/3", "-1/3", "1/3/4", " 1/3", "1/18446744073709551616"} {
		if got, err := ParseShard(in); err == nil {
			t.Errorf("ParseShard(%q) = %v, want an error", in, got)
		}
	}
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"1/1", "2/3", "0/1", "3/2", "a/b", "1/18446744073709551615"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.I < 1 || sh.I > sh.N {
			t.Fatalf("ParseShard(%q) = %v", s, sh)
		}
		if again, err := ParseShard(sh.String()); err != nil || again != sh {
			t.Fatalf("round trip of %q: %v, %v", s, again, err)
		}
	})
}

// FuzzSelectLayouts: whatever the --layout selector, SelectLayouts
// either picks known layouts, each once (one it cannot use, such as a file
// that is no layout, with why: its Err), or says why in one line; it never
// panics (a bad glob, an empty name in a list, an unknown name).
func FuzzSelectLayouts(f *testing.F) {
	for _, s := range []string{"all", "t*", "turtle,tiny8", "tiny8,TINY8", "[", "x*,", ",", "turtle,", "nosuch", "*8", "t?ny8", "a\\", " all ", "doc.go"} {
		f.Add(s)
	}
	finder := &layouts.Finder{} // the built-ins only
	list := finder.List()
	f.Fuzz(func(t *testing.T, sel string) {
		got, err := SelectLayouts(sel, list, finder.Find)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("SelectLayouts(%q): error %q", sel, msg)
			}
			return
		}
		seen := map[string]bool{}
		for _, e := range got {
			if e.Layout == nil && e.Err == nil || seen[e.Name] {
				t.Fatalf("SelectLayouts(%q): %q chosen twice or with neither its layout nor why not", sel, e.Name)
			}
			seen[e.Name] = true
		}
		if len(got) == 0 {
			t.Fatalf("SelectLayouts(%q): no layouts and no error", sel)
		}
	})
}

// FuzzSelectStrategies: --strategy gives known strategies, each once, or
// a one-line *solitaire.InputError naming the field.
func FuzzSelectStrategies(f *testing.F) {
	for _, s := range []string{"all", "random", "random,greedy", "greedy,greedy", "", ",", "random,", "foo", " lookahead ", "ALL"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sel string) {
		got, err := SelectStrategies(sel)
		if err != nil {
			fe, ok := errors.AsType[*solitaire.InputError](err)
			if !ok || fe.Field != "strategy" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("SelectStrategies(%q): error %v", sel, err)
			}
			return
		}
		if len(got) == 0 {
			t.Fatalf("SelectStrategies(%q): none and no error", sel)
		}
		for i, s := range got {
			if !slices.Contains(nopeek.Strategies(), s) || slices.Contains(got[:i], s) {
				t.Fatalf("SelectStrategies(%q) = %v", sel, got)
			}
		}
	})
}

func TestRecord(t *testing.T) {
	if (analysis.Record{}).Verdict != solver.Unknown {
		t.Fatal("the zero record is not unknown")
	}
	st := solver.Stats{Scans: 5, RandomGames: 3, Nodes: 2}
	for _, c := range []struct {
		res  solver.Result
		want analysis.Record
	}{
		{solver.Result{Verdict: solver.Winnable, Method: solver.Random, MinLeft: 0, Stats: st},
			analysis.Record{Verdict: solver.Winnable, Method: "random", Scans: 5, Random: 3, Nodes: 2}},
		{solver.Result{Verdict: solver.Impossible, Method: solver.Search, MinLeft: 6, Stats: st},
			analysis.Record{Verdict: solver.Impossible, Method: "search", Scans: 5, Random: 3, Nodes: 2, MinLeft: 6}},
		{solver.Result{Verdict: solver.Impossible, Method: solver.PruneTop, MinLeft: -1, Stats: st},
			analysis.Record{Verdict: solver.Impossible, Method: "prune", Scans: 5, Random: 3, Nodes: 2}},
		{solver.Result{Verdict: solver.Unknown, Method: solver.Budget, MinLeft: -1, Stats: st},
			analysis.Record{Verdict: solver.Unknown, Method: "budget", Scans: 5, Random: 3, Nodes: 2}},
	} {
		if got := Record(c.res); got != c.want {
			t.Errorf("Record(%+v) = %+v, want %+v", c.res, got, c.want)
		}
	}
}

func TestWorkersAgreeWithSolver(t *testing.T) {
	// One worker, reused board after board, gives the records of solving
	// each board afresh.
	g, err := solitaire.Compile(builtin(t, "turtle40"))
	if err != nil {
		t.Fatal(err)
	}
	d := solitaire.PCG{Seed: 3}
	w := Workers(g, d, solver.Options{MinLeft: true})()
	for game := uint64(1); game <= 30; game++ {
		got := w(context.Background(), game)
		b, err := solitaire.DealBoard(g, d, game)
		if err != nil {
			t.Fatal(err)
		}
		want := Record(solver.Solve(context.Background(), b, solver.Options{MinLeft: true}))
		if got != want {
			t.Fatalf("game %d: %+v, want %+v", game, got, want)
		}
	}
}

// badDealer deals one tile too few.
type badDealer struct{}

func (badDealer) Deal(game uint64, n int, dst []solitaire.Group) []solitaire.Group {
	return solitaire.PCG{}.Deal(game, n, dst)[:n-1]
}

func TestWorkersBadDeal(t *testing.T) {
	g, _ := solitaire.Compile(builtin(t, "tiny8"))
	w := Workers(g, badDealer{}, solver.Options{})()
	for range 2 {
		if r := w(context.Background(), 1); r.Verdict != solver.Unknown || r.Method != BadDeal {
			t.Errorf("bad deal: %+v", r)
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	l := builtin(t, "tiny8")
	existing := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(existing, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var gr *solitaire.GameRangeError
	_, err := Prepare(Spec{Layout: l, Deal: "mjsolver", First: 4294967290, Boards: 10})
	if !errors.As(err, &gr) || gr.Game != 4294967299 || gr.Last != 4294967295 {
		t.Errorf("mjsolver beyond 2^32: %v", err)
	}
	if _, err := Prepare(Spec{Layout: l, Deal: "mjsolver", First: 4294967286, Boards: 10}); err != nil {
		t.Errorf("mjsolver up to 2^32-1: %v", err)
	}
	var ex *ExistsError
	if _, err := Prepare(Spec{Layout: l, Boards: 1, Out: existing}); !errors.Is(err, os.ErrExist) || !errors.As(err, &ex) || ex.File != existing {
		t.Errorf("existing --out: %v", err)
	}
	for _, s := range []Spec{
		{Boards: 1},
		{Layout: l},
		{Layout: l, First: 1 << 63, Boards: 1 << 63},
		{Layout: l, Boards: 1, Workers: -1},
		{Layout: l, Boards: 1, Timeout: -1},
		{Layout: l, Boards: 1, Resume: true},
		{Layout: l, Boards: 2, Shard: Shard{1, 3}},
		{Layout: l, Boards: 5, Shard: Shard{0, 3}},
		{Layout: l, Boards: 1, Deal: "nope"},
	} {
		if _, err := Prepare(s); err == nil {
			t.Errorf("Prepare(%+v) gave no error", s)
		}
	}
}

func TestHeader(t *testing.T) {
	l := builtin(t, "turtle")
	j, err := Prepare(Spec{Layout: l, Deal: "pcg", Seed: 9, First: 11, Boards: 10, Shard: Shard{2, 3}, Timeout: 5})
	if err != nil {
		t.Fatal(err)
	}
	want := analysis.Header{Layout: "turtle", Tiles: 144, Geometry: fmt.Sprintf("%016x", l.Fingerprint()),
		Deal: "pcg", Seed: 9, First: 14, Boards: 3, TimeoutNS: 5}
	if got := j.Header(); got != want {
		t.Errorf("header %+v, want %+v", got, want)
	}
	if j.Pending() != 3 || j.Geometry().N != 144 {
		t.Errorf("pending %d, tiles %d", j.Pending(), j.Geometry().N)
	}
}

func TestRunWritesRecords(t *testing.T) {
	// A run with a record file: the file holds one record per game, the
	// same as the summary, and a resumed run of a finished file solves
	// nothing and gives the same counts.
	l := builtin(t, "turtle40")
	out := filepath.Join(t.TempDir(), "r.jsonl.zst")
	j, err := Prepare(Spec{Layout: l, First: 1, Boards: 50, Workers: 2, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	res, err := j.Run(context.Background())
	if err != nil || res.Interrupted || res.Summary.Boards != 50 || res.Summary.Solved != 50 {
		t.Fatalf("run: %+v, %v", res, err)
	}
	if err := j.Close(); err != nil {
		t.Errorf("Close after Run: %v", err)
	}
	m, err := analysis.MergeFiles(context.Background(), []string{out})
	if err != nil {
		t.Fatal(err)
	}
	if m.Summary.Winnable != res.Summary.Winnable || m.Summary.Impossible != res.Summary.Impossible || m.Summary.Boards != 50 {
		t.Errorf("file %+v, run %+v", m.Summary, res.Summary)
	}
	j, err = Prepare(Spec{Layout: l, First: 1, Boards: 50, Out: out, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	if j.FromFile() != 50 || j.Pending() != 0 || j.Truncated() {
		t.Errorf("resumed: from file %d, pending %d, truncated %v", j.FromFile(), j.Pending(), j.Truncated())
	}
	again, err := j.Run(context.Background())
	if err != nil || again.Summary.Impossible != res.Summary.Impossible || again.Summary.Solved != 0 || again.FromFile != 50 {
		t.Errorf("resumed run: %+v, %v", again, err)
	}
}

// A resumed run's progress counts the whole run: the boards read back are
// done, and their impossible ones counted.
func TestRunProgressCountsResumed(t *testing.T) {
	l := builtin(t, "turtle40")
	out := filepath.Join(t.TempDir(), "r.jsonl")
	j, err := Prepare(Spec{Layout: l, First: 1, Boards: 40, Workers: 2, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	first, err := j.Run(context.Background())
	if err != nil || first.Summary.Impossible == 0 {
		t.Fatalf("first run: %+v, %v (want some impossible boards to count)", first, err)
	}
	var last analysis.Progress
	calls := 0
	j, err = Prepare(Spec{Layout: l, First: 1, Boards: 60, Workers: 2, Out: out, Resume: true,
		OnProgress: func(p analysis.Progress) { last = p; calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	res, err := j.Run(context.Background())
	if err != nil || calls == 0 || last.Done != 60 || last.Total != 60 || last.Impossible != res.Summary.Impossible || last.Impossible < first.Summary.Impossible {
		t.Errorf("last progress %+v after %d calls, run %+v, %v", last, calls, res.Summary, err)
	}
}

func TestRunInterrupted(t *testing.T) {
	l := builtin(t, "turtle")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	j, err := Prepare(Spec{Layout: l, First: 1, Boards: 1000, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	res, err := j.Run(ctx)
	if err != nil || !res.Interrupted || res.Summary.Boards >= 1000 {
		t.Errorf("cancelled run: %+v, %v", res, err)
	}
}

// Prepare, Play and Survey check a spec's fields alike (one check): the same
// *solitaire.InputError, naming the field, for each bad one, before anything is
// written.
func TestSpecFieldErrors(t *testing.T) {
	l := builtin(t, "tiny8")
	dir := t.TempDir()
	for _, c := range []struct {
		edit  func(*Spec)
		field string
		msg   string
	}{
		{func(s *Spec) { s.Boards = 0 }, "boards", "must be at least 1"},
		{func(s *Spec) { s.First, s.Boards = 1<<63, 1<<63 }, "boards", "first game 9223372036854775808 + 9223372036854775808 boards is too large"},
		{func(s *Spec) { s.First, s.Boards = 1<<64-1, 1 }, "boards", "first game 18446744073709551615 + 1 board is too large"},
		{func(s *Spec) { s.Workers = -1 }, "workers", "-1: must not be negative"},
		{func(s *Spec) { s.Difficulty = -1 }, "difficulty", "-1: want 0 to 1000000 playouts per board"},
		{func(s *Spec) { s.Timeout = -1 }, "timeout", "must not be negative"},
		{func(s *Spec) { s.Shard = Shard{I: 3, N: 2} }, "shard", "3/2: want i/n with 1 <= i <= n"},
		{func(s *Spec) { s.Shard = Shard{I: 1, N: 11} }, "shard", "1/11: more shards than the 10 boards"},
		{func(s *Spec) { s.Boards, s.Shard = 1, Shard{I: 1, N: 2} }, "shard", "1/2: more shards than the 1 board"},
		{func(s *Spec) { s.Deal = "nope" }, "deal", `unknown dealer "nope" (want pcg or mjsolver)`},
		{func(s *Spec) { s.Deal, s.First = "mjsolver", 1<<32-5 }, "boards", "last game (first + boards - 1) 4294967300: the mjsolver dealer has games 0 to 4294967295"},
	} {
		s := Spec{Layout: l, First: 1, Boards: 10, Workers: 1}
		c.edit(&s)
		_, errPrepare := Prepare(s)
		_, errPlay := Play(context.Background(), PlaySpec{Spec: s, Strategies: []string{"greedy"}})
		_, errSurvey := Survey(context.Background(), SurveySpec{Entries: []layouts.Entry{{Name: "tiny8", Layout: l}}, Spec: s, Dir: filepath.Join(dir, "survey")})
		for _, err := range []error{errPrepare, errPlay, errSurvey} {
			fe, ok := errors.AsType[*solitaire.InputError](err)
			if !ok || fe.Field != c.field || fe.Msg != c.msg {
				t.Errorf("%s: %v, want a solitaire.InputError %s: %s", c.field, err, c.field, c.msg)
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused survey made %d files", len(entries))
	}
	_, err := Prepare(Spec{Layout: l, Boards: 1, Resume: true})
	if fe, ok := errors.AsType[*solitaire.InputError](err); !ok || fe.Field != "resume" {
		t.Errorf("resume without a record file: %v", err)
	}
}

// TestNoLayoutIsFieldError: a spec without a layout is a *solitaire.InputError
// naming "layout", as Prepare's and Play's docs promise for a bad field.
func TestNoLayoutIsFieldError(t *testing.T) {
	_, perr := Prepare(Spec{Boards: 1})
	_, lerr := Play(context.Background(), PlaySpec{Spec: Spec{Boards: 1}, Strategies: []string{"random"}})
	for _, err := range []error{perr, lerr} {
		fe, ok := errors.AsType[*solitaire.InputError](err)
		if !ok || fe.Field != "layout" || err.Error() != "solitaire: layout: missing" {
			t.Errorf("no layout: %v (%T), want the *solitaire.InputError \"solitaire: layout: missing\"", err, err)
		}
	}
}
