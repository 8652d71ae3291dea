package runs

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/plural"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/nopeek"
	"github.com/mjsolve/mjsolve/solver"
)

// Spec describes one run of the main job.
//
// The run deals games First..First+Boards−1 (or part Shard of them) of
// Layout with the dealer named Deal, solves each exactly (or until
// Timeout) and summarises them; with Out, every board is also written to
// a record file.
type Spec struct {
	Layout *layouts.Layout
	Deal   string // dealer name, "pcg" or "mjsolver" (see solitaire.DealerByName); "" is "pcg"
	Seed   uint64 // seed of the pcg dealer
	First  uint64 // first game number
	Boards uint64 // number of games, at least 1
	Shard  Shard  // run only this part of the games; zero: all

	// Workers is the number of boards solved at once; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Timeout gives up on a board after this long, counting it unknown
	// (0: never).
	Timeout time.Duration
	// Difficulty, when positive, adds that many uniformly random playouts
	// (McDonald's difficulty) to the record of every winnable board: see
	// [WithDifficulty].
	Difficulty int
	// Strategy, when not empty, also plays every board without peeking
	// with this strategy of package nopeek (see [WithPlay]); the record
	// file's header names it.
	Strategy string
	// Budget sets the strategy's budget (nopeek.Options: the lookahead's
	// playouts, the hindsight strategy's deals per move); the zero value
	// is the defaults. A budget other than the default is part of the
	// strategy's version in the header ("1+samples=64").
	Budget nopeek.Options

	// Out, when not empty, is the record file written (zstd-compressed when
	// the name ends in ".zst"). It must not exist unless Resume is set;
	// with Resume the finished boards of an interrupted run are kept and
	// the rest solved.
	Out    string
	Resume bool

	// OnProgress, if set, is called now and then while the boards are
	// solved, and once at the end (see analysis.Config), with counts of
	// the whole run: the boards a resume read back are done, and their
	// impossible and unknown ones counted.
	OnProgress func(analysis.Progress)
	// Clock measures the wall time per board and of the run; nil is the
	// real clock.
	Clock func() time.Duration
	// CPU measures the CPU time per board; nil is the solving thread's
	// (see analysis.Config).
	CPU func() (time.Duration, bool)
	// NewWorkers makes the workers; nil is [Workers], the solver.
	NewWorkers WorkerFactory
}

// Job is a run of the main job, prepared and ready to run once.
type Job struct {
	spec      Spec
	geo       *solitaire.Geometry
	dealer    solitaire.Dealer
	header    analysis.Header
	writer    *analysis.RecordWriter
	total     *analysis.Summary
	next      uint64
	skip      map[uint64]analysis.Record
	fromFile  int64
	truncated bool
	stale     []string
}

// Outcome is what a run of the main job found.
type Outcome struct {
	// Header describes the run: layout, geometry, deal, seed, games.
	Header analysis.Header
	// Summary counts every board of the run, including those read back
	// from a resumed record file; its Solved and Wall are this run's.
	Summary *analysis.Summary
	// FromFile is the number of boards read back from the record file.
	FromFile int64
	// Interrupted is set when the context was cancelled: Summary holds
	// the boards finished by then, and the record file keeps them.
	Interrupted bool
	// Workers is the number of boards solved at once: Spec.Workers, or
	// runtime.GOMAXPROCS(0) when that is 0.
	Workers int
	Mended
}

// Mended is what resuming a record file mended before continuing it.
type Mended struct {
	// Stale lists the temporary files of an earlier resume, killed during
	// its copy, that were removed ([Job.Stale]).
	Stale []string
	// Truncated is set when the file ended early, cut inside a line or
	// zstd frame; the boards cut off are solved again ([Job.Truncated]).
	Truncated bool
}

// NewHeader is the record header of a run of spec on l.
//
// It holds the layout's name and fingerprint (so that files of different
// geometries never merge), the deal, seed, games, timeout and the strategy that
// plays without peeking with its version (nopeek.Version with spec.Budget, as
// [WithPlayOptions] plays; none for an unknown strategy, which [Prepare]
// refuses).
func NewHeader(l *layouts.Layout, spec Spec, first, boards uint64) analysis.Header {
	h := analysis.Header{Layout: l.Name, Tiles: len(l.Slots), Geometry: fmt.Sprintf("%016x", l.Fingerprint()),
		Deal: dealName(spec.Deal), Seed: spec.Seed, First: first, Boards: boards, TimeoutNS: int64(spec.Timeout),
		Strategy: spec.Strategy, Difficulty: int64(spec.Difficulty)}
	if spec.Strategy != "" {
		h.StrategyVersion, _ = nopeek.Version(spec.Strategy, spec.Budget)
	}
	return h
}

// DealText names the deal and games of spec for people: "pcg, seed 1,
// games 1–1000" ("mjsolver, games 1–1000": that dealer has no seed).
func (spec Spec) DealText() string {
	s := dealName(spec.Deal)
	if s == "pcg" {
		s += fmt.Sprintf(", seed %d", spec.Seed)
	}
	return s + fmt.Sprintf(", games %d–%d", spec.First, spec.First+spec.Boards-1)
}

func dealName(d string) string {
	if d == "" {
		return solitaire.DealerNames[0]
	}
	return d
}

// check checks the fields of spec that a person gives and returns its dealer. A
// bad field is a *solitaire.InputError naming it: "boards" (none, too many
// after First, or a last game the dealer does not have: that one wraps the
// *solitaire.GameRangeError), "workers", "difficulty", "timeout", "resume"
// (without Out), "shard" or "deal" (wrapping the *solitaire.DealerError).
func (spec *Spec) check() (solitaire.Dealer, error) {
	bad := func(field, format string, args ...any) error {
		return &solitaire.InputError{Pkg: "solitaire", Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case spec.Boards == 0:
		return nil, bad("boards", "must be at least 1")
	case spec.First+spec.Boards < spec.First:
		return nil, bad("boards", "first game %d + %s is too large", spec.First, plural.Count(spec.Boards, "board"))
	case spec.Workers < 0:
		return nil, bad("workers", "%d: must not be negative", spec.Workers)
	case spec.Difficulty < 0 || spec.Difficulty > MaxDifficulty:
		return nil, bad("difficulty", "%d: want 0 to %d playouts per board", spec.Difficulty, MaxDifficulty)
	case spec.Timeout < 0:
		return nil, bad("timeout", "must not be negative")
	case spec.Resume && spec.Out == "":
		return nil, bad("resume", "needs a record file (out)")
	case spec.Shard != Shard{} && (spec.Shard.I < 1 || spec.Shard.I > spec.Shard.N):
		return nil, bad("shard", "%d/%d: want i/n with 1 <= i <= n", spec.Shard.I, spec.Shard.N)
	case spec.Shard.N > spec.Boards && spec.Boards == 1:
		return nil, bad("shard", "%s: more shards than the 1 board", spec.Shard)
	case spec.Shard.N > spec.Boards:
		return nil, bad("shard", "%s: more shards than the %d boards", spec.Shard, spec.Boards)
	}
	dealer, err := solitaire.DealerField(spec.Deal, spec.Seed)
	if err != nil {
		return nil, err
	}
	if err := solitaire.CheckGame(dealer, spec.First+spec.Boards-1); err != nil {
		if gr, ok := errors.AsType[*solitaire.GameRangeError](err); ok {
			return nil, &solitaire.InputError{Pkg: "solitaire", Field: "boards", Msg: fmt.Sprintf("last game (first + boards - 1) %d: the %s dealer has games 0 to %d", gr.Game, gr.Dealer, gr.Last), Err: err}
		}
		return nil, err
	}
	return dealer, nil
}

// Prepare checks spec, compiles its layout and, with spec.Out, creates the
// record file or (with spec.Resume) reads back what it holds. A bad field is a
// *solitaire.InputError naming it (see [solitaire.InputError]); a last game of
// the whole range (not only of the shard) beyond the dealer's wraps a
// *solitaire.GameRangeError. An unknown spec.Strategy is a
// *nopeek.StrategyError; an existing Out without Resume an *ExistsError.
// Nothing is solved until [Job.Run].
func Prepare(spec Spec) (*Job, error) {
	if spec.Layout == nil {
		return nil, &solitaire.InputError{Pkg: "solitaire", Field: "layout", Msg: "missing"}
	}
	dealer, err := spec.check()
	if err != nil {
		return nil, err
	}
	first, boards := spec.Shard.Range(spec.First, spec.Boards)
	geo, err := solitaire.Compile(spec.Layout)
	if err != nil {
		return nil, err
	}
	if spec.Strategy != "" {
		if _, err := nopeek.NewPlayer(geo, spec.Strategy); err != nil {
			return nil, err
		}
	}
	j := &Job{spec: spec, geo: geo, dealer: dealer, header: NewHeader(spec.Layout, spec, first, boards),
		total: &analysis.Summary{}, next: first}
	switch {
	case spec.Out != "" && spec.Resume:
		res, err := analysis.ResumeRecords(spec.Out, j.header)
		if err != nil {
			return nil, err
		}
		j.writer, j.total, j.next, j.skip = res.Writer, res.Summary, res.Next, res.Skip
		j.fromFile = res.Summary.Boards + int64(len(res.Skip))
		j.truncated, j.stale = res.Truncated, res.Stale
	case spec.Out != "":
		j.writer, err = analysis.CreateRecords(spec.Out, j.header)
		if errors.Is(err, os.ErrExist) {
			return nil, &ExistsError{File: spec.Out}
		} else if err != nil {
			return nil, err
		}
	}
	return j, nil
}

// Header is the record header of the run (its games are the shard's).
func (j *Job) Header() analysis.Header { return j.header }

// Geometry is the compiled layout.
func (j *Job) Geometry() *solitaire.Geometry { return j.geo }

// Pending is the number of games [Job.Run] goes through: from the first
// one a resumed file does not hold in order to the end (Progress.Total).
func (j *Job) Pending() uint64 { return j.header.First + j.header.Boards - j.next }

// FromFile is the number of boards read back from a resumed record file.
func (j *Job) FromFile() int64 { return j.fromFile }

// Stale lists the temporary files of an earlier resume of the record file,
// killed during its copy, that [Prepare] removed.
func (j *Job) Stale() []string { return j.stale }

// Truncated reports whether the resumed record file ended early (cut inside
// a line or zstd frame); what was cut off will be solved again.
func (j *Job) Truncated() bool { return j.truncated }

// Run solves the boards on the workers and returns what was found. When
// ctx is cancelled it stops, keeps every finished board (in the summary
// and the record file) and returns with Outcome.Interrupted set and no
// error. An error is a failure: the record file could not be written, or
// the run failed; the outcome is then nil.
func (j *Job) Run(ctx context.Context) (*Outcome, error) {
	cfg := analysis.Config{First: j.next, Boards: j.Pending(),
		Workers: j.spec.Workers, Skip: j.skip, Clock: j.spec.Clock, CPU: j.spec.CPU}
	if on := j.spec.OnProgress; on != nil {
		// The boards read back before the first missing game are not in
		// the analysis run: count them in.
		kept, imp, unk := j.header.Boards-j.Pending(), j.total.Impossible, j.total.Unknown
		cfg.OnProgress = func(p analysis.Progress) {
			p.Done, p.Total, p.Impossible, p.Unknown = kept+p.Done, j.header.Boards, imp+p.Impossible, unk+p.Unknown
			on(p)
		}
	}
	if j.writer != nil {
		cfg.OnRecord = j.writer.Write
	}
	newWorkers := j.spec.NewWorkers
	if newWorkers == nil {
		newWorkers = Workers
	}
	mk := newWorkers(j.geo, j.dealer, solver.Options{Timeout: j.spec.Timeout})
	if k := j.spec.Difficulty; k > 0 {
		mk = WithDifficulty(mk, j.geo, j.dealer, j.spec.Seed, k)
	}
	if st := j.spec.Strategy; st != "" {
		var err error
		if mk, err = WithPlayOptions(mk, j.geo, j.dealer, j.spec.Seed, st, j.spec.Budget, j.spec.CPU); err != nil {
			j.Close()
			return nil, err
		}
	}
	sum, runErr := analysis.Run(ctx, cfg, mk)
	if w := j.writer; w != nil {
		j.writer = nil
		if err := w.Close(); err != nil {
			return nil, err // the file may lack records: say so, even after an interruption
		}
	}
	j.total.Merge(sum)
	interrupted := runErr != nil && ctx.Err() != nil
	if runErr != nil && !interrupted {
		return nil, runErr
	}
	return &Outcome{Header: j.header, Summary: j.total, FromFile: j.fromFile, Interrupted: interrupted,
		Workers: cmp.Or(j.spec.Workers, runtime.GOMAXPROCS(0)), Mended: Mended{Stale: j.stale, Truncated: j.truncated}}, nil
}

// Close releases the record file of a job that will not be run (after
// [Job.Run] it does nothing).
func (j *Job) Close() error {
	w := j.writer
	if w == nil {
		return nil
	}
	j.writer = nil
	return w.Close()
}
